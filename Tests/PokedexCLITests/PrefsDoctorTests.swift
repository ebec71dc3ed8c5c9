import Foundation
import PlistPreferences
import PokedexCLI
import PokedexTestSupport
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `prefs doctor`, corrupt files, unwritable directories, and the built binary.
@Suite(.serialized) struct PrefsDoctorTests {
  @Test func doctorReportsAHealthyFile() throws {
    let sandbox = try PrefsSandbox()
    defer { sandbox.remove() }
    #expect(sandbox.run("prefs", "set", "layout.style", "row").code == .success)
    #expect(sandbox.run("prefs", "set", "lang", "ja").code == .success)
    let result = sandbox.run("prefs", "doctor")
    #expect(result.code == .success)
    #expect(result.stderr.isEmpty)
    assertGolden(sandbox.normalized(result.stdout), named: "prefs-doctor.txt")
  }

  @Test func doctorReportsInvalidValuesAndUnknownKeys() throws {
    let sandbox = try PrefsSandbox()
    defer { sandbox.remove() }
    let store = PreferencesStore(path: sandbox.file)
    try store.setValue(.string("gird"), forKey: "layout.style")
    try store.setValue(.string("many"), forKey: "layout.columns")
    try store.setValue(.integer(2), forKey: "future.option")
    let result = sandbox.run("prefs", "doctor")
    #expect(result.code == .data)
    assertGolden(sandbox.normalized(result.stdout), named: "prefs-doctor-invalid.txt")
    #expect(
      result.stderr
        == "error: the preferences file '\(sandbox.file)' has problems; fix the values above with "
        + "'pokedex prefs set KEY VALUE' or remove them with 'pokedex prefs unset KEY'\n"
    )
  }

  @Test func aCorruptFileIsReportedThenRecoveredFromTheBackup() throws {
    let sandbox = try PrefsSandbox()
    defer { sandbox.remove() }
    #expect(sandbox.run("prefs", "set", "layout.columns", "6").code == .success)
    #expect(sandbox.run("prefs", "set", "color", "never").code == .success)
    let garbage = "this is not a property list\n"
    try sandbox.write(garbage, to: sandbox.file)

    // Reads serve the backup (the version before the last commit) and warn.
    let get = sandbox.run("prefs", "get", "layout.columns")
    #expect(get.stdout == "6\n")
    #expect(
      get.stderr
        == "warning: '\(sandbox.file)' cannot be read: the file is neither an XML nor a binary property list; "
        + "using the backup '\(sandbox.file).bak' until the next change moves the file aside\n"
    )

    let report = sandbox.run("prefs", "doctor")
    #expect(report.code == .data)
    assertGolden(sandbox.normalized(report.stdout), named: "prefs-doctor-corrupt.txt")
    #expect(
      report.stderr
        == "error: the preferences file '\(sandbox.file)' has problems; run 'pokedex prefs doctor --repair' "
        + "to move it aside and recover from the backup\n"
    )
    #expect(sandbox.contents() == Data(garbage.utf8), "doctor changes nothing")

    let repaired = sandbox.run("prefs", "doctor", "--repair")
    #expect(repaired.code == .success)
    assertGolden(sandbox.normalized(repaired.stdout), named: "prefs-doctor-repaired.txt")
    #expect(
      sandbox.normalized(repaired.stderr).contains(
        "moved it to '$TMP/config/prefs.plist.corrupt-<UTC>'"
      )
    )
    let quarantined = try #require(sandbox.files().first { $0.hasPrefix("prefs.plist.corrupt-") })
    #expect(
      sandbox.contents(sandbox.config + "/" + quarantined) == Data(garbage.utf8),
      "original bytes kept"
    )
    #expect(sandbox.run("prefs", "get", "layout.columns").stdout == "6\n")
    #expect(sandbox.run("prefs", "doctor").code == .success)
  }

  @Test func anUnwritableDirectoryIsExit73AndTheOldFileStaysIntact() throws {
    let sandbox = try PrefsSandbox()
    defer { sandbox.remove() }
    guard let readOnly = try ReadOnlyDirectory(sandbox) else { return }
    defer { readOnly.restore() }
    #expect(sandbox.run("prefs", "set", "lang", "ja").code == .success)
    let before = try #require(sandbox.contents())
    try readOnly.lock()

    let result = sandbox.run("prefs", "set", "lang", "fr")
    #expect(result.code == .cannotCreate)
    #expect(result.stdout.isEmpty)
    if readOnly.mountPoint != nil {
      #expect(
        result.stderr
          == "error: cannot open the lock file '\(sandbox.file).lock': Read-only file system (errno 30); "
          + "the file system is read-only, the previous file is intact\n"
      )
    } else {
      // The lock file exists, so the temporary file is what cannot be created.
      #expect(result.stderr.hasPrefix("error: cannot "))
      #expect(result.stderr.contains("Permission denied (errno \(EACCES)); check the permissions"))
      #expect(result.stderr.hasSuffix("the previous file is intact\n"))
    }
    #expect(sandbox.contents() == before)
    #expect(sandbox.run("prefs", "get", "lang").stdout == "ja\n")
    let reset = sandbox.run("prefs", "reset")
    #expect(reset.code == .cannotCreate)
    #expect(sandbox.contents() == before)
  }

  @Test func theBuiltToolSetsGetsExportsAndDiagnoses() throws {
    let tool = try #require(
      builtProductPath("pokedex"),
      "build the pokedex product first (swift build)"
    )
    let sandbox = try PrefsSandbox()
    defer { sandbox.remove() }
    let environment = sandbox.environment
    let set = try runProcess(
      tool,
      ["prefs", "set", "layout.style", "list"],
      environment: environment
    )
    #expect(set.status == 0)
    #expect(set.stdout.isEmpty && set.stderr.isEmpty)
    let get = try runProcess(tool, ["prefs", "get", "layout.style"], environment: environment)
    #expect(get.status == 0)
    #expect(get.stdout == "list\n")

    let bad = try runProcess(
      tool,
      ["prefs", "set", "layout.style", "gird"],
      environment: environment
    )
    #expect(bad.status == 64)
    #expect(bad.stdout.isEmpty)
    #expect(
      bad.stderr
        == "error: invalid value for 'layout.style': 'gird' is not allowed; "
        + "allowed values: grid, row, list, featured, carousel; did you mean 'grid'?\n"
    )

    let exported = try runProcess(
      tool,
      ["prefs", "export", "--format", "json"],
      environment: environment
    )
    #expect(exported.status == 0)
    #expect(exported.stdout == "{\n  \"_schemaVersion\": 1,\n  \"layout.style\": \"list\"\n}\n")

    try sandbox.write("{ truncated", to: sandbox.file)
    let doctor = try runProcess(tool, ["prefs", "doctor"], environment: environment)
    #expect(doctor.status == 65)
    #expect(doctor.stdout.contains("unreadable: "))
    #expect(doctor.stdout.hasSuffix("status: problems found\n"))
  }

  @Test func concurrentImportsFromTwoProcessesLoseNothing() throws {
    let tool = try #require(
      builtProductPath("pokedex"),
      "build the pokedex product first (swift build)"
    )
    let sandbox = try PrefsSandbox()
    defer { sandbox.remove() }
    let perWriter = 12
    for writer in 0..<2 {
      for step in 0..<perWriter {
        try sandbox.write("{\"w\(writer).k\(step)\": \(step)}", to: "in-\(writer)-\(step).json")
      }
    }
    let failures = Counter()
    DispatchQueue.concurrentPerform(iterations: 2) { writer in
      for step in 0..<perWriter {
        let result = try? runProcess(
          tool,
          ["prefs", "import", sandbox.directory.path("in-\(writer)-\(step).json")],
          environment: sandbox.environment
        )
        if result?.status != 0 { failures.increment() }
      }
    }
    #expect(failures.value == 0)
    let keys = PreferencesStore(path: sandbox.file).keys
    #expect(keys.count == 2 * perWriter)
  }
}

