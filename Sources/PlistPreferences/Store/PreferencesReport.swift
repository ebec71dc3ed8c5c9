import FileKit
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The state of a preferences file, for a `doctor` command.
///
/// ```swift
/// let report = store.diagnose(knownKeys: [AnyPreferenceKey(columns)])
/// print(report)
/// // file: /home/ash/.config/app/prefs.plist (from HOME)
/// // format: xml, schema version 1 (supported 1), 3 keys
/// // ...
/// ```
public struct PreferencesReport: Sendable, CustomStringConvertible {
  /// The state of the lock file.
  public enum LockState: Hashable, Sendable {
    /// No process holds the lock.
    case free
    /// Another process holds the lock right now (a commit is in progress).
    case held
    /// The lock file does not exist yet (nothing was ever committed).
    case missing
    /// The lock file cannot be opened or tested; the message says why.
    case unavailable(String)
  }

  /// The configured location and the rule that chose it.
  public var location: PreferencesLocation
  /// The file written to: the symlink's target when the file is a symlink.
  public var resolvedPath: String
  /// Whether the configured path is a symlink.
  public var isSymlink: Bool
  /// Whether the file exists.
  public var exists: Bool
  /// The file's size in bytes.
  public var size: Int?
  /// The file's permission bits, such as `0o600`.
  public var fileMode: Int?
  /// The directory's permission bits, such as `0o700`.
  public var directoryMode: Int?
  /// The format of the file when it parses.
  public var format: PreferencesFileFormat?
  /// Why the file does not parse, when it does not.
  public var parseProblem: String?
  /// The file's `_schemaVersion` (0 when absent).
  public var schemaVersion: Int?
  /// The newest schema version this program knows.
  public var supportedSchemaVersion: Int
  /// Whether the file is newer than this program and therefore read-only.
  public var isReadOnly: Bool
  /// The number of stored keys, without `_schemaVersion`.
  public var keyCount: Int
  /// Stored keys that none of the known keys name (kept untouched).
  public var unknownKeys: [String]
  /// The backup's path and whether it parses; `nil` when there is no backup.
  public var backup: (path: String, isValid: Bool)?
  /// Quarantined corrupt files, oldest first.
  public var quarantinedFiles: [String]
  /// Temporary files left by an interrupted writer (removed by the next commit).
  public var staleTemporaryFiles: [String]
  /// The lock file's state.
  public var lockState: LockState
  /// Problems found now plus those the store met before, most serious first.
  public var diagnostics: [PreferencesDiagnostic]

  /// Whether nothing worse than a note was found.
  public var isHealthy: Bool {
    parseProblem == nil && !isReadOnly && diagnostics.allSatisfy { $0.severity == .note }
  }

  public var description: String {
    var lines = ["file: \(location.path) (from \(location.source.rawValue))"]
    if isSymlink { lines.append("symlink to: \(resolvedPath)") }
    if exists {
      let mode = fileMode.map { String($0, radix: 8) } ?? "?"
      lines.append("size: \(size ?? 0) bytes, mode \(mode)")
    } else {
      lines.append("the file does not exist yet: every key has its default")
    }
    if let directoryMode { lines.append("directory mode: \(String(directoryMode, radix: 8))") }
    if let format {
      lines.append(
        "format: \(format.rawValue), schema version \(schemaVersion ?? 0) "
          + "(supported \(supportedSchemaVersion)), \(keyCount) keys"
      )
    }
    if let parseProblem { lines.append("unreadable: \(parseProblem)") }
    if isReadOnly { lines.append("read-only: written by a newer program") }
    if !unknownKeys.isEmpty {
      lines.append("unknown keys (kept): \(unknownKeys.joined(separator: ", "))")
    }
    if let backup {
      lines.append("backup: \(backup.path) (\(backup.isValid ? "valid" : "does not parse"))")
    }
    for file in quarantinedFiles { lines.append("quarantined: \(file)") }
    for file in staleTemporaryFiles { lines.append("stale temporary file: \(file)") }
    switch lockState {
    case .free: lines.append("lock: free")
    case .held: lines.append("lock: held by another process")
    case .missing: lines.append("lock: no lock file yet")
    case .unavailable(let reason): lines.append("lock: unavailable (\(reason))")
    }
    lines += diagnostics.map(\.description)
    lines.append(isHealthy ? "status: ok" : "status: problems found")
    return lines.joined(separator: "\n")
  }
}

