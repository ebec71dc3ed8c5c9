import JSONCore
import PokedexKit

/// A problem ``DexValidator`` found, with where it is.
///
/// ```swift
/// let diagnostic = DexDiagnostic(
///   severity: .error, message: "unknown type 'fyre'", location: "pokemon[3].types[0]")
/// print(diagnostic)  // error: pokemon[3].types[0]: unknown type 'fyre'
/// ```
public struct DexDiagnostic: Hashable, Sendable, CustomStringConvertible {
  /// How serious a diagnostic is; the tool decides what each means for its exit code.
  public enum Severity: String, Hashable, Sendable, Comparable {
    /// The data is wrong: a reference dangles, a count is off.
    case error
    /// The data is suspicious but usable.
    case warning

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
      lhs == .warning && rhs == .error
    }
  }

  /// How serious it is.
  public var severity: Severity
  /// What is wrong, in lower case without a trailing period.
  public var message: String
  /// The JSON path of the offending value: `pokemon[12].types[0]`, or `pokemon` for the whole table.
  public var location: String

  /// Creates a diagnostic.
  public init(severity: Severity, message: String, location: String) {
    self.severity = severity
    self.message = message
    self.location = location
  }

  /// `severity: location: message`.
  public var description: String { "\(severity.rawValue): \(location): \(message)" }
}

/// Checks a ``Pokedex`` for consistency and returns what it finds instead of printing it.
///
/// The checks: every referenced type, ability, generation and species exists;
/// each species has exactly one default Pokémon and forms only on the others;
/// ids are sorted and unique; default Pokémon have national numbers
/// 1...*n* without gaps; evolution steps link both ways; each generation
/// introduces the expected number of species; heights and weights are whole
/// tenths in sane ranges (0 < height ≤ 100 m, 0 ≤ weight ≤ 1000 kg); stats
/// and the type chart have legal values; every number is within the bounds the
/// loader enforces (the first one outside is reported).
///
/// Two findings are warnings, because the upstream data has them: a Pokémon
/// without abilities (the newest Megas) and an evolution step across two
/// chains (Meltan and Melmetal).
///
/// ```swift
/// let diagnostics = DexValidator().validate(dex)
/// if diagnostics.contains(where: { $0.severity == .error }) { ... }
/// ```
///
/// - Complexity: O(*n* log *n*) in the number of Pokémon and evolution steps.
public struct DexValidator: Sendable {
  /// Species introduced per generation in PokeAPI: 151, 100, 135, 107, 156, 72, 88, 96, 120.
  public static let pokeAPISpeciesCounts: [Int: Int] = [
    1: 151, 2: 100, 3: 135, 4: 107, 5: 156, 6: 72, 7: 88, 8: 96, 9: 120,
  ]

  /// The number of species each generation must introduce; empty to skip the check.
  public var expectedSpeciesCounts: [Int: Int]
  /// Whether default Pokémon must have national numbers 1...*n* with no gap.
  public var requiresContiguousNationalNumbers: Bool

  /// Creates a validator; the defaults hold for the complete PokeAPI data set.
  public init(
    expectedSpeciesCounts: [Int: Int] = DexValidator.pokeAPISpeciesCounts,
    requiresContiguousNationalNumbers: Bool = true
  ) {
    self.expectedSpeciesCounts = expectedSpeciesCounts
    self.requiresContiguousNationalNumbers = requiresContiguousNationalNumbers
  }

  /// Returns every problem found in `dex`, errors and warnings, in a stable order.
  public func validate(_ dex: Pokedex) -> [DexDiagnostic] {
    var check = Check(dex: dex)
    check.schema()
    check.tables()
    check.pokemonList()
    check.species(requiresContiguous: requiresContiguousNationalNumbers)
    check.evolutions()
    check.showdownNames()
    if !expectedSpeciesCounts.isEmpty { check.generationCounts(expectedSpeciesCounts) }
    return check.diagnostics
  }
}

/// One validation run.
private struct Check {
  let dex: Pokedex
  var diagnostics: [DexDiagnostic] = []
  let typeNames: Set<String>
  let abilityNames: Set<String>
  let generationIds: Set<Int>
  let languageNames: Set<String>
  /// Species slug to the index of its default Pokémon.
  var defaults: [String: Int] = [:]

