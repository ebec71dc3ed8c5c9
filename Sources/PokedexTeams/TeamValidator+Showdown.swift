import PokedexKit

extension TeamValidator {
  /// `member` as Showdown's importer keeps it, so that exporting it prints what Showdown
  /// prints: the species under Showdown's name (an alias or another spelling becomes
  /// `"Necrozma-Dusk-Mane"`, `"Indeedee-F"`, `"Zygarde-10%"`), no nickname equal to the
  /// species, no item for `No Item`, a nature's capitalised name, `Hidden Power Ice` as
  /// `Hidden Power [Ice]`, and no zero-width spaces around any name. A name the data does
  /// not know is kept as written (the validator reports it).
  ///
  /// ```swift
  /// var set = TeamMember(species: "Necrozma-Dusk", nickname: "Necrozma-Dusk", item: "No Item")
  /// set.moves = ["Hidden Power Ice", "Sunsteel Strike\u{200B}"]
  /// let normalized = validator.normalized(set)
  /// normalized.species   // "Necrozma-Dusk-Mane"
  /// normalized.nickname  // nil
  /// normalized.item      // nil
  /// normalized.moves     // ["Hidden Power [Ice]", "Sunsteel Strike"]
  /// ```
  ///
  /// - Complexity: a few dictionary lookups per field.
  public func normalized(_ member: TeamMember) -> TeamMember {
    var set = member
    let written = Self.visible(member.species)
    set.species = species.showdownName(written)?.name ?? written
    set.nickname = member.nickname.map(Self.visible)
    if let nickname = set.nickname, nickname.isEmpty || nickname == set.species {
      set.nickname = nil
    }
    set.item = member.item.map(Self.visible)
    if let item = set.item, item.isEmpty || ShowdownID.id(item) == "noitem" { set.item = nil }
    set.ability = member.ability.map(Self.visible)
    set.nature = member.nature.map { NatureTable.entry(named: Self.visible($0))?.name ?? $0 }
    set.pokeball = member.pokeball.map(Self.visible)
    set.hiddenPowerType = member.hiddenPowerType.map(Self.visible)
    set.teraType = member.teraType.map(Self.visible)
    set.moves = member.moves.map { Self.bracketingHiddenPower(Self.visible($0)) }
    return set
  }

  /// `team` with every member ``normalized(_:)-(TeamMember)``, and a format without a
  /// generation (`ou`, from teams saved before generation 7) in generation 6 (`gen6ou`), as
  /// Showdown's teambuilder reads it.
  public func normalized(_ team: ShowdownTeam) -> ShowdownTeam {
    var copy = team
    if let format = team.format, !format.hasPrefix("gen") { copy.format = "gen6" + format }
    copy.members = team.members.map(normalized)
    return copy
  }

  /// `text` without zero-width characters, and trimmed of the whitespace they hid.
  private static func visible(_ text: String) -> String {
    let invisible: Set<Unicode.Scalar> = [
      "\u{200B}", "\u{200C}", "\u{200D}", "\u{2060}", "\u{FEFF}",
    ]
    guard text.unicodeScalars.contains(where: invisible.contains) else { return text }
    var scalars = String.UnicodeScalarView()
    scalars.append(contentsOf: text.unicodeScalars.filter { !invisible.contains($0) })
    return String(scalars).trimmingWhitespace
  }

  /// `Hidden Power Ice` as Showdown's exporter writes it, `Hidden Power [Ice]`.
  private static func bracketingHiddenPower(_ move: String) -> String {
    let prefix = "Hidden Power "
    guard move.hasPrefix(prefix) else { return move }
    let type = move.dropFirst(prefix.count)
    guard let first = type.first, first != "[" else { return move }
    return "\(prefix)[\(type)]"
  }
}

extension String {
  /// Without the whitespace at either end.
  fileprivate var trimmingWhitespace: String {
    guard let first = firstIndex(where: { !$0.isWhitespace }),
      let last = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(self[first...last])
  }
}
