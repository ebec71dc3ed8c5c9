extension DexComparison {
  /// The fields that differ between two versions of a Pokémon, in the order
  /// of the data file's keys (`id` is the identity, so never among them).
  ///
  /// ```swift
  /// DexComparison.fieldChanges(from: pikachu, to: buffedPikachu)
  /// // [stats.hp: 35 -> 40, types: [electric] -> [electric, fairy]]
  /// ```
  ///
  /// - Complexity: O(*f*) in the number of fields, names and dex numbers.
  public static func fieldChanges(from old: Pokemon, to new: Pokemon) -> [FieldChange] {
    guard old != new else { return [] }
    var fields = FieldRecorder()
    fields.compare("nationalNumber", old.nationalNumber, new.nationalNumber)
    fields.compare("slug", old.slug, new.slug)
    fields.compare("speciesSlug", old.speciesSlug, new.speciesSlug)
    fields.compare("names", old.names, new.names)
    fields.compare("genus", old.genus, new.genus)
    switch (old.form, new.form) {
    case (let before?, let after?): compareForms(&fields, before, after)
    case (nil, let after?): fields.record("form", .absent, .string(after.slug))
    case (let before?, nil): fields.record("form", .string(before.slug), .absent)
    case (nil, nil): break
    }
    fields.compare("isDefault", old.isDefault, new.isDefault)
    fields.compare("types", old.types, new.types)
    compareStats(&fields, "stats", old.stats, new.stats)
    compareStats(&fields, "evYield", old.evYield, new.evYield)
    fields.compare("abilities", old.abilities.map(describe), new.abilities.map(describe))
    fields.compare("height", old.height, new.height)
    fields.compare("weight", old.weight, new.weight)
    fields.compare("baseExperience", old.baseExperience, new.baseExperience)
    fields.compare("generation", old.generation, new.generation)
    fields.compare("color", old.color, new.color)
    fields.compare("shape", old.shape, new.shape)
    fields.compare("habitat", old.habitat, new.habitat)
    fields.compare("eggGroups", old.eggGroups, new.eggGroups)
    fields.compare("genderRate", old.genderRate, new.genderRate)
    fields.compare("captureRate", old.captureRate, new.captureRate)
    fields.compare("baseHappiness", old.baseHappiness, new.baseHappiness)
    fields.compare("hatchCounter", old.hatchCounter, new.hatchCounter)
    fields.compare("growthRate", old.growthRate, new.growthRate)
    fields.compare("isLegendary", old.isLegendary, new.isLegendary)
    fields.compare("isMythical", old.isMythical, new.isMythical)
    fields.compare("isBaby", old.isBaby, new.isBaby)
    fields.compare("evolution.chainId", old.evolution.chainId, new.evolution.chainId)
    fields.compare(
      "evolution.from",
      old.evolution.from.map(describe),
      new.evolution.from.map(describe)
    )
    fields.compare("evolution.to", old.evolution.to.map(describe), new.evolution.to.map(describe))
    fields.compare(
      "dexNumbers",
      old.dexNumbers.dictionary,
      new.dexNumbers.dictionary,
      value: FieldValue.integer
    )
    return fields.changes
  }

  /// The fields outside the Pokémon that differ: the header, the source and
  /// the tables of languages, generations, types and abilities (entries named
  /// by identifier, generations by number).
  ///
  /// - Complexity: O(*t*) in the size of the tables.
  public static func tableChanges(from old: Pokedex, to new: Pokedex) -> [FieldChange] {
    var fields = FieldRecorder()
    fields.compare("schemaVersion", old.schemaVersion, new.schemaVersion)
    fields.compare("source.name", old.source.name, new.source.name)
    fields.compare("source.commit", old.source.commit, new.source.commit)
    fields.compare("source.license", old.source.license, new.source.license)
    fields.compareTable("languages", old.languages, new.languages, key: \.identifier) {
      fields,
      path,
      before,
      after in
      fields.compare("\(path).id", before.id, after.id)
      fields.compare("\(path).iso639", before.iso639, after.iso639)
      fields.compare("\(path).iso3166", before.iso3166, after.iso3166)
      fields.compare("\(path).official", before.official, after.official)
      fields.compare("\(path).names", before.names, after.names)
    }
    fields.compareTable("generations", old.generations, new.generations, key: { String($0.id) }) {
      fields,
      path,
      before,
      after in
      fields.compare("\(path).identifier", before.identifier, after.identifier)
      fields.compare("\(path).region", before.region, after.region)
      fields.compare("\(path).names", before.names, after.names)
    }
    fields.compareTable("types", old.types, new.types, key: \.identifier) {
      fields,
      path,
      before,
      after in
      fields.compare("\(path).id", before.id, after.id)
      fields.compare("\(path).generation", before.generation, after.generation)
      fields.compare("\(path).names", before.names, after.names)
      fields.compare(
        "\(path).damageFactors",
        before.damageFactors,
        after.damageFactors,
        value: FieldValue.integer
      )
    }
    fields.compareTable("abilities", old.abilities, new.abilities, key: \.identifier) {
      fields,
      path,
      before,
      after in
      fields.compare("\(path).id", before.id, after.id)
      fields.compare("\(path).generation", before.generation, after.generation)
      fields.compare("\(path).names", before.names, after.names)
    }
    return fields.changes
  }

  private static func compareForms(_ fields: inout FieldRecorder, _ old: Form, _ new: Form) {
    fields.compare("form.slug", old.slug, new.slug)
    fields.compare("form.names", old.names, new.names)
    fields.compare("form.isMega", old.isMega, new.isMega)
    fields.compare("form.isBattleOnly", old.isBattleOnly, new.isBattleOnly)
    fields.compare("form.isGigantamax", old.isGigantamax, new.isGigantamax)
    fields.compare("form.region", old.region, new.region)
  }

  private static func compareStats(
    _ fields: inout FieldRecorder,
    _ path: String,
    _ old: Stats,
    _ new: Stats
  ) {
    guard old != new else { return }
    fields.compare("\(path).hp", old.hp, new.hp)
    fields.compare("\(path).attack", old.attack, new.attack)
    fields.compare("\(path).defense", old.defense, new.defense)
    fields.compare("\(path).specialAttack", old.specialAttack, new.specialAttack)
    fields.compare("\(path).specialDefense", old.specialDefense, new.specialDefense)
    fields.compare("\(path).speed", old.speed, new.speed)
  }

  /// `overgrow (slot 1)`, `chlorophyll (slot 3, hidden)`.
  private static func describe(_ slot: AbilitySlot) -> String {
    "\(slot.ability) (slot \(slot.slot)\(slot.isHidden ? ", hidden" : ""))"
  }

  /// `charmander -> charmeleon: level 16`.
  private static func describe(_ step: EvolutionStep) -> String {
    "\(step.from) -> \(step.to): \(step.summary)"
  }
}
