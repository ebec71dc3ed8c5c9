import Foundation
import Synchronization

/// A property-list key-value store like `UserDefaults`, safe across processes
/// and crashes.
///
/// Every mutation is one read-modify-write of the latest file under an
/// exclusive `flock`, written to a temporary file that is `fsync`ed and renamed
/// over the old one, so the file is always one complete committed version and
/// no update from any process is lost. Reads never throw and never lock: a
/// `stat` tells whether the cached document is still current.
///
/// ```swift
/// let store = PreferencesStore(location: try PreferencesLocation.resolve(
///   appName: "myapp", variables: .init(prefix: "MYAPP"),
///   environment: ProcessInfo.processInfo.environment))
/// let style = PreferenceKey("layout.style", default: "grid")
/// store[style]                             // "grid"
/// try store.set("list", for: style)        // durable when it returns
/// try store.update { $0[columns] += 1 }    // one locked read-modify-write
/// try store.reset(style)                   // back to the default
/// ```
///
/// The store is `Sendable`; share one instance per file within a process.
public final class PreferencesStore: Sendable {
  /// The file this store reads and writes.
  public let location: PreferencesLocation
  /// How it writes.
  public let options: PreferencesOptions

  /// The reserved key holding the schema version.
  public static let schemaVersionKey = "_schemaVersion"

  /// Everything that changes after `init`, behind one lock. Observers and the
  /// diagnostic hook are never called with it held (see ``Deliveries``); the
  /// cross-process `flock` a commit takes is a separate lock, on its own file.
  let mutex = Mutex(State())

  /// The store's mutable state; only reachable inside `mutex.withLock`.
  struct State: Sendable {
    /// The document as reads see it, migrated in memory when the file is older.
    var document: [String: PropertyListValue] = [:]
    /// The version of the file `document` came from; `nil` when it does not exist.
    var signature: FileSignature?
    var isLoaded = false
    /// The format of the file on disk, when it parsed.
    var fileFormat: PreferencesFileFormat?
    /// The `_schemaVersion` found in the file (0 when absent).
    var fileSchemaVersion = 0
    /// Whether `document` holds a change that could not be written.
    var hasUnsavedChanges = false
    var diagnostics: [PreferencesDiagnostic] = []
    var diagnosticHandler: (@Sendable (PreferencesDiagnostic) -> Void)?
    var observers: [UInt64: @Sendable (PreferenceChange<PropertyListValue?>) -> Void] = [:]
    var observerKeys: [UInt64: String?] = [:]
    var nextObserverID: UInt64 = 0

    /// Adds a diagnostic unless an equal one was already recorded.
    mutating func record(_ diagnostic: PreferencesDiagnostic, _ deliveries: inout Deliveries) {
      guard !diagnostics.contains(diagnostic) else { return }
      if diagnostics.count >= 200 { diagnostics.removeFirst() }
      diagnostics.append(diagnostic)
      deliveries.diagnostics.append(diagnostic)
    }
  }

  /// Work to do after the mutex is released: observers and the diagnostic hook
  /// are never called with it held.
  struct Deliveries {
    var changes: [PreferenceChange<PropertyListValue?>] = []
    var diagnostics: [PreferencesDiagnostic] = []
  }

  /// Opens the store for a resolved location. No I/O happens until the first
  /// read or mutation, and nothing is created until the first commit.
  ///
  /// ```swift
  /// let store = PreferencesStore(location: .init(path: "/tmp/prefs.plist"))
  /// ```
  public init(location: PreferencesLocation, options: PreferencesOptions = PreferencesOptions()) {
    self.location = location
    self.options = options
  }

  /// Opens the store for an absolute file path.
  public convenience init(path: String, options: PreferencesOptions = PreferencesOptions()) {
    self.init(location: PreferencesLocation(path: path), options: options)
  }

  // MARK: Typed reads