  init(dex: Pokedex) {
    self.dex = dex
    typeNames = Set(dex.types.map(\.identifier))
    abilityNames = Set(dex.abilities.map(\.identifier))
    generationIds = Set(dex.generations.map(\.id))
    languageNames = Set(dex.languages.map(\.identifier))
  }

  mutating func error(_ location: String, _ message: String) {
    diagnostics.append(DexDiagnostic(severity: .error, message: message, location: location))
  }

  mutating func warning(_ location: String, _ message: String) {
    diagnostics.append(DexDiagnostic(severity: .warning, message: message, location: location))
  }

  mutating func schema() {
    if dex.schemaVersion != Pokedex.currentSchemaVersion {
      error(
        "schemaVersion",
        "schema version \(dex.schemaVersion), expected \(Pokedex.currentSchemaVersion)"
      )
    }
    if dex.pokemon.isEmpty { error("pokemon", "no pokemon") }
    // The loader's bounds (`Guides/DataFormat.md`, "Bounds"): a dex built from CSV tables
    // must not be written if the loader would refuse it.
    if let violation = dex.firstNumberOutOfBounds {
      error(
        JSONError.pathString(violation.path),
        "expected \(violation.expected), found \(violation.found)"
      )
    }
  }

  mutating func names(_ names: LocalizedNames, at location: String) {
    for key in names.keys.sorted() where !languageNames.contains(key) {
      error(location, "unknown language '\(key)'")
    }
  }

  mutating func tables() {
    for (index, type) in dex.types.enumerated() {
      names(type.names, at: "types[\(index)].names")
      for (defender, factor) in type.damageFactors.sorted(by: { $0.key < $1.key }) {
        if !typeNames.contains(defender) {
          error("types[\(index)].damageFactors.\(defender)", "unknown type '\(defender)'")
        }
        if ![0, 50, 100, 200].contains(factor) {
          error(
            "types[\(index)].damageFactors.\(defender)",
            "damage factor \(factor), expected 0, 50, 100 or 200"
          )
        }
      }
    }
    for (index, generation) in dex.generations.enumerated() {
      names(generation.names, at: "generations[\(index)].names")
    }
    for (index, ability) in dex.abilities.enumerated() {
      names(ability.names, at: "abilities[\(index)].names")
      if !generationIds.contains(ability.generation) {
        error("abilities[\(index)].generation", "unknown generation \(ability.generation)")
      }
    }
  }

  mutating func pokemonList() {
    var previousId = Int.min
    var slugs: Set<String> = []
    for (index, pokemon) in dex.pokemon.enumerated() {
      let at = "pokemon[\(index)]"
      if pokemon.id <= previousId {
        error("\(at).id", "id \(pokemon.id) is not greater than the previous id \(previousId)")
      }
      previousId = pokemon.id
      if !slugs.insert(pokemon.slug).inserted {
        error("\(at).slug", "duplicate slug '\(pokemon.slug)'")
      }
      names(pokemon.names, at: "\(at).names")
      names(pokemon.genus, at: "\(at).genus")
      if pokemon.names["en"] == nil { error("\(at).names", "no English name") }
      if pokemon.types.isEmpty || pokemon.types.count > 2 {
        error("\(at).types", "\(pokemon.types.count) types, expected 1 or 2")
      }
      if Set(pokemon.types).count != pokemon.types.count {
        error("\(at).types", "a type is repeated")
      }
      for (slot, type) in pokemon.types.enumerated() where !typeNames.contains(type) {
        error("\(at).types[\(slot)]", "unknown type '\(type)'")
      }
      if pokemon.abilities.isEmpty {
        warning("\(at).abilities", "'\(pokemon.slug)' has no abilities")
      }
      for (slot, ability) in pokemon.abilities.enumerated() {
        if !abilityNames.contains(ability.ability) {
          error("\(at).abilities[\(slot)]", "unknown ability '\(ability.ability)'")
        }
        if ability.isHidden != (ability.slot == 3) {
          error(
            "\(at).abilities[\(slot)]",
            "slot \(ability.slot) with isHidden \(ability.isHidden)"
          )
        }
      }
      if !generationIds.contains(pokemon.generation) {
        error("\(at).generation", "unknown generation \(pokemon.generation)")
      }
      units(pokemon, at: at)
      statRanges(pokemon, at: at)
    }
  }

