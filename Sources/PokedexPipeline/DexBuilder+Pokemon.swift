import Foundation
import PokedexKit

/// What a Pokémon takes from its species.
struct SpeciesRecord {
  var identifier: String
  var generation: Int
  var evolvesFrom: Int?
  var chainId: Int
  var color: String
  var shape: String?
  var habitat: String?
  var genderRate: Int
  var captureRate: Int
  var baseHappiness: Int?
  var isBaby: Bool
  var hatchCounter: Int?
  var growthRate: String
  var isLegendary: Bool
  var isMythical: Bool
  var names: LocalizedNames = [:]
  var genus: LocalizedNames = [:]
  var eggGroups: [(id: Int, identifier: String)] = []
  var dexNumbers: [String: Int] = [:]
}

/// One row of `pokemon_forms.csv`.
struct FormRecord {
  var pokemonId: Int
  var identifier: String
  var formIdentifier: String
  var isDefault: Bool
  var isBattleOnly: Bool
  var isMega: Bool
  var introducedGeneration: Int?
}

extension BuildContext {
  /// Every species with its names, egg groups and dex numbers, by species id.
  mutating func speciesRecords() throws(DataPipelineError) -> [Int: SpeciesRecord] {
    var species = try speciesRows()
    try addSpeciesNames(to: &species)
    try addEggGroups(to: &species)
    try addDexNumbers(to: &species)
    return species
  }

  /// The rows of `pokemon_species.csv` by species id, each checked against the
  /// tables it refers to (`evolves_from_species_id` against the species themselves).
  private mutating func speciesRows() throws(DataPipelineError) -> [Int: SpeciesRecord] {
    let references = try SpeciesReferences(&self)
    let table = try self.table("pokemon_species.csv")
    let c = try SpeciesColumns(table)
    var species: [Int: SpeciesRecord] = [:]
    for row in 0..<table.rowCount {
      let id = try table.int(row: row, column: c.id)
      if species[id] != nil { throw table.invalid(row: row, column: c.id, expected: "a unique id") }
      species[id] = try speciesRecord(row: row, of: table, columns: c, references: references)
    }
    for row in 0..<table.rowCount {
      if let from = try table.optionalInt(row: row, column: c.evolvesFrom), species[from] == nil {
        throw table.unknownReference(row: row, column: c.evolvesFrom, table: "pokemon_species.csv")
      }
    }
    return species
  }

  /// One row of `pokemon_species.csv`, its references resolved; names, egg
  /// groups and dex numbers come later.
  private func speciesRecord(
    row: Int,
    of table: CSVTable,
    columns c: SpeciesColumns,
    references: SpeciesReferences
  ) throws(DataPipelineError) -> SpeciesRecord {
    let generation = try table.int(row: row, column: c.generation)
    if references.generations[generation] == nil {
      throw table.unknownReference(row: row, column: c.generation, table: "generations.csv")
    }
    let chainId = try table.int(row: row, column: c.chain)
    if references.chains[chainId] == nil {
      throw table.unknownReference(row: row, column: c.chain, table: "evolution_chains.csv")
    }
    return SpeciesRecord(
      identifier: table[row, c.identifier],
      generation: generation,
      evolvesFrom: try table.optionalInt(row: row, column: c.evolvesFrom),
      chainId: chainId,
      color: try lookup(
        references.colors,
        table,
        row: row,
        column: c.color,
        in: "pokemon_colors.csv"
      ),
      shape: try optionalLookup(
        references.shapes,
        table,
        row: row,
        column: c.shape,
        in: "pokemon_shapes.csv"
      ),
      habitat: try optionalLookup(
        references.habitats,
        table,
        row: row,
        column: c.habitat,
        in: "pokemon_habitats.csv"
      ),
      genderRate: try table.int(row: row, column: c.genderRate),
      captureRate: try table.int(row: row, column: c.captureRate),
      baseHappiness: try table.optionalInt(row: row, column: c.baseHappiness),
      isBaby: try table.bool(row: row, column: c.isBaby),
      hatchCounter: try table.optionalInt(row: row, column: c.hatchCounter),
      growthRate: try lookup(
        references.growthRates,
        table,
        row: row,
        column: c.growthRate,
        in: "growth_rates.csv"
      ),
      isLegendary: try table.bool(row: row, column: c.isLegendary),
      isMythical: try table.bool(row: row, column: c.isMythical)
    )
  }