/// Makes the preferences directory unwritable: `chmod 0500` for a normal user; for root,
/// who ignores permissions, a tmpfs remounted read-only. `nil` (saying why) when neither works.
struct ReadOnlyDirectory {
  let sandbox: PrefsSandbox
  let mountPoint: String?

  init?(_ sandbox: PrefsSandbox) throws {
    self.sandbox = sandbox
    try FileManager.default.createDirectory(
      atPath: sandbox.config,
      withIntermediateDirectories: true
    )
    if geteuid() != 0 {
      mountPoint = nil
      return
    }
    guard
      runStatus(
        "/bin/mount",
        ["-t", "tmpfs", "-o", "size=512k,mode=0700", "tmpfs", sandbox.config]
      )
        == 0
    else {
      print(
        "anUnwritableDirectory...: skipped, running as root and 'mount -t tmpfs' is not permitted here"
      )
      return nil
    }
    mountPoint = sandbox.config
  }

  /// Makes the directory read-only.
  func lock() throws {
    if let mountPoint {
      guard runStatus("/bin/mount", ["-o", "remount,ro", mountPoint]) == 0 else {
        throw CocoaError(.fileWriteNoPermission)
      }
    } else {
      chmod(sandbox.config, 0o500)
    }
  }

  /// Makes it writable again (and unmounts), so the sandbox can be removed.
  func restore() {
    if let mountPoint {
      _ = runStatus("/bin/umount", [mountPoint])
    } else {
      chmod(sandbox.config, 0o700)
    }
  }

}

/// A thread-safe count.
final class Counter: Sendable {
  private let count = Mutex(0)
  var value: Int { count.withLock { $0 } }
  func increment() { count.withLock { $0 += 1 } }
}