  mutating func units(_ pokemon: Pokemon, at: String) {
    if !isWholeTenths(pokemon.height) || !(pokemon.height > 0 && pokemon.height <= 100) {
      error(
        "\(at).height",
        "height \(pokemon.height) m is not a whole number of decimetres in 0.1...100"
      )
    }
    if !isWholeTenths(pokemon.weight) || !(pokemon.weight >= 0 && pokemon.weight <= 1000) {
      error(
        "\(at).weight",
        "weight \(pokemon.weight) kg is not a whole number of hectograms in 0...1000"
      )
    }
  }

  func isWholeTenths(_ value: Double) -> Bool {
    value.isFinite && (value * 10).rounded() / 10 == value
  }

  mutating func statRanges(_ pokemon: Pokemon, at: String) {
    let base = [
      pokemon.stats.hp, pokemon.stats.attack, pokemon.stats.defense, pokemon.stats.specialAttack,
      pokemon.stats.specialDefense, pokemon.stats.speed,
    ]
    if base.contains(where: { !(1...255).contains($0) }) {
      error("\(at).stats", "a base stat is outside 1...255")
    }
    let effort = [
      pokemon.evYield.hp, pokemon.evYield.attack, pokemon.evYield.defense,
      pokemon.evYield.specialAttack, pokemon.evYield.specialDefense, pokemon.evYield.speed,
    ]
    if effort.contains(where: { !(0...3).contains($0) }) {
      error("\(at).evYield", "an effort value is outside 0...3")
    }
    if !(-1...8).contains(pokemon.genderRate) {
      error("\(at).genderRate", "gender rate \(pokemon.genderRate), expected -1...8")
    }
    if !(0...255).contains(pokemon.captureRate) {
      error("\(at).captureRate", "capture rate \(pokemon.captureRate), expected 0...255")
    }
  }

  mutating func species(requiresContiguous: Bool) {
    var numbers: [String: Int] = [:]
    for (index, pokemon) in dex.pokemon.enumerated() {
      let at = "pokemon[\(index)]"
      if pokemon.isDefault {
        if let other = defaults[pokemon.speciesSlug] {
          error(
            at,
            "second default pokemon of species '\(pokemon.speciesSlug)' (first: pokemon[\(other)])"
          )
        } else {
          defaults[pokemon.speciesSlug] = index
        }
        if pokemon.form != nil { error("\(at).form", "a default pokemon has a form") }
      } else if pokemon.form == nil {
        error("\(at).form", "an alternate form has no form")
      }
      if let number = numbers[pokemon.speciesSlug], number != pokemon.nationalNumber {
        error(
          "\(at).nationalNumber",
          "national number \(pokemon.nationalNumber) differs from \(number) of species '\(pokemon.speciesSlug)'"
        )
      }
      numbers[pokemon.speciesSlug] = pokemon.nationalNumber
    }
    for (slug, index) in numbers.sorted(by: { $0.key < $1.key }) where defaults[slug] == nil {
      error("pokemon", "species '\(slug)' (national number \(index)) has no default pokemon")
    }
    let national = defaults.values.map { dex.pokemon[$0].nationalNumber }.sorted()
    var seen: Set<Int> = []
    for number in national where !seen.insert(number).inserted {
      error("pokemon", "national number \(number) belongs to more than one species")
    }
    if requiresContiguous, let last = national.last {
      contiguity(of: seen, upTo: last)
    }
  }