  /// Adds each species' names and genus from `pokemon_species_names.csv`.
  private mutating func addSpeciesNames(
    to species: inout [Int: SpeciesRecord]
  ) throws(DataPipelineError) {
    let ownerIds = species.mapValues(\.identifier)
    for (id, names) in try names(
      "pokemon_species_names.csv",
      owner: "pokemon_species_id",
      owners: ownerIds,
      ownerTable: "pokemon_species.csv"
    ) {
      species[id]?.names = names
    }
    for (id, genus) in try names(
      "pokemon_species_names.csv",
      owner: "pokemon_species_id",
      nameColumn: "genus"
    ) {
      species[id]?.genus = genus
    }
  }

  /// Adds each species' egg groups from `pokemon_egg_groups.csv`.
  private mutating func addEggGroups(
    to species: inout [Int: SpeciesRecord]
  ) throws(DataPipelineError) {
    let eggGroups = try identifiers("egg_groups.csv")
    let eggTable = try self.table("pokemon_egg_groups.csv")
    let (eggSpecies, eggGroup) = (
      try eggTable.column(named: "species_id"), try eggTable.column(named: "egg_group_id")
    )
    for row in 0..<eggTable.rowCount {
      let speciesId = try eggTable.int(row: row, column: eggSpecies)
      guard species[speciesId] != nil else {
        throw eggTable.unknownReference(row: row, column: eggSpecies, table: "pokemon_species.csv")
      }
      let groupId = try eggTable.int(row: row, column: eggGroup)
      let group = try lookup(eggGroups, eggTable, row: row, column: eggGroup, in: "egg_groups.csv")
      species[speciesId]?.eggGroups.append((groupId, group))
    }
  }

  /// Adds each species' regional dex numbers from `pokemon_dex_numbers.csv`.
  private mutating func addDexNumbers(
    to species: inout [Int: SpeciesRecord]
  ) throws(DataPipelineError) {
    let pokedexes = try identifiers("pokedexes.csv")
    let dexTable = try self.table("pokemon_dex_numbers.csv")
    let (dexSpecies, dex, number) = (
      try dexTable.column(named: "species_id"), try dexTable.column(named: "pokedex_id"),
      try dexTable.column(named: "pokedex_number")
    )
    for row in 0..<dexTable.rowCount {
      let speciesId = try dexTable.int(row: row, column: dexSpecies)
      guard species[speciesId] != nil else {
        throw dexTable.unknownReference(row: row, column: dexSpecies, table: "pokemon_species.csv")
      }
      let pokedex = try lookup(pokedexes, dexTable, row: row, column: dex, in: "pokedexes.csv")
      species[speciesId]?.dexNumbers[pokedex] = try dexTable.int(row: row, column: number)
    }
  }

