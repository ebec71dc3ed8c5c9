import PokedexKit

/// The columns of `pokemon_evolution.csv` the build reads.
struct EvolutionColumns {
  let id, evolved, trigger, isDefault, triggerItem, minimumLevel, gender, location, heldItem: Int
  let timeOfDay, knownMove, knownMoveType, minimumHappiness, minimumBeauty, minimumAffection: Int
  let relativePhysicalStats, partySpecies, partyType, tradeSpecies, needsOverworldRain: Int
  let turnUpsideDown, needsMultiplayer, nearSpecialRock, region, baseForm, evolvedForm: Int
  let usedMove, minimumMoveCount, minimumSteps, minimumDamageTaken: Int

  init(_ table: CSVTable) throws(DataPipelineError) {
    id = try table.column(named: "id")
    evolved = try table.column(named: "evolved_species_id")
    trigger = try table.column(named: "evolution_trigger_id")
    isDefault = try table.column(named: "is_default")
    triggerItem = try table.column(named: "trigger_item_id")
    minimumLevel = try table.column(named: "minimum_level")
    gender = try table.column(named: "gender_id")
    location = try table.column(named: "location_id")
    heldItem = try table.column(named: "held_item_id")
    timeOfDay = try table.column(named: "time_of_day")
    knownMove = try table.column(named: "known_move_id")
    knownMoveType = try table.column(named: "known_move_type_id")
    minimumHappiness = try table.column(named: "minimum_happiness")
    minimumBeauty = try table.column(named: "minimum_beauty")
    minimumAffection = try table.column(named: "minimum_affection")
    relativePhysicalStats = try table.column(named: "relative_physical_stats")
    partySpecies = try table.column(named: "party_species_id")
    partyType = try table.column(named: "party_type_id")
    tradeSpecies = try table.column(named: "trade_species_id")
    needsOverworldRain = try table.column(named: "needs_overworld_rain")
    turnUpsideDown = try table.column(named: "turn_upside_down")
    needsMultiplayer = try table.column(named: "needs_multiplayer")
    nearSpecialRock = try table.column(named: "near_special_rock")
    region = try table.column(named: "region_id")
    baseForm = try table.column(named: "base_form_id")
    evolvedForm = try table.column(named: "evolved_form_id")
    usedMove = try table.column(named: "used_move_id")
    minimumMoveCount = try table.column(named: "minimum_move_count")
    minimumSteps = try table.column(named: "minimum_steps")
    minimumDamageTaken = try table.column(named: "minimum_damage_taken")
  }
}

/// English names the evolution conditions are written with.
struct EvolutionVocabulary {
  var items: [Int: String]
  var species: [Int: String]
  var types: [Int: String]
  var regions: [Int: String]
  var triggers: [Int: String]
  var triggerPhrases: [Int: String]
  var genders: [Int: String]
  /// Move id to its English name (`102` to `"Mimic"`).
  var moves: [Int: String]
  /// Pokémon id to its form's English name, `nil` for a default Pokémon.
  var forms: [Int: String?]
}

