import Foundation
import PokedexCLI
import PokedexKit
import PokedexTestSupport
import Testing

@Suite struct ShowCommandTests {
  @Test(arguments: [
    "charizard", "25", "mega charizard x", "alolan vulpix", "eevee", "shedinja", "flabebe",
  ])
  func cards(name: String) {
    let result = pokedex("show", name, width: 80)
    #expect(result.code == .success)
    #expect(result.stderr.isEmpty)
    assertGolden(result.stdout, named: "show-\(name.replacingOccurrences(of: " ", with: "-")).txt")
  }

  @Test func cardInJapanese() {
    assertGolden(
      pokedex("show", "pikachu", "--lang", "ja", width: 80).stdout,
      named: "show-pikachu-ja.txt"
    )
  }

  @Test func formsWithTheSameNameSayWhichIsWhich() throws {
    let forms = try #require(
      pokedex("show", "zygarde").stdout.split(separator: "\n").first { $0.hasPrefix("Forms") }
    )
    #expect(forms.contains("10% Zygarde (zygarde-10-power-construct), "))
    #expect(forms.contains("10% Zygarde (zygarde-10), "))
    #expect(forms.contains("50% Zygarde, "))
  }

  @Test func formNamesMissingInALanguageFallBackToFormNames() throws {
    let forms = try #require(
      pokedex("show", "pikachu", "--lang", "zh-hant").stdout.split(separator: "\n").first {
        $0.hasPrefix("Forms")
      }
    )
    let names = forms.dropFirst(12).components(separatedBy: ", ")
    #expect(!names.contains("皮卡丘"))
    #expect(names.contains("皮卡丘 (初始帽子)"))
    #expect(names.contains("Pikachu Rock Star"))
    #expect(Set(names).count == names.count)
  }

  @Test func severalCardsAreSeparated() {
    let result = pokedex("show", "bulbasaur", "ivysaur")
    #expect(
      result.stdout == pokedex("show", "bulbasaur").stdout + "\n"
        + pokedex("show", "ivysaur").stdout
    )
  }

  @Test(arguments: [
    "Mr. Mime", "mr-mime", "mr mime", "MR MIME", "Farfetch’d", "farfetchd", "Nidoran♀", "nidoran-f",
    "Bisasam", "ピカチュウ",
  ])
  func forgivingNames(name: String) {
    let result = pokedex("show", name)
    #expect(result.code == .success)
    #expect(result.stderr.isEmpty)
  }

  @Test func misspellingShowsTheClosestWithANote() {
    let result = pokedex("show", "pikachoo", environment: ["NO_COLOR": "1"], terminal: true)
    #expect(result.code == .success)
    #expect(result.stdout.hasPrefix("#0025 Pikachu"))
    #expect(
      result.stderr == "note: no exact match for 'pikachoo'; showing the closest, 'pikachu'\n"
    )
  }

  @Test func aGuessIsAMissWhenPiped() {
    let piped = pokedex("show", "random")
    #expect(piped.code == .failure)
    #expect(piped.stdout.isEmpty)
    #expect(
      piped.stderr
        == "error: no exact match for 'random'; did you mean 'rolycoly'? (output is not a terminal: pass --fuzzy to accept it)\n"
    )
    let accepted = pokedex("show", "random", "--fuzzy")
    #expect(accepted.code == .success)
    #expect(accepted.stdout.hasPrefix("#0837 Rolycoly"))
    #expect(
      accepted.stderr == "note: no exact match for 'random'; showing the closest, 'rolycoly'\n"
    )
  }

  @Test func exactRefusesGuessesButNotNormalizedNames() {
    let guess = pokedex("show", "pikachoo", "--exact", terminal: true)
    #expect(guess.code == .failure)
    #expect(guess.stdout.isEmpty)
    #expect(
      guess.stderr == "error: no exact match for 'pikachoo'; did you mean 'pikachu'? (--exact)\n"
    )
    let normalized = pokedex("show", "MR MIME", "--exact")
    #expect(normalized.code == .success)
    #expect(normalized.stdout == pokedex("show", "mr-mime").stdout)
    #expect(pokedex("show", "x", "--exact", "--fuzzy").code == .usage)
  }

  @Test func jsonSaysHowEachNameMatched() throws {
    let result = pokedex(
      "show",
      "25",
      "Pikachu",
      "mr mime",
      "ピカチュウ",
      "random",
      "--fuzzy",
      "-f",
      "json"
    )
    #expect(result.code == .success)
    let matches = result.stdout.split(separator: "\n").filter { $0.hasPrefix("    \"match\": ") }
    #expect(
      matches.map { String($0.dropFirst(13)) } == [
        #"{"kind": "exact", "name": "25", "language": null}"#,
        #"{"kind": "exact", "name": "Pikachu", "language": "en"}"#,
        #"{"kind": "normalized", "name": "Mr. Mime", "language": "en"}"#,
        #"{"kind": "exact", "name": "ピカチュウ", "language": "ja"}"#,
        #"{"kind": "fuzzy", "name": "Tandon", "language": "ja-roma"}"#,
      ]
    )
    let records = try JSONDecoder().decode([Pokemon].self, from: Data(result.stdout.utf8))
    #expect(records.map(\.slug) == ["pikachu", "pikachu", "mr-mime", "pikachu", "rolycoly"])
  }

  @Test func aMissAmongSeveralNamesShowsTheRestAndExitsOne() {
    let result = pokedex("show", "pikachu", "nope", "mew")
    #expect(result.code == .failure)
    #expect(
      result.stdout == pokedex("show", "pikachu").stdout + "\n" + pokedex("show", "mew").stdout
    )
    #expect(
      result.stderr
        == "error: no Pokémon matches 'nope'; try 'pokedex search nope' or 'pokedex list \"name:nope*\"'\n"
    )
  }

  @Test func unknownNameExitsOne() {
    let result = pokedex("show", "xyzzyq")
    #expect(result.code == .failure)
    #expect(
      result.stderr
        == "error: no Pokémon matches 'xyzzyq'; try 'pokedex search xyzzyq' or 'pokedex list \"name:xyzzyq*\"'\n"
    )
  }

  @Test func missingNameIsAUsageError() {
    let result = pokedex("show")
    #expect(result.code == .usage)
    #expect(
      result.stderr.hasPrefix(
        "error: missing Pokémon name or number (for example 'pokedex show pikachu')\n"
      )
    )
  }

  @Test func jsonOutput() throws {
    let result = pokedex("show", "6", "10034", "--format", "json")
    let records = try JSONDecoder().decode([Pokemon].self, from: Data(result.stdout.utf8))
    #expect(records.map(\.slug) == ["charizard", "charizard-mega-x"])
  }
}

