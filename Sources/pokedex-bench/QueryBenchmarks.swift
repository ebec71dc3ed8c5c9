import Foundation
import PokedexKit

/// `pokedex-bench query [--runs N] [--data PATH]`: compiles and evaluates queries,
/// fetches, searches and builds the index, each beside a baseline, median of runs.
///
/// The dex is `Data/pokemons.json` when it decodes, otherwise 1,351 synthesized
/// Pokémon (the size of the real data) over the real type chart.
func runQueryBenchmarks(_ arguments: [String]) -> Int32 {
  var runs = 15
  var dataPath = "Data/pokemons.json"
  var iterator = arguments.makeIterator()
  while let argument = iterator.next() {
    switch argument {
    case "--runs": runs = iterator.next().flatMap(Int.init) ?? runs
    case "--data": dataPath = iterator.next() ?? dataPath
    default:
      print("usage: pokedex-bench query [--runs N] [--data PATH]")
      return 64
    }
  }
  let (dex, origin) = loadOrSynthesize(dataPath)
  print("dex: \(dex.pokemon.count) Pokémon (\(origin)), median of \(runs) runs\n")
  let index = PokedexIndex(dex)
  var table: [(String, String, (median: Double, minimum: Double))] = []
  var failures: [String] = []

  let queries: [(arguments: [String], baseline: (Pokemon) -> Bool)] = [
    (["fire"], { $0.isDefault && $0.types.contains("fire") }),
    (
      ["fire|water", "spe>100", "!legendary"],
      {
        $0.isDefault && ($0.types.contains("fire") || $0.types.contains("water"))
          && $0.stats.speed > 100 && !$0.isLegendary
      }
    ),
    (
      ["weak:ground", "bst>=500"],
      { pokemon in
        pokemon.isDefault && pokemon.stats.total >= 500
          && index.typeChart.damageFactor(of: "ground", against: pokemon.types) > 100
      }
    ),
    (
      ["gen:1-3", "atk>spa", "!ability:levitate"],
      { pokemon in
        pokemon.isDefault && (1...3).contains(pokemon.generation)
          && pokemon.stats.attack > pokemon.stats.specialAttack
          && !pokemon.abilities.contains { $0.ability == "levitate" }
      }
    ),
  ]
  for (arguments, baseline) in queries {
    let label = arguments.joined(separator: " ")
    guard let query = try? Query(arguments, index: index) else {
      failures.append("query \(label) did not compile")
      continue
    }
    let expected = dex.pokemon.filter(baseline).map(\.id)
    if query.filter(dex.pokemon).map(\.id) != expected { failures.append("query \(label) differs") }
    table.append(
      (
        label, "baseline: hand-written Swift filter",
        median(runs) { blackHole(dex.pokemon.filter(baseline).count) }
      )
    )
    table.append(
      (
        label, "compiled query: evaluate",
        median(runs) { blackHole(query.filter(dex.pokemon).count) }
      )
    )
    table.append(
      (
        label, "compile + evaluate",
        median(runs) {
          blackHole((try? Query(arguments, index: index))?.filter(dex.pokemon).count)
        }
      )
    )
    table.append(
      (
        label, "baseline: re-parse per Pokémon",
        median(max(3, runs / 5)) {
          blackHole(
            dex.pokemon.filter { (try? Query(arguments, index: index))?.evaluate($0) ?? false }
              .count
          )
        }
      )
    )
  }

  let fetchQuery = (try? Query(["gen:1-4"], index: index)) ?? .all()
  let request = PokemonFetchRequest(
    query: fetchQuery,
    sortDescriptors: [PokemonSortDescriptor(.bst, ascending: false), PokemonSortDescriptor(.name)],
    sectionKey: .types,
    fetchLimit: 50
  )
  table.append(
    (
      "fetch gen:1-4, sort bst:desc,name, section types, limit 50", "fetch",
      median(runs) { blackHole(index.fetch(request).rowCount) }
    )
  )
  table.append(
    (
      "fetch gen:1-4, sort bst:desc,name, section types, limit 50", "baseline: filter + sort only",
      median(runs) {
        blackHole(
          fetchQuery.filter(dex.pokemon).sorted {
            ($1.stats.total, $0.nationalNumber) < ($0.stats.total, $1.nationalNumber)
          }.count
        )
      }
    )
  )

  // What a bare `pokedex list` fetches: every default Pokémon, national order, one section.
  let listRequest = PokemonFetchRequest()
  table.append(
    (
      "fetch all (pokedex list defaults)", "fetch",
      median(runs) { blackHole(index.fetch(listRequest).rowCount) }
    )
  )
  let generationRequest = PokemonFetchRequest(sectionKey: .generation)
  table.append(
    (
      "fetch all, section generation", "fetch",
      median(runs) { blackHole(index.fetch(generationRequest).rowCount) }
    )
  )

  let someName = dex.pokemon[dex.pokemon.count / 2].names["en"] ?? dex.pokemon[0].slug
  if index.search(someName).match != .exact { failures.append("search \(someName) not exact") }
  table.append(
    (
      "search '\(someName)' (exact)", "search",
      median(runs) { blackHole(index.search(someName).pokemon.count) }
    )
  )
  let typo = String(someName.dropLast()) + "x"
  table.append(
    (
      "search '\(typo)' (fuzzy)", "search",
      median(runs) { blackHole(index.search(typo).pokemon.count) }
    )
  )
  table.append(
    (
      "search '\(someName)'", "baseline: linear scan of English names",
      median(runs) {
        blackHole(dex.pokemon.first { $0.names["en"]?.lowercased() == someName.lowercased() }?.id)
      }
    )
  )
  table.append(
    (
      "PokedexIndex(dex)", "build index (ids, numbers)",
      median(runs) { blackHole(PokedexIndex(dex).pokedex.pokemon.count) }
    )
  )
  table.append(
    (
      "PokedexIndex(dex) + first search", "build index and name table",
      median(runs) { blackHole(PokedexIndex(dex).search(someName).pokemon.count) }
    )
  )

  print("| work | variant | median | min |")
  print("|---|---|---:|---:|")
  for (work, variant, time) in table {
    print("| `\(work)` | \(variant) | \(format(time.median)) | \(format(time.minimum)) |")
  }
  if !failures.isEmpty {
    print("\nFAILED: " + failures.joined(separator: "; "))
    return 1
  }
  return 0
}

