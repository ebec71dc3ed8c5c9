import Foundation
import PokedexTestSupport
import Testing

/// `Scripts/install` and where the installed binary finds its data, as real processes: the
/// script installs the `pokedex` and resource bundle of this test build (`--from`, so no
/// release build runs here; `.ci/run` installs the static release build) into a scratch
/// prefix, and the installed binary runs with the source tree hidden from it.
@Suite struct InstallScriptTests {
  /// The files the script installs, relative to the prefix, besides the data files.
  static let installedFiles = [
    "bin/pokedex", "share/pokedex/pokemons.json", "share/pokedex/layouts/grid.json",
    "share/man/man1/pokedex.1", "share/bash-completion/completions/pokedex",
    "share/zsh/site-functions/_pokedex", "share/fish/vendor_completions.d/pokedex.fish",
  ]

  /// The directory of the built `pokedex`, which holds its resource bundle.
  static func buildDirectory() throws -> String {
    let pokedex = try #require(builtProductPath("pokedex"), "build the pokedex product first")
    return (pokedex as NSString).deletingLastPathComponent
  }

  static let script = packageRoot().appendingPathComponent("Scripts/install").path

  /// Runs `Scripts/install` with `arguments`, preceded by `--from` the test build.
  static func install(_ arguments: [String]) throws -> ProcessResult {
    try runProcess(script, ["--from", try buildDirectory()] + arguments)
  }

  /// Runs `Scripts/install --uninstall` with `arguments`.
  static func uninstall(_ arguments: [String]) throws -> ProcessResult {
    try runProcess(script, ["--uninstall"] + arguments)
  }

  /// Runs `command` in a mount namespace where the package's directory is an empty
  /// file system (`unshare`, Linux): nothing of the source tree or its build can be read.
  static func runWithoutSourceTree(_ command: [String]) throws -> ProcessResult {
    try runProcess(
      "/usr/bin/unshare",
      ["-rm", "sh", "-c", #"mount -t tmpfs none "$0" && exec "$@""#, packageRoot().path]
        + command,
      currentDirectory: "/"
    )
  }

  static func read(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

  /// From an install into a prefix then moved elsewhere, through a symbolic link to the
  /// binary, with the source tree hidden: `show` reads the installed data and `layout` the
  /// installed presets.
  @Test func theInstalledBinaryWorksWithTheSourceTreeGone() throws {
    #if os(Linux)
      let scratch = try TemporaryDirectory()
      defer { scratch.remove() }
      let installed = try Self.install(["--prefix", scratch.path("p")])
      #expect(installed.status == 0, "\(installed.stderr)")
      let manifest = try #require(Self.read(scratch.path("p/share/pokedex/install-manifest")))
      for file in Self.installedFiles {
        #expect(manifest.contains("  \(file)\n"), "\(file) is not in the manifest")
      }
      try FileManager.default.moveItem(atPath: scratch.path("p"), toPath: scratch.path("moved"))
      try FileManager.default.createDirectory(
        atPath: scratch.path("links"),
        withIntermediateDirectories: false
      )
      try FileManager.default.createSymbolicLink(
        atPath: scratch.path("links/pokedex"),
        withDestinationPath: scratch.path("moved/bin/pokedex")
      )
      let probe = try Self.runWithoutSourceTree(["ls", packageRoot().path])
      try #require(probe.status == 0 && probe.stdout.isEmpty, "unshare -rm: \(probe.stderr)")

      let show = try Self.runWithoutSourceTree([
        scratch.path("links/pokedex"), "--no-prefs", "show", "pikachu",
      ])
      #expect(show.status == 0, "\(show.stderr)")
      #expect(show.stdout.hasPrefix("#0025 Pikachu"))
      let layout = try Self.runWithoutSourceTree([
        scratch.path("links/pokedex"), "--no-prefs", "layout", "gen:1", "--limit", "3",
        "--columns", "3", "--width", "60",
      ])
      #expect(layout.status == 0, "\(layout.stderr)")
      #expect(layout.stdout.contains("Bulbasaur") && layout.stdout.contains("Venusaur"))
    #endif
  }

  /// A binary copied without its data finds none, exits 66 and names each place it looked,
  /// `POKEDEX_DATA` last, for the dex and for the layout presets; `POKEDEX_DATA` then finds
  /// both (the presets in `layouts/` beside the named dex).
  @Test func aBinaryWithoutItsDataListsThePlacesItLooked() throws {
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    try FileManager.default.createDirectory(
      atPath: scratch.path("alone/bin"),
      withIntermediateDirectories: true
    )
    let binary = scratch.path("alone/bin/pokedex")
    try FileManager.default.copyItem(atPath: try Self.buildDirectory() + "/pokedex", toPath: binary)
    let root = scratch.url.resolvingSymlinksInPath().path + "/alone"
    #if canImport(Darwin)
      let bundle = "\(root)/bin/pokedex_PokedexData.bundle/Contents/Resources"
    #else
      let bundle = "\(root)/bin/pokedex_PokedexData.resources"
    #endif

    let show = try runProcess(binary, ["--no-prefs", "show", "pikachu"], currentDirectory: "/")
    #expect(show.status == 66)
    #expect(show.stdout.isEmpty)
    #expect(
      show.stderr.contains(
        """
        cannot find pokemons.json; looked in:
          \(bundle)/pokemons.json
        """
      )
    )
    #expect(
      show.stderr.contains(
        """
          \(root)/share/pokedex/pokemons.json
          $POKEDEX_DATA (not set)
        install pokedex with its data (Scripts/install in its source tree)
        """
      )
    )
    let layout = try runProcess(binary, ["--no-prefs", "layout", "gen:1"], currentDirectory: "/")
    #expect(layout.status == 66)
    #expect(
      layout.stderr.contains(
        """
          \(root)/share/pokedex/layouts
          $POKEDEX_DATA (not set)

        """
      )
    )