@Suite struct SearchCommandTests {
  @Test func exactMatches() {
    assertGolden(pokedex("search", "mr", "mime", width: 80).stdout, named: "search-mr-mime.txt")
    assertGolden(pokedex("search", "pikachu", width: 80).stdout, named: "search-pikachu.txt")
  }

  @Test func fuzzyMatchesAreLabelled() {
    let result = pokedex(
      "search",
      "bulbsaur",
      environment: ["NO_COLOR": "1"],
      terminal: true,
      width: 80
    )
    #expect(result.code == .success)
    #expect(result.stdout.hasPrefix("No exact match for 'bulbsaur'. Did you mean (1 edit away):\n"))
  }

  @Test func guessesExitOneWhenPipedUnlessFuzzy() {
    let piped = pokedex("search", "bulbsaur", width: 80)
    #expect(piped.code == .failure)
    #expect(
      piped.stdout
        == pokedex("search", "bulbsaur", environment: ["NO_COLOR": "1"], terminal: true, width: 80)
        .stdout
    )
    #expect(
      piped.stderr
        == "note: no exact match for 'bulbsaur'; output is not a terminal: pass --fuzzy to accept the closest matches\n"
    )
    let accepted = pokedex("search", "bulbsaur", "--fuzzy", width: 80)
    #expect(accepted.code == .success)
    #expect(accepted.stderr.isEmpty)
  }

  @Test func exactListsNoGuesses() {
    let result = pokedex("search", "bulbsaur", "--exact", terminal: true)
    #expect(result.code == .failure)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == "No exact match for 'bulbsaur' (--exact).\n")
    #expect(pokedex("search", "mr mime", "--exact").code == .success)
  }

  @Test func jsonSaysHowItMatched() throws {
    let fuzzy = pokedex("search", "pikachoo", "--fuzzy", "-f", "json")
    #expect(fuzzy.code == .success)
    #expect(
      fuzzy.stdout.contains(#""match": {"kind": "fuzzy", "name": "Pikachu", "language": "en"}"#)
    )
    let exact = pokedex("search", "Bisasam", "-f", "json")
    #expect(
      exact.stdout.contains(#""match": {"kind": "exact", "name": "Bisasam", "language": "de"}"#)
    )
    let records = try JSONDecoder().decode([Pokemon].self, from: Data(exact.stdout.utf8))
    #expect(records.map(\.slug) == ["bulbasaur"])
  }

  @Test func noMatchExitsOne() {
    let result = pokedex("search", "qqqqqqqq")
    #expect(result.code == .failure)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == "No Pokémon matches 'qqqqqqqq'.\n")
  }

  @Test func emptyTextIsAUsageError() {
    #expect(pokedex("search").code == .usage)
    #expect(pokedex("search", "  ").code == .usage)
  }
}

