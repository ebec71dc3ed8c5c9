import Dispatch
import Foundation

// The loader's fast path: the dex schema read straight from bytes with `JSONReader`.
// Each `Field` enum lists the keys of the synthesized `Decodable` conformance in written
// order; `PokedexLoaderTests` checks this path against `JSONDecoder` on the bundled data
// and on variants of it (reordered keys, nulls, missing optionals).

/// Types that read themselves with a ``JSONReader``.
protocol JSONReadable {
  init(reading reader: inout JSONReader) throws(JSONReader.Failure)
}

extension JSONReader {
  mutating func read<T: JSONReadable>(_ type: T.Type = T.self) throws(Failure) -> T {
    try T(reading: &self)
  }

  mutating func readArray<T: JSONReadable>(of type: T.Type = T.self) throws(Failure) -> [T] {
    try readArray { (reader: inout JSONReader) throws(Failure) in try T(reading: &reader) }
  }

  mutating func optionalRead<T: JSONReadable>() throws(Failure) -> T? {
    null() ? nil : try T(reading: &self)
  }
  mutating func optionalString() throws(Failure) -> String? { null() ? nil : try string() }
  mutating func optionalInt() throws(Failure) -> Int? { null() ? nil : try int() }

  mutating func strings() throws(Failure) -> [String] {
    try readArray { (reader: inout JSONReader) throws(Failure) in try reader.string() }
  }

  /// Names keyed by language, left in the document: the result points into it. The keys
  /// must be in sorted order without repeats, as written.
  ///
  /// The bundled dex has 3,385 of these, a quarter of its bytes, so this reads them in one
  /// tight pass of its own: strings and what lies between them, checked as it goes.
  mutating func names() throws(Failure) -> LocalizedNames {
    try consume(UInt8(ascii: "{"))
    let start = position - 1
    var p = skippingWhitespace(from: position)
    if p < count, base[p] == UInt8(ascii: "}") {
      position = p + 1
      return LocalizedNames(text: bytes, start: start, end: position)
    }
    var previousKey = (start: 0, count: -1)
    var isKey = true
    while true {
      guard p < count, base[p] == 0x22 else { throw Failure(offset: p) }
      let stringStart = p + 1
      p = try stringEnd(from: stringStart)
      if isKey {
        let key = (start: stringStart, count: p - stringStart)
        if previousKey.count >= 0 {
          guard
            precedes(
              UnsafeBufferPointer(start: base + previousKey.start, count: previousKey.count),
              UnsafeBufferPointer(start: base + key.start, count: key.count)
            )
          else { throw Failure(offset: key.start) }
        }
        previousKey = key
      }
      p = skippingWhitespace(from: p + 1)
      guard p < count else { throw Failure(offset: p) }
      let separator = base[p]
      if !isKey, separator == UInt8(ascii: "}") {
        position = p + 1
        return LocalizedNames(text: bytes, start: start, end: position)
      }
      guard separator == (isKey ? UInt8(ascii: ":") : UInt8(ascii: ",")) else {
        throw Failure(offset: p)
      }
      p = skippingWhitespace(from: p + 1)
      isKey.toggle()
    }
  }

  mutating func ints() throws(Failure) -> [String: Int] {
    var result: [String: Int] = [:]
    result.reserveCapacity(24)
    try readMembers { (reader, _, key) throws(Failure) in
      guard result.updateValue(try reader.int(), forKey: key) == nil else {
        throw Failure(offset: reader.position)
      }
    }
    return result
  }
}

extension JSONReader {
  /// Pokédex numbers, left in the document: the result points into it. The keys must be
  /// in sorted order without repeats, as written, and the numbers whole.
  mutating func dexNumbers() throws(Failure) -> DexNumbers {
    try consume(UInt8(ascii: "{"))
    let start = position - 1
    if peek() == UInt8(ascii: "}") {
      position += 1
    } else {
      var previous = (start: 0, count: -1)
      repeat {
        let key = try rawString()
        if previous.count >= 0 {
          guard
            precedes(
              UnsafeBufferPointer(start: base + previous.start, count: previous.count),
              UnsafeBufferPointer(start: base + key.start, count: key.count)
            )
          else { throw Failure(offset: key.start) }
        }
        previous = key
        try consume(UInt8(ascii: ":"))
        _ = try int()
      } while try separator(UInt8(ascii: "}"))
    }
    return DexNumbers(text: bytes, start: start, end: position)
  }
}

