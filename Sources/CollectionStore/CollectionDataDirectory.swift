import FileKit
import Foundation

/// The directory beside a collection file (`teams.jsonl.d` for `teams.jsonl`) that holds its
/// sections and undo entries, one immutable file each: a change writes the sections it
/// touched and a small manifest (the collection file) instead of the whole collection.
///
/// - `s<id>-<checksum>.json`: the items of section `id`, a JSON array.
/// - `h-<checksum>.json`: one undo or redo entry.
///
/// (``StoredFile/name``.)
///
/// A file's name carries the checksum of its bytes, so a file never changes once written: a
/// new version of a section is a new file. The manifest gives each file's length and
/// checksum, checked whenever the file is read (``read(_:)``).
///
/// Files are removed only under the store's lock, after a commit (``sweep(keeping:now:)``,
/// at most once a grace period: ``sweepIfDue(keeping:now:)``), and only when neither the
/// new manifest nor the one it replaced (now the `.bak`) names them, nor a quarantined copy
/// of the manifest (``quarantinedChecksums()``). A file that stops being
/// named is *retired* (``retire(_:)``): its modification time is set to the commit's, and it
/// stays for ``gracePeriod``, so that a process that read the manifest just before the
/// commit can still read it. Names this program does not write (quarantined copies, anything
/// a user put there) are never removed.
struct CollectionDataDirectory: Sendable {
  /// The directory's path: the resolved collection file's, with `.d` appended.
  let path: String
  /// The resolved collection file's path.
  let manifest: String

  /// How long a retired or unnamed file is kept, in seconds.
  static let gracePeriod = 60

  /// The data directory of the collection file at `target` (symlinks resolved).
  init(manifest target: String) {
    manifest = target
    path = target + ".d"
  }

  /// Whether this program writes files named `name` here: a section's, a history entry's,
  /// or the temporary file of one (``AtomicFile/place(_:at:durable:)``).
  static func isOwned(_ name: String) -> Bool {
    var name = Substring(name)
    // A temporary file: `.<name>.tmp-<pid>-<random>` (no owned name has `.tmp-` in it).
    let temporaryMark = AtomicFile.temporaryPrefix(for: "").dropFirst()
    if name.hasPrefix("."), let mark = name.range(of: temporaryMark) {
      name = name[name.index(after: name.startIndex)..<mark.lowerBound]
    }
    guard name.hasSuffix(".json") else { return false }
    let stem = name.dropLast(5)
    if stem.hasPrefix("h-") { return Checksum.isHex(stem.dropFirst(2)) }
    guard stem.hasPrefix("s"), let dash = stem.firstIndex(of: "-") else { return false }
    let id = stem[stem.index(after: stem.startIndex)..<dash]
    return !id.isEmpty && id.utf8.allSatisfy { (0x30...0x39).contains($0) }
      && Checksum.isHex(stem[stem.index(after: dash)...])
  }

  /// The path of the file `name`.
  func path(of name: String) -> String { Files.join(path, name) }

  // MARK: Reading

  /// The bytes of a stored file, checked against the length and checksum the manifest gives.
  ///
  /// - Throws: `.corruptFile` when the file is missing, has another length or does not match
  ///   its checksum (damage: the caller may recover); `.file` for any other failure (a
  ///   permission, an I/O error: never treated as damage).
  func read(_ file: StoredFile) throws(CollectionStoreError) -> ArraySlice<UInt8> {
    let location = path(of: file.name)
    let contents: FileContents
    do {
      // One byte over the length, so that a longer file is found without reading it all.
      contents = try FileReader.read(
        atPath: location,
        limit: min(max(file.length, 0), Int.max - 1) + 1
      )
    } catch {
      switch error.reason {
      case .notFound: throw .corruptFile(reason: "'\(location)' is missing")
      case .tooLarge:
        throw .corruptFile(
          reason: "'\(location)' is longer than the \(file.length) bytes the manifest says"
        )
      default: throw CollectionStoreError(error)
      }
    }
    guard contents.bytes.count == file.length else {
      throw .corruptFile(
        reason:
          "'\(location)' has \(contents.bytes.count) bytes, not the \(file.length) the manifest says"
      )
    }
    let bytes = ArraySlice(contents.bytes)
    guard Checksum.hex(of: bytes) == file.checksum else {
      throw .corruptFile(reason: "'\(location)' does not match its checksum")
    }
    return bytes
  }

  // MARK: Writing

  /// Writes new files (each through a temporary file), then syncs the directory once when
  /// `durable`, so that they are all on disk before a manifest names them.
  func write(_ files: [(name: String, bytes: ArraySlice<UInt8>)], durable: Bool) throws(FileError) {
    guard !files.isEmpty else { return }
    try Files.makeDirectory(path, mode: 0o700)
    for file in files {
      try AtomicFile.place(Array(file.bytes), at: path(of: file.name), durable: durable)
    }
    if durable { try Files.syncDirectory(path) }
  }