@Suite struct TypesCommandTests {
  @Test func fullChart() {
    assertGolden(pokedex("types", width: 100).stdout, named: "types-chart.txt")
  }

  @Test func dualTypeMatchups() {
    assertGolden(pokedex("types", "fire", "flying").stdout, named: "types-fire-flying.txt")
    #expect(pokedex("types", "Feu", "Vol").stdout == pokedex("types", "fire", "flying").stdout)
  }

  @Test func aRepeatedTypeCountsOnce() {
    let result = pokedex("types", "fire", "Fire")
    #expect(result.code == .success)
    #expect(result.stdout == pokedex("types", "fire").stdout)
    #expect(!result.stdout.contains("4x"))
  }

  /// `--attack`: what a move of one type hits, each defending type alone.
  @Test func anAttackingType() {
    let fairy = pokedex("types", "fairy", "--attack")
    #expect(fairy.code == .success)
    #expect(
      fairy.stdout.split(separator: "\n") == [
        "Damage dealt by Fairy moves (each defending type alone)",
        "  2x    Fighting, Dragon, Dark",
        "  1x    Normal, Flying, Ground, Rock, Bug, Ghost, Water, Grass, Electric, Psychic, Ice, Fairy",
        "  1/2x  Poison, Steel, Fire",
      ]
    )
    let ground = pokedex("types", "Sol", "--attack", width: 200).stdout
    #expect(ground.contains("  0x    Flying\n"))
    for arguments in [["types", "--attack"], ["types", "fairy", "fire", "--attack"]] {
      let result = pokedex(arguments)
      #expect(result.code == .usage)
      #expect(
        result.stderr.hasPrefix(
          "error: --attack takes one attacking type (for example 'pokedex types fairy --attack')\n"
        )
      )
    }
    let typo = pokedex("types", "fary", "--attack")
    #expect(typo.code == .usage)
    #expect(typo.stderr.hasPrefix("error: unknown type 'fary'; did you mean 'fairy'?\n"))
  }

  @Test func aPokemonStandsForItsTypes() {
    let result = pokedex("types", "charizard")
    #expect(result.code == .success)
    #expect(result.stderr.isEmpty)
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first == "Damage taken by Charizard (Fire / Flying) (abilities ignored)")
    #expect(
      lines.dropFirst()
        == pokedex("types", "fire", "flying").stdout.split(
          separator: "\n",
          omittingEmptySubsequences: false
        ).dropFirst()
    )
    #expect(pokedex("types", "6").stdout == result.stdout)
  }

  @Test func errors() {
    let unknown = pokedex("types", "firre")
    #expect(unknown.code == .usage)
    #expect(
      unknown.stderr.hasPrefix(
        "error: unknown type 'firre'; did you mean 'fire'? (nor a Pokémon)\n"
      )
    )
    let pokemonAndType = pokedex("types", "charizard", "fire")
    #expect(pokemonAndType.code == .usage)
    let tooMany = pokedex("types", "fire", "water", "grass")
    #expect(tooMany.code == .usage)
    #expect(tooMany.stderr.hasPrefix("error: expected at most two types, got 3\n"))
  }
}

@Suite struct DataCommandTests {
  let fixtures = packageRoot().appendingPathComponent("Tests/PokedexPipelineTests/Fixtures/csv")
    .path
  let showdown = packageRoot()
    .appendingPathComponent("Tests/PokedexPipelineTests/Fixtures/showdown").path