/// Whether `a` sorts strictly before `b`, byte by byte (the order of ``LocalizedNames``
/// and ``DexNumbers``). Inline: the keys compared are a few bytes long.
@inline(__always)
private func precedes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
  for index in 0..<min(a.count, b.count) where a[index] != b[index] { return a[index] < b[index] }
  return a.count < b.count
}

extension Pokedex: JSONReadable {
  private enum Field: String, CaseIterable, Sendable {
    case schemaVersion, source, languages, generations, types, abilities, pokemon
  }
  private static let fields = FieldTable<Field>()

  init(reading r: inout JSONReader) throws(JSONReader.Failure) {
    var schemaVersion = 0
    var source = DataSource(name: "", commit: "", license: "")
    var languages: [Language] = []
    var generations: [Generation] = []
    var types: [TypeInfo] = []
    var abilities: [Ability] = []
    var pokemon: [Pokemon] = []
    try r.readObject(Self.fields) { r, field throws(JSONReader.Failure) in
      switch field {
      case .schemaVersion: schemaVersion = try r.int()
      case .source: source = try r.read()
      case .languages: languages = try r.readArray()
      case .generations: generations = try r.readArray()
      case .types: types = try r.readArray()
      case .abilities: abilities = try r.readArray()
      case .pokemon: pokemon = try r.readConcurrently()
      }
    }
    self.init(
      schemaVersion: schemaVersion,
      source: source,
      languages: languages,
      generations: generations,
      types: types,
      abilities: abilities,
      pokemon: pokemon
    )
  }
}

extension DataSource: JSONReadable {
  private enum Field: String, CaseIterable, Sendable { case name, commit, license }
  private static let fields = FieldTable<Field>()

  init(reading r: inout JSONReader) throws(JSONReader.Failure) {
    var name = ""
    var commit = ""
    var license = ""
    try r.readObject(Self.fields) { r, field throws(JSONReader.Failure) in
      switch field {
      case .name: name = try r.string()
      case .commit: commit = try r.string()
      case .license: license = try r.string()
      }
    }
    self.init(name: name, commit: commit, license: license)
  }
}

extension Language: JSONReadable {
  private enum Field: String, CaseIterable, Sendable {
    case id, identifier, iso639, iso3166, official, names
  }
  private static let fields = FieldTable<Field>()

  init(reading r: inout JSONReader) throws(JSONReader.Failure) {
    var id = 0
    var identifier = ""
    var iso639 = ""
    var iso3166 = ""
    var official = false
    var names = LocalizedNames()
    try r.readObject(Self.fields) { r, field throws(JSONReader.Failure) in
      switch field {
      case .id: id = try r.int()
      case .identifier: identifier = try r.string()
      case .iso639: iso639 = try r.string()
      case .iso3166: iso3166 = try r.string()
      case .official: official = try r.bool()
      case .names: names = try r.names()
      }
    }
    self.init(
      id: id,
      identifier: identifier,
      iso639: iso639,
      iso3166: iso3166,
      official: official,
      names: names
    )
  }
}

extension Generation: JSONReadable {
  private enum Field: String, CaseIterable, Sendable { case id, identifier, region, names }
  private static let fields = FieldTable<Field>()

  init(reading r: inout JSONReader) throws(JSONReader.Failure) {
    var id = 0
    var identifier = ""
    var region = ""
    var names = LocalizedNames()
    try r.readObject(Self.fields) { r, field throws(JSONReader.Failure) in
      switch field {
      case .id: id = try r.int()
      case .identifier: identifier = try r.string()
      case .region: region = try r.string()
      case .names: names = try r.names()
      }
    }
    self.init(id: id, identifier: identifier, region: region, names: names)
  }
}

extension TypeInfo: JSONReadable {
  private enum Field: String, CaseIterable, Sendable {
    case id, identifier, generation, names, damageFactors
  }
  private static let fields = FieldTable<Field>()

  init(reading r: inout JSONReader) throws(JSONReader.Failure) {
    var id = 0
    var identifier = ""
    var generation = 0
    var names = LocalizedNames()
    var damageFactors: [String: Int] = [:]
    try r.readObject(Self.fields) { r, field throws(JSONReader.Failure) in
      switch field {
      case .id: id = try r.int()
      case .identifier: identifier = try r.string()
      case .generation: generation = try r.int()
      case .names: names = try r.names()
      case .damageFactors: damageFactors = try r.ints()
      }
    }
    self.init(
      id: id,
      identifier: identifier,
      generation: generation,
      names: names,
      damageFactors: damageFactors
    )
  }
}

