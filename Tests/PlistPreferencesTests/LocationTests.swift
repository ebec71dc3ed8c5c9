import PlistPreferences
import Testing

@Suite struct LocationTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var environment: [String: String]
    var passwdHome: String?
    var expected: Result<PreferencesLocation, PreferencesError>
    var testDescription: String { name }
  }

  static let variables = PreferencesLocation.Variables(prefix: "POKEDEX")

  static let cases: [Case] = [
    Case(
      name: "explicit file wins",
      environment: ["POKEDEX_PREFS_FILE": "/x/p.plist", "POKEDEX_CONFIG_HOME": "/c", "HOME": "/h"],
      expected: .success(.init(path: "/x/p.plist", source: .fileVariable))
    ),
    Case(
      name: "config home",
      environment: ["POKEDEX_CONFIG_HOME": "/c/", "XDG_CONFIG_HOME": "/x", "HOME": "/h"],
      expected: .success(.init(path: "/c/prefs.plist", source: .configHomeVariable))
    ),
    Case(
      name: "xdg",
      environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"],
      expected: .success(.init(path: "/x/pokedex/prefs.plist", source: .xdgConfigHome))
    ),
    Case(
      name: "relative xdg is ignored",
      environment: ["XDG_CONFIG_HOME": "x", "HOME": "/h/"],
      expected: .success(.init(path: "/h/.config/pokedex/prefs.plist", source: .home))
    ),
    Case(
      name: "empty variables are unset",
      environment: ["POKEDEX_PREFS_FILE": "", "XDG_CONFIG_HOME": "", "HOME": "/h"],
      expected: .success(.init(path: "/h/.config/pokedex/prefs.plist", source: .home))
    ),
    Case(
      name: "no HOME uses the user database",
      environment: [:],
      passwdHome: "/home/ash",
      expected: .success(
        .init(path: "/home/ash/.config/pokedex/prefs.plist", source: .userDatabase)
      )
    ),
    Case(
      name: "never /.config",
      environment: ["HOME": "/"],
      passwdHome: nil,
      expected: .failure(.noHomeDirectory)
    ),
    Case(
      name: "relative file",
      environment: ["POKEDEX_PREFS_FILE": "p.plist"],
      expected: .failure(.relativePath(variable: "POKEDEX_PREFS_FILE", value: "p.plist"))
    ),
    Case(
      name: "relative config home",
      environment: ["POKEDEX_CONFIG_HOME": "../c"],
      expected: .failure(.relativePath(variable: "POKEDEX_CONFIG_HOME", value: "../c"))
    ),
    Case(
      name: "file names a directory",
      environment: ["POKEDEX_PREFS_FILE": "/x/.."],
      expected: .failure(
        .invalidName("/x/..", reason: "POKEDEX_PREFS_FILE must name a file, not a directory")
      )
    ),
  ]

  @Test(arguments: cases)
  func resolves(_ testCase: Case) {
    let result = Result { () throws(PreferencesError) -> PreferencesLocation in
      try PreferencesLocation.resolve(
        appName: "pokedex",
        variables: Self.variables,
        environment: testCase.environment,
        userHomeDirectory: { testCase.passwdHome }
      )
    }
    #expect(result == testCase.expected)
  }

  @Test(arguments: ["../x", "..", ".", "a/b", "", "nul\u{0}"])
  func namesMustBeOnePathComponent(_ name: String) {
    #expect(throws: PreferencesError.self) {
      try PreferencesLocation.resolve(
        appName: name,
        variables: Self.variables,
        environment: ["HOME": "/h"]
      )
    }
    #expect(throws: PreferencesError.self) {
      try PreferencesLocation.resolve(
        appName: "pokedex",
        fileName: name,
        variables: Self.variables,
        environment: ["HOME": "/h"]
      )
    }
  }

  @Test func messagesSayWhatToDo() {
    #expect(
      PreferencesError.invalidName("../x", reason: "a name must be one path component without '/'")
        .description
        == "invalid name '../x': a name must be one path component without '/'"
    )
    #expect(
      PreferencesError.relativePath(variable: "POKEDEX_CONFIG_HOME", value: "c").description
        == "POKEDEX_CONFIG_HOME must be an absolute path, got 'c'"
    )
    #expect(
      PreferencesError.systemCall(operation: "fsync", path: "/p", code: 28).description
        == "cannot fsync '/p': No space left on device (errno 28); the previous file is intact, free some space and retry"
    )
  }
}