  @Test func buildWritesEveryFileAtomicallyAndDeterministically() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    for name in ["a", "b"] {
      try FileManager.default.createDirectory(
        atPath: directory.path(name),
        withIntermediateDirectories: false
      )
    }
    let first = pokedex(
      "data",
      "build",
      "--partial",
      "--source",
      fixtures,
      "--showdown",
      showdown,
      "--output",
      directory.path("a")
    )
    #expect(first.code == .success)
    #expect(
      first.stderr.split(separator: "\n").map { $0.split(separator: ":").first ?? "" } == [
        "7 Showdown entries or moves not mapped (a partial source)",
        "wrote \(directory.path("a/pokemons.json"))",
        "wrote \(directory.path("a/moves.json"))",
        "wrote \(directory.path("a/abilities.json"))", "wrote \(directory.path("a/natures.json"))",
        "wrote \(directory.path("a/learnsets.json"))", "wrote \(directory.path("a/items.json"))",
      ]
    )
    #expect(first.stderr.contains("moves.json: 11 moves\n"))
    #expect(first.stderr.contains("natures.json: 25 natures\n"))
    #expect(
      pokedex(
        "data",
        "build",
        "--partial",
        "--source",
        fixtures,
        "--showdown",
        showdown,
        "--output",
        directory.path("b")
      ).code == .success
    )
    let names = [
      "abilities.json", "items.json", "learnsets.json", "moves.json", "natures.json",
      "pokemons.json",
    ]
    for name in names {
      let a = try Data(contentsOf: directory.url.appendingPathComponent("a/\(name)"))
      let b = try Data(contentsOf: directory.url.appendingPathComponent("b/\(name)"))
      #expect(a == b, "\(name)")
      #expect(!a.isEmpty, "\(name)")
    }
    for name in ["a", "b"] {
      let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path(name))
      #expect(leftovers.sorted() == names)
    }
    // The files check against each other, beside the dex.
    let check = pokedex("data", "check", "--partial", "--data", directory.path("a/pokemons.json"))
    #expect(check.code == .success, "\(check.stderr)")
    #expect(check.stdout.contains("moves.json: 11 moves: 0 errors, 0 warnings\n"))
    #expect(check.stdout.contains("learnsets.json: 25 learnsets: 0 errors, 0 warnings\n"))
  }

  /// Showdown's tables are read from `--showdown`; without them, the build writes nothing.
  @Test func aMissingShowdownDirectoryIsNoInput() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let result = pokedex(
      "data",
      "build",
      "--partial",
      "--source",
      fixtures,
      "--showdown",
      directory.path("none"),
      "--output",
      directory.path("")
    )
    #expect(result.code == .noInput)
    #expect(
      result.stderr
        == "error: no directory at '\(directory.path("none"))'; pass --showdown DIR, Pokémon Showdown's data tables as JSON\n"
    )
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path("")).isEmpty)
  }

  @Test func anOutputFileIsAUsageError() {
    let result = pokedex("data", "build", "--output", "/tmp/x/pokemons.json")
    #expect(result.code == .usage)
    #expect(
      result.stderr.hasPrefix(
        "error: --output names a directory now, not a file ('/tmp/x/pokemons.json'): build writes "
          + "pokemons.json, moves.json, learnsets.json, abilities.json, items.json and "
          + "natures.json into it; pass --output '/tmp/x'\n"
      )
    )
  }

  @Test func buildErrors() throws {
    let missing = pokedex(
      "data",
      "build",
      "--source",
      "/nonexistent/csv",
      "--output",
      "/tmp"
    )
    #expect(missing.code == .noInput)
    #expect(
      missing.stderr
        == "error: no directory at '/nonexistent/csv'; pass --source DIR, a copy of PokeAPI's data/v2/csv\n"
    )
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let unwritable = pokedex(
      "data",
      "build",
      "--partial",
      "--source",
      fixtures,
      "--showdown",
      showdown,
      "--output",
      directory.path("no/such/dir")
    )
    #expect(unwritable.code == .cannotCreate)
    #expect(unwritable.stderr.contains("No such file or directory"))
    try Data("x".utf8).write(to: directory.url.appendingPathComponent("file"))
    let aFile = pokedex(
      "data",
      "build",
      "--partial",
      "--source",
      fixtures,
      "--showdown",
      showdown,
      "--output",
      directory.path("file")
    )
    #expect(aFile.code == .cannotCreate)
    #expect(
      aFile.stderr.hasPrefix(
        "error: cannot write into '\(directory.path("file"))': it is a file, not a directory\n"
      )
    )
    let empty = try TemporaryDirectory()
    defer { empty.remove() }
    let noTables = pokedex(
      "data",
      "build",
      "--source",
      empty.url.path,
      "--showdown",
      showdown,
      "--output",
      directory.path("")
    )
    #expect(noTables.code == .noInput)
    #expect(noTables.stderr.hasPrefix("error: missing table "))
  }

  @Test func checkValidatesTheBundledData() {
    let result = pokedex("data", "check")
    #expect(result.code == .success)
    #expect(result.stdout.hasPrefix("1351 Pokémon, 1025 species: 0 errors, "))
    #expect(result.stdout.contains("\nmoves.json: 937 moves: 0 errors, 0 warnings\n"))
    #expect(result.stdout.contains("\nabilities.json: 313 abilities: 0 errors, 0 warnings\n"))
    #expect(result.stdout.contains("\nitems.json: 580 items: 0 errors, 0 warnings\n"))
    #expect(result.stdout.contains("\nnatures.json: 25 natures: 0 errors, 0 warnings\n"))
    // Then what each source gave each file that has two.
    let reports = result.stdout.split(separator: "\n").suffix(3)
    #expect(
      reports.map { $0.prefix(24) } == [
        "moves.json: 937 moves fr", "abilities.json: 313 abil", "items.json: 566 items fr",
      ]
    )
    #expect(reports.first?.contains("; from Pokémon Showdown 9fcf262: took flags (189)") == true)
    #expect(reports.last?.contains(": 14 of its own; took names (45)") == true)
    #expect(pokedex("data", "check", "--strict").code == .data)
  }

  @Test func infoDescribesTheFile() {
    let result = pokedex("data", "info")
    #expect(result.code == .success)
    #expect(result.stdout.contains("Pokémon         1351 (1025 default, 326 alternate forms)\n"))
    #expect(
      result.stdout.contains("source          PokeAPI bbef3d99ddfa8277f726414c89b471267aef8a8e\n")
    )
    #expect(result.stdout.contains("moves           937 (32 version groups)\n"))
    #expect(result.stdout.contains("ability texts   313\n"))
    #expect(result.stdout.contains("natures         25\n"))
    #expect(result.stdout.contains("items           580 (14 from Showdown only)\n"))
    #expect(
      result.stdout.contains(
        "Showdown        1343 Pokémon named (134 formes, 1776 aliases), tiers for 1343\n"
      )
    )
  }

  @Test func unknownActions() {
    let result = pokedex("data", "biuld")
    #expect(result.code == .usage)
    #expect(
      result.stderr.hasPrefix(
        "error: unknown action 'biuld'; did you mean 'build'? (expected build, check or info)\n"
      )
    )
    #expect(pokedex("data").code == .usage)
  }
}

