import Foundation
import PlistPreferences
import PokedexTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

func mode(of path: String) -> mode_t {
  var info = stat()
  guard lstat(path, &info) == 0 else { return 0 }
  return info.st_mode & 0o7777
}

func names(in directory: String) -> [String] {
  ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
}

@Suite struct PermissionTests {
  @Test func createsTheDirectory0700AndTheFile0600() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let previous = umask(0o022)
    defer { umask(previous) }
    try sandbox.store().set(1, for: Keys.counter)
    #expect(mode(of: sandbox.directory.path("config")) == 0o700)
    #expect(mode(of: sandbox.path) == 0o600)
    #expect(mode(of: sandbox.path + ".lock") == 0o600)
  }

  @Test func keepsAnExistingMode() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    try sandbox.write(plist("<dict/>"))
    chmod(sandbox.path, 0o640)
    try sandbox.store().set(1, for: Keys.counter)
    #expect(mode(of: sandbox.path) == 0o640)
  }

  @Test func aSymlinkedFileStaysASymlink() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let dotfiles = sandbox.directory.path("dotfiles")
    try FileManager.default.createDirectory(atPath: dotfiles, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      atPath: sandbox.directory.path("config"),
      withIntermediateDirectories: true
    )
    try sandbox.write(
      plist("<dict><key>title</key><string>kept</string></dict>"),
      to: dotfiles + "/prefs.plist"
    )
    try FileManager.default.createSymbolicLink(
      atPath: sandbox.path,
      withDestinationPath: "../dotfiles/prefs.plist"
    )
    let store = sandbox.store()
    #expect(store[Keys.title] == "kept")
    try store.set(8, for: Keys.counter)
    let link = try FileManager.default.destinationOfSymbolicLink(atPath: sandbox.path)
    #expect(link == "../dotfiles/prefs.plist")
    #expect(sandbox.text(dotfiles + "/prefs.plist").contains("<integer>8</integer>"))
    // The lock is the target's, beside it, so that every path to the file takes one lock.
    #expect(names(in: dotfiles) == ["prefs.plist", "prefs.plist.bak", "prefs.plist.lock"])
    #expect(names(in: sandbox.directory.path("config")) == ["prefs.plist"])
    #expect(sandbox.store()[Keys.counter] == 8)
    #expect(store.diagnose().isSymlink)
  }

  @Test func writesNothingWhenNothingChanges() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = sandbox.store()
    try store.set(1, for: Keys.counter)
    var before = stat()
    stat(sandbox.path, &before)
    try store.set(1, for: Keys.counter)
    try store.removeValue(forKey: "missing")
    var after = stat()
    stat(sandbox.path, &after)
    #expect(before.st_ino == after.st_ino)
  }

  @Test func aHeldLockTimesOutWithAnError() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    try sandbox.store().set(1, for: Keys.counter)
    let fd = open(sandbox.path + ".lock", O_RDWR | O_CLOEXEC)
    defer { close(fd) }
    #expect(flock(fd, LOCK_EX) == 0)
    let store = sandbox.store(
      PreferencesOptions(durability: .relaxed, lockTimeout: .milliseconds(50))
    )
    #expect(throws: PreferencesError.lockTimeout(path: sandbox.path + ".lock", milliseconds: 50)) {
      try store.set(2, for: Keys.counter)
    }
    #expect(store.diagnose().lockState == .held)
    #expect(store[Keys.counter] == 1)
    flock(fd, LOCK_UN)
    #expect(store.diagnose().lockState == .free)
  }

  @Test func staleTemporaryFilesAreRemovedByTheNextCommit() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    try sandbox.store().set(1, for: Keys.counter)
    let stale = sandbox.directory.path("config/.prefs.plist.tmp-99999-abc")
    try Data("half".utf8).write(to: URL(fileURLWithPath: stale))
    let store = sandbox.store()
    #expect(store.diagnose().staleTemporaryFiles == [stale])
    try store.set(2, for: Keys.counter)
    #expect(!FileManager.default.fileExists(atPath: stale))
    #expect(store.diagnostics.contains { $0.kind == .staleTemporaryFiles })
  }
}

@Suite struct CorruptionTests {
  struct Corruption: Sendable, CustomTestStringConvertible {
    var name: String
    var bytes: [UInt8]
    var reason: String
    var testDescription: String { name }
  }

