import PokedexKit

/// Turns PokeAPI's prose (the effect text of moves and abilities, the games' flavor text)
/// into the plain text the data files hold.
///
/// PokeAPI writes effects in a small markup: `$effect_chance` stands for the move's chance
/// of a secondary effect, and `[label]{kind:identifier}` links a word to another entry:
/// `[]{move:tackle}`, `[Struggle]{move:struggle}`, `[]{type:fire}`, `[]{mechanic:hp}`.
/// ``resolve(_:effectChance:)`` fills the chance in and writes each link as text: its label
/// when it has one, else the linked entry's English name from ``names``, else (mechanics,
/// and anything ``names`` does not know) the identifier with dashes as spaces.
///
/// ```swift
/// let prose = ProseText(names: ["move": ["tackle": "Tackle"], "type": ["fire": "Fire"]])
/// try prose.resolve("Has a $effect_chance% chance to [burn]{mechanic:burn} the target.",
///                   effectChance: 10)
/// // "Has a 10% chance to burn the target."
/// try prose.resolve("Like []{move:tackle}, but []{type:fire}; lowers []{mechanic:special-attack}.",
///                   effectChance: nil)
/// // "Like Tackle, but Fire; lowers special attack."
/// try prose.resolve("A $effect_chance% chance.", effectChance: nil)
/// // throws ProseText.Failure.missingEffectChance
/// ```
///
/// Text that only looks like markup (a `[` without a `]{kind:id}` after it, a `$` not
/// followed by `effect_chance`) is kept as it is.
///
/// - Complexity: O(*n*) in the length of the text.
public struct ProseText: Sendable {
  /// Why a text cannot be resolved.
  public enum Failure: Error, Equatable, Sendable {
    /// The text uses `$effect_chance` but the move has no effect chance.
    case missingEffectChance
  }

  /// The placeholder for a move's effect chance.
  public static let effectChancePlaceholder = "$effect_chance"

  /// English names by link kind, then identifier: `["move": ["tackle": "Tackle"]]`.
  public var names: [String: [String: String]]

  /// Creates a resolver that names links from `names`.
  public init(names: [String: [String: String]] = [:]) {
    self.names = names
  }

  /// `text` with `$effect_chance` replaced by `effectChance` and every link written as text.
  ///
  /// - Throws: ``Failure/missingEffectChance`` when the text uses `$effect_chance` and
  ///   `effectChance` is `nil`.
  public func resolve(_ text: String, effectChance: Int?) throws(Failure) -> String {
    var output = ""
    output.reserveCapacity(text.utf8.count)
    var rest = text[...]
    while let start = rest.firstIndex(where: { $0 == "[" || $0 == "$" }) {
      output += rest[..<start]
      let tail = rest[start...]
      if tail.hasPrefix(Self.effectChancePlaceholder) {
        guard let effectChance else { throw .missingEffectChance }
        output += String(effectChance)
        rest = tail.dropFirst(Self.effectChancePlaceholder.count)
      } else if let link = Self.link(at: tail) {
        if link.label.isEmpty {
          output += name(kind: link.kind, identifier: link.identifier)
        } else {
          output += link.label
        }
        rest = link.rest
      } else {
        output += tail.prefix(1)
        rest = tail.dropFirst()
      }
    }
    output += rest
    return output
  }

  /// `text` with a move's effect chance written where the text says only "a chance":
  /// "Has a chance to paralyze" becomes "Has a 10% chance to paralyze", and "a separate
  /// chance" "a separate 10% chance". Other chances ("an increased chance for a critical
  /// hit", "a 50% chance") are kept.
  ///
  /// PokeAPI's English effect texts once read "Has a $effect_chance% chance"; the tables of
  /// commit bbef3d9 say "Has a chance" instead, with the chance only in `moves.csv`'s
  /// `effect_chance`, so the builder puts it back.
  ///
  /// ```swift
  /// ProseText.fillingChance("Has a chance to lower the target’s Defense by one stage.", chance: 20)
  /// // "Has a 20% chance to lower the target’s Defense by one stage."
  /// ```
  ///
  /// - Complexity: O(*n*) in the length of the text.
  public static func fillingChance(_ text: String, chance: Int) -> String {
    text.replacingOccurrences(of: " a chance ", with: " a \(chance)% chance ")
      .replacingOccurrences(of: " a separate chance ", with: " a separate \(chance)% chance ")
  }

  /// The English name of a linked entry, or its identifier with dashes as spaces.
  public func name(kind: Substring, identifier: Substring) -> String {
    if let name = names[String(kind)]?[String(identifier)] { return name }
    return identifier.replacingOccurrences(of: "-", with: " ")
  }

  /// The link kinds (`"move"`, `"type"`, ...) that `text` uses, so a builder reads only the
  /// names it needs.
  public static func linkKinds(in text: String) -> Set<String> {
    var kinds: Set<String> = []
    var rest = text[...]
    while let start = rest.firstIndex(of: "[") {
      let tail = rest[start...]
      if let link = link(at: tail) {
        kinds.insert(String(link.kind))
        rest = link.rest
      } else {
        rest = tail.dropFirst()
      }
    }
    return kinds
  }