extension BuildContext {
  /// Every evolution step, keyed by the species it leads into and by the one it starts from.
  ///
  /// Rows are read in PokeAPI's order of preference (`is_default` rows first,
  /// then by row id) and identical steps, once rendered, are kept once.
  mutating func evolutionSteps(
    species: [Int: SpeciesRecord],
    forms: [Int: FormRecord],
    fullNames: [Int: LocalizedNames]
  ) throws(DataPipelineError) -> (into: [Int: [EvolutionStep]], outOf: [Int: [EvolutionStep]]) {
    let words = try evolutionVocabulary(species: species, forms: forms, fullNames: fullNames)
    let table = try self.table("pokemon_evolution.csv")
    let c = try EvolutionColumns(table)
    var order: [(isDefault: Bool, id: Int, row: Int)] = []
    for row in 0..<table.rowCount {
      order.append(
        (
          try table.bool(row: row, column: c.isDefault), try table.int(row: row, column: c.id),
          row
        )
      )
    }
    order.sort { ($0.isDefault ? 0 : 1, $0.id) < ($1.isDefault ? 0 : 1, $1.id) }
    var into: [Int: [EvolutionStep]] = [:]
    for (_, _, row) in order {
      let evolvedId = try table.int(row: row, column: c.evolved)
      guard let evolved = species[evolvedId] else {
        throw table.unknownReference(row: row, column: c.evolved, table: "pokemon_species.csv")
      }
      guard let fromId = evolved.evolvesFrom, let from = species[fromId] else {
        throw .missingData(
          file: "pokemon_species.csv",
          message:
            "species \(evolvedId) '\(evolved.identifier)' has rows in pokemon_evolution.csv but no evolves_from_species_id"
        )
      }
      guard let trigger = words.triggers[try table.int(row: row, column: c.trigger)] else {
        throw table.unknownReference(row: row, column: c.trigger, table: "evolution_triggers.csv")
      }
      let step = EvolutionStep(
        from: from.identifier,
        to: evolved.identifier,
        trigger: trigger,
        conditions: try conditions(table, row: row, columns: c, trigger: trigger, words: words)
      )
      if !(into[evolvedId] ?? []).contains(step) { into[evolvedId, default: []].append(step) }
    }
    into = try applyingSupplements(to: into, species: species, forms: forms)
    var outOf: [Int: [EvolutionStep]] = [:]
    for (speciesId, record) in species.sorted(by: { $0.key < $1.key }) {
      guard let fromId = record.evolvesFrom else { continue }
      guard let from = species[fromId] else { continue }
      if into[speciesId, default: []].isEmpty {
        // The species evolves outside the main-series games (Melmetal in Pokémon GO):
        // PokeAPI has no row, so the link is kept with the generic trigger.
        into[speciesId] = [
          EvolutionStep(
            from: from.identifier,
            to: record.identifier,
            trigger: "other",
            conditions: []
          )
        ]
      }
      outOf[fromId, default: []].append(contentsOf: into[speciesId] ?? [])
    }
    return (into, outOf)
  }

  /// Reads the English names the conditions use.
  mutating func evolutionVocabulary(
    species: [Int: SpeciesRecord],
    forms: [Int: FormRecord],
    fullNames: [Int: LocalizedNames]
  ) throws(DataPipelineError) -> EvolutionVocabulary {
    let english = languageIdentifiers[englishLanguageId] ?? "en"
    let triggers = try identifiers("evolution_triggers.csv")
    let triggerPhrases = try names(
      "evolution_trigger_prose.csv",
      owner: "evolution_trigger_id",
      owners: triggers,
      ownerTable: "evolution_triggers.csv"
    ).compactMapValues { $0[english] }
    let items = try names("item_names.csv", owner: "item_id").compactMapValues { $0[english] }
    let typeIds = try identifiers("types.csv")
    let types = try names(
      "type_names.csv",
      owner: "type_id",
      owners: typeIds,
      ownerTable: "types.csv"
    ).compactMapValues { $0[english] }
    let moveIds = try identifiers("moves.csv")
    let moves = try names(
      "move_names.csv",
      owner: "move_id",
      owners: moveIds,
      ownerTable: "moves.csv"
    ).compactMapValues { $0[english] }
    let regionIds = try identifiers("regions.csv")
    let regions = try names(
      "region_names.csv",
      owner: "region_id",
      owners: regionIds,
      ownerTable: "regions.csv"
    ).compactMapValues { $0[english] }
    // `base_form_id` and `evolved_form_id` hold Pokémon ids (10103 is vulpix-alola).
    let pokemonTable = try self.table("pokemon.csv")
    let (pokemonId, pokemonSlug, pokemonDefault) = (
      try pokemonTable.column(named: "id"), try pokemonTable.column(named: "identifier"),
      try pokemonTable.column(named: "is_default")
    )
    var defaultFormName: [Int: String] = [:]
    for (formId, form) in forms.sorted(by: { $0.key > $1.key }) {
      if let name = fullNames[formId]?[english],
        form.isDefault || defaultFormName[form.pokemonId] == nil
      {
        defaultFormName[form.pokemonId] = name
      }
    }
    var formNames: [Int: String?] = [:]
    for row in 0..<pokemonTable.rowCount {
      let id = try pokemonTable.int(row: row, column: pokemonId)
      if try pokemonTable.bool(row: row, column: pokemonDefault) {
        formNames[id] = .some(nil)
      } else {
        formNames[id] = .some(defaultFormName[id] ?? pokemonTable[row, pokemonSlug])
      }
    }
    return EvolutionVocabulary(
      items: items,
      species: species.mapValues { $0.names[english] ?? $0.identifier },
      types: types,
      regions: regions,
      triggers: triggers,
      triggerPhrases: triggerPhrases,
      genders: try identifiers("genders.csv"),
      moves: moves,
      forms: formNames
    )
  }

