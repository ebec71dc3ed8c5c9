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
    var written: (document: [String: PropertyListValue], format: PreferencesFileFormat?)?
    var wroteFile = false
    // Lock, stale temporary files, read, quarantine, `.bak` and the atomic replacement are
    // FileKit's `LockedDocument`, shared with the other stores of the package.
    try file.commit(
      mapError: { FileSystem.fail($0, lockTimeout: options.lockTimeout) },
      parse: { bytes, _ in
        PropertyListCodec.parse(Data(bytes)).mapError {
          LockedDocument.ParseFailure(reason: $0.reason)
        }
      },
      onEvent: { record($0, &state, &deliveries) }
    ) { (committed) throws(PreferencesError) -> [UInt8]? in
      let base = committed.document?.document ?? [:]
      let existingFormat = committed.document?.format
      let mustWrite = forceWrite || committed.mustWrite

      // Schema: refuse newer files, migrate older ones inside this transaction.
      let found = Self.schemaVersion(of: base)
      if found > options.schemaVersion {
        throw .newerSchema(path: path, found: found, supported: options.schemaVersion)
      }
      var next = base
      if found < options.schemaVersion { try migrate(&next, from: found) }

      // The mutation, on the raw dictionary: unknown keys pass through.
      try mutation(&next)
      staged = next
      next[Self.schemaVersionKey] = .integer(options.schemaVersion)
      let format = options.format ?? existingFormat ?? .xml
      if format == .xml { next = next.mapValues(\.truncatingDates) }
      guard mustWrite || next != base else {
        // Nothing changed on disk; still make reads current.
        written = (next, existingFormat)
        return nil
      }
      // Serialize and read back: never write a file we cannot read.
      written = (next, format)
      wroteFile = true
      return [UInt8](try Self.serializeVerified(next, format: format, target: committed.target))
    }
    // Reads see the commit at once; observers run after the locks are released.
    let signature = try? FileSystem.signature(of: path)
    // With nothing written and no file, reads stay as they are.
    if let written, wroteFile || signature != nil {
      adoptCommittedLocked(
        written.document,
        signature: signature,
        format: written.format,
        &state,
        &deliveries
      )
    }
  }

  /// The file machinery with this store's path and options.
  var file: LockedDocument {
    LockedDocument(
      path: location.path,
      lockTimeout: options.lockTimeout,
      durable: options.durability == .durable,
      quarantineLimit: options.quarantineLimit,
      maximumSize: FileSystem.maximumFileSize
    )
  }

  /// Records what the commit protocol did besides the change.
  private func record(
    _ event: LockedDocument.Event,
    _ state: inout State,
    _ deliveries: inout Deliveries
  ) {
    switch event {
    case .removedTemporaryFiles(let directory, let count):
      state.record(
        PreferencesDiagnostic(
          severity: .note,
          kind: .staleTemporaryFiles,
          message:
            "removed \(count) temporary file(s) left in '\(directory)' by an interrupted writer",
          path: directory
        ),
        &deliveries
      )
    case .quarantined(let target, let destination, let reason, let backup):
      let source = backup.map { "the backup '\($0)'" } ?? "the defaults"
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
    }
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
}