  /// Every row of `pokemon_forms.csv`, by form id.
  mutating func formRecords(pokemonIds: [Int: Int]) throws(DataPipelineError) -> [Int: FormRecord] {
    let versionGroups = try self.table("version_groups.csv")
    let (groupId, groupGeneration) = (
      try versionGroups.column(named: "id"), try versionGroups.column(named: "generation_id")
    )
    var generationOfGroup: [Int: Int] = [:]
    for row in 0..<versionGroups.rowCount {
      generationOfGroup[try versionGroups.int(row: row, column: groupId)] = try versionGroups.int(
        row: row,
        column: groupGeneration
      )
    }
    let table = try self.table("pokemon_forms.csv")
    let (id, identifier, formIdentifier, pokemon) = (
      try table.column(named: "id"), try table.column(named: "identifier"),
      try table.column(named: "form_identifier"), try table.column(named: "pokemon_id")
    )
    let (introduced, isDefault, isBattleOnly, isMega) = (
      try table.column(named: "introduced_in_version_group_id"),
      try table.column(named: "is_default"), try table.column(named: "is_battle_only"),
      try table.column(named: "is_mega")
    )
    var forms: [Int: FormRecord] = [:]
    for row in 0..<table.rowCount {
      let pokemonId = try table.int(row: row, column: pokemon)
      guard pokemonIds[pokemonId] != nil else {
        throw table.unknownReference(row: row, column: pokemon, table: "pokemon.csv")
      }
      forms[try table.int(row: row, column: id)] = FormRecord(
        pokemonId: pokemonId,
        identifier: table[row, identifier],
        formIdentifier: table[row, formIdentifier],
        isDefault: try table.bool(row: row, column: isDefault),
        isBattleOnly: try table.bool(row: row, column: isBattleOnly),
        isMega: try table.bool(row: row, column: isMega),
        introducedGeneration: try optionalLookup(
          generationOfGroup,
          table,
          row: row,
          column: introduced,
          in: "version_groups.csv"
        )
      )
    }
    return forms
  }

  /// Every Pokémon, sorted by id.
  mutating func pokemon() throws(DataPipelineError) -> [Pokemon] {
    let sources = try PokemonSources(&self)
    let table = try self.table("pokemon.csv")
    let columns = try PokemonColumns(table)
    var result: [Pokemon] = []
    result.reserveCapacity(table.rowCount)
    for row in 0..<table.rowCount {
      result.append(try pokemon(row: row, of: table, columns: columns, sources: sources))
    }
    return result.sorted { $0.id < $1.id }
  }

  /// The default form of each Pokémon that has forms: the one marked default
  /// (two marked default is an error), else the lowest-id form.
  static func defaultForms(_ forms: [Int: FormRecord]) throws(DataPipelineError) -> [Int: Int] {
    var defaultForm: [Int: Int] = [:]
    for (formId, form) in forms.sorted(by: { $0.key < $1.key }) where form.isDefault {
      if let other = defaultForm[form.pokemonId] {
        throw .missingData(
          file: "pokemon_forms.csv",
          message:
            "forms \(other) and \(formId) are both the default form of pokemon \(form.pokemonId)"
        )
      }
      defaultForm[form.pokemonId] = formId
    }
    // A few Pokémon (Koraidon's and Miraidon's builds) have forms but none marked
    // default: their lowest-id form stands for them.
    for (formId, form) in forms.sorted(by: { $0.key < $1.key })
    where defaultForm[form.pokemonId] == nil {
      defaultForm[form.pokemonId] = formId
    }
    return defaultForm
  }

