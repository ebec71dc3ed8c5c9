/// The words of the query language, for parsing and suggestions.
enum QueryVocabulary {
  /// The canonical `key:` names, in the order the help lists them.
  static let keys = [
    "type", "gen", "ability", "egg", "color", "habitat", "shape", "weak", "resists", "immune",
    "name", "move", "learns", "tier", "doubles", "natdex",
  ]

  /// The canonical key of an accepted key spelling, normalized (`t`, `types`,
  /// `weakto`...), or `nil` for an unknown one.
  ///
  /// A `switch` rather than a dictionary: nothing to build on first use.
  static func canonicalKey(_ spelling: String) -> String? {
    switch spelling {
    case "type", "t", "types": "type"
    case "gen", "g", "generation": "gen"
    case "ability", "a", "abilities", "abil": "ability"
    case "egg", "eggs", "egggroup", "egggroups": "egg"
    case "color", "colour": "color"
    case "habitat": "habitat"
    case "shape": "shape"
    case "weak", "weakness", "weakto": "weak"
    case "resists", "resist", "resistant", "resistance": "resists"
    case "immune", "immunity", "immuneto": "immune"
    case "name", "n": "name"
    case "move", "moves", "knows": "move"
    case "learns", "learn", "method", "learnmethod": "learns"
    case "tier", "singles", "singlestier": "tier"
    case "doubles", "doublestier", "dtier": "doubles"
    case "natdex", "nationaldex", "natdextier", "nd": "natdex"
    default: nil
    }
  }
}