  /// The readable conditions of one `pokemon_evolution.csv` row, in a fixed order.
  func conditions(
    _ table: CSVTable,
    row: Int,
    columns c: EvolutionColumns,
    trigger: String,
    words: EvolutionVocabulary
  ) throws(DataPipelineError) -> [String] {
    let evolution = EvolutionRow(table: table, row: row, columns: c, words: words)
    var result = try evolution.triggerConditions(trigger)
    try evolution.appendCircumstances(to: &result)
    try evolution.appendRequirements(to: &result)
    try evolution.appendCompanions(trigger: trigger, to: &result)
    try evolution.appendFormsAndCounts(to: &result)
    if try evolution.triggerPhraseIsRedundant(trigger), result.count > 1 { result.removeFirst() }
    return result
  }
}

/// One row of `pokemon_evolution.csv`, read into readable conditions.
///
/// Each step appends its conditions in the order they are printed, reading
/// columns in that order, so the first bad cell is the one reported.
struct EvolutionRow {
  let table: CSVTable
  let row: Int
  let columns: EvolutionColumns
  let words: EvolutionVocabulary

  /// The value of the id in `column` in `map`; `nil` when the cell is empty.
  private func name<Value>(
    _ column: Int,
    _ map: [Int: Value],
    _ tableName: String
  ) throws(DataPipelineError) -> Value? {
    guard let id = try table.optionalInt(row: row, column: column) else { return nil }
    guard let value = map[id] else {
      throw table.unknownReference(row: row, column: column, table: tableName)
    }
    return value
  }

  private func int(_ column: Int) throws(DataPipelineError) -> Int? {
    try table.optionalInt(row: row, column: column)
  }

  private func flag(_ column: Int) throws(DataPipelineError) -> Bool {
    try int(column) == 1
  }

  /// The trigger (`level 16`, `use Fire Stone`, `trade holding Metal Coat for Shelmet`)
  /// and the item used or held.
  func triggerConditions(_ trigger: String) throws(DataPipelineError) -> [String] {
    let c = columns
    var result: [String] = []
    let level = try int(c.minimumLevel)
    let item = try name(c.triggerItem, words.items, "item_names.csv (English)")
    var held = try name(c.heldItem, words.items, "item_names.csv (English)")
    switch trigger {
    case "level-up":
      result.append(level.map { "level \($0)" } ?? "level up")
    case "use-item":
      result.append("use " + (item ?? "an item"))
    case "trade":
      var text = "trade"
      if let heldItem = held { text += " holding \(heldItem)" }
      held = nil
      if let other = try name(c.tradeSpecies, words.species, "pokemon_species.csv") {
        text += " for \(other)"
      }
      result.append(text)
    default:
      let phrase = words.triggerPhrases[try table.int(row: row, column: c.trigger)] ?? trigger
      result.append(phrase.prefix(1).lowercased() + phrase.dropFirst())
      if let level { result.append("level \(level)") }
    }
    if trigger != "use-item", let item { result.append("using \(item)") }
    if let held { result.append("holding \(held)") }
    return result
  }