  /// The stored value for `key`, or its default.
  ///
  /// Never throws: a value that does not decode as `Value` yields the default
  /// and a ``PreferencesDiagnostic`` of kind ``PreferencesDiagnostic/Kind/undecodableValue``,
  /// and the raw value stays in the file until it is overwritten.
  ///
  /// - Complexity: O(1) when the file did not change since the last read (one
  ///   `stat`); otherwise one read and parse of the file.
  public subscript<Value>(key: PreferenceKey<Value>) -> Value {
    var deliveries = Deliveries()
    let value: Value = mutex.withLock { state in
      refreshLocked(&state, &deliveries)
      return typedValueLocked(key, &state, &deliveries)
    }
    deliver(deliveries)
    return value
  }

  /// The stored value for `key`, or its default; the same as `store[key]`.
  public func value<Value>(for key: PreferenceKey<Value>) -> Value { self[key] }

  /// Whether the file holds a value for `key` (decodable or not).
  public func hasStoredValue<Value>(for key: PreferenceKey<Value>) -> Bool {
    value(forKey: key.name) != nil
  }

  // MARK: Typed mutations

  /// Validates, encodes and durably stores `value` for `key`.
  ///
  /// ```swift
  /// try store.set(4, for: columns)
  /// ```
  /// - Throws: ``PreferencesError``: an invalid or unencodable value, a lock
  ///   timeout, a newer schema, or a failed system call (the old file stays intact).
  public func set<Value>(_ value: Value, for key: PreferenceKey<Value>) throws(PreferencesError) {
    try key.validate(value)
    let raw = try ValueCoding.encode(value, key: key.name)
    try CheckedKey.check(key.name)
    try commit { (document: inout [String: PropertyListValue]) throws(PreferencesError) in
      document[key.name] = raw
    }
  }

  /// Removes the stored value for `key`, so reads return its default.
  ///
  /// - Throws: ``PreferencesError``, as ``set(_:for:)``.
  public func reset<Value>(_ key: PreferenceKey<Value>) throws(PreferencesError) {
    try removeValue(forKey: key.name)
  }

  /// Runs `body` on the latest document under the lock and commits its changes
  /// once, atomically: concurrent updates from any process are never lost.
  ///
  /// ```swift
  /// try store.update { transaction in
  ///   transaction[launches] += 1
  ///   transaction[lastStyle] = "list"
  /// }
  /// ```
  /// A closure that uses `try` must be annotated
  /// `{ (transaction: inout PreferencesTransaction) throws(PreferencesError) in ... }`;
  /// the subscripts need no `try` (their errors abort the commit).
  ///
  /// - Throws: Whatever `body` throws (nothing is written then), or a
  ///   ``PreferencesError`` from the commit.
  @discardableResult
  public func update<Result>(
    _ body: (inout PreferencesTransaction) throws(PreferencesError) -> Result
  ) throws(PreferencesError) -> Result {
    var result: Result?
    try commit { (document: inout [String: PropertyListValue]) throws(PreferencesError) in
      var transaction = PreferencesTransaction(document: document)
      result = try body(&transaction)
      if let error = transaction.pendingError { throw error }
      document = transaction.document
    }
    guard let result else { throw .verificationFailed(path: location.path, reason: "no result") }
    return result
  }

  // MARK: Diagnostics

  /// The distinct problems met so far, oldest first.
  public var diagnostics: [PreferencesDiagnostic] {
    mutex.withLock { $0.diagnostics }
  }

  /// Called once for each new diagnostic, outside the store's lock; a tool sets
  /// it to print warnings on standard error, and leaves it `nil` to stay quiet.
  public var onDiagnostic: (@Sendable (PreferencesDiagnostic) -> Void)? {
    get { mutex.withLock { $0.diagnosticHandler } }
    set { mutex.withLock { $0.diagnosticHandler = newValue } }
  }

  // MARK: Internals shared by the extensions

  func typedValueLocked<Value>(
    _ key: PreferenceKey<Value>,
    _ state: inout State,
    _ deliveries: inout Deliveries
  ) -> Value {
    var value = key.defaultValue
    if let raw = state.document[key.name] {
      switch Self.checkedValue(key, raw: raw) {
      case .success(let stored): value = stored
      case .failure(let problem):
        state.record(problem.diagnostic(key: key.name, raw: raw, path: location.path), &deliveries)
      }
    }
    return value
  }

