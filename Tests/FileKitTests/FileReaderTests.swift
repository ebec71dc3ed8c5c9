import Foundation
import PokedexTestSupport
import Testing

@testable import FileKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct FileReaderTests {
  @Test func readsAWholeFileAndItsStamp() throws {
    let directory = try TemporaryDirectory(prefix: "filekit")
    defer { directory.remove() }
    let path = directory.path("a.txt")
    let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let contents = try FileReader.read(atPath: path, limit: 1 << 20)
    #expect(contents.bytes == bytes)
    #expect(contents.stamp.size == 100_000)
    #expect(contents.stamp.kind == .regular)
    #expect(try FileStamp.of(path) == contents.stamp)
  }

  /// A file of megabytes is read whole: every byte arrives, around the 2 MiB boundaries.
  @Test(arguments: [(2 << 20) - 1, 2 << 20, (5 << 20) + 12_345])
  func readsAFileOfMegabytes(size: Int) throws {
    let directory = try TemporaryDirectory(prefix: "filekit")
    defer { directory.remove() }
    let path = directory.path("big")
    let bytes = (0..<size).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 7) }
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    #expect(try FileReader.read(atPath: path, limit: 64 << 20).bytes == bytes)
  }

  @Test func readsAnEmptyFileAndAFileOfExactlyTheLimit() throws {
    let directory = try TemporaryDirectory(prefix: "filekit")
    defer { directory.remove() }
    let empty = directory.path("empty")
    let exact = directory.path("exact")
    try Data().write(to: URL(fileURLWithPath: empty))
    try Data(repeating: 7, count: 4096).write(to: URL(fileURLWithPath: exact))
    #expect(try FileReader.read(atPath: empty, limit: 0).bytes == [])
    #expect(try FileReader.read(atPath: exact, limit: 4096).bytes.count == 4096)
  }

  @Test func aFileOverTheLimitIsRefusedBeforeReading() throws {
    let directory = try TemporaryDirectory(prefix: "filekit")
    defer { directory.remove() }
    let path = directory.path("big")
    try Data(repeating: 1, count: 4097).write(to: URL(fileURLWithPath: path))
    let error = #expect(throws: FileError.self) {
      try FileReader.read(atPath: path, limit: 4096)
    }
    #expect(error?.reason == .tooLarge)
    #expect(error?.code == EFBIG)
    #expect(
      error?.description == "cannot read '\(path)': the file is larger than the limit of 4096 bytes"
    )
  }

  @Test func aHugeSparseFileIsRefusedAtOnce() throws {
    let directory = try TemporaryDirectory(prefix: "filekit")
    defer { directory.remove() }
    let path = directory.path("sparse")
    let descriptor = open(path, O_WRONLY | O_CREAT, 0o600)
    #expect(ftruncate(descriptor, 1 << 40) == 0)
    close(descriptor)
    let start = ContinuousClock.now
    #expect(throws: FileError(.read, path, code: EFBIG, limit: 1 << 20)) {
      try FileReader.read(atPath: path, limit: 1 << 20)
    }
    #expect(ContinuousClock.now - start < .seconds(1))
  }

  @Test func anEndlessDeviceIsRefusedAfterTheLimit() throws {
    // `/dev/zero` reports size 0 and never ends: the read stops after `limit + 1` bytes.
    let start = ContinuousClock.now
    #expect(throws: FileError(.read, "/dev/zero", code: EFBIG, limit: 1 << 20)) {
      try FileReader.read(atPath: "/dev/zero", limit: 1 << 20)
    }
    #expect(ContinuousClock.now - start < .seconds(5))
    #expect(try FileReader.read(atPath: "/dev/null", limit: 10).bytes == [])
  }

  @Test func aPipeIsReadToItsEnd() throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    let text = Array(repeating: UInt8(ascii: "x"), count: 10_000)
    #expect(text.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) } == 10_000)
    close(ends[1])
    defer { close(ends[0]) }
    let bytes = try FileReader.read(
      descriptor: ends[0],
      path: "pipe",
      expectedSize: 0,
      limit: 1 << 20
    )
    #expect(bytes == text)
  }

  @Test func errorsSayWhatWentWrong() throws {
    let directory = try TemporaryDirectory(prefix: "filekit")
    defer { directory.remove() }
    let missing = directory.path("missing")
    let notFound = #expect(throws: FileError.self) {
      try FileReader.read(atPath: missing, limit: 10)
    }
    #expect(notFound?.reason == .notFound)
    #expect(
      notFound?.description == "cannot open '\(missing)': No such file or directory (errno 2)"
    )
    #expect(try FileReader.readIfPresent(atPath: missing, limit: 10) == nil)

    let isDirectory = #expect(throws: FileError.self) {
      try FileReader.read(atPath: directory.url.path, limit: 10)
    }
    #expect(isDirectory?.reason == .isDirectory)
    #expect(isDirectory?.code == EISDIR)

    let throughAFile = directory.path("file")
    try Data("x".utf8).write(to: URL(fileURLWithPath: throughAFile))
    #expect(
      try FileReader.readIfPresent(atPath: throughAFile + "/below", limit: 10) == nil,
      "ENOTDIR counts as not found"
    )
  }

  @Test func anUnreadableFileIsPermissionDenied() throws {
    guard geteuid() != 0 else { return }  // root reads anything
    let directory = try TemporaryDirectory(prefix: "filekit")
    defer { directory.remove() }
    let path = directory.path("secret")
    try Data("x".utf8).write(to: URL(fileURLWithPath: path))
    chmod(path, 0)
    let error = #expect(throws: FileError.self) { try FileReader.read(atPath: path, limit: 10) }
    #expect(error?.reason == .permissionDenied)
  }
}