  /// One row of `pokemon.csv` as a Pokémon, with what it takes from its
  /// species, its form and the other tables.
  private func pokemon(
    row: Int,
    of table: CSVTable,
    columns c: PokemonColumns,
    sources: PokemonSources
  ) throws(DataPipelineError) -> Pokemon {
    let pokemonId = try table.int(row: row, column: c.id)
    let speciesId = try table.int(row: row, column: c.species)
    guard let record = sources.species[speciesId] else {
      throw table.unknownReference(row: row, column: c.species, table: "pokemon_species.csv")
    }
    let slug = table[row, c.identifier]
    let isDefault = try table.bool(row: row, column: c.isDefault)
    guard let (base, effort) = sources.stats[pokemonId] else {
      throw .missingData(
        file: "pokemon_stats.csv",
        message: "no stats for pokemon \(pokemonId) '\(slug)'"
      )
    }
    guard let types = sources.types[pokemonId], !types.isEmpty else {
      throw .missingData(
        file: "pokemon_types.csv",
        message: "no types for pokemon \(pokemonId) '\(slug)'"
      )
    }
    var (names, form, generation) = (record.names, Form?.none, record.generation)
    if !isDefault {
      (names, form, generation) = try sources.formDetails(of: pokemonId, slug, species: record)
    }
    return Pokemon(
      id: pokemonId,
      nationalNumber: speciesId,
      slug: slug,
      speciesSlug: record.identifier,
      names: names,
      genus: record.genus,
      form: form,
      isDefault: isDefault,
      types: types,
      stats: base,
      evYield: effort,
      abilities: sources.abilities[pokemonId] ?? [],
      height: Double(try table.int(row: row, column: c.height)) / 10,
      weight: Double(try table.int(row: row, column: c.weight)) / 10,
      baseExperience: try table.optionalInt(row: row, column: c.experience),
      generation: generation,
      color: record.color,
      shape: record.shape,
      habitat: record.habitat,
      eggGroups: record.eggGroups.sorted { $0.id < $1.id }.map(\.identifier),
      genderRate: record.genderRate,
      captureRate: record.captureRate,
      baseHappiness: record.baseHappiness,
      hatchCounter: record.hatchCounter,
      growthRate: record.growthRate,
      isLegendary: record.isLegendary,
      isMythical: record.isMythical,
      isBaby: record.isBaby,
      evolution: Evolution(
        chainId: record.chainId,
        from: sources.evolution.into[speciesId] ?? [],
        to: sources.evolution.outOf[speciesId] ?? []
      ),
      dexNumbers: DexNumbers(record.dexNumbers)
    )
  }

  /// The regions whose variants PokeAPI marks in form identifiers.
  static let regionalForms: Set<String> = ["alola", "galar", "hisui", "paldea"]

  /// A form and its flags, derived from its `pokemon_forms.csv` row.
  static func form(
    _ record: FormRecord,
    names: LocalizedNames,
    pokemonSlug: String,
    speciesSlug: String
  ) -> Form {
    var slug = record.formIdentifier
    if slug.isEmpty {
      slug =
        pokemonSlug.hasPrefix(speciesSlug + "-")
        ? String(pokemonSlug.dropFirst(speciesSlug.count + 1)) : pokemonSlug
    }
    let parts = slug.split(separator: "-").map(String.init)
    let isCap = parts.last == "cap"
    let region = isCap ? nil : parts.first(where: { regionalForms.contains($0) })
    return Form(
      slug: slug,
      names: names,
      isMega: record.isMega,
      isBattleOnly: record.isBattleOnly,
      isGigantamax: parts.last == "gmax",
      region: region
    )
  }

  /// Reads a `(pokemon_id, value, slot)` table into value identifiers in slot order.
  mutating func slotted(
    _ name: String,
    value: String,
    names: [Int: String],
    valueTable: String,
    pokemonIds: [Int: Int]
  ) throws(DataPipelineError) -> [Int: [String]] {
    let table = try self.table(name)
    let (pokemon, valueColumn, slot) = (
      try table.column(named: "pokemon_id"), try table.column(named: value),
      try table.column(named: "slot")
    )
    var slots: [Int: [(slot: Int, value: String)]] = [:]
    for row in 0..<table.rowCount {
      let pokemonId = try table.int(row: row, column: pokemon)
      guard pokemonIds[pokemonId] != nil else {
        throw table.unknownReference(row: row, column: pokemon, table: "pokemon.csv")
      }
      let entry = try lookup(names, table, row: row, column: valueColumn, in: valueTable)
      slots[pokemonId, default: []].append((try table.int(row: row, column: slot), entry))
    }
    return slots.mapValues { $0.sorted { $0.slot < $1.slot }.map(\.value) }
  }