@Suite struct EndToEndTests {
  let binary = builtProductPath("pokedex")

  @Test func showPrintsACard() throws {
    let binary = try #require(binary, "the pokedex binary is built by 'swift test'")
    let result = try runProcess(binary, ["show", "pikachu"])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("#0025 Pikachu  Mouse Pokémon\n"))
    #expect(result.stderr.isEmpty)
  }

  @Test func errorsGoToStderrWithSysexitsCodes() throws {
    let binary = try #require(binary)
    let usage = try runProcess(binary, ["list", "firre"])
    #expect(usage.status == 64)
    #expect(usage.stdout.isEmpty)
    #expect(usage.stderr.hasPrefix("error: unknown term 'firre'\n"))
    let missing = try runProcess(binary, ["list", "--data", "/nonexistent.json"])
    #expect(missing.status == 66)
    let notFound = try runProcess(binary, ["show", "xyzzyq"])
    #expect(notFound.status == 1)
  }

  @Test func listPipesJSON() throws {
    let binary = try #require(binary)
    let result = try runProcess(binary, ["list", "type:fire", "--format", "json"])
    #expect(result.status == 0)
    let records = try JSONDecoder().decode([Pokemon].self, from: Data(result.stdout.utf8))
    #expect(records.count == 81)
  }
}

@Suite struct CompletionBehaviourTests {
  /// Runs the bash completion function for `words` (the last one being completed).
  func complete(_ words: [String]) throws -> [String] {
    let binary = try #require(builtProductPath("pokedex"))
    let directory = URL(fileURLWithPath: binary).deletingLastPathComponent().path
    let quoted = words.map { "'\($0)'" }.joined(separator: " ")
    let script = """
      source <(pokedex completions bash)
      COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _pokedex; printf '%s\\n' "${COMPREPLY[@]}"
      """
    let result = try runProcess(
      "/bin/bash",
      ["-c", script],
      environment: ["PATH": "\(directory):/usr/bin:/bin"]
    )
    #expect(result.status == 0, "\(result.stderr)")
    return result.stdout.split(separator: "\n").map(String.init)
  }