  /// The link `[label]{kind:identifier}` at the start of `text`, if there is one.
  static func link(
    at text: Substring
  ) -> (label: Substring, kind: Substring, identifier: Substring, rest: Substring)? {
    guard text.first == "[", let close = text.firstIndex(of: "]") else { return nil }
    let label = text[text.index(after: text.startIndex)..<close]
    guard !label.contains("["), !label.contains("\n") else { return nil }
    let afterLabel = text[text.index(after: close)...]
    guard afterLabel.first == "{", let end = afterLabel.firstIndex(of: "}") else { return nil }
    let target = afterLabel[afterLabel.index(after: afterLabel.startIndex)..<end]
    guard let colon = target.firstIndex(of: ":") else { return nil }
    let kind = target[..<colon]
    let identifier = target[target.index(after: colon)...]
    let isWord = { (part: Substring) in
      !part.isEmpty && part.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
    }
    guard isWord(kind), isWord(identifier) else { return nil }
    return (label, kind, identifier, afterLabel[afterLabel.index(after: end)...])
  }

  /// In-game text on one line, as the games read when nothing is wrapped.
  ///
  /// The games' text breaks lines (`\n`), pages (form feed) and words: a soft hyphen
  /// (U+00AD) at a break disappears with it (`super\u{AD}\neffective` reads
  /// `supereffective`); a hyphen at a break stays and joins the words (`critical-\nhit`
  /// reads `critical-hit`) unless the next word is `and` or `or` (`Fire-\nand Ice-type`
  /// reads `Fire- and Ice-type`). Every other break, zero-width space and run of
  /// whitespace becomes one space; the ends are trimmed.
  ///
  /// ```swift
  /// ProseText.singleLine("Heightens the critical-\nhit ratios\u{0C}of moves.")
  /// // "Heightens the critical-hit ratios of moves."
  /// ```
  ///
  /// - Complexity: O(*n*) in the length of the text.
  public static func singleLine(_ text: String) -> String {
    let breaks: Set<Character> = ["\n", "\r", "\r\n", "\u{0C}", "\u{200B}"]
    let characters = Array(text)
    var output = ""
    output.reserveCapacity(text.utf8.count)
    var pendingSpace = false
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if character == "\u{AD}" {
        index += 1
        while index < characters.count, breaks.contains(characters[index]) { index += 1 }
        continue
      }
      if breaks.contains(character) || character.isWhitespace {
        var next = index
        while next < characters.count,
          breaks.contains(characters[next]) || characters[next].isWhitespace
        {
          next += 1
        }
        let hyphenJoins =
          output.last == "-" && characters[index..<next].allSatisfy(breaks.contains)
          && !startsWithConjunction(characters, at: next)
        if !hyphenJoins && !output.isEmpty { pendingSpace = true }
        index = next
        continue
      }
      if pendingSpace { output.append(" ") }
      pendingSpace = false
      output.append(character)
      index += 1
    }
    return output
  }

  /// Whether the word at `index` is `and` or `or`.
  private static func startsWithConjunction(_ characters: [Character], at index: Int) -> Bool {
    for word in ["and", "or"] {
      let end = index + word.count
      guard end <= characters.count, String(characters[index..<end]) == word else { continue }
      if end == characters.count || !characters[end].isLetter { return true }
    }
    return false
  }
}

extension BuildContext {
  /// English names by identifier for the link kinds ``ProseText`` may meet: moves, types,
  /// abilities, items, Pokémon (species) and natures. Other kinds are written from their
  /// identifiers.
  mutating func linkNames(kinds: Set<String>) throws(DataPipelineError) -> [String: [String:
    String]]
  {
    let sources: [(kind: String, table: String, names: String, owner: String)] = [
      ("move", "moves.csv", "move_names.csv", "move_id"),
      ("type", "types.csv", "type_names.csv", "type_id"),
      ("ability", "abilities.csv", "ability_names.csv", "ability_id"),
      ("item", "items.csv", "item_names.csv", "item_id"),
      ("pokemon", "pokemon_species.csv", "pokemon_species_names.csv", "pokemon_species_id"),
      ("nature", "natures.csv", "nature_names.csv", "nature_id"),
    ]
    let english = languageIdentifiers[englishLanguageId] ?? "en"
    var result: [String: [String: String]] = [:]
    for source in sources where kinds.contains(source.kind) {
      let ids = try identifiers(source.table)
      let names = try self.names(source.names, owner: source.owner)
      var byIdentifier: [String: String] = [:]
      for (id, identifier) in ids {
        if let name = names[id]?[english] { byIdentifier[identifier] = name }
      }
      result[source.kind] = byIdentifier
    }
    return result
  }
}
