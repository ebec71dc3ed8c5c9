import PokedexKit

extension CompletionEngine {
  /// A positional argument of `command`, after the positionals already typed.
  func positional(_ command: any Command, _ positionals: [String], _ current: String)
    -> CompletionReply
  {
    let subcommands = Self.subcommands(of: command)
    if !subcommands.isEmpty {
      guard let subcommand = positionals.first else {
        return .words(subcommands, matching: current)
      }
      return operand(command.name, subcommand, Array(positionals.dropFirst()), current)
    }
    switch command.name {
    case "show", "search": return pokemonNames(current)
    case "learnset": return positionals.isEmpty ? pokemonNames(current) : .nothing
    case "move": return moveNames(current)
    case "ability": return abilityNames(current)
    case "item": return .words(sources.items()?.items.map(\.identifier) ?? [], matching: current)
    case "items": return itemQueryTerm(current)
    case "nature":
      return .words(sources.natures()?.natures.map(\.identifier) ?? [], matching: current)
    case "moves": return moveQueryTerm(current)
    case "types":
      guard positionals.count < 2, let dex = sources.dex() else { return .nothing }
      return .words(TypeChart(types: dex.types).typeIdentifiers, matching: current)
        .adding(pokemonNames(current))
    case "help":
      guard positionals.isEmpty else { return .nothing }
      return .words(HelpTopic.names + commands.map(\.name), matching: current)
    case "diff": return positionals.count < 2 ? .files : .nothing
    case "list", "layout", "random": return queryTerm(current)
    default: return .nothing
    }
  }

  /// The words after a subcommand (`prefs set KEY VALUE`, `filter delete NAME`, `team add
  /// TEAM POKEMON`).
  private func operand(
    _ command: String,
    _ subcommand: String,
    _ operands: [String],
    _ current: String
  )
    -> CompletionReply
  {
    switch (command, subcommand) {
    case ("prefs", "get"), ("prefs", "unset"):
      return operands.isEmpty ? .words(Self.preferenceKeys, matching: current) : .nothing
    case ("prefs", "set"):
      guard let key = operands.first else { return .words(Self.preferenceKeys, matching: current) }
      return preferenceValue(key, current)
    case ("prefs", "import"): return operands.isEmpty ? .files : .nothing
    case ("filter", "delete"):
      return operands.isEmpty ? .words(sources.savedFilters(), matching: current) : .nothing
    case ("filter", "save"): return operands.isEmpty ? .nothing : queryTerm(current)
    case ("team", "add"):
      return operands.isEmpty ? .words(sources.teams(), matching: current) : pokemonNames(current)
    case ("team", "export"): return .words(sources.teams(), matching: current)
    case ("team", let subcommand) where Self.teamFirstSubcommands.contains(subcommand):
      return operands.isEmpty ? .words(sources.teams(), matching: current) : .nothing
    default: return .nothing
    }
  }

  /// The `team` subcommands whose first operand is a team or box (`add` and `export` are
  /// completed apart: a Pokémon after `add TEAM`, any number of teams to `export`).
  static let teamFirstSubcommands: Set<String> = [
    "edit", "remove", "move", "sort", "show", "analyze", "rename", "copy", "delete",
  ]

  /// A value for `prefs set KEY`: the key's closed set, or what its option takes (completion
  /// reads an option's name and value, not its help, which is each command's own).
  private func preferenceValue(_ key: String, _ current: String) -> CompletionReply {
    if let allowed = PokedexPreferences.allowedValues[key] {
      return .words(allowed, matching: current)
    }
    switch key {
    case PokedexPreferences.language.name:
      return values(of: QueryOptions().lang.spec, current)
    case PokedexPreferences.listSort.name:
      return values(of: QueryOptions().sort.spec, current)
    case PokedexPreferences.listFields.name:
      return values(of: ListOutputOptions(format: "", fields: "").fields.spec, current)
    case PokedexPreferences.layoutQuery.name: return queryTerm(current)
    default: return .nothing
    }
  }

  /// Pokémon identifiers from the data.
  private func pokemonNames(_ current: String) -> CompletionReply {
    guard let dex = sources.dex() else { return .nothing }
    return .words(QueryWords.values(forKey: "name", in: dex), matching: current)
  }

  /// Move identifiers from `moves.json`.
  private func moveNames(_ current: String) -> CompletionReply {
    .words(sources.moves().map(QueryWords.moveValues(in:)) ?? [], matching: current)
  }

  /// Ability identifiers from the dex.
  private func abilityNames(_ current: String) -> CompletionReply {
    .words(sources.dex()?.abilities.map(\.identifier) ?? [], matching: current)
  }