/// The median and the minimum wall time of one call of `work`, over `runs` runs of
/// enough calls to last ~2 ms.
private func median(_ runs: Int, _ work: () -> Void) -> (median: Double, minimum: Double) {
  let clock = ContinuousClock()
  var repetitions = 1
  while true {
    let elapsed = clock.measure { for _ in 0..<repetitions { work() } }
    if elapsed > .milliseconds(2) || repetitions >= 1 << 20 { break }
    repetitions *= 2
  }
  var samples: [Double] = []
  for _ in 0..<max(1, runs) {
    let elapsed = clock.measure { for _ in 0..<repetitions { work() } }
    let (seconds, attoseconds) = elapsed.components
    samples.append((Double(seconds) + Double(attoseconds) * 1e-18) / Double(repetitions))
  }
  samples.sort()
  return (samples[samples.count / 2], samples[0])
}

private func format(_ seconds: Double) -> String {
  if seconds < 1e-3 { return String(format: "%.1f µs", seconds * 1e6) }
  return String(format: "%.2f ms", seconds * 1e3)
}

/// The real data when it decodes, else a synthesized dex of the same size.
private func loadOrSynthesize(_ path: String) -> (Pokedex, String) {
  if let data = FileManager.default.contents(atPath: path),
    let dex = try? JSONDecoder().decode(Pokedex.self, from: data), !dex.pokemon.isEmpty
  {
    return (dex, path)
  }
  return (synthesizedDex(count: 1351), "synthesized; \(path) absent or not yet real data")
}

/// The real type chart: each row lists the factor against normal ... fairy,
/// `0` for 0, `h` for 50, `1` for 100, `2` for 200.
private let chartRows: [(String, String)] = [
  ("normal", "11111h10h111111111"), ("fighting", "21hh12h021111h212h"),
  ("flying", "12111h21h112h11111"), ("poison", "111hhh1h0112111112"),
  ("ground", "110212h1221h211111"), ("rock", "1h21h121h211112111"),
  ("bug", "1hhh111hhh1212112h"), ("ghost", "0111111211111211h1"),
  ("steel", "11111211hhh1h12112"), ("fire", "11111h212hh2112h11"),
  ("water", "1111221112hh111h11"), ("grass", "11hh22h1hh2h111h11"),
  ("electric", "11210111112hh11h11"), ("psychic", "12121111h1111h1101"),
  ("ice", "11212111hhh211h211"), ("dragon", "11111111h111111210"),
  ("dark", "1h11111211111211hh"), ("fairy", "121h1111hh11111221"),
]

