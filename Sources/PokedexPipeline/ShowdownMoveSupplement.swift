import PokedexKit

/// What Pokémon Showdown's `moves.json`, `moves-text.json` and `aliases.json` add to
/// PokeAPI's moves: flags and effect text where PokeAPI has none, the effect chance where
/// PokeAPI gives none, `null` power and accuracy where Showdown says there is no fixed power
/// (``ShowdownMoveEntry/hasVariablePower``) or the move never misses, older generations'
/// text and aliases; each move records in ``Move/fromShowdown`` which fields it took.
/// `Guides/DataFormat.md` ("moves.json") gives the rule of each field.
///
/// Showdown's entries are placed on PokeAPI's moves by id (``ShowdownMoveIndex``):
/// 1. an entry whose id is a move's (`trickroom` is `trick-room`) describes it;
/// 2. a Z-Move of one type (`breakneckblitz`) describes both of PokeAPI's moves of its name
///    (`breakneck-blitz--physical` and `--special`);
/// 3. a placeholder (`hiddenpowerfire`, `placeholderFor: "Hidden Power"`) is an alias of the
///    move it stands for;
/// 4. any other entry is a warning naming it (G-Max Moves, Create-A-Pokémon moves, and
///    moves newer than PokeAPI's tables), as is a text entry for no move.
///
/// ```swift
/// let supplement = ShowdownMoveSupplement(tables: tables, moveIdentifiers: ids, flagOrder: flags)
/// supplement.supplement(shelter, hasGenericEffect: false).flags        // ["snatch"]
/// supplement.supplement(thunderbolt, hasGenericEffect: false).aliases  // ["tbolt"]
/// ```
///
/// - Complexity: O(*n*) in the number of entries and aliases.
struct ShowdownMoveSupplement {
  /// PokeAPI's text of effect 1, "Inflicts regular damage with no additional effect.": also
  /// what PokeAPI gives moves it has not described, so Showdown's text replaces it where
  /// Showdown says the move does more.
  static let genericEffectId = 1
  /// Showdown's one-line text of a move with no effect beyond its damage.
  static let noAdditionalEffect = "No additional effect."
  /// Showdown's flag names that PokeAPI spells otherwise.
  static let flagNames = [
    "bypasssub": "authentic", "bullet": "ballistics", "nonsky": "non-sky-battle",
  ]

  /// A Showdown entry and its text, for a PokeAPI move.
  private struct Described {
    var entry: ShowdownMoveEntry
    var text: ShowdownText?
  }

  /// The entry that describes each PokeAPI move, by identifier.
  private var described: [String: Described] = [:]
  /// Each PokeAPI move's aliases, by identifier.
  private var aliases: [String: [String]] = [:]
  /// PokeAPI's flag identifiers in id order (`move_flags.csv`).
  private let flagOrder: [String]
  /// The entries that describe no PokeAPI move, and text entries for no move, in file order.
  private(set) var diagnostics: [DexDiagnostic] = []

  init(tables: ShowdownTables, moveIdentifiers: [String], flagOrder: [String]) {
    self.flagOrder = flagOrder
    let index = ShowdownMoveIndex(moveIdentifiers: moveIdentifiers)
    // The PokeAPI moves each Showdown id stands for, by rules 1 to 3.
    var identifiers: [String: [String]] = [:]
    var pending: [ShowdownTables.Entry<ShowdownMoveEntry>] = []
    for entry in tables.moves {
      let text = tables.moveTexts[entry.id]
      switch index.match(entry.id) {
      case .move(let identifier):
        guard described[identifier] == nil else {
          warn(
            entry.id,
            "'\(entry.entry.name)' is PokeAPI's '\(identifier)', as an earlier entry is; left out"
          )
          continue
        }
        described[identifier] = Described(entry: entry.entry, text: text)
        identifiers[entry.id] = [identifier]
      case .ambiguous(let found):
        warn(
          entry.id,
          "'\(entry.entry.name)' matches several PokeAPI moves (\(found.joined(separator: ", "))); left out"
        )
      case .none:
        let split = ["physical", "special"].map { index.match(entry.id + $0) }
        if case .move(let physical) = split[0], case .move(let special) = split[1],
          entry.entry.isZ != nil
        {
          for identifier in [physical, special] where described[identifier] == nil {
            described[identifier] = Described(entry: entry.entry, text: text)
          }
          identifiers[entry.id] = [physical, special]
        } else {
          pending.append(entry)
        }
      }
    }
    let showdownAliases = ShowdownAliases(tables.aliases)
    for entry in pending {
      let target = entry.entry.placeholderFor.map(ShowdownID.id)
      if let target, let found = identifiers[target] {
        identifiers[entry.id] = found
        for identifier in found { aliases[identifier, default: []].append(entry.id) }
        continue
      }
      warn(
        entry.id,
        "'\(entry.entry.name)'\(Self.kind(of: entry.entry)) matches no PokeAPI move; left out"
          + showdownAliases.note(for: entry.id)
      )
    }
    for entry in tables.moves {
      for identifier in identifiers[entry.id] ?? [] {
        aliases[identifier, default: []].append(contentsOf: showdownAliases.aliases(of: entry.id))
      }
    }
    diagnostics += ShowdownTables.textsWithoutEntries(
      tables.moveTexts,
      tables.moves,
      textFile: "moves-text.json",
      dataFile: "moves.json",
      noun: "a move"
    )
  }

