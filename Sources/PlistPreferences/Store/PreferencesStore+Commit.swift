import FileKit
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension PreferencesStore {
  // MARK: Read protocol

  /// Re-reads the file when its `stat` signature changed since the last read.
  func refreshLocked(_ state: inout State, _ deliveries: inout Deliveries) {
    let path = location.path
    let current: FileSignature?
    do {
      current = try FileSystem.signature(of: path)
    } catch {
      state.record(fileError(error), &deliveries)
      state.isLoaded = true
      return
    }
    if state.isLoaded, current == state.signature { return }
    loadLocked(&state, &deliveries)
  }

  /// Reads and parses the file without the file lock. A corrupt file is not touched
  /// here: reads serve the backup (or the defaults) and the next writer quarantines it.
  private func loadLocked(_ state: inout State, _ deliveries: inout Deliveries) {
    let path = location.path
    let read: (bytes: Data, signature: FileSignature)?
    do {
      read = try FileSystem.read(path)
    } catch {
      state.record(fileError(error), &deliveries)
      state.isLoaded = true
      return
    }
    guard let read else {
      adoptLocked([:], signature: nil, format: nil, &state, &deliveries)
      return
    }
    switch PropertyListCodec.parse(read.bytes) {
    case .success(let parsed):
      adoptLocked(
        parsed.document,
        signature: read.signature,
        format: parsed.format,
        &state,
        &deliveries
      )
    case .failure(let failure):
      let backup = backupDocument(for: path)
      state.record(
        PreferencesDiagnostic(
          severity: .error,
          kind: .unreadableFile,
          message: "'\(path)' cannot be read: \(failure.reason); using "
            + (backup == nil ? "the defaults" : "the backup '\(path).bak'")
            + (read.signature.kind == .regular
              ? " until the next change moves the file aside"
              : "; it is not a regular file (a device or FIFO), so it is never moved aside"),
          path: path
        ),
        &deliveries
      )
      adoptLocked(backup ?? [:], signature: read.signature, format: nil, &state, &deliveries)
    }
  }

  /// Makes `raw` the document reads see, migrating it in memory when older.
  private func adoptLocked(
    _ raw: [String: PropertyListValue],
    signature: FileSignature?,
    format: PreferencesFileFormat?,
    _ state: inout State,
    _ deliveries: inout Deliveries
  ) {
    var migrated = raw
    let found = Self.schemaVersion(of: raw)
    if found > options.schemaVersion {
      state.record(
        PreferencesDiagnostic(
          severity: .warning,
          kind: .newerSchema,
          message: PreferencesError.newerSchema(
            path: location.path,
            found: found,
            supported: options.schemaVersion
          ).description,
          path: location.path
        ),
        &deliveries
      )
    } else if found < options.schemaVersion {
      do {
        try migrate(&migrated, from: found)
      } catch {
        state.record(
          PreferencesDiagnostic(
            severity: .warning,
            kind: .migrationFailed,
            message: error.description,
            path: location.path
          ),
          &deliveries
        )
        migrated = raw
      }
    }
    if state.isLoaded, !state.observers.isEmpty {
      deliveries.changes += Self.changes(from: state.document, to: migrated)
    }
    state.document = migrated
    state.signature = signature
    state.fileFormat = format
    state.fileSchemaVersion = found
    state.hasUnsavedChanges = false
    state.decodeCache.removeAll(keepingCapacity: true)
    state.isLoaded = true
  }

  /// The `_schemaVersion` of a document; 0 when absent or not an integer.
  static func schemaVersion(of document: [String: PropertyListValue]) -> Int {
    if case .integer(let version)? = document[schemaVersionKey] { return version }
    return 0
  }

  /// Runs the migrations newer than `version`, in order.
  func migrate(_ document: inout [String: PropertyListValue], from version: Int)
    throws(PreferencesError)
  {
    for migration in options.migrations where migration.version > version {
      guard migration.version <= options.schemaVersion else { break }
      do {
        try migration.body(&document)
      } catch {
        throw .migrationFailed(version: migration.version, reason: "\(migration.name): \(error)")
      }
    }
  }

  func backupDocument(for path: String) -> [String: PropertyListValue]? {
    let target = (try? FileSystem.resolvingSymlinks(path)) ?? path
    guard let read = try? FileSystem.read(target + ".bak"),
      case .success(let parsed) = PropertyListCodec.parse(read.bytes)
    else { return nil }
    return parsed.document
  }

  func fileError(_ error: PreferencesError) -> PreferencesDiagnostic {
    PreferencesDiagnostic(
      severity: .warning,
      kind: .fileError,
      message: error.description,
      path: location.path
    )
  }

  // MARK: Commit protocol

  /// Applies `mutation` to the latest committed document under the file lock and
  /// commits the result: the single entry point of every mutation.
  ///
  /// - Parameter forceWrite: Write even when the document is unchanged.
  func commit(
    forceWrite: Bool = false,
    _ mutation: (inout [String: PropertyListValue]) throws(PreferencesError) -> Void
  ) throws(PreferencesError) {
    var deliveries = Deliveries()
    defer { deliver(deliveries) }
    try mutex.withLock { (state: inout State) throws(PreferencesError) in
      var staged: [String: PropertyListValue]?
      do throws(PreferencesError) {
        try commitLocked(forceWrite: forceWrite, mutation, &staged, &state, &deliveries)
      } catch {
        // A read-only target: the change stays in memory for the rest of the run.
        if let code = error.code, [EROFS, EACCES, EPERM].contains(code) {
          if staged == nil {
            refreshLocked(&state, &deliveries)
            var next = state.document
            if (try? mutation(&next)) != nil { staged = next }
          }
          if let staged { keepInMemory(error, staged, &state, &deliveries) }
        }
        throw error
      }
    }
  }

  private func commitLocked(
    forceWrite: Bool,
    _ mutation: (inout [String: PropertyListValue]) throws(PreferencesError) -> Void,
    _ staged: inout [String: PropertyListValue]?,
    _ state: inout State,
    _ deliveries: inout Deliveries
  ) throws(PreferencesError) {
    let path = location.path
    // 1. The lock, on a separate file that is never deleted.
    try FileSystem.makeDirectory(location.directory)
    let lock = try FileSystem.lock(path + ".lock", timeout: options.lockTimeout)
    defer { lock.release() }

    // Symlinked files stay symlinks: write beside the link's target.
    let target = try FileSystem.resolvingSymlinks(path)
    let directory = (target as NSString).deletingLastPathComponent
    let name = (target as NSString).lastPathComponent

    // 2. Under the lock no writer is mid-write: leftover temporary files are stale.
    removeStaleTemporaryFiles(in: directory, name: name, &state, &deliveries)

    // Re-read the latest committed version.
    let committed = try readCommittedLocked(target, &state, &deliveries)
    let base = committed.document
    let existingFormat = committed.format
    let mustWrite = forceWrite || committed.mustWrite

    // 3. Schema: refuse newer files, migrate older ones inside this transaction.
    let found = Self.schemaVersion(of: base)
    if found > options.schemaVersion {
      throw .newerSchema(path: path, found: found, supported: options.schemaVersion)
    }
    var next = base
    if found < options.schemaVersion { try migrate(&next, from: found) }

    // 4. The mutation, on the raw dictionary: unknown keys pass through.
    try mutation(&next)
    staged = next
    next[Self.schemaVersionKey] = .integer(options.schemaVersion)
    let format = options.format ?? existingFormat ?? .xml
    if format == .xml { next = next.mapValues(\.truncatingDates) }
    guard mustWrite || next != base else {
      // Nothing changed on disk; still make reads current.
      if let signature = try? FileSystem.signature(of: path) {
        adoptCommittedLocked(
          next,
          signature: signature,
          format: existingFormat,
          &state,
          &deliveries
        )
      }
      return
    }

    // 5. Serialize and read back: never write a file we cannot read.
    let bytes = try Self.serializeVerified(next, format: format, target: target)

    // 6-7. A new temporary file in the same directory, written, synced and closed; the
    // previous version kept as `.bak` (best effort, regular files only); rename; sync the
    // directory. A device or FIFO target is written directly, never renamed over.
    let durable = options.durability == .durable
    try FileSystem.replace(
      target,
      bytes: bytes,
      mode: (committed.mode ?? 0o600) & 0o7777,
      durable: durable
    ) { target in
      guard committed.keepsBackup else { return }
      let backup = target + ".bak"
      if (try? FileSystem.remove(backup)) != nil { _ = Foundation.link(target, backup) }
    }

    // 8. Reads see the commit at once; observers run after the locks are released.
    let signature = try? FileSystem.signature(of: path)
    adoptCommittedLocked(next, signature: signature, format: format, &state, &deliveries)
  }

  /// The bytes of `document` in `format`, checked to parse back to the same document.
  private static func serializeVerified(
    _ document: [String: PropertyListValue],
    format: PreferencesFileFormat,
    target: String
  ) throws(PreferencesError) -> Data {
    let bytes = try PropertyListCodec.serialize(document, format: format)
    switch PropertyListCodec.parse(bytes) {
    case .success(let parsed) where parsed.document == document:
      return bytes
    case .success:
      throw .verificationFailed(path: target, reason: "the values read back differ")
    case .failure(let failure):
      throw .verificationFailed(path: target, reason: failure.reason)
    }
  }

  /// The version on disk a commit starts from.
  private struct CommittedVersion {
    var document: [String: PropertyListValue] = [:]
    /// The file's permission bits, kept by the new version.
    var mode: mode_t?
    /// `nil` when there was no readable file.
    var format: PreferencesFileFormat?
    /// Write even when the mutation changes nothing (a quarantined or unreadable file).
    var mustWrite = false
    /// Whether the old version becomes `.bak` (a readable regular file).
    var keepsBackup = false
  }

  /// Reads and parses the target under the lock; a corrupt regular file is quarantined
  /// and the backup (or nothing) taken instead. A device or FIFO is never moved aside.
  private func readCommittedLocked(
    _ target: String,
    _ state: inout State,
    _ deliveries: inout Deliveries
  ) throws(PreferencesError) -> CommittedVersion {
    var committed = CommittedVersion()
    guard let read = try FileSystem.read(target) else { return committed }
    switch PropertyListCodec.parse(read.bytes) {
    case .success(let parsed):
      committed.document = parsed.document
      committed.mode = read.signature.mode
      committed.format = parsed.format
      committed.keepsBackup = read.signature.kind == .regular
    case .failure where read.signature.kind != .regular:
      // `/dev/null` to keep nothing: written as is.
      committed.mustWrite = true
    case .failure(let failure):
      committed.document = try quarantine(target, reason: failure.reason, &state, &deliveries)
      committed.mode = read.signature.mode
      committed.mustWrite = true
    }
    return committed
  }

  private func adoptCommittedLocked(
    _ committed: [String: PropertyListValue],
    signature: FileSignature?,
    format: PreferencesFileFormat?,
    _ state: inout State,
    _ deliveries: inout Deliveries
  ) {
    if !state.observers.isEmpty {
      deliveries.changes += Self.changes(from: state.document, to: committed)
    }
    state.document = committed
    state.signature = signature
    state.fileFormat = format
    state.fileSchemaVersion = options.schemaVersion
    state.hasUnsavedChanges = false
    state.isLoaded = true
    state.decodeCache.removeAll(keepingCapacity: true)
  }

  /// A read-only target (EROFS, EACCES, EPERM): the change stays in memory for
  /// the rest of the run, until the file changes on disk.
  private func keepInMemory(
    _ error: PreferencesError,
    _ next: [String: PropertyListValue],
    _ state: inout State,
    _ deliveries: inout Deliveries
  ) {
    if !state.observers.isEmpty {
      deliveries.changes += Self.changes(from: state.document, to: next)
    }
    state.document = next
    state.hasUnsavedChanges = true
    state.decodeCache.removeAll(keepingCapacity: true)
    state.record(
      PreferencesDiagnostic(
        severity: .warning,
        kind: .unsavedChanges,
        message: "changes to '\(location.path)' are kept in memory only: \(error)",
        path: location.path
      ),
      &deliveries
    )
  }

  private func removeStaleTemporaryFiles(
    in directory: String,
    name: String,
    _ state: inout State,
    _ deliveries: inout Deliveries
  ) {
    let prefix = AtomicFile.temporaryPrefix(for: name)
    let stale = FileSystem.names(in: directory).filter { $0.hasPrefix(prefix) }
    guard !stale.isEmpty else { return }
    var removed = 0
    for file in stale where (try? FileSystem.remove("\(directory)/\(file)")) != nil { removed += 1 }
    state.record(
      PreferencesDiagnostic(
        severity: .note,
        kind: .staleTemporaryFiles,
        message:
          "removed \(removed) temporary file(s) left in '\(directory)' by an interrupted writer",
        path: directory
      ),
      &deliveries
    )
  }

  // MARK: Corruption handling

  /// Moves a corrupt file aside (never overwriting anything) and returns the
  /// document to continue from: the backup when it parses, otherwise empty.
  private func quarantine(
    _ target: String,
    reason: String,
    _ state: inout State,
    _ deliveries: inout Deliveries
  ) throws(PreferencesError) -> [String: PropertyListValue] {
    let stamp = ISO8601.compactString(from: Date())
    let directory = (target as NSString).deletingLastPathComponent
    let prefix = (target as NSString).lastPathComponent + ".corrupt-"
    // Same-second quarantines get increasing suffixes, so the newest sorts last.
    let sameSecond = FileSystem.names(in: directory).compactMap { name -> Int? in
      let order = Self.quarantineOrder(name, prefix: prefix)
      return order?.stamp == stamp ? order?.suffix : nil
    }
    var suffix = (sameSecond.max() ?? 0) + 1
    var destination = "\(target).corrupt-\(stamp)" + (suffix == 1 ? "" : "-\(suffix)")
    while try FileSystem.linkStatus(of: destination) != nil {
      suffix += 1
      destination = "\(target).corrupt-\(stamp)-\(suffix)"
    }
    try FileSystem.rename(target, to: destination)
    pruneQuarantine(of: target)
    var recovered: [String: PropertyListValue] = [:]
    var source = "the defaults"
    if let read = try? FileSystem.read(target + ".bak"),
      case .success(let parsed) = PropertyListCodec.parse(read.bytes)
    {
      recovered = parsed.document
      source = "the backup '\(target).bak'"
    }
    state.record(
      PreferencesDiagnostic(
        severity: .error,
        kind: .quarantinedFile,
        message: "'\(target)' was corrupt (\(reason)); moved it to '\(destination)' "
          + "and recovered from \(source)",
        path: destination
      ),
      &deliveries
    )
    return recovered
  }

  private func pruneQuarantine(of target: String) {
    let directory = (target as NSString).deletingLastPathComponent
    let prefix = (target as NSString).lastPathComponent + ".corrupt-"
    let files = FileSystem.names(in: directory).compactMap { name in
      Self.quarantineOrder(name, prefix: prefix).map { (name, $0) }
    }
    let oldestFirst = files.sorted { ($0.1.stamp, $0.1.suffix) < ($1.1.stamp, $1.1.suffix) }.map(
      \.0
    )
    for file in oldestFirst.dropLast(options.quarantineLimit) {
      try? FileSystem.remove("\(directory)/\(file)")
    }
  }

  /// The time stamp and same-second counter of a quarantine file name
  /// (`prefs.plist.corrupt-20240131T235959Z-2`), or `nil` for other names.
  static func quarantineOrder(_ name: String, prefix: String) -> (stamp: String, suffix: Int)? {
    guard name.hasPrefix(prefix) else { return nil }
    let rest = name.dropFirst(prefix.count)
    let parts = rest.split(separator: "-", maxSplits: 1)
    guard let stamp = parts.first else { return nil }
    let suffix = parts.count > 1 ? Int(parts[1]) ?? 1 : 1
    return (String(stamp), suffix)
  }
}
