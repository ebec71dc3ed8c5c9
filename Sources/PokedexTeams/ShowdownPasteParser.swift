import PokedexKit

/// Reads a paste line by line for ``ShowdownPaste/parse(_:)``.
///
/// Each line is trimmed. A blank line or `---` ends the set being read; a line starting with
/// `===` is a team header; the first line of a set names the Pokémon; every other line of a
/// set is a field (`Ability: X`), a nature (`Jolly Nature`) or a move (`- X` or `~ X`).
/// Nothing here indexes past what it has checked, and numbers are read with overflow checks,
/// so any text gives teams or an error.
struct ShowdownPasteParser {
  private var teams: [ShowdownTeam] = []
  private var locations: [TeamLocation] = []
  /// The set being read and where its lines are.
  private var member: TeamMember?
  private var location = MemberLocation(line: 0)
  /// Whether an unreadable `EVs:` or `IVs:` entry is skipped (into ``problems``) rather than
  /// failing its line, as Showdown's importer skips it.
  var skipsUnreadableEntries = false
  /// The entries skipped so far.
  private(set) var problems: [ShowdownPasteError] = []

  /// Reads line `number` (1-based).
  mutating func consume(_ raw: Substring, number: Int) throws(ShowdownPasteError) {
    let line = raw.trimmed
    if line.isEmpty || line == "---" {
      endSet()
    } else if line.hasPrefix("===") {
      endSet()
      try startTeam(line, raw: raw, number: number)
    } else if member == nil {
      try startSet(line, raw: raw, number: number)
    } else {
      try readField(line, raw: raw, number: number)
    }
  }

  /// The teams read, once every line has been consumed.
  mutating func finish() -> ShowdownPaste {
    endSet()
    return ShowdownPaste(teams: teams, locations: locations)
  }

  private mutating func endSet() {
    guard var finished = member else { return }
    // Showdown's importer gives Frustration its full power when the paste sets no happiness.
    if location.fieldLines[.happiness] == nil, finished.moves.contains("Frustration") {
      finished.happiness = 0
    }
    if teams.isEmpty {
      teams.append(ShowdownTeam())
      locations.append(TeamLocation())
    }
    teams[teams.count - 1].members.append(finished)
    locations[locations.count - 1].members.append(location)
    member = nil
  }

  // MARK: Headers

  /// `=== [FORMAT] FOLDER/NAME ===`, each part optional; the folder is what comes before the
  /// last `/`.
  private mutating func startTeam(
    _ line: Substring,
    raw: Substring,
    number: Int
  ) throws(ShowdownPasteError) {
    guard line.count >= 6, line.hasSuffix("===") else {
      throw pasteError(.malformedHeader, number, raw, at: nil)
    }
    var inner = line.dropFirst(3).dropLast(3).trimmed
    var team = ShowdownTeam()
    if inner.hasPrefix("["), let close = inner.firstIndex(of: "]") {
      team.format = inner[inner.index(after: inner.startIndex)..<close].trimmed.nonEmpty
      inner = inner[inner.index(after: close)...].trimmed
    }
    if let slash = inner.lastIndex(of: "/") {
      team.folder = inner[..<slash].trimmed.nonEmpty
      team.name = inner[inner.index(after: slash)...].trimmed.nonEmpty
    } else {
      team.name = inner.nonEmpty
    }
    teams.append(team)
    locations.append(TeamLocation(headerLine: number))
  }

  // MARK: The first line

  /// `NICKNAME (SPECIES) (G) @ ITEM`: the item after the last `" @ "`, then the gender, then
  /// the species in the last parenthesised group if there is a nickname.
  private mutating func startSet(
    _ line: Substring,
    raw: Substring,
    number: Int
  ) throws(ShowdownPasteError) {
    var rest = line
    var item: String?
    if let at = rest.lastRange(of: " @ ") {
      item = String(rest[at.upperBound...].trimmed)
      rest = rest[..<at.lowerBound].trimmed
    } else if rest.hasSuffix(" @") || rest == "@" {
      throw pasteError(.missingValue("Item"), number, raw, at: rest.index(before: rest.endIndex))
    }
    let gender = TeamMember.Gender.allCases.first { rest.hasSuffix(" (\($0.rawValue))") }
    if gender != nil { rest = rest.dropLast(4).trimmed }
    var species = rest
    var nickname: Substring?
    if rest.hasSuffix(")"), let open = rest.lastRange(of: " (") {
      species = rest[open.upperBound..<rest.index(before: rest.endIndex)].trimmed
      nickname = rest[..<open.lowerBound].trimmed
    }
    guard !species.isEmpty else { throw pasteError(.missingSpecies, number, raw, at: nil) }
    member = TeamMember(
      species: String(species),
      nickname: nickname.map(String.init),
      gender: gender,
      item: item
    )
    location = MemberLocation(line: number)
  }