  @Test func bashCompletesCommandsOptionsValuesAndNames() throws {
    #expect(try complete(["pokedex", "li"]) == ["list"])
    #expect(try complete(["pokedex", "list", "--so"]) == ["--sort"])
    #expect(
      try complete(["pokedex", "prefs", "export", "--format", ""]) == ["xml", "binary", "json"]
    )
    #expect(try complete(["pokedex", "list", "--format", "n"]) == ["ndjson"])
    #expect(try complete(["pokedex", "show", "bulba"]) == ["bulbasaur"])
  }
}

@Suite struct PartOfANameTests {
  @Test func searchFindsNamesStartingWithTheText() {
    let result = pokedex("search", "char", width: 80)
    #expect(result.code == .success)
    #expect(result.stderr == "note: no exact match for 'char'; names that start with it:\n")
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.first?.hasSuffix("Matched") == true)
    #expect(lines.dropFirst().first == "#0004  Charmander  charmander  Fire          Charmander")
    #expect(lines.count == 6)
  }

  @Test func searchFindsNamesContainingTheText() {
    let result = pokedex("search", "ulbasa", width: 80)
    #expect(result.code == .success)
    #expect(result.stderr == "note: no exact match for 'ulbasa'; names that contain it:\n")
    #expect(result.stdout.contains("#0001  Bulbasaur  bulbasaur  Grass/Poison  Bulbasaur"))
  }

  @Test func searchSaysWhichLanguageMatched() {
    let other = pokedex("search", "bisa", width: 80)
    #expect(other.code == .success)
    #expect(other.stdout.contains("#0001  Bulbasaur  bulbasaur  Grass/Poison  Bisasam (de)"))
    let displayed = pokedex("search", "bisa", "--lang", "de", width: 80)
    #expect(displayed.stdout.contains("Bisasam\n"))
    #expect(!displayed.stdout.contains("(de)"))
  }

  @Test func searchJSONSaysPrefixOrSubstring() {
    let prefix = pokedex("search", "char", "-f", "json")
    #expect(prefix.code == .success)
    #expect(
      prefix.stdout.contains(
        #""match": {"kind": "prefix", "name": "Charmander", "language": "en"}"#
      )
    )
    let substring = pokedex("search", "ulbasa", "-f", "json")
    #expect(
      substring.stdout.contains(
        #""match": {"kind": "substring", "name": "Bulbasaur", "language": "en"}"#
      )
    )
  }

  @Test func searchExactListsNoPartsOfNames() {
    let result = pokedex("search", "char", "--exact")
    #expect(result.code == .failure)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == "No exact match for 'char' (--exact).\n")
  }

  @Test func showListsEveryPokemonAPrefixNamesAndExitsOne() {
    let expected = """
      error: 'paldean tauros' is part of the names of 3 Pokémon; name one of them:
        #0128  Paldean Tauros (Combat Breed)  (tauros-paldea-combat-breed)
        #0128  Paldean Tauros (Blaze Breed)  (tauros-paldea-blaze-breed)
        #0128  Paldean Tauros (Aqua Breed)  (tauros-paldea-aqua-breed)

      """
    for terminal in [false, true] {
      let result = pokedex("show", "paldean tauros", terminal: terminal)
      #expect(result.code == .failure)
      #expect(result.stdout.isEmpty)
      #expect(result.stderr == expected)
    }
    #expect(pokedex("show", "paldean tauros (aqua breed)").code == .success)
  }

  @Test func showTreatsOnePokemonFoundByPartLikeAGuess() {
    let shown = pokedex("show", "ulbasa", environment: ["NO_COLOR": "1"], terminal: true)
    #expect(shown.code == .success)
    #expect(shown.stdout.hasPrefix("#0001 Bulbasaur"))
    #expect(
      shown.stderr
        == "note: no exact match for 'ulbasa'; showing 'bulbasaur', whose name 'Bulbasaur' contains it\n"
    )
    let piped = pokedex("show", "ulbasa")
    #expect(piped.code == .failure)
    #expect(
      piped.stderr
        == "error: no exact match for 'ulbasa'; did you mean 'bulbasaur' ('Bulbasaur')? (output is not a terminal: pass --fuzzy to accept it)\n"
    )
    let json = pokedex("show", "ulbasa", "--fuzzy", "-f", "json")
    #expect(json.stdout.contains(#""match": {"kind": "substring", "name": "Bulbasaur""#))
    #expect(pokedex("show", "ulbasa", "--exact", terminal: true).code == .failure)
  }
}
