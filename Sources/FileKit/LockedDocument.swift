import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The commit protocol of a document file that several processes change: the one
/// implementation behind the preferences store and the collection store.
///
/// ``commit(mapError:parse:onEvent:change:)`` makes one read-modify-write:
///
/// 1. follows a symlink to the file it names (``target()``), so that the link stays a
///    link, and takes an exclusive lock on `<target>.lock` beside that file
///    (``lockPath(of:)``), a separate file that is never deleted (creating the directory
///    `0700` first): concurrent commits run one after the other and none is lost, whether
///    they name the file or a symlink to it;
/// 2. resolves the path again under the lock, and starts over if a symlink changed
///    between the two;
/// 3. removes temporary files an interrupted writer left (no writer runs under the lock);
/// 4. reads and parses the latest committed version. A corrupt regular file is moved aside
///    to `<file>.corrupt-<UTC stamp>[-N]` (never overwriting anything; the newest
///    `quarantineLimit` are kept) and the commit continues from `<file>.bak` when that
///    parses, else from nothing. A device or FIFO is never moved aside;
/// 5. hands the version to `change`, which returns the new bytes (or `nil` to write nothing);
/// 6. replaces the file atomically with ``AtomicFile`` (the old version becomes `<file>.bak`
///    by a hard link, the permission bits are kept, `fsync` when `durable`).
///
/// A crash at any point leaves the old file or the new one, never a torn one; a failed
/// write (`ENOSPC`, `EIO`) leaves the old file intact and throws.
///
/// ```swift
/// let file = LockedDocument(path: "/home/ash/.config/pokedex/teams.jsonl")
/// try file.commit(mapError: { $0 }, parse: parse, onEvent: { print($0) }) { committed in
///   var document = committed.document ?? Document()
///   document.append(record)
///   return document.bytes
/// }
/// ```
package struct LockedDocument: Sendable {
  /// The document's path (possibly a symlink: see ``target()``).
  package var path: String
  /// How long a commit waits for another process's lock.
  package var lockTimeout: Duration
  /// `fsync` the file and its directory, so a commit survives a power loss.
  package var durable: Bool
  /// How many quarantined copies are kept.
  package var quarantineLimit: Int
  /// The largest file read; a larger one is an `EFBIG` error.
  package var maximumSize: Int

  package init(
    path: String,
    lockTimeout: Duration = .seconds(5),
    durable: Bool = true,
    quarantineLimit: Int = 3,
    maximumSize: Int = 64 << 20
  ) {
    self.path = path
    self.lockTimeout = lockTimeout
    self.durable = durable
    self.quarantineLimit = max(quarantineLimit, 1)
    self.maximumSize = maximumSize
  }

  /// Why bytes are not a document.
  package struct ParseFailure: Error, Sendable {
    /// What is wrong, for messages: `line 3: expected a value`.
    package var reason: String

    package init(reason: String) { self.reason = reason }
  }

  /// The version a commit starts from.
  package struct Committed<Document> {
    /// The parsed document: the file's, or the backup's after a quarantine; `nil` when
    /// there was no file, no usable backup, or an unreadable device.
    package var document: Document?
    /// The file's permission bits, which the new version keeps.
    package var mode: mode_t?
    /// Whether the file must be written even when the document does not change (it was
    /// quarantined, or it is a device that read as garbage).
    package var mustWrite = false
    /// The file written: ``LockedDocument/path`` with symlinks resolved.
    package var target: String
    /// What the target was when read: `nil` when nothing existed (or it was moved aside).
    package var kind: FileKind?
    /// Whether the old version becomes `.bak` (a readable regular file).
    fileprivate var keepsBackup = false
  }

  /// Something a commit did besides the change, for diagnostics.
  package enum Event: Sendable {
    /// Temporary files of interrupted writers were removed from `directory`.
    case removedTemporaryFiles(directory: String, count: Int)
    /// A corrupt file was moved to `destination`; the commit continued from `backup`
    /// (the `.bak` path) or, when `nil`, from nothing.
    case quarantined(target: String, destination: String, reason: String, backup: String?)
  }

  /// Makes one locked read-modify-write as described above.
  ///
  /// - Parameters:
  ///   - mapError: Turns a file failure into the caller's error type.
  ///   - parse: Parses a file's bytes; the second argument is the target (``Committed/target``),
  ///     also when the bytes are its backup's.
  ///   - onEvent: Called under the lock for each ``Event``.
  ///   - afterWrite: Runs under the lock once the new version is in place, with the target
  ///     (the collection store removes the files only old versions named there).
  ///   - change: Returns the bytes of the new version, or `nil` to keep the file as it is.
  /// - Returns: The target written, or `nil` when `change` wrote nothing.
  @discardableResult
  package func commit<Document, Failure: Error>(
    mapError: (FileError) -> Failure,
    parse: (_ bytes: [UInt8], _ target: String) -> Result<Document, ParseFailure>,
    onEvent: (Event) -> Void,
    afterWrite: (_ target: String) -> Void = { _ in },
    change: (Committed<Document>) throws(Failure) -> [UInt8]?
  ) throws(Failure) -> String? {
    let committed: Committed<Document>
    let target: String
    let lock: FileLock
    do {
      try Files.makeDirectory(Files.directory(of: path), mode: 0o700)
      (target, lock) = try lockTarget()
    } catch {
      throw mapError(error)
    }
    defer { lock.release() }
    do {
      removeStaleTemporaryFiles(of: target, onEvent)
      committed = try read(target, parse: parse, onEvent: onEvent)
    } catch {
      throw mapError(error)
    }
    guard let bytes = try change(committed) else { return nil }
    do {
      try AtomicFile.replace(
        atPath: committed.target,
        with: bytes,
        options: AtomicFile.Options(
          permissions: .exactly((committed.mode ?? 0o600) & 0o7777),
          durable: durable
        )
      ) { target in
        guard committed.keepsBackup else { return }
        let backup = target + ".bak"
        if (try? Files.remove(backup)) != nil { _ = Foundation.link(target, backup) }
      }
    } catch {
      throw mapError(error)
    }
    afterWrite(committed.target)
    return committed.target
  }

  // MARK: Locking

  /// How many times a commit resolves the path and locks before it gives up on a symlink
  /// that keeps changing.
  static let lockAttempts = 8

  /// The file the document's path designates: ``path`` with symlinks followed (the final
  /// file need not exist).
  package func target() throws(FileError) -> String { try Files.resolvingSymlinks(path) }

  /// The lock of the file at `target` (a resolved path, ``target()``): `<target>.lock`, so
  /// that every path to one file takes one lock; for a device or FIFO (`/dev/null`, whose
  /// directory is not the program's), `<path>.lock` beside the path as given.
  package func lockPath(of target: String) throws(FileError) -> String {
    try FileStamp.of(target)?.kind == .special ? path + ".lock" : target + ".lock"
  }

  /// Resolves the path, locks the target's lock, and resolves again under the lock: a
  /// symlink changed in between releases it and starts over.
  ///
  /// - Throws: a failure to resolve or lock; `EAGAIN` when the path resolved differently
  ///   on each of ``lockAttempts`` attempts.
  private func lockTarget() throws(FileError) -> (target: String, lock: FileLock) {
    var target = try target()
    for _ in 0..<Self.lockAttempts {
      let lock = try FileLock(path: try lockPath(of: target), timeout: lockTimeout)
      let again = try self.target()
      if again == target { return (target, lock) }
      lock.release()
      target = again
    }
    throw FileError(.lock, path, code: EAGAIN)
  }

  // MARK: Reading

  /// Reads and parses `target` under the lock, quarantining a corrupt regular file.
  private func read<Document>(
    _ target: String,
    parse: (_ bytes: [UInt8], _ target: String) -> Result<Document, ParseFailure>,
    onEvent: (Event) -> Void
  ) throws(FileError) -> Committed<Document> {
    var committed = Committed<Document>(target: target)
    guard let contents = try FileReader.readIfPresent(atPath: target, limit: maximumSize) else {
      return committed
    }
    committed.kind = contents.stamp.kind
    switch parse(contents.bytes, target) {
    case .success(let document):
      committed.document = document
      committed.mode = contents.stamp.mode
      committed.keepsBackup = contents.stamp.kind == .regular
    case .failure where contents.stamp.kind != .regular:
      // A device such as `/dev/null`, to keep nothing: written as it is.
      committed.mustWrite = true
    case .failure(let failure):
      let destination = try quarantine(target)
      let backup = target + ".bak"
      if let saved = try? FileReader.readIfPresent(atPath: backup, limit: maximumSize),
        case .success(let document) = parse(saved.bytes, target)
      {
        committed.document = document
        onEvent(
          .quarantined(
            target: target,
            destination: destination,
            reason: failure.reason,
            backup: backup
          )
        )
      } else {
        onEvent(
          .quarantined(
            target: target,
            destination: destination,
            reason: failure.reason,
            backup: nil
          )
        )
      }
      committed.mode = contents.stamp.mode
      committed.kind = nil
      committed.mustWrite = true
    }
    return committed
  }

  private func removeStaleTemporaryFiles(of target: String, _ onEvent: (Event) -> Void) {
    let directory = Files.directory(of: target)
    let prefix = AtomicFile.temporaryPrefix(for: Files.name(of: target))
    let stale = Files.names(in: directory).filter { $0.hasPrefix(prefix) }
    guard !stale.isEmpty else { return }
    var removed = 0
    for name in stale where (try? Files.remove(Files.join(directory, name))) != nil { removed += 1 }
    onEvent(.removedTemporaryFiles(directory: directory, count: removed))
  }

  // MARK: Quarantine

  /// Moves a corrupt file aside, never overwriting anything, keeps the newest
  /// ``quarantineLimit`` copies, and returns where it went.
  private func quarantine(_ target: String) throws(FileError) -> String {
    let destination = try Self.moveAside(target, now: Date())
    for name in Self.quarantinedNames(of: target).dropLast(quarantineLimit) {
      try? Files.remove(Files.join(Files.directory(of: target), name))
    }
    return destination
  }

  /// Moves a damaged file to `<target>.corrupt-<UTC stamp>[-N]`, never overwriting anything,
  /// and returns where it went. Same-second copies get increasing suffixes, so the newest
  /// sorts last (``quarantinedNames(of:)``).
  package static func moveAside(_ target: String, now: Date) throws(FileError) -> String {
    let stamp = compactStamp(of: now)
    let prefix = Files.name(of: target) + ".corrupt-"
    let sameSecond = Files.names(in: Files.directory(of: target)).compactMap { name -> Int? in
      let order = quarantineOrder(name, prefix: prefix)
      return order?.stamp == stamp ? order?.suffix : nil
    }
    var suffix = (sameSecond.max() ?? 0) + 1
    var destination = "\(target).corrupt-\(stamp)" + (suffix == 1 ? "" : "-\(suffix)")
    while try FileStamp.ofLink(destination) != nil {
      suffix += 1
      destination = "\(target).corrupt-\(stamp)-\(suffix)"
    }
    try Files.rename(target, to: destination)
    return destination
  }

  /// The names of the quarantined copies of `target` in its directory, oldest first.
  package static func quarantinedNames(of target: String) -> [String] {
    let prefix = Files.name(of: target) + ".corrupt-"
    return Files.names(in: Files.directory(of: target))
      .compactMap { name in quarantineOrder(name, prefix: prefix).map { (name, $0) } }
      .sorted { ($0.1.stamp, $0.1.suffix) < ($1.1.stamp, $1.1.suffix) }
      .map(\.0)
  }

  /// The time stamp and same-second counter of a quarantine file name
  /// (`prefs.plist.corrupt-20240131T235959Z-2`), or `nil` for other names.
  package static func quarantineOrder(_ name: String, prefix: String) -> (
    stamp: String, suffix: Int
  )? {
    guard name.hasPrefix(prefix) else { return nil }
    let parts = name.dropFirst(prefix.count).split(separator: "-", maxSplits: 1)
    guard let stamp = parts.first else { return nil }
    let suffix = parts.count > 1 ? Int(parts[1]) ?? 1 : 1
    return (String(stamp), suffix)
  }

  /// `20240131T235959Z`: the UTC time in quarantine file names.
  static func compactStamp(of date: Date) -> String {
    UTCDateText.compact(secondsSince1970: Int(UTCDateText.wholeSeconds(of: date)))
  }
}