  static let good = plist(
    "<dict><key>_schemaVersion</key><integer>1</integer><key>layout.columns</key><integer>4</integer></dict>"
  )

  static let corruptions: [Corruption] = [
    Corruption(
      name: "garbage",
      bytes: Array("§§ not a plist §§".utf8),
      reason: "the file is neither an XML nor a binary property list"
    ),
    Corruption(
      name: "truncated",
      bytes: Array(good.utf8.prefix(150)),
      reason: "the xml property list does not parse"
    ),
    Corruption(name: "empty", bytes: [], reason: "the file is empty"),
    Corruption(
      name: "array root",
      bytes: Array(plist("<array><integer>1</integer></array>").utf8),
      reason: "the root of the property list is array, not a dictionary"
    ),
    Corruption(
      name: "JSON",
      bytes: Array(#"{"layout.columns": 4}"#.utf8),
      reason: "the file looks like JSON, not a property list"
    ),
    Corruption(
      name: "truncated binary",
      bytes: Array("bplist00".utf8) + [0xD1, 0x01],
      reason: "the binary property list does not parse"
    ),
  ]

  @Test(arguments: corruptions, [true, false])
  func aCorruptFileIsQuarantinedAndRecovered(_ corruption: Corruption, withBackup: Bool) throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = sandbox.store()
    if withBackup {
      try store.set(4, for: Keys.columns)
      try store.set("list", for: Keys.style)  // the backup now holds columns = 4
    } else {
      try sandbox.write("")
    }
    try Data(corruption.bytes).write(to: URL(fileURLWithPath: sandbox.path))

    // A read serves the backup (or the defaults) and does not touch the file.
    let reader = sandbox.store()
    #expect(reader[Keys.columns] == (withBackup ? 4 : 3))
    let unreadable = try #require(reader.diagnostics.first { $0.kind == .unreadableFile })
    #expect(unreadable.message.contains(corruption.reason))
    #expect(FileManager.default.contents(atPath: sandbox.path) == Data(corruption.bytes))
    #expect(reader.diagnose().parseProblem?.hasPrefix(corruption.reason) == true)

    // The next writer quarantines it, never overwriting it, and recovers.
    try reader.set(9, for: Keys.counter)
    let quarantined = names(in: sandbox.directory.path("config")).filter {
      $0.contains(".corrupt-")
    }
    #expect(quarantined.count == 1)
    let copy = sandbox.directory.path("config/\(quarantined.first ?? "")")
    #expect(FileManager.default.contents(atPath: copy) == Data(corruption.bytes))
    let event = try #require(reader.diagnostics.first { $0.kind == .quarantinedFile })
    #expect(event.message.contains("moved it to '\(copy)'"))
    #expect(
      event.message.hasSuffix(
        withBackup
          ? "recovered from the backup '\(sandbox.path).bak'" : "recovered from the defaults"
      )
    )
    let fresh = sandbox.store()
    #expect(fresh[Keys.columns] == (withBackup ? 4 : 3))
    #expect(fresh[Keys.counter] == 9)
    #expect(fresh.diagnose().quarantinedFiles == [copy])
    #expect(fresh.diagnose().isHealthy)
  }

  @Test func onlyTheNewestQuarantinedFilesAreKept() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    for round in 0..<5 {
      try sandbox.write("garbage \(round)")
      try sandbox.store().set(round, for: Keys.counter)
    }
    let quarantined = names(in: sandbox.directory.path("config")).filter {
      $0.contains(".corrupt-")
    }
    #expect(quarantined.count == 3)
    let kept = quarantined.map { sandbox.text(sandbox.directory.path("config/\($0)")) }.sorted()
    #expect(kept == ["garbage 2", "garbage 3", "garbage 4"])
  }
}

/// Disk-full and read-only file systems on a small tmpfs (needs root).
@Suite(.serialized) struct FullDiskTests {
  /// Mounts a tmpfs of `kilobytes`, or returns `nil` (saying why) where mounting is not possible.
  static func mountTmpfs(kilobytes: Int) throws -> String? {
    let sandbox = try TemporaryDirectoryHolder()
    let point = sandbox.path
    let status = runStatus(
      "/bin/mount",
      ["-t", "tmpfs", "-o", "size=\(kilobytes)k,mode=0755", "tmpfs", point]
    )
    guard status == 0 else {
      print("FullDiskTests: skipped, 'mount -t tmpfs' is not permitted here (status \(status))")
      return nil
    }
    return point
  }

