/// The words of the move query language: keys, numeric properties, sort keys.
enum MoveQueryVocabulary {
  /// The canonical `key:` names, in the order the help lists them.
  static let keys = ["type", "category", "flag", "gen", "target", "learnedby", "name"]

  /// The canonical key of a normalized key spelling, or `nil`.
  static func canonicalKey(_ spelling: String) -> String? {
    switch spelling {
    case "type", "t", "types": "type"
    case "category", "class", "cat", "damageclass", "kind": "category"
    case "flag", "flags", "f": "flag"
    case "gen", "g", "generation": "gen"
    case "target", "targets", "range": "target"
    case "learnedby", "learned", "learner", "learnby", "by", "pokemon": "learnedby"
    case "name", "n": "name"
    default: nil
    }
  }

  /// The numeric property a normalized spelling names, or `nil`.
  static func property(_ spelling: String) -> MoveProperty? {
    switch spelling {
    case "power", "pow", "bp", "basepower": .power
    case "accuracy", "acc": .accuracy
    case "pp", "powerpoints": .pp
    case "priority", "prio": .priority
    case "gen", "g", "generation": .generation
    case "id", "num", "number": .id
    default: nil
    }
  }

  /// What a user may write instead of an unknown word without a close match.
  static func help(for word: RecordQueryWord) -> String {
    switch word {
    case .term:
      "a move term is a name (thunder, name:thunder*), key:value (type:fire, flag:contact) "
        + "or a comparison ('power>=90'); see 'pokedex help query'"
    case .key:
      "move keys are " + keys.joined(separator: ", ")
    case .property:
      "move properties are " + MoveProperty.allCases.map(\.rawValue).joined(separator: ", ")
    case .sortKey:
      "sort keys are " + MoveSortDescriptor.Key.allCases.map(\.rawValue).joined(separator: ", ")
        + ", each optionally followed by ':asc' or ':desc'"
    }
  }
}

/// A numeric property of a move, for comparisons (`power>=90`).
enum MoveProperty: String, CaseIterable, Hashable, Sendable {
  case power, accuracy, pp, priority
  case generation = "gen"
  case id

  /// The property's value, or `nil` when the move has none (a status move's power).
  func value(of move: Move) -> Int? {
    switch self {
    case .power: move.power
    case .accuracy: move.accuracy
    case .pp: move.pp
    case .priority: move.priority
    case .generation: move.generation
    case .id: move.id
    }
  }
}