extension Ability: JSONReadable {
  private enum Field: String, CaseIterable, Sendable { case id, identifier, generation, names }
  private static let fields = FieldTable<Field>()

  init(reading r: inout JSONReader) throws(JSONReader.Failure) {
    var id = 0
    var identifier = ""
    var generation = 0
    var names = LocalizedNames()
    try r.readObject(Self.fields) { r, field throws(JSONReader.Failure) in
      switch field {
      case .id: id = try r.int()
      case .identifier: identifier = try r.string()
      case .generation: generation = try r.int()
      case .names: names = try r.names()
      }
    }
    self.init(id: id, identifier: identifier, generation: generation, names: names)
  }
}

extension Pokemon: JSONReadable {
  private enum Field: String, CaseIterable, Sendable {
    case id, nationalNumber, slug, speciesSlug, names, genus, form, isDefault, types, stats
    case evYield, abilities, height, weight, baseExperience, generation, color, shape, habitat
    case eggGroups, genderRate, captureRate, baseHappiness, hatchCounter, growthRate
    case isLegendary, isMythical, isBaby, evolution, dexNumbers
  }
  private static let fields = FieldTable<Field>(optional: [
    "form", "baseExperience", "shape", "habitat", "baseHappiness", "hatchCounter",
  ])

  init(reading r: inout JSONReader) throws(JSONReader.Failure) {
    var id = 0
    var nationalNumber = 0
    var slug = ""
    var speciesSlug = ""
    var names = LocalizedNames()
    var genus = LocalizedNames()
    var form: Form?
    var isDefault = false
    var types: [String] = []
    var stats = Stats(hp: 0, attack: 0, defense: 0, specialAttack: 0, specialDefense: 0, speed: 0)
    var evYield = stats
    var abilities: [AbilitySlot] = []
    var height = 0.0
    var weight = 0.0
    var baseExperience: Int?
    var generation = 0
    var color = ""
    var shape: String?
    var habitat: String?
    var eggGroups: [String] = []
    var genderRate = 0
    var captureRate = 0
    var baseHappiness: Int?
    var hatchCounter: Int?
    var growthRate = ""
    var isLegendary = false
    var isMythical = false
    var isBaby = false
    var evolution = Evolution(chainId: 0, from: [], to: [])
    var dexNumbers = DexNumbers()
    try r.readObject(Self.fields) { r, field throws(JSONReader.Failure) in
      switch field {
      case .id: id = try r.int()
      case .nationalNumber: nationalNumber = try r.int()
      case .slug: slug = try r.string()
      case .speciesSlug: speciesSlug = try r.string()
      case .names: names = try r.names()
      case .genus: genus = try r.names()
      case .form: form = try r.optionalRead()
      case .isDefault: isDefault = try r.bool()
      case .types: types = try r.strings()
      case .stats: stats = try r.read()
      case .evYield: evYield = try r.read()
      case .abilities: abilities = try r.readArray()
      case .height: height = try r.double()
      case .weight: weight = try r.double()
      case .baseExperience: baseExperience = try r.optionalInt()
      case .generation: generation = try r.int()
      case .color: color = try r.string()
      case .shape: shape = try r.optionalString()
      case .habitat: habitat = try r.optionalString()
      case .eggGroups: eggGroups = try r.strings()
      case .genderRate: genderRate = try r.int()
      case .captureRate: captureRate = try r.int()
      case .baseHappiness: baseHappiness = try r.optionalInt()
      case .hatchCounter: hatchCounter = try r.optionalInt()
      case .growthRate: growthRate = try r.string()
      case .isLegendary: isLegendary = try r.bool()
      case .isMythical: isMythical = try r.bool()
      case .isBaby: isBaby = try r.bool()
      case .evolution: evolution = try r.read()
      case .dexNumbers: dexNumbers = try r.dexNumbers()
      }
    }
    self.init(
      id: id,
      nationalNumber: nationalNumber,
      slug: slug,
      speciesSlug: speciesSlug,
      names: names,
      genus: genus,
      form: form,
      isDefault: isDefault,
      types: types,
      stats: stats,
      evYield: evYield,
      abilities: abilities,
      height: height,
      weight: weight,
      baseExperience: baseExperience,
      generation: generation,
      color: color,
      shape: shape,
      habitat: habitat,
      eggGroups: eggGroups,
      genderRate: genderRate,
      captureRate: captureRate,
      baseHappiness: baseHappiness,
      hatchCounter: hatchCounter,
      growthRate: growthRate,
      isLegendary: isLegendary,
      isMythical: isMythical,
      isBaby: isBaby,
      evolution: evolution,
      dexNumbers: dexNumbers
    )
  }
}