  // MARK: Fields

  private mutating func readField(
    _ line: Substring,
    raw: Substring,
    number: Int
  ) throws(ShowdownPasteError) {
    guard var set = member else { return }
    if line.hasPrefix("-") || line.hasPrefix("~") {
      let move = line.dropFirst().trimmed
      guard !move.isEmpty else { throw pasteError(.missingValue("Move"), number, raw, at: nil) }
      set.moves.append(String(move))
      location.moveLines.append(number)
    } else if let colon = line.firstIndex(of: ":") {
      let key = line[..<colon].trimmed
      let value = line[line.index(after: colon)...].trimmed
      guard let field = Self.fields[NameNormalizer.key(String(key))] else {
        let suggestion = EditDistance.suggestion(
          for: String(key),
          among: MemberLocation.Field.allCases.map(\.label)
        )
        throw pasteError(.unknownField(String(key), suggestion: suggestion), number, raw, at: key)
      }
      var reader = FieldReader(line: raw, number: number)
      reader.skipsUnreadableEntries = skipsUnreadableEntries
      try set.read(field, value, reader: &reader)
      problems += reader.skipped
      try note(field, number: number, raw: raw, key: key)
    } else if line.count > 7, line.suffix(7).lowercased() == " nature" {
      set.nature = String(line.dropLast(7).trimmed)
      try note(.nature, number: number, raw: raw, key: line)
    } else {
      let word = String(line)
      let nature = NatureTable.entry(named: word).map { _ in "\(word) Nature" }
      throw pasteError(.unrecognizedLine(suggestion: nature), number, raw, at: nil)
    }
    member = set
  }

  /// Records that `field` is on line `number`, or throws if the set already gave it.
  private mutating func note(
    _ field: MemberLocation.Field,
    number: Int,
    raw: Substring,
    key: Substring
  ) throws(ShowdownPasteError) {
    if let first = location.fieldLines[field] {
      throw pasteError(.repeatedField(field.label, firstLine: first), number, raw, at: key)
    }
    location.fieldLines[field] = number
  }

  /// Fields by the ``NameNormalizer`` key of their label, with Showdown's older `Trait`.
  private static let fields: [String: MemberLocation.Field] = {
    var fields: [String: MemberLocation.Field] = ["trait": .ability]
    for field in MemberLocation.Field.allCases { fields[NameNormalizer.key(field.label)] = field }
    return fields
  }()
}

/// The line a field is read from, for errors that point into it.
struct FieldReader {
  let line: Substring
  let number: Int
  /// Whether ``spread(_:into:field:)`` skips an entry it cannot read (into ``skipped``)
  /// instead of throwing.
  var skipsUnreadableEntries = false
  /// The entries skipped.
  private(set) var skipped: [ShowdownPasteError] = []

  init(line: Substring, number: Int) {
    self.line = line
    self.number = number
  }

  func fail(_ reason: ShowdownPasteError.Reason, at token: Substring?) -> ShowdownPasteError {
    pasteError(reason, number, line, at: token.map(\.startIndex))
  }

