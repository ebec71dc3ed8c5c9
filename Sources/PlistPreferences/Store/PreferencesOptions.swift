/// How a ``PreferencesStore`` writes and versions its file.
///
/// ```swift
/// let options = PreferencesOptions(
///   schemaVersion: 2,
///   migrations: [.init(to: 2, "rename grid") { doc in doc["layout.style"] = doc.removeValue(forKey: "style") }])
/// ```
public struct PreferencesOptions: Sendable {
  /// Whether a commit waits for the disk.
  public enum Durability: String, Sendable {
    /// `fsync` the temporary file before the rename and the directory after it (the default):
    /// when a mutation returns, the new version survives a power loss.
    case durable
    /// No `fsync`: still atomic and crash-safe for the process, but a power loss may
    /// revert to an older version (or, on some file systems, leave an empty file that
    /// the next start quarantines and recovers from the backup).
    case relaxed
  }

  /// The format to write; `nil` keeps the existing file's format and writes XML for a new file.
  public var format: PreferencesFileFormat?
  /// Whether commits `fsync`.
  public var durability: Durability
  /// How long a mutation waits for another process's lock before throwing
  /// ``PreferencesError/lockTimeout(path:milliseconds:)``.
  public var lockTimeout: Duration
  /// The schema version this program writes as `_schemaVersion`.
  public var schemaVersion: Int
  /// Migrations, applied in ascending ``PreferencesMigration/version`` order to
  /// files whose `_schemaVersion` is older than ``schemaVersion``.
  public var migrations: [PreferencesMigration]
  /// How many quarantined copies of corrupt files to keep.
  public var quarantineLimit: Int

  /// Creates options; every parameter has the documented default.
  public init(
    format: PreferencesFileFormat? = nil,
    durability: Durability = .durable,
    lockTimeout: Duration = .seconds(2),
    schemaVersion: Int = 1,
    migrations: [PreferencesMigration] = [],
    quarantineLimit: Int = 3
  ) {
    self.format = format
    self.durability = durability
    self.lockTimeout = lockTimeout
    self.schemaVersion = schemaVersion
    self.migrations = migrations.sorted { $0.version < $1.version }
    self.quarantineLimit = max(quarantineLimit, 1)
  }
}

/// One step of a schema upgrade: it turns a document of version `version - 1`
/// (or older) into one of `version`.
///
/// Migrations run on the raw document inside the locked commit, so they see
/// every key, including ones this program does not know. They should be
/// idempotent; a throwing migration aborts the commit and leaves the file as it was.
///
/// ```swift
/// let migration = PreferencesMigration(to: 2, "columns became a string") { doc in
///   if case .integer(let n)? = doc["columns"] { doc["columns"] = .string(String(n)) }
/// }
/// ```
public struct PreferencesMigration: Sendable {
  /// The schema version the document has after this migration.
  public let version: Int
  /// A short description for messages.
  public let name: String
  let body: @Sendable (inout [String: PropertyListValue]) throws -> Void

  /// Creates a migration to `version`.
  public init(
    to version: Int,
    _ name: String,
    _ body: @escaping @Sendable (inout [String: PropertyListValue]) throws -> Void
  ) {
    self.version = version
    self.name = name
    self.body = body
  }
}

/// A change to one key, delivered to observers after a commit (or after a read
/// noticed that another process committed).
///
/// ```swift
/// let observation = store.observe(.columns) { change in
///   print("\(change.key): \(change.oldValue) -> \(change.newValue)")
/// }
/// ```
public struct PreferenceChange<Value: Sendable>: Sendable {
  /// The key that changed.
  public let key: String
  /// The value before the change (the default when nothing was stored).
  public let oldValue: Value
  /// The value after the change (the default when the key was removed).
  public let newValue: Value
}

extension PreferenceChange: Equatable where Value: Equatable {}
