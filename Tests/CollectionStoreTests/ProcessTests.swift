import FileKit
import Foundation
import PokedexTestSupport
import Testing

@testable import CollectionStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Real processes on one file: no lost change, no torn file after a kill.
///
/// The two tests are in separate suites so that they run side by side: each is mostly one
/// process working under the file lock.
@Suite struct ConcurrentProcessTests {
  @Test func twoProcessesAppendingLoseNothing() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let count = Int(ProcessInfo.processInfo.environment["COLLECTION_STRESS_COMMITS"] ?? "") ?? 200
    let arguments = ["append", sandbox.path, "shared", String(count), "--relaxed"]
    let first = try StressHelper.start(arguments)
    let second = try StressHelper.start(arguments)
    first.0.waitUntilExit()
    second.0.waitUntilExit()
    #expect(first.0.terminationStatus == 0)
    #expect(second.0.terminationStatus == 0)

    let reading = try Store(path: sandbox.path, kind: "stress").read()
    #expect(reading.warnings.isEmpty)
    // One section, made by whichever process came first.
    #expect(reading.document.sections.map(\.name) == ["shared"])
    let items = try reading.document.values(of: "shared")
    #expect(items.count == 2 * count)
    for process in [first.0, second.0] {
      let prefix = "\(process.processIdentifier)-"
      let own = items.filter { $0.hasPrefix(prefix) }
      #expect(
        own == (0..<count).map { "\(prefix)\($0 + 1)" },
        "process \(process.processIdentifier)"
      )
    }
    let ids = try reading.document.items(in: reading.document.id(of: "shared")).map(\.id)
    #expect(Set(ids).count == ids.count)
  }
}

/// Writers through a symlink and through the file's own path take one lock: half of them
/// through each lose nothing (the lock was once named after the path as given, and such
/// writers lost about 40 of 100 commits).
@Suite struct SymlinkProcessTests {
  @Test func writersThroughASymlinkAndThroughTheFileLoseNothing() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let elsewhere = sandbox.directory.path("links")
    try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
    let link = elsewhere + "/list.jsonl"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "../list.jsonl")
    let count = Int(ProcessInfo.processInfo.environment["COLLECTION_STRESS_COMMITS"] ?? "") ?? 100
    let writers = try [sandbox.path, link, sandbox.path, link].map { path in
      try StressHelper.start(["append", path, "shared", String(count / 2), "--relaxed"]).0
    }
    for writer in writers { writer.waitUntilExit() }
    #expect(writers.map(\.terminationStatus) == [0, 0, 0, 0])

    let reading = try Store(path: link, kind: "stress").read()
    #expect(reading.warnings.isEmpty)
    #expect(reading.document.sections.map(\.name) == ["shared"])
    #expect(try reading.document.values(of: "shared").count == 4 * (count / 2))
    // One lock file, beside the file: the link's directory holds only the link.
    #expect(sandbox.names().contains("list.jsonl.lock"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere) == ["list.jsonl"])
    #expect(try FileStamp.ofLink(link)?.kind == .symlink)
  }
}

@Suite struct KilledProcessTests {
  /// SIGKILL a durable writer at random moments, again and again on the same file: the file
  /// always reads without warnings and holds the last commit that returned (and at most the
  /// one it was making).
  @Test func killingAWriterNeverCorruptsOrLosesACommit() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let minimumCommits =
      Int(ProcessInfo.processInfo.environment["COLLECTION_KILL_COMMITS"] ?? "") ?? 100
    var rng = SplitMix64(seed: 0xC011)
    var lastCommitted = 0
    var commitsSeen = 0
    var trials = 0
    while (commitsSeen < minimumCommits || trials < 10) && trials < 500 {
      trials += 1
      let (process, output) = try StressHelper.start(["write-forever", sandbox.path])
      // Wait for a first commit to return, so every trial kills a writer between or inside
      // later commits, then kill at a random moment.
      let first = output.fileHandleForReading.availableData
      usleep(UInt32.random(in: 0..<20_000, using: &rng))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      let rest = output.fileHandleForReading.readDataToEndOfFile()
      let numbers = String(decoding: first + rest, as: UTF8.self)
        .split(separator: "\n").compactMap { Int($0) }
      #expect(!numbers.isEmpty, "trial \(trials): no commit returned")
      #expect(
        numbers.first == lastCommitted + 1,
        "trial \(trials): starts at \(numbers.first ?? 0)"
      )
      commitsSeen += numbers.count
      lastCommitted = numbers.last ?? lastCommitted

