import Foundation
import PokedexTestSupport
import Testing

@testable import FileKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct AtomicFileTests {
  let durable = AtomicFile.Options(durable: true)

  func contents(_ path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map { [UInt8]($0) }
  }

  @Test func createsAndReplacesAFileLeavingNoTemporaryFile() throws {
    let directory = try TemporaryDirectory(prefix: "filekit")
    defer { directory.remove() }
    let path = directory.path("out.txt")
    try AtomicFile.replace(atPath: path, with: Array("one".utf8), options: durable)
    #expect(contents(path) == Array("one".utf8))
    var before = stat()
    stat(path, &before)
    try AtomicFile.replace(atPath: path, with: Array("two!".utf8), options: durable)
    var after = stat()
    stat(path, &after)
    #expect(contents(path) == Array("two!".utf8))
    #expect(before.st_ino != after.st_ino, "a new file was renamed over the old one")
    #expect(Files.names(in: directory.url.path) == ["out.txt"])
  }

  /// The process's umask, read from `/proc` (setting it to read it would race with tests
  /// running in parallel); `nil` where `/proc` does not say.
  func currentUmask() -> mode_t? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") })
    else { return nil }
    return mode_t(line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8)
  }

  @Test func permissionsAreMaskedOrExact() throws {
    let directory = try TemporaryDirectory(prefix: "filekit")
    defer { directory.remove() }
    let masked = directory.path("masked")
    let exact = directory.path("exact")
    try AtomicFile.replace(atPath: masked, with: [1], options: .init(durable: false))
    try AtomicFile.replace(
      atPath: exact,
      with: [1],
      options: .init(permissions: .exactly(0o664), durable: false)
    )
    if let mask = currentUmask() { #expect(try FileStamp.of(masked)?.mode == 0o644 & ~mask) }
    #expect(try FileStamp.of(exact)?.mode == 0o664)
  }

  @Test func aDeviceIsWrittenDirectlyAndNeverReplaced() throws {
    let before = try #require(try FileStamp.of("/dev/null"))
    let target = try AtomicFile.replace(
      atPath: "/dev/null",
      with: Array("discarded".utf8),
      options: durable
    )
    #expect(target == "/dev/null")
    let after = try #require(try FileStamp.of("/dev/null"))
    #expect(after.kind == .special)
    #expect(after.inode == before.inode)
    #expect(!Files.names(in: "/dev").contains { $0.hasPrefix(".null.tmp-") })
  }

  @Test func aSymlinkToADeviceIsWrittenThroughAndStaysALink() throws {
    let directory = try TemporaryDirectory(prefix: "filekit")
    defer { directory.remove() }
    let link = directory.path("link")
    #expect(symlink("/dev/null", link) == 0)
    try AtomicFile.replace(atPath: link, with: [1, 2, 3], options: durable)
    #expect(try FileStamp.ofLink(link)?.kind == .symlink)
    #expect(try FileStamp.of("/dev/null")?.kind == .special)
  }

  @Test func aFIFOIsWrittenDirectly() throws {
    let directory = try TemporaryDirectory(prefix: "filekit")
    defer { directory.remove() }
    let fifo = directory.path("fifo")
    #expect(mkfifo(fifo, 0o600) == 0)
    // A reader first, so opening the FIFO for writing does not block.
    let reader = open(fifo, O_RDONLY | O_NONBLOCK)
    #expect(reader >= 0)
    defer { close(reader) }
    try AtomicFile.replace(atPath: fifo, with: Array("through".utf8), options: durable)
    var buffer = [UInt8](repeating: 0, count: 16)
    let count = buffer.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
    #expect(Array(buffer.prefix(max(count, 0))) == Array("through".utf8))
    #expect(try FileStamp.ofLink(fifo)?.kind == .special)
    #expect(Files.names(in: directory.url.path) == ["fifo"])
  }

  @Test func aSymlinkedFileIsReplacedAndTheLinkKept() throws {
    let directory = try TemporaryDirectory(prefix: "filekit")
    defer { directory.remove() }
    try FileManager.default.createDirectory(
      atPath: directory.path("real"),
      withIntermediateDirectories: true
    )
    let real = directory.path("real/file")
    try Data("old".utf8).write(to: URL(fileURLWithPath: real))
    let link = directory.path("link")
    #expect(symlink("real/file", link) == 0)
    let target = try AtomicFile.replace(atPath: link, with: Array("new".utf8), options: durable)
    #expect(target == directory.path("real") + "/file")
    #expect(try FileStamp.ofLink(link)?.kind == .symlink)
    #expect(contents(real) == Array("new".utf8))
    #expect(Files.names(in: directory.path("real")) == ["file"])
  }

  @Test func aDanglingSymlinkCreatesItsTarget() throws {
    let directory = try TemporaryDirectory(prefix: "filekit")
    defer { directory.remove() }
    let link = directory.path("link")
    #expect(symlink("later", link) == 0)
    try AtomicFile.replace(atPath: link, with: [9], options: durable)
    #expect(contents(directory.path("later")) == [9])
    #expect(try FileStamp.ofLink(link)?.kind == .symlink)
  }

  @Test func aDirectoryIsRefusedWithEISDIR() throws {
    let directory = try TemporaryDirectory(prefix: "filekit")
    defer { directory.remove() }
    for path in [directory.url.path, directory.url.path + "/"] {
      let error = #expect(throws: FileError.self) {
        try AtomicFile.replace(atPath: path, with: [1], options: durable)
      }
      #expect(error?.reason == .isDirectory)
    }
    #expect(Files.names(in: directory.url.path).isEmpty)
  }

  @Test func aMissingDirectoryFailsToCreate() throws {
    let directory = try TemporaryDirectory(prefix: "filekit")
    defer { directory.remove() }
    let error = #expect(throws: FileError.self) {
      try AtomicFile.replace(atPath: directory.path("no/such/file"), with: [1], options: durable)
    }
    #expect(error?.operation == .create)
    #expect(error?.reason == .notFound)
  }

  struct WriteFault: Sendable, CustomTestStringConvertible {
    var name: String
    var code: Int32
    var testDescription: String { name }
  }

  /// A failing `write` (full disk, I/O error, no progress) leaves the old file and no
  /// temporary file behind.
  @Test(arguments: [
    WriteFault(name: "ENOSPC", code: ENOSPC),
    WriteFault(name: "EIO", code: EIO),
    WriteFault(name: "no progress", code: 0),
  ])
  func aFailedWriteLeavesTheOldFileIntact(fault: WriteFault) throws {
    let directory = try TemporaryDirectory(prefix: "filekit")
    defer { directory.remove() }
    let path = directory.path("prefs")
    try AtomicFile.replace(atPath: path, with: Array("old".utf8), options: durable)
    var calls = 0
    let error = #expect(throws: FileError.self) {
      try AtomicFile.replace(
        atPath: path,
        with: Array(repeating: 1, count: 10_000),
        options: durable,
        beforeRename: { _ in Issue.record("renamed after a failed write") },
        write: { descriptor, base, count in
          calls += 1
          // A short write first, then the fault.
          if calls == 1 { return systemWrite(descriptor, base, min(count, 100)) }
          if fault.code == 0 { return 0 }
          errno = fault.code
          return -1
        }
      )
    }
    #expect(error?.operation == .write)
    #expect(error?.code == (fault.code == 0 ? EIO : fault.code))
    #expect(contents(path) == Array("old".utf8))
    #expect(Files.names(in: directory.url.path) == ["prefs"])
  }

  @Test func anInterruptedWriteIsRetried() throws {
    let directory = try TemporaryDirectory(prefix: "filekit")
    defer { directory.remove() }
    let path = directory.path("file")
    var interrupted = false
    try AtomicFile.replace(
      atPath: path,
      with: Array("whole".utf8),
      options: durable,
      beforeRename: { _ in },
      write: { descriptor, base, count in
        if !interrupted {
          interrupted = true
          errno = EINTR
          return -1
        }
        return systemWrite(descriptor, base, count)
      }
    )
    #expect(contents(path) == Array("whole".utf8))
  }

  @Test func aReadOnlyDirectoryLeavesTheOldFileIntact() throws {
    guard geteuid() != 0 else { return }  // root writes anywhere; see the fault tests above
    let directory = try TemporaryDirectory(prefix: "filekit")
    defer {
      chmod(directory.url.path, 0o700)
      directory.remove()
    }
    let path = directory.path("file")
    try AtomicFile.replace(atPath: path, with: Array("old".utf8), options: durable)
    chmod(directory.url.path, 0o500)
    let error = #expect(throws: FileError.self) {
      try AtomicFile.replace(atPath: path, with: Array("new".utf8), options: durable)
    }
    #expect(error?.operation == .create)
    #expect(error?.reason == .permissionDenied)
    #expect(contents(path) == Array("old".utf8))
  }

  @Test func beforeRenameSeesTheCompleteTemporaryFileAndTheOldTarget() throws {
    let directory = try TemporaryDirectory(prefix: "filekit")
    defer { directory.remove() }
    let path = directory.path("file")
    try AtomicFile.replace(atPath: path, with: Array("old".utf8), options: durable)
    var seen: [String] = []
    try AtomicFile.replace(atPath: path, with: Array("new".utf8), options: durable) { target in
      #expect(target == path)
      #expect(self.contents(target) == Array("old".utf8))
      seen = Files.names(in: directory.url.path).filter { $0.hasPrefix(".file.tmp-") }
    }
    #expect(seen.count == 1)
  }
}