    let data = packageRoot().appendingPathComponent("Data/pokemons.json").path
    let withData = try runProcess(
      binary,
      ["--no-prefs", "layout", "gen:1", "--limit", "2", "--width", "40"],
      environment: ["POKEDEX_DATA": data],
      currentDirectory: "/"
    )
    #expect(withData.status == 0, "\(withData.stderr)")
    #expect(withData.stdout.contains("Ivysaur"))
  }

  /// A prefix that cannot be written is exit 73 naming the directory, before anything is
  /// built or written: a read-only file system (what stops root too) and a path through a
  /// regular file.
  @Test func aPrefixThatCannotBeWrittenIsExit73WithThePath() throws {
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    try "x".write(toFile: scratch.path("file"), atomically: false, encoding: .utf8)
    let throughFile = try Self.install(["--prefix", scratch.path("file/p")])
    #expect(throughFile.status == 73)
    #expect(
      throughFile.stderr.contains(
        "cannot create \(scratch.path("file/p"))/bin: \(scratch.path("file")) is not a directory"
      )
    )

    #if os(Linux)
      let readOnly = scratch.path("ro")
      try FileManager.default.createDirectory(atPath: readOnly, withIntermediateDirectories: false)
      let result = try runProcess(
        "/usr/bin/unshare",
        [
          "-rm", "sh", "-c", #"mount -t tmpfs -o ro none "$0" && exec "$@""#, readOnly, Self.script,
          "--from", try Self.buildDirectory(), "--prefix", readOnly + "/p",
        ]
      )
      #expect(result.status == 73, "\(result.stderr)")
      #expect(
        result.stderr.contains(
          "cannot create \(readOnly)/p/bin: cannot write to \(readOnly) (Read-only file system)"
        ),
        "\(result.stderr)"
      )
    #endif
  }

  /// A file the script did not write stops the install before anything is written, and is
  /// replaced only with `--force`; one it wrote and that was changed since is the same, and
  /// `--uninstall` leaves it (removing every other file it wrote) unless `--force`.
  @Test func aFileInstallDidNotWriteIsNeverReplacedWithoutForce() throws {
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    let prefix = scratch.path("p")
    let manPage = prefix + "/share/man/man1/pokedex.1"
    try FileManager.default.createDirectory(
      atPath: (manPage as NSString).deletingLastPathComponent,
      withIntermediateDirectories: true
    )
    try "mine\n".write(toFile: manPage, atomically: false, encoding: .utf8)

    let refused = try Self.install(["--prefix", prefix])
    #expect(refused.status == 73)
    #expect(refused.stderr.contains("\(manPage) exists and is not a file install wrote"))
    #expect(refused.stderr.contains("nothing was written"))
    #expect(Self.read(manPage) == "mine\n")
    #expect(!FileManager.default.fileExists(atPath: prefix + "/bin/pokedex"))
    #expect(!FileManager.default.fileExists(atPath: prefix + "/share/pokedex/install-manifest"))

    let forced = try Self.install(["--prefix", prefix, "--force"])
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect(Self.read(manPage)?.contains(".TH") == true)
    #expect(try Self.install(["--prefix", prefix]).status == 0, "reinstalling over itself")

    let completion = prefix + "/share/zsh/site-functions/_pokedex"
    try "# edited\n".write(toFile: completion, atomically: false, encoding: .utf8)
    let note = prefix + "/share/pokedex/notes.txt"
    try "not install's\n".write(toFile: note, atomically: false, encoding: .utf8)
    let changed = try Self.install(["--prefix", prefix])
    #expect(changed.status == 73)
    #expect(changed.stderr.contains(completion))
    #expect(Self.read(completion) == "# edited\n")

    let uninstalled = try Self.uninstall(["--prefix", prefix])
    #expect(uninstalled.status == 73)
    #expect(uninstalled.stderr.contains("\(completion) changed since it was installed; left it"))
    for file in Self.installedFiles where file != "share/zsh/site-functions/_pokedex" {
      #expect(!FileManager.default.fileExists(atPath: prefix + "/" + file), "\(file) is left")
    }
    #expect(Self.read(completion) == "# edited\n")
    #expect(Self.read(note) == "not install's\n")

    let forcedOut = try Self.uninstall(["--prefix", prefix, "--force"])
    #expect(forcedOut.status == 0, "\(forcedOut.stderr)")
    #expect(!FileManager.default.fileExists(atPath: completion))
    #expect(Self.read(note) == "not install's\n")
    let again = try Self.uninstall(["--prefix", prefix])
    #expect(again.status == 66)
    #expect(again.stderr.contains("nothing to uninstall"))
  }
}