      let check = try StressHelper.run(["check", sandbox.path, String(lastCommitted)])
      #expect(check.status == 0, "trial \(trials): \(check.stderr)")
      guard check.status == 0, let held = Int(check.stdout.trimmingCharacters(in: .newlines))
      else { return }
      lastCommitted = held
    }
    #expect(commitsSeen >= minimumCommits)

    // The next commit when a sweep is due removes what the killed writers left; nothing is
    // left behind.
    let old = Date().addingTimeInterval(-2 * Double(CollectionDataDirectory.gracePeriod))
    let mark = sandbox.dataDirectory.path(of: CollectionDataDirectory.sweepMark)
    try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: mark)
    let commit = try Store(path: sandbox.path, kind: "stress").perform("one more") {
      (document) throws(CollectionStoreError) in
      try document.append(["\(lastCommitted + 1)"], to: try document.id(of: "log"), date: at(0))
    }
    #expect(commit.warnings.allSatisfy { $0.contains("temporary file") })
    #expect(
      sandbox.names() == ["list.jsonl", "list.jsonl.bak", "list.jsonl.d", "list.jsonl.lock"],
      "left over: \(sandbox.names())"
    )
    #expect(sandbox.storedNames().allSatisfy { !$0.hasPrefix(".") }, "\(sandbox.storedNames())")
    // Once their grace period is over, the files of the killed commits go too: what is
    // left is what the manifest and its backup name.
    for name in sandbox.storedNames() + [CollectionDataDirectory.sweepMark] {
      try FileManager.default.setAttributes(
        [.modificationDate: old],
        ofItemAtPath: sandbox.dataDirectory.path(of: name)
      )
    }
    try Store(path: sandbox.path, kind: "stress").perform("and one more") {
      (document) throws(CollectionStoreError) in
      try document.append(["\(lastCommitted + 2)"], to: try document.id(of: "log"), date: at(0))
    }
    let named = try sandbox.contents(kind: "stress").storedNames().union(
      (CollectionFileFormat.parse(
        sandbox.bytes(sandbox.path + ".bak"),
        kind: "stress",
        files: CollectionFiles(directory: sandbox.dataDirectory)
      ) as CollectionFileFormat.Contents<EmptyInfo, String>).storedNames()
    )
    #expect(Set(sandbox.storedNames()) == named)
    lastCommitted += 1
    let check = try StressHelper.run(["check", sandbox.path, String(lastCommitted + 1)])
    #expect(check.status == 0, "\(check.stderr)")
  }

  /// The check itself fails on a file that lost a commit, so the test above can fail.
  @Test func theCheckFailsWhenACommitIsMissing() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    try Store(path: sandbox.path, kind: "stress").add(["log": ["1", "2", "3"]])
    let good = try StressHelper.run(["check", sandbox.path, "3"])
    #expect(good.status == 0)
    #expect(good.stdout == "3\n")
    let lost = try StressHelper.run(["check", sandbox.path, "4"])
    #expect(lost.status == 1)
    #expect(lost.stderr == "collection-stress: lost commit 4: the file holds 3\n")
    let future = try StressHelper.run(["check", sandbox.path, "1"])
    #expect(future.status == 1)
    #expect(future.stderr == "collection-stress: the file holds 3, beyond the last commit 1 + 1\n")
    try Store(path: sandbox.path, kind: "stress").perform("swap") {
      (document) throws(CollectionStoreError) in
      try document.modifyItems(in: try document.id(of: "log"), date: at(1)) { $0.swapAt(0, 1) }
    }
    let disordered = try StressHelper.run(["check", sandbox.path, "3"])
    #expect(disordered.status == 1)
    #expect(disordered.stderr.contains("is not 1...3 in order"))
  }
}

/// A full disk, on a small tmpfs (needs root; skipped where mounting is not permitted).
@Suite(.serialized) struct FullDiskTests {
  @Test func aFullDiskLeavesTheOldFileIntact() throws {
    let point = NSTemporaryDirectory() + "/collection-mount-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: point, withIntermediateDirectories: true)
    defer { rmdir(point) }
    let status = runStatus(
      "/bin/mount",
      ["-t", "tmpfs", "-o", "size=128k,mode=0755", "tmpfs", point]
    )
    guard status == 0 else {
      print("FullDiskTests: skipped, 'mount -t tmpfs' is not permitted here (status \(status))")
      return
    }
    defer { _ = runStatus("/bin/umount", [point]) }
    let path = point + "/list.jsonl"
    let store = Store(path: path, kind: "test")
    try store.add(["A": ["small"]])
    let before = try #require(FileManager.default.contents(atPath: path))

    let big = String(repeating: "x", count: 200 * 1024)
    let error = #expect(throws: CollectionStoreError.self) {
      try store.perform("add big") { (document) throws(CollectionStoreError) in
        try document.append([big], to: try document.id(of: "A"), date: at(1))
      }
    }
    if case .file(_, _, let code)? = error {
      #expect(code == ENOSPC)
    } else {
      Issue.record("expected ENOSPC, got \(String(describing: error))")
    }
    #expect(FileManager.default.contents(atPath: path) == before)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: point)) ?? []
    #expect(names.sorted() == ["list.jsonl", "list.jsonl.d", "list.jsonl.lock"])
    // The first commit's section and history entry (and sweep mark), and no temporary file
    // left behind.
    let stored = (try? FileManager.default.contentsOfDirectory(atPath: path + ".d")) ?? []
    #expect(Set(stored).subtracting([CollectionDataDirectory.sweepMark]).count == 2)
    #expect(stored.allSatisfy { !$0.hasPrefix(".") })
    let reading = try store.read()
    #expect(reading.warnings.isEmpty)
    #expect(try reading.document.values(of: "A") == ["small"])
    #expect(reading.undoCount == 1)

    // A change that fits is committed afterwards.
    try store.perform("add more") { (document) throws(CollectionStoreError) in
      try document.append(["more"], to: try document.id(of: "A"), date: at(2))
    }
    #expect(try store.read().document.values(of: "A") == ["small", "more"])
  }

}

/// Threads and stores in one process: the file lock serializes them too.
@Suite struct ThreadTests {
  @Test func threadsAndStoresInOneProcessLoseNothing() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let stores = [sandbox.store(), sandbox.store()]
    try stores[0].add(["shared": []])
    try await withThrowingTaskGroup(of: Void.self) { group in
      for task in 0..<4 {
        let store = stores[task % 2]
        group.addTask {
          for n in 1...20 {
            try store.perform("\(task)-\(n)") { (document) throws(CollectionStoreError) in
              try document.append(["\(task)-\(n)"], to: try document.id(of: "shared"), date: at(n))
            }
          }
        }
      }
      try await group.waitForAll()
    }
    let values = try stores[1].read().document.values(of: "shared")
    #expect(values.count == 80)
    for task in 0..<4 {
      #expect(values.filter { $0.hasPrefix("\(task)-") } == (1...20).map { "\(task)-\($0)" })
    }
  }
}
