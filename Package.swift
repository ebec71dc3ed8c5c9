// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "pokedex",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "pokedex", targets: ["pokedex"]),
    .library(name: "PokedexKit", targets: ["PokedexKit"]),
    .library(name: "PokedexTeams", targets: ["PokedexTeams"]),
    .library(name: "CollectionLayout", targets: ["CollectionLayout"]),
    .library(name: "DiffableSnapshots", targets: ["DiffableSnapshots"]),
    .library(name: "PlistPreferences", targets: ["PlistPreferences"]),
    .library(name: "CollectionStore", targets: ["CollectionStore"]),
    .library(name: "UIKitCompat", targets: ["UIKitCompat"]),
  ],
  targets: [
    // Generic engines: no Pokémon in them.
    .target(name: "CollectionLayout", dependencies: ["JSONCore"]),
    .target(name: "DiffableSnapshots"),
    .target(name: "PlistPreferences", dependencies: ["FileKit", "JSONCore"]),
    // An ordered, sectioned, persistent document of `Codable` records with undo, sharing
    // the preferences store's commit machinery (teams and boxes are one use).
    .target(name: "CollectionStore", dependencies: ["FileKit", "JSONCore", "DiffableSnapshots"]),

    // UIKit's and Core Data's names over the engines, for iOS code that runs where UIKit
    // does not exist (`#if canImport(UIKit) import UIKit #else import UIKitCompat #endif`).
    .target(name: "UIKitCompat", dependencies: ["CollectionLayout", "DiffableSnapshots"]),

    // Reading and atomically replacing files, and lock files: the one implementation the
    // loader, the CLI and the preferences store share (Foundation and libc only).
    .target(name: "FileKit"),

    // SplitMix64 and random picks that depend only on its output: `pokedex random --seed`,
    // the property tests and the benchmarks' workloads share this one generator.
    .target(name: "SeededRandom"),

    // The one JSON tokenizer (and the tape and Codable decoder on it) and the one JSON
    // writing core, shared by every reader and writer of the package.
    .target(name: "JSONCore"),

    // The bundled data (`Data/pokemons.json` and the files beside it, layout presets) as a
    // resource bundle.
    // PokedexKit locates the bundle itself rather than through `Bundle.module`,
    // which traps when the bundle is missing.
    .target(
      name: "PokedexData",
      path: "Data",
      exclude: ["README.md"],
      resources: [
        .copy("pokemons.json"), .copy("moves.json"),
        .copy("learnsets.json"), .copy("abilities.json"), .copy("natures.json"),
        .copy("items.json"), .copy("layouts"),
      ]
    ),

    // Full-screen terminal apps: text widths, a cell buffer and the writer that turns the
    // difference of two buffers into escape sequences, key decoding (no Pokémon in it).
    .target(name: "TerminalUI"),

    // The domain: models, data loading, the query language, search, the type chart.
    // (TerminalUI for the one measure of text width, which places a query error's caret.)
    .target(
      name: "PokedexKit",
      dependencies: ["PokedexData", "JSONCore", "DiffableSnapshots", "FileKit", "TerminalUI"]
    ),
    // The data pipeline: PokeAPI's CSV tables and Showdown's learnsets into the data files
    // (`pokedex data build`), and the checks of `pokedex data check`.
    .target(name: "PokedexPipeline", dependencies: ["PokedexKit", "JSONCore"]),
    // The player's teams: Showdown pastes read and written, validation, analysis.
    .target(name: "PokedexTeams", dependencies: ["PokedexKit"]),

    // Arguments, commands, output and exit codes; `pokedex` only forwards to it.
    .target(
      name: "PokedexCLI",
      dependencies: [
        "PokedexKit", "PokedexPipeline", "PokedexTeams", "JSONCore", "CollectionLayout",
        "PlistPreferences", "FileKit", "TerminalUI", "CollectionStore", "SeededRandom",
      ]
    ),
    .executableTarget(name: "pokedex", dependencies: ["PokedexCLI"]),

    // Benchmarks: `swift run -c release pokedex-bench --help`.
    .executableTarget(
      name: "pokedex-bench",
      dependencies: [
        "PokedexKit", "PokedexPipeline", "PokedexTeams", "JSONCore", "CollectionLayout",
        "DiffableSnapshots", "PlistPreferences", "UIKitCompat", "PokedexCLI", "TerminalUI",
        "CollectionStore", "SeededRandom",
      ]
    ),

    // A helper the PlistPreferences tests run as real concurrent and killed processes.
    .executableTarget(name: "prefs-stress", dependencies: ["PlistPreferences"]),
    // The same for CollectionStore.
    .executableTarget(name: "collection-stress", dependencies: ["CollectionStore"]),

    .target(
      name: "PokedexTestSupport",
      dependencies: ["TerminalUI", "SeededRandom"],
      path: "Sources/PokedexTestSupport"
    ),

    .testTarget(
      name: "CollectionLayoutTests",
      dependencies: ["CollectionLayout", "UIKitCompat", "PokedexTestSupport"],
      exclude: ["Snapshots"]
    ),
    .testTarget(
      name: "DiffableSnapshotsTests",
      dependencies: ["DiffableSnapshots", "PokedexTestSupport"]
    ),
    .testTarget(
      name: "UIKitCompatTests",
      dependencies: ["UIKitCompat", "PokedexTestSupport"]
    ),
    .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "PokedexTestSupport"]),
    .testTarget(name: "FileKitTests", dependencies: ["FileKit", "PokedexTestSupport"]),
    .testTarget(
      name: "PlistPreferencesTests",
      dependencies: ["PlistPreferences", "PokedexTestSupport"],
      exclude: ["Snapshots"]
    ),
    .testTarget(
      name: "CollectionStoreTests",
      dependencies: ["CollectionStore", "FileKit", "PokedexTestSupport"]
    ),
    .testTarget(name: "SeededRandomTests", dependencies: ["SeededRandom"]),
    .testTarget(
      name: "JSONCoreTests",
      dependencies: ["JSONCore", "PokedexTestSupport"]
    ),
    .testTarget(
      name: "PokedexKitTests",
      // The pipeline's encoder is the slow twin the fast writer is checked against.
      dependencies: ["PokedexKit", "PokedexPipeline", "JSONCore", "PokedexTestSupport"]
    ),
    .testTarget(
      name: "PokedexPipelineTests",
      dependencies: ["PokedexPipeline", "PokedexKit", "JSONCore", "PokedexTestSupport"],
      resources: [.copy("Fixtures")]
    ),
    .testTarget(
      name: "PokedexTeamsTests",
      dependencies: ["PokedexTeams", "PokedexKit", "PokedexTestSupport"]
    ),
    .testTarget(
      name: "PokedexCLITests",
      dependencies: [
        "PokedexCLI", "PokedexKit", "PokedexPipeline", "PokedexTeams", "TerminalUI",
        "PokedexTestSupport",
      ],
      exclude: ["Snapshots"]
    ),
  ],
  swiftLanguageModes: [.v6]
)

// Warnings are errors in every build of this package (`swift build`, `swift run`, `swift test`,
// `Scripts/test`), declared here rather than with `-Xswiftc -warnings-as-errors` so that all
// of them use the same flags and share one build: switching between them rebuilds nothing.
// SwiftPM applies warning settings to the root package only, never when it is a dependency.
for target in package.targets {
  target.swiftSettings = (target.swiftSettings ?? []) + [.treatAllWarnings(as: .error)]
}