  /// Starts the grace period of files no manifest names any more.
  func retire(_ names: some Sequence<String>) {
    for name in names { Files.touch(path(of: name)) }
  }

  /// The file whose modification time is when the directory was last swept (not owned:
  /// never swept itself).
  static let sweepMark = "swept.mark"

  /// Sweeps (``sweep(keeping:now:)``) unless the last sweep was less than a grace period
  /// ago: reading a directory of thousands of files on every commit would cost more than
  /// the commit's own writes, and no one waits for a removal. A retired file, or one of an
  /// interrupted commit, goes within two grace periods (at the next commit after them).
  ///
  /// - Returns: How many files were removed, or `nil` if it was not time to sweep.
  /// - Complexity: O(1) when it is not time; else what a sweep costs.
  @discardableResult
  func sweepIfDue(keeping: Set<String>, now: Date) -> Int? {
    let mark = path(of: Self.sweepMark)
    let sinceLast =
      Int(now.timeIntervalSince1970) - ((try? FileStamp.ofLink(mark))?.modified.tv_sec ?? 0)
    // A mark in the future (a clock set back) does not put sweeps off.
    guard !(0..<Self.gracePeriod).contains(sinceLast) else { return nil }
    let removed = sweep(keeping: keeping, now: now)
    Files.mark(mark)
    return removed
  }

  /// Removes the files this program wrote (``isOwned(_:)``) that `keeping` does not name,
  /// that no quarantined manifest names (``quarantinedChecksums()``) and that have not
  /// changed for ``gracePeriod`` (retired files, and files of interrupted commits), and
  /// every temporary file (no writer is running: the caller holds the lock, and no reader
  /// reads one). Failures are ignored (the next commit tries again).
  ///
  /// - Returns: How many files were removed.
  /// - Complexity: O(*f*) for *f* files in the directory, one `lstat` per file not kept,
  ///   and the reading of the quarantined manifests (at most `quarantineLimit`, 3).
  @discardableResult
  func sweep(keeping: Set<String>, now: Date) -> Int {
    let cutoff = Int(now.timeIntervalSince1970) - Self.gracePeriod
    let quarantined = quarantinedChecksums()
    var removed = 0
    for name in Files.names(in: path) where !keeping.contains(name) && Self.isOwned(name) {
      let location = path(of: name)
      if !name.hasPrefix(".") {
        // `s<id>-<checksum>.json` or `h-<checksum>.json`: the 16 digits before `.json`.
        guard !quarantined.contains(String(name.dropLast(5).suffix(16))) else { continue }
        guard let stamp = try? FileStamp.ofLink(location), stamp.modified.tv_sec < cutoff else {
          continue
        }
      }
      guard (try? Files.remove(location)) != nil else { continue }
      removed += 1
    }
    return removed
  }

  /// The checksums the quarantined copies of the manifest (`<manifest>.corrupt-<UTC>`)
  /// name: every run of exactly 16 lowercase hexadecimal digits in their bytes. A damaged
  /// manifest does not parse, but its names are still there (one flipped byte loses one at
  /// most), and a sweep keeps the files they name, so that a repaired copy can be put back.
  ///
  /// - Complexity: O(n) in the size of the quarantined copies.
  func quarantinedChecksums() -> Set<String> {
    var checksums = Set<String>()
    for name in LockedDocument.quarantinedNames(of: manifest) {
      let location = Files.join(Files.directory(of: manifest), name)
      guard let bytes = try? FileReader.read(atPath: location, limit: 64 << 20).bytes else {
        continue
      }
      var start = 0
      for index in 0...bytes.count {
        let isDigit =
          index < bytes.count
          && ((0x30...0x39).contains(bytes[index]) || (0x61...0x66).contains(bytes[index]))
        if isDigit { continue }
        if index - start == 16 {
          checksums.insert(String(decoding: bytes[start..<index], as: UTF8.self))
        }
        start = index + 1
      }
    }
    return checksums
  }

  /// Moves a damaged file aside to `<name>.corrupt-<UTC stamp>[-N]` (a name never removed),
  /// and returns where it went, or `nil` when it could not be moved (it is missing).
  func quarantine(_ name: String, now: Date) -> String? {
    try? LockedDocument.moveAside(path(of: name), now: now)
  }
}

/// A file in a ``CollectionDataDirectory`` as a manifest names it: whose it is, and the
/// length and checksum of its bytes (its name is made when asked for, so that reading a
/// manifest of 1,000 sections makes no names).
struct StoredFile: Hashable, Sendable {
  /// The section whose items it holds, or `nil` for an undo or redo entry.
  var section: Int?
  var length: Int
  var checksum: String

  /// Its name in the directory.
  var name: String {
    section.map { "s\($0)-\(checksum).json" } ?? "h-\(checksum).json"
  }
}
