import Foundation

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
    let colors = try identifiers("pokemon_colors.csv")
    let shapes = try identifiers("pokemon_shapes.csv")
    let habitats = try identifiers("pokemon_habitats.csv")
    let growthRates = try identifiers("growth_rates.csv")
    let generations = try identifiers("generations.csv")
    let chains = try rowsById("evolution_chains.csv")
    let table = try self.table("pokemon_species.csv")
    let c = try SpeciesColumns(table)
    var species: [Int: SpeciesRecord] = [:]
    for row in 0..<table.rowCount {
      let id = try table.int(row: row, column: c.id)
      if species[id] != nil { throw table.invalid(row: row, column: c.id, expected: "a unique id") }
      let generation = try table.int(row: row, column: c.generation)
      if generations[generation] == nil {
        throw table.unknownReference(row: row, column: c.generation, table: "generations.csv")
      }
      let chainId = try table.int(row: row, column: c.chain)
      if chains[chainId] == nil {
        throw table.unknownReference(row: row, column: c.chain, table: "evolution_chains.csv")
      }
      species[id] = SpeciesRecord(
        identifier: table[row, c.identifier],
        generation: generation,
        evolvesFrom: try table.optionalInt(row: row, column: c.evolvesFrom),
        chainId: chainId,
        color: try lookup(colors, table, row: row, column: c.color, in: "pokemon_colors.csv"),
        shape: try optionalLookup(
          shapes,
          table,
          row: row,
          column: c.shape,
          in: "pokemon_shapes.csv"
        ),
        habitat: try optionalLookup(
          habitats,
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
          growthRates,
          table,
          row: row,
          column: c.growthRate,
          in: "growth_rates.csv"
        ),
        isLegendary: try table.bool(row: row, column: c.isLegendary),
        isMythical: try table.bool(row: row, column: c.isMythical)
      )
    }
    for row in 0..<table.rowCount {
      if let from = try table.optionalInt(row: row, column: c.evolvesFrom), species[from] == nil {
        throw table.unknownReference(row: row, column: c.evolvesFrom, table: "pokemon_species.csv")
      }
    }
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
    return species
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
    let species = try speciesRecords()
    let pokemonIds = try rowsById("pokemon.csv")
    let forms = try formRecords(pokemonIds: pokemonIds)
    let formIds = forms.mapValues(\.identifier)
    let formNames = try names(
      "pokemon_form_names.csv",
      owner: "pokemon_form_id",
      nameColumn: "form_name",
      owners: formIds,
      ownerTable: "pokemon_forms.csv"
    )
    let fullNames = try names(
      "pokemon_form_names.csv",
      owner: "pokemon_form_id",
      nameColumn: "pokemon_name"
    )
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

    let types = try slotted(
      "pokemon_types.csv",
      value: "type_id",
      names: try identifiers("types.csv"),
      valueTable: "types.csv",
      pokemonIds: pokemonIds
    )
    let abilities = try abilitySlots(pokemonIds: pokemonIds)
    let stats = try statBlocks(pokemonIds: pokemonIds)
    let evolution = try evolutionSteps(species: species, forms: forms, fullNames: fullNames)

    let table = try self.table("pokemon.csv")
    let (id, identifier, speciesColumn, height, weight, experience, isDefault) = (
      try table.column(named: "id"), try table.column(named: "identifier"),
      try table.column(named: "species_id"), try table.column(named: "height"),
      try table.column(named: "weight"), try table.column(named: "base_experience"),
      try table.column(named: "is_default")
    )
    var result: [Pokemon] = []
    result.reserveCapacity(table.rowCount)
    for row in 0..<table.rowCount {
      let pokemonId = try table.int(row: row, column: id)
      let speciesId = try table.int(row: row, column: speciesColumn)
      guard let record = species[speciesId] else {
        throw table.unknownReference(row: row, column: speciesColumn, table: "pokemon_species.csv")
      }
      let slug = table[row, identifier]
      let isDefaultPokemon = try table.bool(row: row, column: isDefault)
      guard let (base, effort) = stats[pokemonId] else {
        throw .missingData(
          file: "pokemon_stats.csv",
          message: "no stats for pokemon \(pokemonId) '\(slug)'"
        )
      }
      guard let typeList = types[pokemonId], !typeList.isEmpty else {
        throw .missingData(
          file: "pokemon_types.csv",
          message: "no types for pokemon \(pokemonId) '\(slug)'"
        )
      }
      var names = record.names
      var form: Form?
      var generation = record.generation
      if !isDefaultPokemon {
        guard let formId = defaultForm[pokemonId], let formRecord = forms[formId] else {
          throw .missingData(
            file: "pokemon_forms.csv",
            message: "no default form for pokemon \(pokemonId) '\(slug)'"
          )
        }
        names.merge(fullNames[formId] ?? [:]) { _, full in full }
        form = Self.form(
          formRecord,
          names: formNames[formId] ?? [:],
          pokemonSlug: slug,
          speciesSlug: record.identifier
        )
        generation = formRecord.introducedGeneration ?? record.generation
      }
      result.append(
        Pokemon(
          id: pokemonId,
          nationalNumber: speciesId,
          slug: slug,
          speciesSlug: record.identifier,
          names: names,
          genus: record.genus,
          form: form,
          isDefault: isDefaultPokemon,
          types: typeList,
          stats: base,
          evYield: effort,
          abilities: abilities[pokemonId] ?? [],
          height: Double(try table.int(row: row, column: height)) / 10,
          weight: Double(try table.int(row: row, column: weight)) / 10,
          baseExperience: try table.optionalInt(row: row, column: experience),
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
            from: evolution.into[speciesId] ?? [],
            to: evolution.outOf[speciesId] ?? []
          ),
          dexNumbers: DexNumbers(record.dexNumbers)
        )
      )
    }
    return result.sorted { $0.id < $1.id }
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
