// The dex's JSON schema: every model's fields with their JSON keys, in the order the data
// file writes them. This is the one place a key is named: these tables drive the fast
// reader (`DexReader`), the record writer (`DexJSONWriter`) and the field-by-field
// comparison of `pokedex diff` (`DexComparison`). The `Codable` conformances (synthesized
// from the property names, which the keys equal) are the slow twin that tests check these
// tables against.
//
// Adding a field: add the property to the model and its initializer, then one line here.

extension Pokedex: SchemaModel {
  static let schema = Schema<Pokedex>([
    .init("schemaVersion", \.schemaVersion),
    .init("source", \.source),
    .init("languages", \.languages, table: \.identifier),
    .init("generations", \.generations, table: \.id),
    .init("types", \.types, table: \.identifier),
    .init("abilities", \.abilities, table: \.identifier),
    .records("pokemon", \.pokemon),
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
    .init("id", \.id),
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
    .init("id", \.id),
    .init("identifier", \.identifier),
    .init("region", \.region),
    .init("names", \.names),
  ])
  static let placeholder = Generation(id: 0, identifier: "", region: "", names: LocalizedNames())
}

extension TypeInfo: SchemaModel {
  static let schema = Schema<TypeInfo>([
    .init("id", \.id),
    .init("identifier", \.identifier),
    .init("generation", \.generation),
    .init("names", \.names),
    .init("damageFactors", \.damageFactors),
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
    .init("id", \.id),
    .init("identifier", \.identifier),
    .init("generation", \.generation),
    .init("names", \.names),
  ])
  static let placeholder = Ability(id: 0, identifier: "", generation: 0, names: LocalizedNames())
}

extension Pokemon: SchemaModel {
  static let schema = Schema<Pokemon>([
    .init("id", \.id),
    .init("nationalNumber", \.nationalNumber),
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
    .init("height", \.height),
    .init("weight", \.weight),
    .init("baseExperience", \.baseExperience),
    .init("generation", \.generation),
    .init("color", \.color),
    .init("shape", \.shape),
    .init("habitat", \.habitat),
    .init("eggGroups", \.eggGroups),
    .init("genderRate", \.genderRate),
    .init("captureRate", \.captureRate),
    .init("baseHappiness", \.baseHappiness),
    .init("hatchCounter", \.hatchCounter),
    .init("growthRate", \.growthRate),
    .init("isLegendary", \.isLegendary),
    .init("isMythical", \.isMythical),
    .init("isBaby", \.isBaby),
    .init("evolution", \.evolution),
    .init("dexNumbers", \.dexNumbers),
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
    dexNumbers: DexNumbers()
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
    .init("hp", \.hp),
    .init("attack", \.attack),
    .init("defense", \.defense),
    .init("specialAttack", \.specialAttack),
    .init("specialDefense", \.specialDefense),
    .init("speed", \.speed),
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
    .init("slot", \.slot),
    .init("isHidden", \.isHidden),
  ])
  static let placeholder = AbilitySlot(ability: "", slot: 0, isHidden: false)
  /// `overgrow (slot 1)`, `chlorophyll (slot 3, hidden)`.
  var changeDescription: String { "\(ability) (slot \(slot)\(isHidden ? ", hidden" : ""))" }
}

extension Evolution: SchemaModel {
  static let schema = Schema<Evolution>([
    .init("chainId", \.chainId),
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
