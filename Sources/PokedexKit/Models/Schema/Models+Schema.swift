// The dex's JSON schema: every model's fields with their JSON keys, in the order the data
// file writes them. This is the one place a key is named: these tables drive the fast
// reader (`DexReader`), the record writer (`DexJSONWriter`) and the field-by-field
// comparison of `pokedex diff` (`DexComparison`). The `Codable` conformances (synthesized
// from the property names, which the keys equal) are the slow twin that tests check these
// tables against.
//
// Every number carries its bounds (`in: FieldBounds.stat`): a number outside them is
// malformed data, refused on both decoding paths with its JSON path (`PokedexLoader`), so
// that no arithmetic on a loaded dex can overflow. `Guides/DataFormat.md` lists them.
//
// Adding a field: add the property to the model and its initializer, then one line here.

/// The bounds of the dex's numbers: wide enough for any real data, narrow enough that sums,
/// products and conversions of them cannot overflow. `Guides/DataFormat.md` ("Bounds")
/// explains each.
enum FieldBounds {
  /// `schemaVersion`: a newer version than this tool reads is its own error.
  static let schemaVersion = 1...Int.max
  /// A row's id (Pokémon, type, ability, language): PokeAPI's largest is 10,326.
  static let id = 1...999_999
  /// An evolution chain's id: only compared, never counted with; 0 is left to the
  /// validator, which reports the chain that differs.
  static let chainId = 0...999_999
  /// A generation's number: 9 so far.
  static let generation = 1...99
  /// A national dex number: 1,025 so far.
  static let nationalNumber = 1...99_999
  /// A regional dex number: Victini is number 0 of Unova's dex.
  static let regionalNumber = 0...99_999
  /// Values the games store in one byte: base stats, effort yields, capture rate, base
  /// happiness, hatch counter, ability slot.
  static let byte = 0...255
  /// An ability slot: 1 and 2 regular, 3 hidden (one byte in the games).
  static let abilitySlot = 1...255
  /// Chance of being female in eighths; -1 for genderless.
  static let genderRate = -1...8
  /// Base experience yield: at most 608 in PokeAPI.
  static let baseExperience = 0...65_535
  /// A damage factor in percent: 0, 50, 100 or 200 in the chart.
  static let damageFactor = 0...1_000
  /// Height in metres (at most 100) and weight in kilograms (at most 1,000).
  static let measure = 0.0...100_000.0
}

extension Pokedex: SchemaModel {
  static let schema = Schema<Pokedex>([
    .init("schemaVersion", \.schemaVersion, in: FieldBounds.schemaVersion),
    .init("source", \.source),
    .init("showdownSource", \.showdownSource),
    .init("languages", \.languages, table: \.identifier),
    .init("generations", \.generations, table: \.id),
    .init("types", \.types, table: \.identifier),
    .init("abilities", \.abilities, table: \.identifier),
    SchemaField("pokemon", \.pokemon),
  ])
  static let placeholder = Pokedex(
    schemaVersion: 0,
    source: .placeholder,
    languages: [],
    generations: [],
    types: [],
    abilities: [],
    pokemon: []
  )
}

extension DataSource: SchemaModel {
  static let schema = Schema<DataSource>([
    .init("name", \.name),
    .init("commit", \.commit),
    .init("license", \.license),
  ])
  static let placeholder = DataSource(name: "", commit: "", license: "")
}

extension Language: SchemaModel {
  static let schema = Schema<Language>([
    .init("id", \.id, in: FieldBounds.id),
    .init("identifier", \.identifier),
    .init("iso639", \.iso639),
    .init("iso3166", \.iso3166),
    .init("official", \.official),
    .init("names", \.names),
  ])
  static let placeholder = Language(
    id: 0,
    identifier: "",
    iso639: "",
    iso3166: "",
    official: false,
    names: LocalizedNames()
  )
}

extension Generation: SchemaModel {
  static let schema = Schema<Generation>([
    .init("id", \.id, in: FieldBounds.generation),
    .init("identifier", \.identifier),
    .init("region", \.region),
    .init("names", \.names),
  ])
  static let placeholder = Generation(id: 0, identifier: "", region: "", names: LocalizedNames())
}