  static func unmount(_ point: String) {
    _ = runStatus("/bin/umount", [point])
    rmdir(point)
  }

  @Test func aFullDiskLeavesTheOldFileIntactAndSaysSo() throws {
    guard let point = try Self.mountTmpfs(kilobytes: 256) else { return }
    defer { Self.unmount(point) }
    let path = point + "/prefs.plist"
    let store = PreferencesStore(path: path)
    try store.set("small", for: Keys.title)
    let before = try #require(FileManager.default.contents(atPath: path))
    let big = String(repeating: "x", count: 400 * 1024)
    do {
      try store.set(big, for: Keys.title)
      Issue.record("expected ENOSPC")
    } catch {
      #expect(error.code == ENOSPC)
      #expect(
        error.description.contains(
          "No space left on device (errno \(ENOSPC)); the previous file is intact"
        )
      )
    }
    #expect(FileManager.default.contents(atPath: path) == before)
    #expect(names(in: point).filter { $0.contains(".tmp-") }.isEmpty)
    #expect(PreferencesStore(path: path)[Keys.title] == "small")
  }

  @Test func aReadOnlyFileSystemKeepsTheChangeInMemoryOnly() throws {
    guard let point = try Self.mountTmpfs(kilobytes: 256) else { return }
    defer { Self.unmount(point) }
    let path = point + "/prefs.plist"
    let store = PreferencesStore(path: path)
    try store.set("before", for: Keys.title)
    let before = try #require(FileManager.default.contents(atPath: path))
    #expect(runStatus("/bin/mount", ["-o", "remount,ro", point]) == 0)
    do {
      try store.set("after", for: Keys.title)
      Issue.record("expected EROFS")
    } catch {
      #expect(error.code == EROFS)
      #expect(error.description.contains("Read-only file system (errno \(EROFS))"))
    }
    #expect(FileManager.default.contents(atPath: path) == before)
    #expect(store[Keys.title] == "after")
    #expect(store.diagnostics.contains { $0.kind == .unsavedChanges })
    #expect(PreferencesStore(path: path)[Keys.title] == "before")
  }
}

/// A directory path under the temporary directory for a mount point.
struct TemporaryDirectoryHolder {
  let path: String
  init() throws {
    path = NSTemporaryDirectory() + "/prefs-mount-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }
}

@Suite struct SpecialFileTests {
  /// `prefs.plist -> /dev/null` keeps nothing: commits write into the device and never
  /// quarantine it, link it to `.bak` or rename over it.
  @Test func aFileLinkedToDevNullIsWrittenThroughAndNeverReplaced() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    try FileManager.default.createDirectory(
      atPath: sandbox.directory.path("config"),
      withIntermediateDirectories: true
    )
    #expect(symlink("/dev/null", sandbox.path) == 0)
    var before = stat()
    #expect(stat("/dev/null", &before) == 0)
    let store = sandbox.store(PreferencesOptions(durability: .durable))
    try store.set(3, for: Keys.counter)
    try store.set(4, for: Keys.counter)
    var after = stat()
    #expect(stat("/dev/null", &after) == 0)
    #expect(after.st_mode & S_IFMT == S_IFCHR)
    #expect(after.st_ino == before.st_ino && after.st_rdev == before.st_rdev)
    #expect(names(in: sandbox.directory.path("config")) == ["prefs.plist", "prefs.plist.lock"])
    #expect(!names(in: "/dev").contains { $0.hasPrefix("null.") || $0.hasPrefix(".null.") })
    #expect(!store.diagnostics.contains { $0.kind == .quarantinedFile })
  }

  /// The race behind a once-flaky `prefs doctor` test: a commit's lock must be free when
  /// the commit returns, even while other threads spawn processes (a child shares the
  /// lock's open file description until it `exec`s).
  @Test func theLockIsFreeAfterEachCommitWhileProcessesAreSpawned() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let spawning = Task.detached {
      for _ in 0..<60 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try? process.run()
        process.waitUntilExit()
      }
    }
    let store = sandbox.store()
    var held = 0
    for value in 0..<150 {
      try store.set(value, for: Keys.counter)
      if store.diagnose().lockState == .held { held += 1 }
    }
    await spawning.value
    #expect(held == 0, "the lock was still held after \(held) of 150 commits")
  }
}