extension PreferencesStore {
  /// Examines the file without changing anything.
  ///
  /// ```swift
  /// let report = store.diagnose(knownKeys: [AnyPreferenceKey(columns)])
  /// if !report.isHealthy { print(report) }
  /// ```
  /// - Parameter knownKeys: The keys a program defines; stored values are checked
  ///   against their types and validators, and other stored keys are listed as unknown.
  /// - Complexity: One read of the file and of its backup, one listing of its
  ///   directory, and O(*n* log *n*) in the number of stored keys and files there.
  public func diagnose(knownKeys: [AnyPreferenceKey] = []) -> PreferencesReport {
    let path = location.path
    let target = (try? FileSystem.resolvingSymlinks(path)) ?? path
    let directory = (target as NSString).deletingLastPathComponent
    let name = (target as NSString).lastPathComponent
    let linkInfo = try? FileSystem.linkStatus(of: path)
    let file = FileInspection(target)
    let directoryMode = Self.permissionBits(of: directory)
    let version = file.format == nil ? nil : Self.schemaVersion(of: file.document)
    let known = Set(knownKeys.map(\.name))
    let stored = file.document.keys.filter { $0 != Self.schemaVersionKey }
    let found = invalidValues(in: file.document, knownKeys: knownKeys)
    let backup = Self.backupState(of: target)
    let names = FileSystem.names(in: directory).sorted()
    let lockState = Self.lockState(at: (try? self.file.lockPath(of: target)) ?? path + ".lock")
    let earlier = diagnostics
    return PreferencesReport(
      location: location,
      resolvedPath: target,
      isSymlink: linkInfo?.kind == .symlink,
      exists: file.exists,
      size: file.size,
      fileMode: file.mode,
      directoryMode: directoryMode,
      format: file.format,
      parseProblem: file.parseProblem,
      schemaVersion: version,
      supportedSchemaVersion: options.schemaVersion,
      isReadOnly: (version ?? 0) > options.schemaVersion,
      keyCount: stored.count,
      unknownKeys: knownKeys.isEmpty ? [] : stored.filter { !known.contains($0) }.sorted(),
      backup: backup,
      quarantinedFiles: LockedDocument.quarantinedNames(of: target).map { "\(directory)/\($0)" },
      staleTemporaryFiles: names.filter { $0.hasPrefix(".\(name).tmp-") }.map {
        "\(directory)/\($0)"
      },
      lockState: lockState,
      diagnostics: (found + earlier.filter { !found.contains($0) }).sorted {
        $0.severity > $1.severity
      }
    )
  }

  /// What one read of the preferences file shows, for ``diagnose(knownKeys:)``.
  private struct FileInspection {
    var exists = false
    var size: Int?
    var mode: Int?
    var format: PreferencesFileFormat?
    var parseProblem: String?
    /// The parsed document; empty when the file is missing or does not parse.
    var document: [String: PropertyListValue] = [:]

    /// Reads and parses `target`; a failed read is reported as a parse problem.
    init(_ target: String) {
      do {
        guard let read = try FileSystem.read(target) else { return }
        exists = true
        size = read.bytes.count
        mode = Int(read.signature.mode)
        switch PropertyListCodec.parse(read.bytes) {
        case .success(let parsed):
          format = parsed.format
          document = parsed.document
        case .failure(let failure):
          parseProblem = failure.reason
        }
      } catch {
        parseProblem = error.description
      }
    }
  }

  /// A warning for each known key whose stored value fails its type or validator.
  private func invalidValues(
    in document: [String: PropertyListValue],
    knownKeys: [AnyPreferenceKey]
  ) -> [PreferencesDiagnostic] {
    var found: [PreferencesDiagnostic] = []
    for key in knownKeys {
      guard let value = document[key.name] else { continue }
      do {
        try key.validate(value)
      } catch {
        let kind: PreferencesDiagnostic.Kind =
          if case .invalidValue = error { .invalidValue } else { .undecodableValue }
        found.append(
          PreferencesDiagnostic(
            severity: .warning,
            kind: kind,
            message: "\(error.description); the default is used",
            key: key.name,
            rawValue: value,
            path: location.path
          )
        )
      }
    }
    return found
  }

  /// The permission bits of a directory, such as `0o700`; `nil` when `stat` fails.
  private static func permissionBits(of directory: String) -> Int? {
    var info = stat()
    return stat(directory, &info) == 0 ? Int(info.st_mode & 0o7777) : nil
  }

  /// The backup's path and whether it parses; `nil` when it cannot be read.
  private static func backupState(of target: String) -> (path: String, isValid: Bool)? {
    guard let read = try? FileSystem.read(target + ".bak") else { return nil }
    if case .success = PropertyListCodec.parse(read.bytes) { return (target + ".bak", true) }
    return (target + ".bak", false)
  }

  /// Whether another process holds the lock file, tested without waiting.
  private static func lockState(at lockPath: String) -> PreferencesReport.LockState {
    do {
      switch try FileSystem.isLockHeld(at: lockPath) {
      case nil: return .missing
      case true?: return .held
      case false?: return .free
      }
    } catch {
      return .unavailable(error.description)
    }
  }
}