  /// Every Pokémon's abilities in slot order.
  mutating func abilitySlots(pokemonIds: [Int: Int]) throws(DataPipelineError) -> [Int:
    [AbilitySlot]]
  {
    let abilities = try identifiers("abilities.csv")
    let table = try self.table("pokemon_abilities.csv")
    let (pokemon, ability, hidden, slot) = (
      try table.column(named: "pokemon_id"), try table.column(named: "ability_id"),
      try table.column(named: "is_hidden"), try table.column(named: "slot")
    )
    var result: [Int: [AbilitySlot]] = [:]
    for row in 0..<table.rowCount {
      let pokemonId = try table.int(row: row, column: pokemon)
      guard pokemonIds[pokemonId] != nil else {
        throw table.unknownReference(row: row, column: pokemon, table: "pokemon.csv")
      }
      result[pokemonId, default: []].append(
        AbilitySlot(
          ability: try lookup(abilities, table, row: row, column: ability, in: "abilities.csv"),
          slot: try table.int(row: row, column: slot),
          isHidden: try table.bool(row: row, column: hidden)
        )
      )
    }
    return result.mapValues { $0.sorted { ($0.slot, $0.ability) < ($1.slot, $1.ability) } }
  }

  /// Every Pokémon's base stats and effort yield.
  mutating func statBlocks(
    pokemonIds: [Int: Int]
  ) throws(DataPipelineError) -> [Int: (base: Stats, effort: Stats)] {
    let statNames = try identifiers("stats.csv")
    let table = try self.table("pokemon_stats.csv")
    let (pokemon, stat, base, effort) = (
      try table.column(named: "pokemon_id"), try table.column(named: "stat_id"),
      try table.column(named: "base_stat"), try table.column(named: "effort")
    )
    var values: [Int: [String: (base: Int, effort: Int)]] = [:]
    for row in 0..<table.rowCount {
      let pokemonId = try table.int(row: row, column: pokemon)
      guard pokemonIds[pokemonId] != nil else {
        throw table.unknownReference(row: row, column: pokemon, table: "pokemon.csv")
      }
      let name = try lookup(statNames, table, row: row, column: stat, in: "stats.csv")
      values[pokemonId, default: [:]][name] = (
        try table.int(row: row, column: base), try table.int(row: row, column: effort)
      )
    }
    var result: [Int: (base: Stats, effort: Stats)] = [:]
    let order = ["hp", "attack", "defense", "special-attack", "special-defense", "speed"]
    for (pokemonId, stats) in values {
      var base: [Int] = []
      var effort: [Int] = []
      for name in order {
        guard let value = stats[name] else {
          throw .missingData(
            file: "pokemon_stats.csv",
            message: "no '\(name)' stat for pokemon \(pokemonId)"
          )
        }
        base.append(value.base)
        effort.append(value.effort)
      }
      result[pokemonId] = (
        Stats(
          hp: base[0],
          attack: base[1],
          defense: base[2],
          specialAttack: base[3],
          specialDefense: base[4],
          speed: base[5]
        ),
        Stats(
          hp: effort[0],
          attack: effort[1],
          defense: effort[2],
          specialAttack: effort[3],
          specialDefense: effort[4],
          speed: effort[5]
        )
      )
    }
    return result
  }
}

/// The columns of `pokemon_species.csv` the build reads.
struct SpeciesColumns {
  let id, identifier, generation, evolvesFrom, chain, color, shape, habitat: Int
  let genderRate, captureRate, baseHappiness, isBaby, hatchCounter, growthRate: Int
  let isLegendary, isMythical: Int

  init(_ table: CSVTable) throws(DataPipelineError) {
    id = try table.column(named: "id")
    identifier = try table.column(named: "identifier")
    generation = try table.column(named: "generation_id")
    evolvesFrom = try table.column(named: "evolves_from_species_id")
    chain = try table.column(named: "evolution_chain_id")
    color = try table.column(named: "color_id")
    shape = try table.column(named: "shape_id")
    habitat = try table.column(named: "habitat_id")
    genderRate = try table.column(named: "gender_rate")
    captureRate = try table.column(named: "capture_rate")
    baseHappiness = try table.column(named: "base_happiness")
    isBaby = try table.column(named: "is_baby")
    hatchCounter = try table.column(named: "hatch_counter")
    growthRate = try table.column(named: "growth_rate_id")
    isLegendary = try table.column(named: "is_legendary")
    isMythical = try table.column(named: "is_mythical")
  }
}

