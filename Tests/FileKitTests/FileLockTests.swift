import Foundation
import PokedexTestSupport
import Testing

@testable import FileKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct FileLockTests {
  @Test func aHeldLockTimesOutAndIsReportedHeld() throws {
    let directory = try TemporaryDirectory(prefix: "filekit")
    defer { directory.remove() }
    let path = directory.path("a.lock")
    #expect(try FileLock.isHeld(at: path) == nil)
    let lock = try FileLock(path: path, timeout: .seconds(1))
    #expect(try FileLock.isHeld(at: path) == true)
    #expect(throws: FileError(.lock, path, code: ETIMEDOUT)) {
      _ = try FileLock(path: path, timeout: .milliseconds(20))
    }
    lock.release()
    lock.release()
    #expect(try FileLock.isHeld(at: path) == false)
    _ = try FileLock(path: path, timeout: .milliseconds(20))
  }

  /// The race behind a flaky `prefs doctor` test: a child forked by another thread shares
  /// the lock's open file description until it `exec`s. `release()` unlocks explicitly, so
  /// the lock is free the moment it returns, whatever other threads spawn.
  @Test func aReleasedLockIsFreeWhileOtherThreadsSpawnProcesses() async throws {
    let directory = try TemporaryDirectory(prefix: "filekit")
    defer { directory.remove() }
    let path = directory.path("b.lock")
    let spawning = Task.detached {
      for _ in 0..<100 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try? process.run()
        process.waitUntilExit()
      }
    }
    var heldAfterRelease = 0
    var trials = 0
    let deadline = ContinuousClock.now + .seconds(10)
    while trials < 20_000, ContinuousClock.now < deadline {
      let lock = try FileLock(path: path, timeout: .seconds(2))
      lock.release()
      if try FileLock.isHeld(at: path) == true { heldAfterRelease += 1 }
      trials += 1
    }
    await spawning.value
    #expect(heldAfterRelease == 0, "held after release in \(heldAfterRelease) of \(trials) trials")
  }
}