extension TypeInfo: SchemaModel {
  static let schema = Schema<TypeInfo>([
    .init("id", \.id, in: FieldBounds.id),
    .init("identifier", \.identifier),
    .init("generation", \.generation, in: FieldBounds.generation),
    .init("names", \.names),
    .init("damageFactors", \.damageFactors, in: FieldBounds.damageFactor),
  ])
  static let placeholder = TypeInfo(
    id: 0,
    identifier: "",
    generation: 0,
    names: LocalizedNames(),
    damageFactors: [:]
  )
}

extension Ability: SchemaModel {
  static let schema = Schema<Ability>([
    .init("id", \.id, in: FieldBounds.id),
    .init("identifier", \.identifier),
    .init("generation", \.generation, in: FieldBounds.generation),
    .init("names", \.names),
  ])
  static let placeholder = Ability(id: 0, identifier: "", generation: 0, names: LocalizedNames())
}

extension Pokemon: SchemaModel {
  static let schema = Schema<Pokemon>([
    .init("id", \.id, in: FieldBounds.id),
    .init("nationalNumber", \.nationalNumber, in: FieldBounds.nationalNumber),
    .init("slug", \.slug),
    .init("speciesSlug", \.speciesSlug),
    .init("names", \.names),
    .init("genus", \.genus),
    .init("form", \.form),
    .init("isDefault", \.isDefault),
    .init("types", \.types),
    .init("stats", \.stats),
    .init("evYield", \.evYield),
    .init("abilities", \.abilities),
    .init("height", \.height, in: FieldBounds.measure),
    .init("weight", \.weight, in: FieldBounds.measure),
    .init("baseExperience", \.baseExperience, in: FieldBounds.baseExperience),
    .init("generation", \.generation, in: FieldBounds.generation),
    .init("color", \.color),
    .init("shape", \.shape),
    .init("habitat", \.habitat),
    .init("eggGroups", \.eggGroups),
    .init("genderRate", \.genderRate, in: FieldBounds.genderRate),
    .init("captureRate", \.captureRate, in: FieldBounds.byte),
    .init("baseHappiness", \.baseHappiness, in: FieldBounds.byte),
    .init("hatchCounter", \.hatchCounter, in: FieldBounds.byte),
    .init("growthRate", \.growthRate),
    .init("isLegendary", \.isLegendary),
    .init("isMythical", \.isMythical),
    .init("isBaby", \.isBaby),
    .init("evolution", \.evolution),
    .init("dexNumbers", \.dexNumbers, in: FieldBounds.regionalNumber),
    .init("showdown", \.showdown),
  ])
  static let placeholder = Pokemon(
    id: 0,
    nationalNumber: 0,
    slug: "",
    speciesSlug: "",
    names: LocalizedNames(),
    genus: LocalizedNames(),
    form: nil,
    isDefault: false,
    types: [],
    stats: .placeholder,
    evYield: .placeholder,
    abilities: [],
    height: 0,
    weight: 0,
    baseExperience: nil,
    generation: 0,
    color: "",
    shape: nil,
    habitat: nil,
    eggGroups: [],
    genderRate: 0,
    captureRate: 0,
    baseHappiness: nil,
    hatchCounter: nil,
    growthRate: "",
    isLegendary: false,
    isMythical: false,
    isBaby: false,
    evolution: .placeholder,
    dexNumbers: DexNumbers(),
    showdown: nil
  )
}

extension Form: SchemaModel {
  static let schema = Schema<Form>([
    .init("slug", \.slug),
    .init("names", \.names),
    .init("isMega", \.isMega),
    .init("isBattleOnly", \.isBattleOnly),
    .init("isGigantamax", \.isGigantamax),
    .init("region", \.region),
  ])
  static let placeholder = Form(
    slug: "",
    names: LocalizedNames(),
    isMega: false,
    isBattleOnly: false,
    isGigantamax: false,
    region: nil
  )
  /// A form that appears or disappears shows as its slug.
  var changeDescription: String { slug }
}

