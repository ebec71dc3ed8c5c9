/// A yes-or-no property a query can test by name (`legendary`, `mega`, `fe`...).
public enum QueryFlag: String, CaseIterable, Hashable, Sendable {
  case legendary, mythical, baby, evolves, final, mega, gmax, regional
  case alola, galar, hisui, paldea, form, mono
  /// Showdown's tags: `Restricted Legendary`, `Sub-Legendary`, `Paradox`, `Ultra Beast`.
  case restricted, sublegendary, paradox, ultrabeast

  /// The flag named `name` or one of its aliases (`fe`, `nfe`, `gigantamax`, `alolan`...).
  init?(name: String) {
    guard let flag = Self.aliases[NameNormalizer.key(name)] else { return nil }
    self = flag
  }

  /// Every accepted spelling, normalized, with its flag.
  static let aliases: [String: QueryFlag] = {
    var aliases: [String: QueryFlag] = [:]
    for flag in allCases { aliases[flag.rawValue] = flag }
    let extra: [(String, QueryFlag)] = [
      ("legend", .legendary), ("mythic", .mythical), ("nfe", .evolves),
      ("fe", .final), ("fullyevolved", .final), ("gigantamax", .gmax),
      ("regionalform", .regional), ("alolan", .alola), ("galarian", .galar),
      ("hisuian", .hisui), ("paldean", .paldea), ("forms", .form),
      ("alternate", .form), ("monotype", .mono), ("restrictedlegendary", .restricted),
      ("sublegend", .sublegendary), ("ub", .ultrabeast), ("ultrabeasts", .ultrabeast),
    ]
    for (alias, flag) in extra { aliases[alias] = flag }
    return aliases
  }()

  /// Whether a positive term with this flag brings alternate forms into the results.
  var bringsForms: Bool {
    switch self {
    case .mega, .gmax, .regional, .alola, .galar, .hisui, .paldea, .form: true
    case .legendary, .mythical, .baby, .evolves, .final, .mono, .restricted, .sublegendary,
      .paradox, .ultrabeast:
      false
    }
  }

  /// The flag's test.
  var predicate: PokemonPredicate {
    switch self {
    case .legendary: { $0.isLegendary }
    case .mythical: { $0.isMythical }
    case .baby: { $0.isBaby }
    case .evolves: { !$0.evolution.to.isEmpty }
    case .final: { $0.evolution.to.isEmpty }
    case .mega: { $0.form?.isMega ?? false }
    case .gmax: { $0.form?.isGigantamax ?? false }
    case .regional: { $0.form?.region != nil }
    case .alola: { $0.form?.region == "alola" }
    case .galar: { $0.form?.region == "galar" }
    case .hisui: { $0.form?.region == "hisui" }
    case .paldea: { $0.form?.region == "paldea" }
    case .form: { !$0.isDefault }
    case .mono: { $0.types.count == 1 }
    case .restricted: { $0.showdown?.tags.contains("Restricted Legendary") ?? false }
    case .sublegendary: { $0.showdown?.tags.contains("Sub-Legendary") ?? false }
    case .paradox: { $0.showdown?.tags.contains("Paradox") ?? false }
    case .ultrabeast: { $0.showdown?.tags.contains("Ultra Beast") ?? false }
    }
  }
}