  /// What kind of move an entry no rule places is, for its warning.
  private static func kind(of entry: ShowdownMoveEntry) -> String {
    if entry.isNonstandard == "CAP" { return " (a Create-A-Pokémon move)" }
    if entry.isMax?.name != nil { return " (a G-Max Move)" }
    if let target = entry.placeholderFor { return " (a placeholder for '\(target)')" }
    return ""
  }

  private mutating func warn(_ id: String, _ message: String) {
    diagnostics.append(
      DexDiagnostic(severity: .warning, message: message, location: "moves.json:\(id)")
    )
  }

  /// `move` (built from PokeAPI's tables) with Showdown's fields, by the rules of
  /// `Guides/DataFormat.md`.
  ///
  /// - Parameters:
  ///   - move: The move as PokeAPI's tables give it.
  ///   - hasGenericEffect: Whether PokeAPI's text is that of effect 1 (``genericEffectId``).
  func supplement(_ move: Move, hasGenericEffect: Bool) -> Move {
    var move = move
    move.aliases = aliases[move.identifier] ?? []
    guard let found = described[move.identifier] else { return move }
    let entry = found.entry
    var fields = ShowdownFields()
    // In the order of the move's keys, so each list is too.
    if entry.hasVariablePower, move.damageClass != "status", move.power != nil {
      move.power = nil
      fields.overridden.append("power")
    }
    if entry.accuracy == .neverMisses, move.accuracy != nil {
      move.accuracy = nil
      fields.overridden.append("accuracy")
    }
    if move.flags.isEmpty {
      move.flags = flags(of: entry)
      fields.taken.append("flags")
    }
    if move.effectChance == nil, let chance = entry.secondaryChance {
      move.effectChance = chance
      fields.taken.append("effectChance")
    }
    if let text = found.text {
      if hasGenericEffect, let short = text.shortEffect, short != Self.noAdditionalEffect {
        move.shortEffect = short
        move.effect = text.effect
        fields.overridden += ["shortEffect", "effect"]
      } else {
        var prose = EffectProse(shortEffect: move.shortEffect, effect: move.effect)
        prose.takeMissing(from: text, into: &fields)
        (move.shortEffect, move.effect) = (prose.shortEffect, prose.effect)
      }
      move.olderEffects = text.olderEffects
    }
    move.fromShowdown = fields.isEmpty ? nil : fields
    return move
  }

  /// The entry's flags as PokeAPI names them, in PokeAPI's order: Showdown's flags renamed
  /// (``flagNames``), and `distance` for a move that can target any Pokémon (`target: any`);
  /// flags PokeAPI has no name for (`metronome`, `slicing`, `wind`, ...) are left out.
  func flags(of entry: ShowdownMoveEntry) -> [String] {
    var names = Set(entry.flags.filter { $0.value != 0 }.keys.map { Self.flagNames[$0] ?? $0 })
    if entry.target == "any" { names.insert("distance") }
    return flagOrder.filter(names.contains)
  }
}