  /// Reports the numbers missing from 1...`last`, counting them rather than listing them:
  /// the work is O(species), whatever `last` is (`Int.max` from a hostile file included).
  mutating func contiguity(of seen: Set<Int>, upTo last: Int) {
    guard last >= 1 else { return }
    let present = seen.lazy.filter { $0 >= 1 && $0 <= last }.count
    let missingCount = last - present
    guard missingCount > 0 else { return }
    var shown: [Int] = []
    var number = 1
    while shown.count < 11, number < last {
      if !seen.contains(number) { shown.append(number) }
      number += 1
    }
    let list = shown.prefix(10).map(String.init).joined(separator: ", ")
    error(
      "pokemon",
      "national numbers are not contiguous from 1 to \(last): \(missingCount) missing (\(list)\(missingCount > 10 ? ", ..." : ""))"
    )
  }

  mutating func evolutions() {
    for (slug, index) in defaults.sorted(by: { $0.value < $1.value }) {
      let pokemon = dex.pokemon[index]
      let at = "pokemon[\(index)].evolution"
      for (stepIndex, step) in pokemon.evolution.from.enumerated() {
        let stepAt = "\(at).from[\(stepIndex)]"
        if step.to != slug { error(stepAt, "step into '\(step.to)' listed under '\(slug)'") }
        guard let other = defaults[step.from] else {
          error(stepAt, "unknown species '\(step.from)'")
          continue
        }
        let predecessor = dex.pokemon[other]
        if !predecessor.evolution.to.contains(step) {
          error(stepAt, "'\(step.from)' does not list this step among its evolutions")
        }
        if predecessor.evolution.chainId != pokemon.evolution.chainId {
          warning(
            "\(at).chainId",
            "chain \(pokemon.evolution.chainId) differs from chain \(predecessor.evolution.chainId) of '\(step.from)'"
          )
        }
      }
      for (stepIndex, step) in pokemon.evolution.to.enumerated() {
        let stepAt = "\(at).to[\(stepIndex)]"
        if step.from != slug { error(stepAt, "step from '\(step.from)' listed under '\(slug)'") }
        guard let other = defaults[step.to] else {
          error(stepAt, "unknown species '\(step.to)'")
          continue
        }
        if !dex.pokemon[other].evolution.from.contains(step) {
          error(stepAt, "'\(step.to)' does not list this step as how it evolves")
        }
      }
    }
    for (index, pokemon) in dex.pokemon.enumerated() where !pokemon.isDefault {
      if let base = defaults[pokemon.speciesSlug], dex.pokemon[base].evolution != pokemon.evolution
      {
        error(
          "pokemon[\(index)].evolution",
          "differs from the evolution of its species' default pokemon"
        )
      }
    }
  }

  mutating func generationCounts(_ expected: [Int: Int]) {
    var counts: [Int: Int] = [:]
    for index in defaults.values { counts[dex.pokemon[index].generation, default: 0] += 1 }
    for generation in Set(expected.keys).union(counts.keys).sorted() {
      let found = counts[generation] ?? 0
      let wanted = expected[generation] ?? 0
      if found != wanted {
        error("pokemon", "generation \(generation) introduces \(found) species, expected \(wanted)")
      }
    }
  }

  /// Showdown's knowledge of each Pokémon: ids that are their names' ids, formes of known
  /// types, tiers from the forme's generation to 9 in order.
  mutating func showdownNames() {
    for (position, pokemon) in dex.pokemon.enumerated() {
      guard let showdown = pokemon.showdown else { continue }
      let path = "pokemon[\(position)].showdown"
      if showdown.id != ShowdownID.id(showdown.name) {
        error("\(path).id", "'\(showdown.id)' is not the id of '\(showdown.name)'")
      }
      for (index, forme) in showdown.formes.enumerated() {
        if forme.id != ShowdownID.id(forme.name) {
          error("\(path).formes[\(index)].id", "'\(forme.id)' is not the id of '\(forme.name)'")
        }
        for type in forme.types ?? [] where !typeNames.contains(type) {
          error("\(path).formes[\(index)].types", "unknown type '\(type)'")
        }
      }
      let generations = showdown.tiers.map(\.generation)
      // A generation past 9 (a hand-edited file) expects nothing, and is reported.
      let expected = showdown.generation <= 9 ? Array(showdown.generation...9) : []
      if generations != expected || expected.isEmpty {
        error(
          "\(path).tiers",
          "tiers for generations \(generations), expected \(showdown.generation) to 9 in order"
        )
      }
    }
  }
}
