/// The document inside ``PreferencesStore/update(_:)``: the latest committed
/// version, read under the lock, and changed in memory until the closure returns.
///
/// ```swift
/// try store.update { transaction in
///   transaction[counter] += 1                       // typed
///   try transaction.setValue(.string("x"), forKey: "raw.key")  // untyped
/// }
/// ```
public struct PreferencesTransaction {
  var document: [String: PropertyListValue]
  /// The first error of a subscript assignment; it aborts the commit.
  var pendingError: PreferencesError?

  init(document: [String: PropertyListValue]) {
    self.document = document
  }

  /// The value for `key` (or its default when nothing is stored or what is stored
  /// does not decode); assigning validates, encodes and stages it. A failed
  /// assignment makes ``PreferencesStore/update(_:)`` throw and write nothing.
  ///
  /// Unlike ``PreferencesStore``'s typed read, a value the key's validator refuses is
  /// returned as stored: a read-modify-write (`transaction[filters][name] = terms`)
  /// must not silently replace the other entries with the default; the assignment
  /// then refuses the whole value.
  public subscript<Value>(key: PreferenceKey<Value>) -> Value {
    get {
      guard let raw = document[key.name],
        let value = try? ValueCoding.decode(Value.self, from: raw, key: key.name)
      else { return key.defaultValue }
      return value
    }
    set {
      do {
        try set(newValue, for: key)
      } catch {
        if pendingError == nil { pendingError = error }
      }
    }
  }

  /// Validates, encodes and stages `value` for `key`.
  public mutating func set<Value>(_ value: Value, for key: PreferenceKey<Value>)
    throws(PreferencesError)
  {
    try key.validate(value)
    try setValue(ValueCoding.encode(value, key: key.name), forKey: key.name)
  }

  /// Stages the removal of `key`'s stored value.
  public mutating func reset<Value>(_ key: PreferenceKey<Value>) {
    document[key.name] = nil
  }

  /// The raw stored value for `key`; assigning stages a value (`nil` removes it)
  /// after checking the key and its strings. A failed assignment makes
  /// ``PreferencesStore/update(_:)`` throw and write nothing, so no `try` is needed.
  ///
  /// ```swift
  /// try store.update { transaction in
  ///   transaction["layout.columns"] = .integer(4)
  ///   transaction["obsolete"] = nil
  /// }
  /// ```
  public subscript(key: String) -> PropertyListValue? {
    get { value(forKey: key) }
    set {
      do {
        if let newValue {
          try setValue(newValue, forKey: key)
        } else {
          try removeValue(forKey: key)
        }
      } catch {
        if pendingError == nil { pendingError = error }
      }
    }
  }

  /// The raw stored value for `key`, or `nil`.
  public func value(forKey key: String) -> PropertyListValue? {
    key == PreferencesStore.schemaVersionKey ? nil : document[key]
  }

  /// Stages a raw value, checking the key and every string in the value.
  public mutating func setValue(_ value: PropertyListValue, forKey key: String)
    throws(PreferencesError)
  {
    try CheckedKey.check(key)
    try PropertyListCodec.validate(value, key: key)
    document[key] = value
  }

  /// Stages the removal of a raw key.
  public mutating func removeValue(forKey key: String) throws(PreferencesError) {
    try CheckedKey.check(key)
    document[key] = nil
  }

  /// The stored keys, sorted, without `_schemaVersion`.
  public var keys: [String] {
    document.keys.filter { $0 != PreferencesStore.schemaVersionKey }.sorted()
  }
}
