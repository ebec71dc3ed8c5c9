import Foundation

/// A type-erased ``PreferenceKey`` for tools that handle keys by name, such as
/// a `prefs set KEY VALUE` command.
///
/// It converts command-line text to a property-list value of the key's type,
/// checks raw values against the type and the validator, and renders the
/// default.
///
/// ```swift
/// let keys = [AnyPreferenceKey(.columns), AnyPreferenceKey(.style)]
/// let key = keys.first { $0.name == "layout.columns" }
/// let value = try key.value(parsing: "4")        // .integer(4)
/// try store.setValue(value, forKey: key.name, validatingWith: key)
/// ```
public struct AnyPreferenceKey: Sendable {
  /// The key in the property list.
  public let name: String
  /// The default as a property-list value, `nil` when it does not encode.
  public let defaultValue: PropertyListValue?
  /// The Swift type name of the key's value, for messages.
  public let typeName: String
  private let check: @Sendable (PropertyListValue) throws(PreferencesError) -> PropertyListValue

  /// Erases a typed key.
  public init<Value>(_ key: PreferenceKey<Value>) {
    name = key.name
    defaultValue = try? ValueCoding.encode(key.defaultValue, key: key.name)
    typeName = "\(Value.self)"
    check = { (raw: PropertyListValue) throws(PreferencesError) -> PropertyListValue in
      let value = try ValueCoding.decode(Value.self, from: raw, key: key.name)
      try key.validate(value)
      return try ValueCoding.encode(value, key: key.name)
    }
  }

  /// Checks that `value` decodes as the key's type and passes its validator.
  ///
  /// - Throws: ``PreferencesError/typeMismatch(key:expected:reason:)`` or
  ///   ``PreferencesError/invalidValue(key:reason:)``.
  /// - Returns: The value in the key's canonical form (a `Double` key turns
  ///   `.integer(3)` into `.real(3)`).
  @discardableResult
  public func validate(_ value: PropertyListValue) throws(PreferencesError) -> PropertyListValue {
    try check(value)
  }

  /// Converts text to a value of the key's type and validates it.
  ///
  /// The text is tried as a plain string first (for `String` and string-backed
  /// enums), then as JSON (`4`, `true`, `2.5`, `["a","b"]`, `{"x":1}`).
  ///
  /// ```swift
  /// try key.value(parsing: "grid")      // .string("grid") for a String key
  /// try key.value(parsing: "[\"hp\"]")  // .array([.string("hp")]) for a [String] key
  /// ```
  /// - Throws: ``PreferencesError/typeMismatch(key:expected:reason:)`` when
  ///   neither reading fits, or the validator's ``PreferencesError/invalidValue(key:reason:)``.
  public func value(parsing text: String) throws(PreferencesError) -> PropertyListValue {
    do {
      return try check(.string(text))
    } catch .invalidValue(let key, let reason) {
      throw .invalidValue(key: key, reason: reason)
    } catch {
      // Not a string-like type: try JSON below.
    }
    guard case .success(let parsed) = PropertyListValue.parseJSON(Data(text.utf8)) else {
      throw .typeMismatch(
        key: name,
        expected: typeName,
        reason: "'\(shownInMessage(text))' is not a valid \(typeName)"
      )
    }
    return try check(parsed)
  }
}