/// The tables `pokemon_species.csv` refers to, by id.
struct SpeciesReferences {
  let colors, shapes, habitats, growthRates, generations: [Int: String]
  let chains: [Int: Int]

  /// Reads the tables, in the order their errors are reported.
  init(_ context: inout BuildContext) throws(DataPipelineError) {
    colors = try context.identifiers("pokemon_colors.csv")
    shapes = try context.identifiers("pokemon_shapes.csv")
    habitats = try context.identifiers("pokemon_habitats.csv")
    growthRates = try context.identifiers("growth_rates.csv")
    generations = try context.identifiers("generations.csv")
    chains = try context.rowsById("evolution_chains.csv")
  }
}

/// The columns of `pokemon.csv` the build reads.
struct PokemonColumns {
  let id, identifier, species, height, weight, experience, isDefault: Int

  init(_ table: CSVTable) throws(DataPipelineError) {
    id = try table.column(named: "id")
    identifier = try table.column(named: "identifier")
    species = try table.column(named: "species_id")
    height = try table.column(named: "height")
    weight = try table.column(named: "weight")
    experience = try table.column(named: "base_experience")
    isDefault = try table.column(named: "is_default")
  }
}

/// Everything a row of `pokemon.csv` is completed with: species, forms and
/// their names, types, abilities, stats and evolution steps.
struct PokemonSources {
  let species: [Int: SpeciesRecord]
  let forms: [Int: FormRecord]
  /// The default form of each Pokémon that has forms.
  let defaultForm: [Int: Int]
  let formNames: [Int: LocalizedNames]
  let fullNames: [Int: LocalizedNames]
  let types: [Int: [String]]
  let abilities: [Int: [AbilitySlot]]
  let stats: [Int: (base: Stats, effort: Stats)]
  let evolution: (into: [Int: [EvolutionStep]], outOf: [Int: [EvolutionStep]])

  /// Reads the tables, in the order their errors are reported.
  init(_ context: inout BuildContext) throws(DataPipelineError) {
    species = try context.speciesRecords()
    let pokemonIds = try context.rowsById("pokemon.csv")
    forms = try context.formRecords(pokemonIds: pokemonIds)
    formNames = try context.names(
      "pokemon_form_names.csv",
      owner: "pokemon_form_id",
      nameColumn: "form_name",
      owners: forms.mapValues(\.identifier),
      ownerTable: "pokemon_forms.csv"
    )
    fullNames = try context.names(
      "pokemon_form_names.csv",
      owner: "pokemon_form_id",
      nameColumn: "pokemon_name"
    )
    defaultForm = try BuildContext.defaultForms(forms)
    types = try context.slotted(
      "pokemon_types.csv",
      value: "type_id",
      names: try context.identifiers("types.csv"),
      valueTable: "types.csv",
      pokemonIds: pokemonIds
    )
    abilities = try context.abilitySlots(pokemonIds: pokemonIds)
    stats = try context.statBlocks(pokemonIds: pokemonIds)
    evolution = try context.evolutionSteps(species: species, forms: forms, fullNames: fullNames)
  }

  /// The names, form and generation of the alternate Pokémon `pokemonId`
  /// (slug `slug`), from its default form.
  func formDetails(
    of pokemonId: Int,
    _ slug: String,
    species record: SpeciesRecord
  ) throws(DataPipelineError) -> (LocalizedNames, Form?, Int) {
    guard let formId = defaultForm[pokemonId], let formRecord = forms[formId] else {
      throw .missingData(
        file: "pokemon_forms.csv",
        message: "no default form for pokemon \(pokemonId) '\(slug)'"
      )
    }
    var names = record.names
    names.merge(fullNames[formId] ?? [:]) { _, full in full }
    let form = BuildContext.form(
      formRecord,
      names: formNames[formId] ?? [:],
      pokemonSlug: slug,
      speciesSlug: record.identifier
    )
    return (names, form, formRecord.introducedGeneration ?? record.generation)
  }
}
