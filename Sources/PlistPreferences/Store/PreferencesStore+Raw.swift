import Foundation

/// Untyped access by key name, for tools such as a `prefs` command.
extension PreferencesStore {
  /// The raw stored value for `key`, or `nil` when nothing is stored.
  ///
  /// ```swift
  /// store.value(forKey: "layout.columns")  // .integer(4)
  /// ```
  /// - Complexity: O(1) when the file did not change since the last read.
  public func value(forKey key: String) -> PropertyListValue? {
    guard key != Self.schemaVersionKey else { return nil }
    return snapshot()[key]
  }

  /// The stored keys, sorted, without `_schemaVersion`.
  public var keys: [String] {
    snapshot().keys.filter { $0 != Self.schemaVersionKey }.sorted()
  }

  /// Every stored key and value, without `_schemaVersion`.
  public func dictionaryRepresentation() -> [String: PropertyListValue] {
    var document = snapshot()
    document[Self.schemaVersionKey] = nil
    return document
  }

  /// The document as reads see it, refreshed from disk when it changed.
  func snapshot() -> [String: PropertyListValue] {
    var deliveries = Deliveries()
    let document: [String: PropertyListValue] = mutex.withLock { state in
      refreshLocked(&state, &deliveries)
      return state.document
    }
    deliver(deliveries)
    return document
  }

  /// Durably stores a raw value.
  ///
  /// ```swift
  /// let key = AnyPreferenceKey(columns)
  /// try store.setValue(key.value(parsing: "4"), forKey: "layout.columns", validatingWith: key)
  /// ```
  /// - Parameters:
  ///   - validatingWith: A key whose type and validator the value must satisfy;
  ///     the value is stored in that key's canonical form.
  /// - Throws: ``PreferencesError``: a reserved or invalid key, a forbidden
  ///   character, a type mismatch, or a commit failure.
  public func setValue(
    _ value: PropertyListValue,
    forKey key: String,
    validatingWith validator: AnyPreferenceKey? = nil
  ) throws(PreferencesError) {
    try CheckedKey.check(key)
    let stored = try validator?.validate(value) ?? value
    try PropertyListCodec.validate(stored, key: key)
    try commit { (document: inout [String: PropertyListValue]) throws(PreferencesError) in
      document[key] = stored
    }
  }

  /// Removes a stored value; removing a missing key writes nothing.
  ///
  /// - Throws: ``PreferencesError``, as ``setValue(_:forKey:validatingWith:)``.
  public func removeValue(forKey key: String) throws(PreferencesError) {
    try CheckedKey.check(key)
    try commit { (document: inout [String: PropertyListValue]) throws(PreferencesError) in
      document[key] = nil
    }
  }

  /// Removes every stored value (keeping `_schemaVersion`), so every key reads its default.
  public func removeAll() throws(PreferencesError) {
    try commit { (document: inout [String: PropertyListValue]) throws(PreferencesError) in
      document = document.filter { $0.key == Self.schemaVersionKey }
    }
  }

  // MARK: Export and import

  /// The current document, including `_schemaVersion`, encoded as `format`.
  ///
  /// ```swift
  /// let xml = try store.exportData(format: .xml)
  /// ```
  /// - Throws: ``PreferencesError/unencodableValue(key:reason:)`` when JSON
  ///   cannot represent a value (NaN, infinity).
  public func exportData(format: PreferencesExportFormat) throws(PreferencesError) -> Data {
    var document = snapshot()
    if document[Self.schemaVersionKey] == nil {
      document[Self.schemaVersionKey] = .integer(options.schemaVersion)
    }
    switch format {
    case .xml: return try PropertyListCodec.serialize(document, format: .xml)
    case .binary: return try PropertyListCodec.serialize(document, format: .binary)
    case .json:
      return Data((try PropertyListValue.dictionary(document).jsonText(key: "") + "\n").utf8)
    }
  }

  /// Imports an XML plist, a binary plist or a JSON object in one commit.
  ///
  /// A document with an older `_schemaVersion` is migrated first, one without
  /// it is taken as current, and one newer than this program is refused. Every string is validated before anything is written.
  ///
  /// ```swift
  /// try store.importData(Data(contentsOf: url), source: url.path, mode: .merge)
  /// ```
  /// - Parameters:
  ///   - source: A name for messages, such as the file's path.
  ///   - validate: Checks the incoming document (migrated, without `_schemaVersion`)
  ///     before anything is written; what it throws aborts the import. A tool passes
  ///     one that validates its known keys:
  ///     `{ document throws(PreferencesError) in for key in keys { if let v = document[key.name] { try key.validate(v) } } }`.
  /// - Returns: The keys whose values changed.
  /// - Throws: ``PreferencesError/invalidDocument(source:reason:)``,
  ///   ``PreferencesError/newerSchema(path:found:supported:)``, what `validate`
  ///   throws, or a commit failure.
  @discardableResult
  public func importData(
    _ data: Data,
    source: String = "import",
    mode: PreferencesImportMode,
    validate: ([String: PropertyListValue]) throws(PreferencesError) -> Void = { _ in }
  ) throws(PreferencesError) -> [String] {
    var incoming: [String: PropertyListValue]
    switch PropertyListCodec.parse(data) {
    case .success(let parsed):
      incoming = parsed.document
    case .failure(let plistFailure):
      guard case .success(let value) = PropertyListValue.parseJSON(data) else {
        throw .invalidDocument(source: source, reason: plistFailure.reason)
      }
      guard case .dictionary(let document) = value else {
        throw .invalidDocument(
          source: source,
          reason: "the root is \(value.typeName), not a dictionary"
        )
      }
      incoming = document
    }
    // A document without `_schemaVersion` is taken as current; one with it is migrated.
    if incoming[Self.schemaVersionKey] != nil {
      let version = Self.schemaVersion(of: incoming)
      if version > options.schemaVersion {
        throw .newerSchema(path: source, found: version, supported: options.schemaVersion)
      }
      try migrate(&incoming, from: version)
    }
    incoming[Self.schemaVersionKey] = nil
    for key in incoming.keys.sorted() {
      try CheckedKey.check(key)
      if let value = incoming[key] { try PropertyListCodec.validate(value, key: key) }
    }
    try validate(incoming)
    var changed: [String] = []
    try commit { (document: inout [String: PropertyListValue]) throws(PreferencesError) in
      let before = document
      switch mode {
      case .merge: document.merge(incoming) { _, new in new }
      case .replace:
        document = incoming.merging(before.filter { $0.key == Self.schemaVersionKey }) { a, _ in a }
      }
      changed = Self.changes(from: before, to: document).map(\.key)
    }
    return changed
  }
}