/// A deterministic dex of `count` Pokémon: 1,025 defaults and alternate forms after them.
private func synthesizedDex(count: Int) -> Pokedex {
  let identifiers = chartRows.map(\.0)
  let types = chartRows.enumerated().map { offset, row in
    var factors: [String: Int] = [:]
    for (defender, code) in zip(identifiers, row.1) {
      factors[defender] = code == "0" ? 0 : code == "h" ? 50 : code == "2" ? 200 : 100
    }
    return TypeInfo(
      id: offset + 1,
      identifier: row.0,
      generation: 1,
      names: ["en": row.0.capitalized, "de": row.0.uppercased()],
      damageFactors: factors
    )
  }
  let abilities = (0..<300).map { offset in
    Ability(
      id: offset + 1,
      identifier: offset == 0 ? "levitate" : "ability-\(offset)",
      generation: 3,
      names: ["en": offset == 0 ? "Levitate" : "Ability \(offset)", "ja": "とくせい\(offset)"]
    )
  }
  var state: UInt64 = 0x9E37_79B9_7F4A_7C15
  func next(_ bound: Int) -> Int {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Int((state >> 33) % UInt64(bound))
  }
  let colors = [
    "black", "blue", "brown", "gray", "green", "pink", "purple", "red", "white", "yellow",
  ]
  let pokemon = (0..<count).map { offset -> Pokemon in
    let isDefault = offset < 1025
    let number = isDefault ? offset + 1 : next(1025) + 1
    let typeCount = 1 + next(2)
    var pokemonTypes = [identifiers[next(18)]]
    if typeCount == 2 {
      let second = identifiers[next(18)]
      if second != pokemonTypes[0] { pokemonTypes.append(second) }
    }
    func stat() -> Int { 20 + next(130) }
    let stats = Stats(
      hp: stat(),
      attack: stat(),
      defense: stat(),
      specialAttack: stat(),
      specialDefense: stat(),
      speed: stat()
    )
    let name = "Synthmon \(offset)"
    return Pokemon(
      id: isDefault ? offset + 1 : 10001 + offset - 1025,
      nationalNumber: number,
      slug: "synthmon-\(offset)",
      speciesSlug: "synthmon-\(number - 1)",
      names: [
        "en": name, "de": "Synthmon \(offset)e", "fr": "Synthmön \(offset)", "ja": "シンセモン\(offset)",
        "ko": "신세몬\(offset)",
      ],
      genus: ["en": "Synthetic Pokémon"],
      form: isDefault
        ? nil
        : Form(
          slug: "mega",
          names: ["en": "Mega"],
          isMega: true,
          isBattleOnly: true,
          isGigantamax: false,
          region: nil
        ),
      isDefault: isDefault,
      types: pokemonTypes,
      stats: stats,
      evYield: stats,
      abilities: [AbilitySlot(ability: abilities[next(300)].identifier, slot: 1, isHidden: false)],
      height: Double(next(200)) / 10,
      weight: Double(next(5000)) / 10,
      baseExperience: 100,
      generation: 1 + next(9),
      color: colors[next(10)],
      shape: "upright",
      habitat: nil,
      eggGroups: ["monster"],
      genderRate: 4,
      captureRate: 45,
      baseHappiness: 70,
      hatchCounter: 20,
      growthRate: "medium-slow",
      isLegendary: next(20) == 0,
      isMythical: false,
      isBaby: false,
      evolution: Evolution(chainId: offset, from: [], to: []),
      dexNumbers: [:]
    )
  }
  return Pokedex(
    source: DataSource(name: "synthesized", commit: "", license: ""),
    languages: [],
    generations: (1...9).map {
      Generation(id: $0, identifier: "generation-\($0)", region: "", names: [:])
    },
    types: types,
    abilities: abilities,
    pokemon: pokemon.sorted { $0.id < $1.id }
  )
}
