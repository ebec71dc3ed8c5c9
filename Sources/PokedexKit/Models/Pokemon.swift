/// One Pokémon: a species' default form or one of its alternate forms.
///
/// Identified by PokeAPI's `id` (1...1025 for default Pokémon, 10001 and up
/// for alternate forms such as Mega Charizard X or Alolan Vulpix).
/// Units are converted: ``height`` in metres, ``weight`` in kilograms.
public struct Pokemon: Codable, Hashable, Sendable, Identifiable {
  /// PokeAPI's Pokémon id.
  public var id: Int
  /// The national dex number of its species (1...1025).
  public var nationalNumber: Int
  /// PokeAPI's identifier, `"charizard-mega-x"`.
  public var slug: String
  /// The species' identifier, `"charizard"`.
  public var speciesSlug: String
  /// The display name in each language: the form's full name where the form
  /// has one ("Mega Charizard X"), the species' name otherwise.
  public var names: LocalizedNames
  /// The species' genus in each language ("Seed Pokémon").
  public var genus: LocalizedNames
  /// The form, for Pokémon that are not their species' default.
  public var form: Form?
  /// Whether this is its species' default Pokémon.
  public var isDefault: Bool
  /// Types in slot order, by identifier: `["grass", "poison"]`.
  public var types: [String]
  /// The six base stats.
  public var stats: Stats
  /// Effort values awarded for defeating it.
  public var evYield: Stats
  /// Abilities in slot order.
  public var abilities: [AbilitySlot]
  /// Height in metres.
  public var height: Double
  /// Weight in kilograms.
  public var weight: Double
  /// Base experience yield; absent for a few forms.
  public var baseExperience: Int?
  /// The generation that introduced it (the form's generation for forms).
  public var generation: Int
  /// `"green"`.
  public var color: String
  /// `"quadruped"`; absent for a few species.
  public var shape: String?
  /// `"grassland"`; only Gen 1–3 species have one.
  public var habitat: String?
  /// Egg group identifiers: `["monster", "plant"]`.
  public var eggGroups: [String]
  /// Chance of being female in eighths; -1 when genderless.
  public var genderRate: Int
  public var captureRate: Int
  /// Absent for species PokeAPI leaves blank.
  public var baseHappiness: Int?
  /// Egg cycles; absent for species PokeAPI leaves blank.
  public var hatchCounter: Int?
  /// `"medium-slow"`.
  public var growthRate: String
  public var isLegendary: Bool
  public var isMythical: Bool
  public var isBaby: Bool
  /// The species' evolution family.
  public var evolution: Evolution
  /// Regional dex numbers keyed by pokédex identifier: `["kanto": 1, "updated-johto": 231]`.
  public var dexNumbers: DexNumbers
  /// What Pokémon Showdown calls it and knows of it (its name, formes, tiers), or `nil` for
  /// the few Pokémon Showdown does not have (the ride forms of Koraidon and Miraidon).
  public var showdown: ShowdownSpecies?

  public init(
    id: Int,
    nationalNumber: Int,
    slug: String,
    speciesSlug: String,
    names: LocalizedNames,
    genus: LocalizedNames,
    form: Form?,
    isDefault: Bool,
    types: [String],
    stats: Stats,
    evYield: Stats,
    abilities: [AbilitySlot],
    height: Double,
    weight: Double,
    baseExperience: Int?,
    generation: Int,
    color: String,
    shape: String?,
    habitat: String?,
    eggGroups: [String],
    genderRate: Int,
    captureRate: Int,
    baseHappiness: Int?,
    hatchCounter: Int?,
    growthRate: String,
    isLegendary: Bool,
    isMythical: Bool,
    isBaby: Bool,
    evolution: Evolution,
    dexNumbers: DexNumbers,
    showdown: ShowdownSpecies? = nil
  ) {
    self.id = id
    self.nationalNumber = nationalNumber
    self.slug = slug
    self.speciesSlug = speciesSlug
    self.names = names
    self.genus = genus
    self.form = form
    self.isDefault = isDefault
    self.types = types
    self.stats = stats
    self.evYield = evYield
    self.abilities = abilities
    self.height = height
    self.weight = weight
    self.baseExperience = baseExperience
    self.generation = generation
    self.color = color
    self.shape = shape
    self.habitat = habitat
    self.eggGroups = eggGroups
    self.genderRate = genderRate
    self.captureRate = captureRate
    self.baseHappiness = baseHappiness
    self.hatchCounter = hatchCounter
    self.growthRate = growthRate
    self.isLegendary = isLegendary
    self.isMythical = isMythical
    self.isBaby = isBaby
    self.evolution = evolution
    self.dexNumbers = dexNumbers
    self.showdown = showdown
  }
}