extension Form: JSONReadable {
  private enum Field: String, CaseIterable, Sendable {
    case slug, names, isMega, isBattleOnly, isGigantamax, region
  }
  private static let fields = FieldTable<Field>(optional: ["region"])

  init(reading r: inout JSONReader) throws(JSONReader.Failure) {
    var slug = ""
    var names = LocalizedNames()
    var isMega = false
    var isBattleOnly = false
    var isGigantamax = false
    var region: String?
    try r.readObject(Self.fields) { r, field throws(JSONReader.Failure) in
      switch field {
      case .slug: slug = try r.string()
      case .names: names = try r.names()
      case .isMega: isMega = try r.bool()
      case .isBattleOnly: isBattleOnly = try r.bool()
      case .isGigantamax: isGigantamax = try r.bool()
      case .region: region = try r.optionalString()
      }
    }
    self.init(
      slug: slug,
      names: names,
      isMega: isMega,
      isBattleOnly: isBattleOnly,
      isGigantamax: isGigantamax,
      region: region
    )
  }
}

extension Stats: JSONReadable {
  private enum Field: String, CaseIterable, Sendable {
    case hp, attack, defense, specialAttack, specialDefense, speed
  }
  private static let fields = FieldTable<Field>()

  init(reading r: inout JSONReader) throws(JSONReader.Failure) {
    var values = (0, 0, 0, 0, 0, 0)
    try r.readObject(Self.fields) { r, field throws(JSONReader.Failure) in
      switch field {
      case .hp: values.0 = try r.int()
      case .attack: values.1 = try r.int()
      case .defense: values.2 = try r.int()
      case .specialAttack: values.3 = try r.int()
      case .specialDefense: values.4 = try r.int()
      case .speed: values.5 = try r.int()
      }
    }
    self.init(
      hp: values.0,
      attack: values.1,
      defense: values.2,
      specialAttack: values.3,
      specialDefense: values.4,
      speed: values.5
    )
  }
}

extension AbilitySlot: JSONReadable {
  private enum Field: String, CaseIterable, Sendable { case ability, slot, isHidden }
  private static let fields = FieldTable<Field>()

  init(reading r: inout JSONReader) throws(JSONReader.Failure) {
    var ability = ""
    var slot = 0
    var isHidden = false
    try r.readObject(Self.fields) { r, field throws(JSONReader.Failure) in
      switch field {
      case .ability: ability = try r.string()
      case .slot: slot = try r.int()
      case .isHidden: isHidden = try r.bool()
      }
    }
    self.init(ability: ability, slot: slot, isHidden: isHidden)
  }
}

extension Evolution: JSONReadable {
  private enum Field: String, CaseIterable, Sendable { case chainId, from, to }
  private static let fields = FieldTable<Field>()

  init(reading r: inout JSONReader) throws(JSONReader.Failure) {
    var chainId = 0
    var from: [EvolutionStep] = []
    var to: [EvolutionStep] = []
    try r.readObject(Self.fields) { r, field throws(JSONReader.Failure) in
      switch field {
      case .chainId: chainId = try r.int()
      case .from: from = try r.readArray()
      case .to: to = try r.readArray()
      }
    }
    self.init(chainId: chainId, from: from, to: to)
  }
}

extension EvolutionStep: JSONReadable {
  private enum Field: String, CaseIterable, Sendable { case from, to, trigger, conditions }
  private static let fields = FieldTable<Field>()

  init(reading r: inout JSONReader) throws(JSONReader.Failure) {
    var from = ""
    var to = ""
    var trigger = ""
    var conditions: [String] = []
    try r.readObject(Self.fields) { r, field throws(JSONReader.Failure) in
      switch field {
      case .from: from = try r.string()
      case .to: to = try r.string()
      case .trigger: trigger = try r.string()
      case .conditions: conditions = try r.strings()
      }
    }
    self.init(from: from, to: to, trigger: trigger, conditions: conditions)
  }
}