  /// A whole number written in ASCII digits.
  func number(_ value: Substring, field: MemberLocation.Field) throws(ShowdownPasteError) -> Int {
    guard !value.isEmpty else { throw fail(.missingValue(field.label), at: nil) }
    guard value.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
      throw fail(.notANumber(String(value), field: field.label), at: value)
    }
    guard let result = Int(value) else {
      throw fail(.numberTooLarge(String(value), field: field.label), at: value)
    }
    return result
  }

  /// `Yes` or `No`, in any case.
  func flag(_ value: Substring, field: MemberLocation.Field) throws(ShowdownPasteError) -> Bool {
    switch value.lowercased() {
    case "yes": return true
    case "no": return false
    default: throw fail(.notYesOrNo(String(value), field: field.label), at: value)
    }
  }

  /// Text that must not be empty.
  func text(_ value: Substring, field: MemberLocation.Field) throws(ShowdownPasteError) -> String {
    guard !value.isEmpty else { throw fail(.missingValue(field.label), at: nil) }
    return String(value)
  }

  /// `252 Atk / 4 SpD / 252 Spe` applied to `spread`.
  mutating func spread(
    _ value: Substring,
    into spread: StatSpread,
    field: MemberLocation.Field
  ) throws(ShowdownPasteError) -> StatSpread {
    guard !value.isEmpty else { throw fail(.missingValue(field.label), at: nil) }
    var result = spread
    var seen: Set<StatSpread.Stat> = []
    for part in value.split(separator: "/", omittingEmptySubsequences: false) {
      do throws(ShowdownPasteError) {
        let (stat, name, amount) = try entry(part, field: field)
        guard seen.insert(stat).inserted else {
          throw fail(.repeatedStat(stat.shortName), at: name)
        }
        result[stat] = amount
      } catch {
        guard skipsUnreadableEntries else { throw error }
        skipped.append(error)
      }
    }
    return result
  }

  /// One entry of a spread, `252 Atk`.
  private func entry(
    _ part: Substring,
    field: MemberLocation.Field
  ) throws(ShowdownPasteError) -> (StatSpread.Stat, name: Substring, amount: Int) {
    let entry = part.trimmed
    guard let space = entry.firstIndex(where: \.isWhitespace) else {
      throw fail(.malformedStatEntry(String(entry)), at: entry.isEmpty ? part : entry)
    }
    let amount = entry[..<space]
    let name = entry[space...].trimmed
    guard let stat = StatSpread.Stat(name: name) else {
      let suggestion = EditDistance.suggestion(
        for: String(name),
        among: StatSpread.Stat.allCases.map(\.shortName)
      )
      throw fail(.unknownStat(String(name), suggestion: suggestion), at: name)
    }
    return (stat, name, try number(amount, field: field))
  }
}

extension TeamMember {
  /// Sets `field` from its value as written.
  fileprivate mutating func read(
    _ field: MemberLocation.Field,
    _ value: Substring,
    reader: inout FieldReader
  ) throws(ShowdownPasteError) {
    switch field {
    case .ability: ability = try reader.text(value, field: field)
    case .level: level = try reader.number(value, field: field)
    case .shiny: isShiny = try reader.flag(value, field: field)
    case .happiness: happiness = try reader.number(value, field: field)
    case .pokeball: pokeball = try reader.text(value, field: field)
    case .hiddenPowerType: hiddenPowerType = try reader.text(value, field: field)
    case .dynamaxLevel: dynamaxLevel = try reader.number(value, field: field)
    case .gigantamax: isGigantamax = try reader.flag(value, field: field)
    case .teraType: teraType = try reader.text(value, field: field)
    case .evs: evs = try reader.spread(value, into: .zeroEVs, field: field)
    case .nature: nature = try reader.text(value, field: field)
    case .ivs: ivs = try reader.spread(value, into: .perfectIVs, field: field)
    }
  }
}

/// An error at line `number`, pointing at `position` of `raw` (the untrimmed line).
private func pasteError(
  _ reason: ShowdownPasteError.Reason,
  _ number: Int,
  _ raw: Substring,
  at position: Substring.Index?
) -> ShowdownPasteError {
  let column = position.map { raw.distance(from: raw.startIndex, to: $0) + 1 }
  return ShowdownPasteError(
    line: number,
    column: column,
    sourceLine: String(raw.trimmed),
    reason: reason
  )
}

/// An error at line `number`, pointing at `token`, a slice of `raw`.
private func pasteError(
  _ reason: ShowdownPasteError.Reason,
  _ number: Int,
  _ raw: Substring,
  at token: Substring
) -> ShowdownPasteError {
  pasteError(reason, number, raw, at: token.startIndex)
}

fileprivate extension Substring {
  /// Without the whitespace at either end.
  var trimmed: Substring {
    guard let first = firstIndex(where: { !$0.isWhitespace }),
      let last = lastIndex(where: { !$0.isWhitespace })
    else { return self[endIndex...] }
    return self[first...last]
  }

  /// The text, or `nil` if it is empty.
  var nonEmpty: String? { isEmpty ? nil : String(self) }

  /// The range of the last occurrence of `pattern`, compared by characters.
  ///
  /// - Complexity: O(*n* × *m*) for a pattern of *m* characters; patterns here have two or
  ///   three.
  func lastRange(of pattern: String) -> Range<Index>? {
    guard let head = pattern.first else { return nil }
    var position = endIndex
    while position > startIndex {
      position = index(before: position)
      guard self[position] == head, self[position...].hasPrefix(pattern) else { continue }
      return position..<index(position, offsetBy: pattern.count)
    }
    return nil
  }
}
