import Foundation
import PlistPreferences
import PokedexTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Real processes on real files: lost updates (G4), crashes (G2), freshness (G8).
@Suite(.serialized) struct ProcessTests {
  @Test func twoProcessesIncrementingLoseNothing() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let first = try HelperProcess.start(["increment", sandbox.path, "500", "--relaxed"])
    let second = try HelperProcess.start(["increment", sandbox.path, "500", "--relaxed"])
    first.0.waitUntilExit()
    second.0.waitUntilExit()
    #expect(first.0.terminationStatus == 0)
    #expect(second.0.terminationStatus == 0)
    #expect(sandbox.store()[Keys.counter] == 1000)
  }

  /// Writers through a symlink and through the file's own path take one lock (it was once
  /// named after the path as given, and such writers lost updates).
  @Test func writersThroughASymlinkAndThroughTheFileLoseNothing() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let elsewhere = sandbox.directory.path("links")
    try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
    let link = elsewhere + "/prefs.plist"
    try FileManager.default.createDirectory(
      atPath: (sandbox.path as NSString).deletingLastPathComponent,
      withIntermediateDirectories: true
    )
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: sandbox.path)
    let writers = try [sandbox.path, link, sandbox.path, link].map { path in
      try HelperProcess.start(["increment", path, "150", "--relaxed"]).0
    }
    for writer in writers { writer.waitUntilExit() }
    #expect(writers.map(\.terminationStatus) == [0, 0, 0, 0])
    #expect(sandbox.store()[Keys.counter] == 600)
    #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere) == ["prefs.plist"])
  }

  @Test func aCommitInAnotherProcessIsSeenByTheNextRead() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = sandbox.store()
    #expect(store[Keys.counter] == 0)
    for value in [1, 2, 3] {
      #expect(try HelperProcess.run(["set", sandbox.path, "counter", String(value)]) == 0)
      #expect(store[Keys.counter] == value)
    }
  }

  /// SIGKILL a writer of large values at random moments: the file always
  /// parses and always holds at least the last commit that returned.
  @Test func killingAWriterNeverCorruptsOrLosesACommit() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let trials = Int(ProcessInfo.processInfo.environment["PREFS_KILL_TRIALS"] ?? "") ?? 100
    let bytes = 32 * 1024
    var rng = SplitMix64(seed: 0x5EED)
    var lastCommitted = 0
    var commitsSeen = 0
    for trial in 0..<trials {
      let (process, output) = try HelperProcess.start(["write-large", sandbox.path, String(bytes)])
      // Wait for the first commit to return, so every trial kills a writer that is
      // between or inside later commits, then kill at a random moment.
      let first = output.fileHandleForReading.availableData
      usleep(UInt32.random(in: 0..<25_000, using: &rng))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      let rest = output.fileHandleForReading.readDataToEndOfFile()
      let printed = String(decoding: first + rest, as: UTF8.self)
      let numbers = printed.split(separator: "\n").compactMap { Int($0) }
      commitsSeen += numbers.count
      if let last = numbers.last { lastCommitted = last }

      guard FileManager.default.fileExists(atPath: sandbox.path) else {
        #expect(lastCommitted == 0, "trial \(trial): the file vanished")
        continue
      }
      let data = try #require(FileManager.default.contents(atPath: sandbox.path))
      let parsed =
        try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
      #expect(parsed != nil, "trial \(trial): the file does not parse (\(data.count) bytes)")
      let store = sandbox.store()
      let sequence = store[PreferenceKey("seq", default: 0)]
      let blob = store[PreferenceKey("blob", default: "")]
      #expect(
        sequence >= lastCommitted,
        "trial \(trial): committed \(lastCommitted), file holds \(sequence)"
      )
      #expect(sequence <= lastCommitted + 1, "trial \(trial): the file holds an uncommitted future")
      #expect(
        blob.count == bytes && blob.first == Character(UnicodeScalar(UInt8(97 + sequence % 26)))
      )
      #expect(store.diagnostics.isEmpty, "trial \(trial): \(store.diagnostics)")
      lastCommitted = sequence
    }
    #expect(commitsSeen >= trials, "every trial waits for at least one commit")
    // The next commit removes the temporary files of the killed writers.
    try sandbox.store().set(1, for: Keys.counter)
    #expect(names(in: sandbox.directory.path("config")).filter { $0.contains(".tmp-") }.isEmpty)
  }
}

@Suite struct ThreadTests {
  @Test func threadsAndStoresInOneProcessLoseNothing() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let stores = [sandbox.store(), sandbox.store()]
    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<4 {
        let store = stores[index % 2]
        group.addTask {
          for _ in 0..<50 { try store.update { $0[Keys.counter] += 1 } }
        }
      }
      try await group.waitForAll()
    }
    #expect(sandbox.store()[Keys.counter] == 200)
    #expect(stores[0][Keys.counter] == 200)
  }
}