  /// A term of a move query (`pokedex moves`): a `key:` or a property, or a key's values
  /// (``QueryWords/moveQueryValues(forKey:moves:dex:)``, Pokémon for `learnedby:`), after
  /// any `!` and the last `,` or `|`.
  func moveQueryTerm(_ current: String) -> CompletionReply {
    let head =
      current.lastIndex { $0 == "," || $0 == "|" || $0 == "!" }
      .map { String(current[...$0]) } ?? ""
    let term = String(current.dropFirst(head.count))
    guard let colon = term.firstIndex(of: ":") else {
      let words = QueryWords.moveQueryKeys.map { $0 + ":" } + QueryWords.moveProperties
      return .words(words.map { head + $0 }, matching: current)
    }
    let key = String(term[..<colon])
    var values: [String] = []
    if let dex = sources.dex() {
      if key == "learnedby" {
        values = QueryWords.values(forKey: "name", in: dex)
      } else if let moves = sources.moves() {
        values = QueryWords.moveQueryValues(forKey: key, moves: moves, dex: dex)
      }
    }
    return .words(values.map { head + key + ":" + $0 }, matching: current)
  }

  /// A term of an item query (`pokedex items`): a `key:` or a property, or a key's values
  /// (``QueryWords/itemQueryValues(forKey:items:dex:)``, Pokémon for `user:`), after any `!`
  /// and the last `,` or `|`.
  func itemQueryTerm(_ current: String) -> CompletionReply {
    let head =
      current.lastIndex { $0 == "," || $0 == "|" || $0 == "!" }
      .map { String(current[...$0]) } ?? ""
    let term = String(current.dropFirst(head.count))
    guard let colon = term.firstIndex(of: ":") else {
      let words = QueryWords.itemQueryKeys.map { $0 + ":" } + QueryWords.itemProperties
      return .words(words.map { head + $0 }, matching: current)
    }
    let key = String(term[..<colon])
    var values: [String] = []
    if let dex = sources.dex() {
      if QueryWords.isItemUserKey(key) {
        values = QueryWords.values(forKey: "name", in: dex)
      } else if let items = sources.items() {
        values = QueryWords.itemQueryValues(forKey: key, items: items, dex: dex)
      }
    }
    return .words(values.map { head + key + ":" + $0 }, matching: current)
  }

  /// A query term: `@filter`, `key:value`, a type or a flag, a `key:`, after any `!` and
  /// the last `,` or `|`.
  func queryTerm(_ current: String) -> CompletionReply {
    let head =
      current.lastIndex { $0 == "," || $0 == "|" || $0 == "!" }
      .map { String(current[...$0]) } ?? ""
    let term = String(current.dropFirst(head.count))
    let candidates: [String]
    if term.hasPrefix("@") {
      candidates = sources.savedFilters().map { "@" + $0 }
    } else if let colon = term.firstIndex(of: ":") {
      let key = String(term[..<colon])
      if key == "move" {
        candidates = (sources.moves().map(QueryWords.moveValues(in:)) ?? []).map { key + ":" + $0 }
      } else {
        candidates =
          sources.dex().map { dex in
            QueryWords.values(forKey: key, in: dex).map { key + ":" + $0 }
          } ?? []
      }
    } else {
      let types = sources.dex().map { TypeChart(types: $0.types).typeIdentifiers } ?? []
      candidates =
        QueryWords.keys.map { $0 + ":" } + types + QueryWords.flags
        + sources.savedFilters().map { "@" + $0 }
    }
    return .words(candidates.map { head + $0 }, matching: current)
  }

  /// The preference keys `prefs get`/`set`/`unset` take.
  static var preferenceKeys: [String] { PokedexPreferences.all.map(\.key.name) }

  /// The subcommands of `command`, read from its usage lines: the word after the command's
  /// name when it is lower-case words separated by `|` (`prefs list|get|set...`,
  /// `data build [--source DIR]`, `completions bash|zsh|fish`), so that the usage the help
  /// prints is the one list.
  static func subcommands(of command: any Command) -> [String] {
    var found: [String] = []
    for line in command.usage {
      let words = line.split(separator: " ")
      guard words.count > 1 else { continue }
      for word in words[1].split(separator: "|") where isSubcommandWord(word) {
        if !found.contains(String(word)) { found.append(String(word)) }
      }
    }
    return found
  }

  private static func isSubcommandWord(_ word: Substring) -> Bool {
    guard let first = word.first, first.isLetter, first.isLowercase else { return false }
    return word.allSatisfy { ($0.isLetter && $0.isLowercase) || $0 == "-" }
  }
}

extension CompletionReply {
  /// These words followed by `other`'s, when both are words.
  func adding(_ other: CompletionReply) -> CompletionReply {
    guard directive == .words, other.directive == .words else { return self }
    return .words(words + other.words, matching: "")
  }
}