  /// Why a stored value cannot be used: it does not decode as the key's type, or
  /// the key's validator refuses it.
  enum StoredValueProblem: Error {
    case undecodable(type: String, reason: String)
    case refused(reason: String)

    /// The warning: it names the key, the value, what is wrong and the file.
    func diagnostic(key: String, raw: PropertyListValue, path: String) -> PreferencesDiagnostic {
      let (kind, problem): (PreferencesDiagnostic.Kind, String) =
        switch self {
        case .undecodable(let type, let reason):
          (.undecodableValue, "which is not a valid \(type) (\(reason))")
        case .refused(let reason): (.invalidValue, "which is not allowed: \(reason)")
        }
      return PreferencesDiagnostic(
        severity: .warning,
        kind: kind,
        message: "'\(key)' holds \(PreferencesStore.abbreviated(raw)), \(problem); "
          + "using the default, the stored value is kept in '\(path)'",
        key: key,
        rawValue: raw,
        path: path
      )
    }
  }

  /// `raw`'s description for a message, cut after its first 200 characters with its
  /// size noted: a value can be megabytes, and only a string's first characters are
  /// looked at.
  static func abbreviated(_ raw: PropertyListValue) -> String {
    let limit = 200
    if case .string(let string) = raw, string.utf8.count > limit {
      let end = string.index(string.startIndex, offsetBy: limit, limitedBy: string.endIndex)
      let start = PropertyListValue.string(String(string[..<(end ?? string.endIndex)]))
      return start.description + "... (\(string.utf8.count) bytes)"
    }
    let text = raw.description
    guard text.utf8.count > limit,
      let end = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex),
      end < text.endIndex
    else { return text }
    return String(text[..<end]) + "... (\(text.utf8.count) bytes)"
  }
}

extension PreferencesStore {
  /// The stored `raw` decoded as the key's type and accepted by its validator.
  static func checkedValue<Value>(
    _ key: PreferenceKey<Value>,
    raw: PropertyListValue
  ) -> Result<Value, StoredValueProblem> {
    let value: Value
    do {
      value = try ValueCoding.decode(Value.self, from: raw, key: key.name)
    } catch {
      let reason: String
      if case .typeMismatch(_, _, let detail) = error {
        reason = detail
      } else {
        reason = error.description
      }
      return .failure(.undecodable(type: "\(Value.self)", reason: reason))
    }
    if let reason = key.validator?(value) { return .failure(.refused(reason: reason)) }
    return .success(value)
  }

  /// Calls observers and the diagnostic hook; the mutex must not be held.
  func deliver(_ deliveries: Deliveries) {
    guard !deliveries.changes.isEmpty || !deliveries.diagnostics.isEmpty else { return }
    let (handlers, keys, hook) = mutex.withLock { state in
      (state.observers, state.observerKeys, state.diagnosticHandler)
    }
    if let hook { deliveries.diagnostics.forEach(hook) }
    for change in deliveries.changes {
      for (id, handler) in handlers.sorted(by: { $0.key < $1.key }) {
        let wanted = keys[id] ?? nil
        if wanted == nil || wanted == change.key { handler(change) }
      }
    }
  }

  /// The changes between two documents, one per key, in key order.
  static func changes(
    from old: [String: PropertyListValue],
    to new: [String: PropertyListValue]
  ) -> [PreferenceChange<PropertyListValue?>] {
    Set(old.keys).union(new.keys).sorted().compactMap { key in
      guard key != schemaVersionKey, old[key] != new[key] else { return nil }
      return PreferenceChange(key: key, oldValue: old[key], newValue: new[key])
    }
  }
}

/// Checks keys given to mutations.
enum CheckedKey {
  static func check(_ name: String) throws(PreferencesError) {
    if name == PreferencesStore.schemaVersionKey {
      throw .invalidKey(name, reason: "it is reserved for the schema version")
    }
    try PropertyListCodec.validateKey(name)
  }
}
