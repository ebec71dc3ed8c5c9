/// A typed preference: a name, the value used when nothing is stored, and an
/// optional validator.
///
/// The default is never written to the file: ``PreferencesStore/reset(_:)``
/// removes the stored value and reads return the default again.
///
/// ```swift
/// extension PreferenceKey where Value == Int {
///   static let columns = PreferenceKey("layout.columns", default: 3) { value in
///     (1...12).contains(value) ? nil : "use a number from 1 to 12"
///   }
/// }
/// let columns = store[.columns]  // 3 until set
/// ```
public struct PreferenceKey<Value: Codable & Sendable>: Sendable {
  /// The key in the property list.
  public let name: String
  /// The value returned when nothing (or nothing decodable) is stored.
  public let defaultValue: Value
  /// Returns a lower-case reason when a value is not allowed, `nil` when it is.
  public let validator: (@Sendable (Value) -> String?)?

  /// Creates a key.
  ///
  /// - Parameters:
  ///   - name: The key in the property list; not empty, not `_schemaVersion`.
  ///   - defaultValue: The value read when nothing is stored.
  ///   - validator: Returns why a value is refused, or `nil` to accept it.
  public init(
    _ name: String,
    default defaultValue: Value,
    validator: (@Sendable (Value) -> String?)? = nil
  ) {
    self.name = name
    self.defaultValue = defaultValue
    self.validator = validator
  }

  /// Checks `value` with the key's validator.
  ///
  /// - Throws: ``PreferencesError/invalidValue(key:reason:)``.
  public func validate(_ value: Value) throws(PreferencesError) {
    if let reason = validator?(value) { throw .invalidValue(key: name, reason: reason) }
  }
}

extension PreferenceKey where Value: Equatable {
  /// Creates a key that accepts only the listed values.
  ///
  /// ```swift
  /// let style = PreferenceKey("layout.style", default: "grid", allowedValues: ["grid", "list"])
  /// try store.set("gird", for: style)  // invalid value for 'layout.style': allowed values: grid, list
  /// ```
  ///
  /// Inlinable, so that the check is specialized for the caller's value type
  /// (generic code would look the array's conformances up at run time).
  @inlinable
  public init(_ name: String, default defaultValue: Value, allowedValues: [Value]) {
    self.init(name, default: defaultValue) { value in
      guard !allowedValues.contains(value) else { return nil }
      // Only a refused value needs the list.
      let list = allowedValues.map { "\($0)" }.joined(separator: ", ")
      return "'\(shownInMessage("\(value)"))' is not allowed; allowed values: \(list)"
    }
  }
}

/// `text` as a message shows it: control characters escaped, cut after 200 characters
/// with its size noted (a stored value can be megabytes).
@usableFromInline
func shownInMessage(_ text: String) -> String {
  let limit = 200
  guard text.utf8.count > limit,
    let end = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex),
    end < text.endIndex
  else { return text.debugDescriptionBody }
  return String(text[..<end]).debugDescriptionBody + "... (\(text.utf8.count) bytes)"
}
