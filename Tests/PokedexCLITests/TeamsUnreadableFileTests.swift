import Foundation
import PokedexTestSupport
import Testing

@testable import CollectionStore
@testable import PokedexCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A teams file or section file that cannot be read is missing input (66), not an output
/// that cannot be created (73): `chmod 000`, or a directory where the file belongs.
@Suite struct TeamsUnreadableFileTests {
  /// The steps that read, failing for want of permission or on a directory: 66. No
  /// permission on a step that writes: 73.
  @Test(arguments: [EACCES, EPERM, EISDIR])
  func aStepThatReadsIsNoInputAndOneThatWritesCannotCreate(code: Int32) {
    for operation in ["open", "stat", "lstat", "read", "readlink", "resolve the symlink"] {
      let error = CollectionStoreError.file(operation: operation, path: "/t", code: code)
      #expect(CLIError.store(error).code == .noInput, "\(operation), errno \(code)")
    }
    for operation in ["create", "rename '/t.tmp' to", "open for writing", "open the lock file"]
    where code != EISDIR {
      let error = CollectionStoreError.file(operation: operation, path: "/t", code: code)
      #expect(CLIError.store(error).code == .cannotCreate, "\(operation), errno \(code)")
    }
  }

  /// A store with team "Sand" (one member), and the path of its section file.
  func sandWithSectionFile() throws -> (PrefsSandbox, section: String) {
    let sandbox = try PrefsSandbox()
    #expect(sandbox.run("team", "new", "Sand").code == .success)
    #expect(sandbox.run("team", "add", "Sand", "pikachu").code == .success)
    let directory = sandbox.config + "/teams.jsonl.d"
    // The manifest's first line names the section's file by its checksum.
    let manifest = try #require(sandbox.contents(sandbox.config + "/teams.jsonl"))
    let header = try #require(
      try JSONSerialization.jsonObject(with: manifest.split(separator: 0x0A)[0]) as? [String: Any]
    )
    let sections = try #require(header["sections"] as? [[String: Any]])
    let checksum = try #require(sections.first?["checksum"] as? String)
    let section = "s1-\(checksum).json"
    return (sandbox, directory + "/" + section)
  }

  /// A directory where the teams file or a section file belongs.
  @Test func aDirectoryWhereAFileBelongsIsNoInput() throws {
    let (sandbox, section) = try sandWithSectionFile()
    defer { sandbox.directory.remove() }
    try FileManager.default.removeItem(atPath: section)
    try FileManager.default.createDirectory(atPath: section, withIntermediateDirectories: false)
    let show = sandbox.run("team", "show", "Sand")
    #expect(show.code == .noInput, "\(show.stderr)")
    #expect(show.stderr.contains("Is a directory"), "\(show.stderr)")

    let teams = sandbox.config + "/teams.jsonl"
    try FileManager.default.removeItem(atPath: teams)
    try FileManager.default.createDirectory(atPath: teams, withIntermediateDirectories: false)
    let list = sandbox.run("team", "list")
    #expect(list.code == .noInput, "\(list.stderr)")
  }

  /// `chmod 000` on the teams file and on a section file, read by `pokedex` without the
  /// power to override permissions: as root, a real process with `CAP_DAC_OVERRIDE` and
  /// `CAP_DAC_READ_SEARCH` dropped (`setpriv`); skipped when that is not possible.
  @Test func anUnreadableFileIsNoInput() throws {
    let (sandbox, section) = try sandWithSectionFile()
    defer { sandbox.directory.remove() }
    let teams = sandbox.config + "/teams.jsonl"
    let binary = try #require(builtProductPath("pokedex"), "build the pokedex product first")
    /// `pokedex ARGUMENTS` as a process that file permissions apply to.
    func runUnprivileged(_ arguments: [String]) throws -> ProcessResult? {
      guard geteuid() == 0 else {
        return try runProcess(binary, arguments, environment: sandbox.environment)
      }
      let setpriv = "/usr/bin/setpriv"
      let dropped = ["--bounding-set=-dac_override,-dac_read_search", "--inh-caps=-all"]
      guard FileManager.default.isExecutableFile(atPath: setpriv),
        (try? runProcess(setpriv, dropped + ["/bin/true"]))?.status == 0
      else { return nil }
      return try runProcess(
        setpriv,
        dropped + [binary] + arguments,
        environment: sandbox.environment
      )
    }

    chmod(section, 0)
    guard let show = try runUnprivileged(["team", "show", "Sand"]) else {
      print(
        "TeamsUnreadableFileTests: skipped, running as root without setpriv to drop the capabilities that bypass permissions"
      )
      return
    }
    #expect(show.status == 66, "\(show.stderr)")
    #expect(show.stderr.contains("Permission denied"), "\(show.stderr)")
    chmod(section, 0o600)

    chmod(teams, 0)
    let list = try #require(try runUnprivileged(["team", "list"]))
    #expect(list.status == 66, "\(list.stderr)")
    #expect(list.stderr.contains("Permission denied"), "\(list.stderr)")
    chmod(teams, 0o600)
  }
}