  /// Whether the trigger's phrase says nothing the other conditions do not: `other`
  /// (Maushold: "level 25" says it) and `use move` when the move is named ("after using
  /// Rage Fist 20 times").
  func triggerPhraseIsRedundant(_ trigger: String) throws(DataPipelineError) -> Bool {
    switch trigger {
    case "other": return true
    case "use-move": return try int(columns.usedMove) != nil
    default: return false
    }
  }

  /// Gender, place and time of day.
  func appendCircumstances(to result: inout [String]) throws(DataPipelineError) {
    let c = columns
    if let gender = try name(c.gender, words.genders, "genders.csv") { result.append(gender) }
    if try flag(c.nearSpecialRock) {
      result.append("near a special rock")
    } else if try int(c.location) != nil {
      result.append("at a special location")
    }
    if let time = table.optionalString(row: row, column: c.timeOfDay) {
      let phrases = ["day": "daytime", "night": "nighttime", "full-moon": "full moon"]
      result.append(phrases[time] ?? time)
    }
  }

  /// Moves known, friendship, beauty, affection and Attack against Defense.
  func appendRequirements(to result: inout [String]) throws(DataPipelineError) {
    let c = columns
    if let move = try name(c.knownMove, words.moves, "move_names.csv (English)") {
      result.append("knowing \(move)")
    }
    if let type = try name(c.knownMoveType, words.types, "type_names.csv (English)") {
      result.append("knowing a \(type)-type move")
    }
    if let happiness = try int(c.minimumHappiness) {
      result.append(happiness == 160 ? "high friendship" : "friendship \(happiness) or more")
    }
    if let beauty = try int(c.minimumBeauty) { result.append("beauty \(beauty) or more") }
    if let affection = try int(c.minimumAffection) {
      result.append("affection \(affection) or more")
    }
    switch try int(c.relativePhysicalStats) {
    case 1: result.append("Attack higher than Defense")
    case -1: result.append("Attack lower than Defense")
    case 0: result.append("Attack equal to Defense")
    case nil: break
    default:
      throw table.invalid(row: row, column: c.relativePhysicalStats, expected: "-1, 0 or 1")
    }
  }

  /// The party, the species traded for (outside a trade), the weather, the
  /// console, multiplayer and the region.
  func appendCompanions(trigger: String, to result: inout [String]) throws(DataPipelineError) {
    let c = columns
    if let other = try name(c.partySpecies, words.species, "pokemon_species.csv") {
      result.append("with \(other) in the party")
    }
    if let type = try name(c.partyType, words.types, "type_names.csv (English)") {
      result.append("with a \(type)-type Pokémon in the party")
    }
    if trigger != "trade",
      let other = try name(c.tradeSpecies, words.species, "pokemon_species.csv")
    {
      result.append("for \(other)")
    }
    if try flag(c.needsOverworldRain) { result.append("while it rains in the overworld") }
    if try flag(c.turnUpsideDown) { result.append("with the console upside down") }
    if try flag(c.needsMultiplayer) { result.append("in multiplayer") }
    if let region = try name(c.region, words.regions, "region_names.csv (English)") {
      result.append("in \(region)")
    }
  }

  /// The forms evolved from and into, then moves used, steps walked and damage taken.
  func appendFormsAndCounts(to result: inout [String]) throws(DataPipelineError) {
    let c = columns
    if let form = try name(c.baseForm, words.forms, "pokemon.csv"), let form {
      result.append("from \(form)")
    }
    if let form = try name(c.evolvedForm, words.forms, "pokemon.csv"), let form {
      result.append("into \(form)")
    }
    if let move = try name(c.usedMove, words.moves, "move_names.csv (English)") {
      let count = try int(c.minimumMoveCount)
      result.append("after using \(move)" + (count.map { " \($0) times" } ?? ""))
    }
    if let steps = try int(c.minimumSteps) { result.append("after walking \(steps) steps") }
    if let damage = try int(c.minimumDamageTaken) {
      result.append("after taking \(damage) damage or more")
    }
  }
}