/// An alternate form and what kind of form it is.
public struct Form: Codable, Hashable, Sendable {
  /// The form's identifier, `"mega-x"`, `"alola"`, `"gmax"`.
  public var slug: String
  /// The form's own name in each language ("Alolan Form", "Mega Charizard X").
  public var names: LocalizedNames
  public var isMega: Bool
  public var isBattleOnly: Bool
  public var isGigantamax: Bool
  /// The region of a regional variant (`"alola"`, `"galar"`, `"hisui"`, `"paldea"`).
  public var region: String?

  /// Whether it is a regional variant.
  public var isRegional: Bool { region != nil }

  public init(
    slug: String,
    names: LocalizedNames,
    isMega: Bool,
    isBattleOnly: Bool,
    isGigantamax: Bool,
    region: String?
  ) {
    self.slug = slug
    self.names = names
    self.isMega = isMega
    self.isBattleOnly = isBattleOnly
    self.isGigantamax = isGigantamax
    self.region = region
  }
}

/// The six stats, used for base stats and effort yields.
public struct Stats: Codable, Hashable, Sendable {
  public var hp: Int
  public var attack: Int
  public var defense: Int
  public var specialAttack: Int
  public var specialDefense: Int
  public var speed: Int

  /// The sum of the six stats (base stat total for base stats).
  ///
  /// A loaded dex has stats of at most 255 (`Guides/DataFormat.md`, "Bounds"); stats built
  /// in code may be anything, so the sum saturates at `Int.min` and `Int.max` instead of
  /// overflowing.
  ///
  /// - Complexity: O(1), without allocating: queries and sorts read it for every Pokémon.
  public var total: Int {
    func add(_ sum: Int, _ stat: Int) -> Int {
      let (result, overflow) = sum.addingReportingOverflow(stat)
      return overflow ? (stat > 0 ? Int.max : Int.min) : result
    }
    return add(add(add(add(add(hp, attack), defense), specialAttack), specialDefense), speed)
  }

  public init(
    hp: Int,
    attack: Int,
    defense: Int,
    specialAttack: Int,
    specialDefense: Int,
    speed: Int
  ) {
    self.hp = hp
    self.attack = attack
    self.defense = defense
    self.specialAttack = specialAttack
    self.specialDefense = specialDefense
    self.speed = speed
  }
}

/// An ability a Pokémon can have.
public struct AbilitySlot: Codable, Hashable, Sendable {
  /// The ability's identifier, `"overgrow"`.
  public var ability: String
  /// 1 or 2 for regular abilities, 3 for the hidden one.
  public var slot: Int
  public var isHidden: Bool

  public init(ability: String, slot: Int, isHidden: Bool) {
    self.ability = ability
    self.slot = slot
    self.isHidden = isHidden
  }
}

/// Where a species sits in its evolution family.
public struct Evolution: Codable, Hashable, Sendable {
  /// PokeAPI's evolution chain id, shared by the whole family.
  public var chainId: Int
  /// How this species evolves from its predecessor, if it has one.
  public var from: [EvolutionStep]
  /// How it evolves into each successor.
  public var to: [EvolutionStep]

  public init(chainId: Int, from: [EvolutionStep], to: [EvolutionStep]) {
    self.chainId = chainId
    self.from = from
    self.to = to
  }
}

/// One edge of an evolution chain: `from` evolves into `to` when `conditions` hold.
public struct EvolutionStep: Codable, Hashable, Sendable {
  /// The species' identifier that evolves.
  public var from: String
  /// The species' identifier it evolves into.
  public var to: String
  /// `"level-up"`, `"use-item"`, `"trade"`, ...
  public var trigger: String
  /// The conditions in readable English, in a fixed order: `["level 16"]`,
  /// `["use Thunder Stone"]`, `["level up", "high friendship", "daytime"]`.
  public var conditions: [String]

  /// The step as one readable phrase: "level 16", "trade holding Metal Coat".
  public var summary: String { conditions.isEmpty ? trigger : conditions.joined(separator: ", ") }

  public init(from: String, to: String, trigger: String, conditions: [String]) {
    self.from = from
    self.to = to
    self.trigger = trigger
    self.conditions = conditions
  }
}
