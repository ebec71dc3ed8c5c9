// Direct decoding of the dex schema from a JSON tape (see TapeObject.swift).
// Each initializer reads the keys of the synthesized `Decodable` conformance;
// `PokedexDecodingParityTests` checks both paths agree on the bundled data.

extension Pokedex: TapeDecodable {
  init(from o: inout TapeObject) throws {
    self.init(
      schemaVersion: try o.int("schemaVersion"),
      source: try o.decode("source"),
      languages: try o.array("languages"),
      generations: try o.array("generations"),
      types: try o.array("types"),
      abilities: try o.array("abilities"),
      pokemon: try o.concurrentArray("pokemon")
    )
  }
}

extension DataSource: TapeDecodable {
  init(from o: inout TapeObject) throws {
    self.init(
      name: try o.string("name"),
      commit: try o.string("commit"),
      license: try o.string("license")
    )
  }
}

extension Language: TapeDecodable {
  init(from o: inout TapeObject) throws {
    self.init(
      id: try o.int("id"),
      identifier: try o.string("identifier"),
      iso639: try o.string("iso639"),
      iso3166: try o.string("iso3166"),
      official: try o.bool("official"),
      names: try o.names("names")
    )
  }
}

extension Generation: TapeDecodable {
  init(from o: inout TapeObject) throws {
    self.init(
      id: try o.int("id"),
      identifier: try o.string("identifier"),
      region: try o.string("region"),
      names: try o.names("names")
    )
  }
}

extension TypeInfo: TapeDecodable {
  init(from o: inout TapeObject) throws {
    self.init(
      id: try o.int("id"),
      identifier: try o.string("identifier"),
      generation: try o.int("generation"),
      names: try o.names("names"),
      damageFactors: try o.ints("damageFactors")
    )
  }
}

extension Ability: TapeDecodable {
  init(from o: inout TapeObject) throws {
    self.init(
      id: try o.int("id"),
      identifier: try o.string("identifier"),
      generation: try o.int("generation"),
      names: try o.names("names")
    )
  }
}

extension Pokemon: TapeDecodable {
  init(from o: inout TapeObject) throws {
    self.init(
      id: try o.int("id"),
      nationalNumber: try o.int("nationalNumber"),
      slug: try o.string("slug"),
      speciesSlug: try o.string("speciesSlug"),
      names: try o.names("names"),
      genus: try o.names("genus"),
      form: try o.optional("form"),
      isDefault: try o.bool("isDefault"),
      types: try o.strings("types"),
      stats: try o.decode("stats"),
      evYield: try o.decode("evYield"),
      abilities: try o.array("abilities"),
      height: try o.double("height"),
      weight: try o.double("weight"),
      baseExperience: try o.optionalInt("baseExperience"),
      generation: try o.int("generation"),
      color: try o.string("color"),
      shape: try o.optionalString("shape"),
      habitat: try o.optionalString("habitat"),
      eggGroups: try o.strings("eggGroups"),
      genderRate: try o.int("genderRate"),
      captureRate: try o.int("captureRate"),
      baseHappiness: try o.optionalInt("baseHappiness"),
      hatchCounter: try o.optionalInt("hatchCounter"),
      growthRate: try o.string("growthRate"),
      isLegendary: try o.bool("isLegendary"),
      isMythical: try o.bool("isMythical"),
      isBaby: try o.bool("isBaby"),
      evolution: try o.decode("evolution"),
      dexNumbers: try o.ints("dexNumbers")
    )
  }
}

extension Form: TapeDecodable {
  init(from o: inout TapeObject) throws {
    self.init(
      slug: try o.string("slug"),
      names: try o.names("names"),
      isMega: try o.bool("isMega"),
      isBattleOnly: try o.bool("isBattleOnly"),
      isGigantamax: try o.bool("isGigantamax"),
      region: try o.optionalString("region")
    )
  }
}

extension Stats: TapeDecodable {
  init(from o: inout TapeObject) throws {
    self.init(
      hp: try o.int("hp"),
      attack: try o.int("attack"),
      defense: try o.int("defense"),
      specialAttack: try o.int("specialAttack"),
      specialDefense: try o.int("specialDefense"),
      speed: try o.int("speed")
    )
  }
}

extension AbilitySlot: TapeDecodable {
  init(from o: inout TapeObject) throws {
    self.init(
      ability: try o.string("ability"),
      slot: try o.int("slot"),
      isHidden: try o.bool("isHidden")
    )
  }
}

extension Evolution: TapeDecodable {
  init(from o: inout TapeObject) throws {
    self.init(chainId: try o.int("chainId"), from: try o.array("from"), to: try o.array("to"))
  }
}

extension EvolutionStep: TapeDecodable {
  init(from o: inout TapeObject) throws {
    self.init(
      from: try o.string("from"),
      to: try o.string("to"),
      trigger: try o.string("trigger"),
      conditions: try o.strings("conditions")
    )
  }
}