extension Stats: SchemaModel {
  static let schema = Schema<Stats>([
    .init("hp", \.hp, in: FieldBounds.byte),
    .init("attack", \.attack, in: FieldBounds.byte),
    .init("defense", \.defense, in: FieldBounds.byte),
    .init("specialAttack", \.specialAttack, in: FieldBounds.byte),
    .init("specialDefense", \.specialDefense, in: FieldBounds.byte),
    .init("speed", \.speed, in: FieldBounds.byte),
  ])
  static let placeholder = Stats(
    hp: 0,
    attack: 0,
    defense: 0,
    specialAttack: 0,
    specialDefense: 0,
    speed: 0
  )
}

extension AbilitySlot: SchemaModel {
  static let schema = Schema<AbilitySlot>([
    .init("ability", \.ability),
    .init("slot", \.slot, in: FieldBounds.abilitySlot),
    .init("isHidden", \.isHidden),
  ])
  static let placeholder = AbilitySlot(ability: "", slot: 0, isHidden: false)
  /// `overgrow (slot 1)`, `chlorophyll (slot 3, hidden)`.
  var changeDescription: String { "\(ability) (slot \(slot)\(isHidden ? ", hidden" : ""))" }
}

extension Evolution: SchemaModel {
  static let schema = Schema<Evolution>([
    .init("chainId", \.chainId, in: FieldBounds.chainId),
    .init("from", \.from),
    .init("to", \.to),
  ])
  static let placeholder = Evolution(chainId: 0, from: [], to: [])
}

extension EvolutionStep: SchemaModel {
  static let schema = Schema<EvolutionStep>([
    .init("from", \.from),
    .init("to", \.to),
    .init("trigger", \.trigger),
    .init("conditions", \.conditions),
  ])
  static let placeholder = EvolutionStep(from: "", to: "", trigger: "", conditions: [])
  /// `charmander -> charmeleon: level 16`.
  var changeDescription: String { "\(from) -> \(to): \(summary)" }
}

extension ShowdownSpecies: SchemaModel {
  static let schema = Schema<ShowdownSpecies>([
    .init("name", \.name),
    .init("id", \.id),
    .init("aliases", \.aliases),
    .init("formes", \.formes),
    .init("requiredItems", \.requiredItems),
    .init("requiredAbility", \.requiredAbility),
    .init("requiredMove", \.requiredMove),
    .init("battleOnly", \.battleOnly),
    .init("changesFrom", \.changesFrom),
    .init("generation", \.generation, in: FieldBounds.generation),
    .init("tags", \.tags),
    .init("tiers", \.tiers),
    .init("sharedWith", \.sharedWith),
  ])
  static let placeholder = ShowdownSpecies(name: "", id: "", generation: 1)
  /// `Indeedee-F`.
  var changeDescription: String { name }
}

extension ShowdownForme: SchemaModel {
  static let schema = Schema<ShowdownForme>([
    .init("name", \.name),
    .init("id", \.id),
    .init("aliases", \.aliases),
    .init("types", \.types),
    .init("requiredItems", \.requiredItems),
    .init("isCosmetic", \.isCosmetic),
    .init("isBattleOnly", \.isBattleOnly),
  ])
  static let placeholder = ShowdownForme(name: "", id: "", isCosmetic: false)
  /// `Arceus-Fairy`.
  var changeDescription: String { name }
}

extension ShowdownTiers: SchemaModel {
  static let schema = Schema<ShowdownTiers>([
    .init("generation", \.generation, in: FieldBounds.generation),
    .init("singles", \.singles),
    .init("doubles", \.doubles),
    .init("nationalDex", \.nationalDex),
    .init("isNonstandard", \.isNonstandard),
  ])
  static let placeholder = ShowdownTiers(generation: 1, singles: "", doubles: "", nationalDex: "")
  /// `gen 9`.
  var changeDescription: String { "gen \(generation)" }
}
