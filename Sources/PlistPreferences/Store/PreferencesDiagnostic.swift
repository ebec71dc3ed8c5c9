/// A recoverable problem the store met and worked around: reads never throw,
/// so this is how they report.
///
/// ```swift
/// for diagnostic in store.diagnostics { print("\(diagnostic.severity): \(diagnostic.message)") }
/// // warning: 'layout.columns' holds "three", which is not a valid Int; using the default
/// ```
public struct PreferencesDiagnostic: Hashable, Sendable, CustomStringConvertible {
  /// How serious a diagnostic is.
  public enum Severity: String, Hashable, Sendable, Comparable {
    /// Information, such as removed stale temporary files.
    case note
    /// Something was worked around; no data was lost.
    case warning
    /// Something was worked around, but data may be missing (a corrupt file).
    case error

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
      let order: [Severity] = [.note, .warning, .error]
      return (order.firstIndex(of: lhs) ?? 0) < (order.firstIndex(of: rhs) ?? 0)
    }
  }

  /// What happened.
  public enum Kind: String, Hashable, Sendable {
    /// A stored value does not decode as its key's type; the default is used and
    /// the raw value is kept.
    case undecodableValue
    /// A stored value decodes but the key's validator refuses it.
    case invalidValue
    /// The file does not parse; a read served the backup or the defaults.
    case unreadableFile
    /// A corrupt file was moved aside and the store recovered.
    case quarantinedFile
    /// The file comes from a newer program and is read-only here.
    case newerSchema
    /// A migration failed; reads use the unmigrated document.
    case migrationFailed
    /// A change could not be written and lives only in memory for this run.
    case unsavedChanges
    /// Temporary files left by a killed writer were removed.
    case staleTemporaryFiles
    /// A system call failed while reading.
    case fileError
  }

  /// How serious it is.
  public var severity: Severity
  /// What happened.
  public var kind: Kind
  /// A lower-case sentence saying what happened and what the store did.
  public var message: String
  /// The key concerned, if any.
  public var key: String?
  /// The stored value that could not be used, kept untouched on disk.
  public var rawValue: PropertyListValue?
  /// The file concerned, if any.
  public var path: String?

  /// Creates a diagnostic.
  public init(
    severity: Severity,
    kind: Kind,
    message: String,
    key: String? = nil,
    rawValue: PropertyListValue? = nil,
    path: String? = nil
  ) {
    self.severity = severity
    self.kind = kind
    self.message = message
    self.key = key
    self.rawValue = rawValue
    self.path = path
  }

  /// `severity: message`, as a tool would print it.
  public var description: String { "\(severity.rawValue): \(message)" }
}
