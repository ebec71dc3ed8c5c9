import Foundation
import PlistPreferences

extension PropertyListValue {
  /// The value as `pokedex prefs get` prints it and `pokedex prefs set` reads it back:
  /// a string as itself, anything else as compact JSON with sorted keys.
  ///
  /// ```swift
  /// PropertyListValue.string("grid").commandLineText              // grid
  /// PropertyListValue.array([.string("fire")]).commandLineText    // ["fire"]
  /// ```
  package var commandLineText: String {
    if case .string(let text) = self { return text }
    return jsonText
  }

  /// The value for a table: like ``commandLineText``, but an empty string or one with
  /// spaces or control characters is shown quoted, so it is visible.
  package var displayText: String {
    if case .string(let text) = self,
      text.isEmpty
        || text.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 })
    {
      return jsonText
    }
    return commandLineText
  }

  /// Compact JSON: dictionaries with sorted keys, data as Base64, dates as ISO 8601.
  package var jsonText: String {
    switch self {
    case .string(let text): return Self.jsonString(text)
    case .integer(let number): return String(number)
    case .real(let number):
      return number.isFinite ? String(number) : Self.jsonString(String(number))
    case .boolean(let flag): return flag ? "true" : "false"
    case .date(let date): return Self.jsonString(date.formatted(.iso8601))
    case .data(let data): return Self.jsonString(data.base64EncodedString())
    case .array(let items): return "[" + items.map(\.jsonText).joined(separator: ",") + "]"
    case .dictionary(let entries):
      let members = entries.keys.sorted().map { key in
        Self.jsonString(key) + ":" + (entries[key]?.jsonText ?? "null")
      }
      return "{" + members.joined(separator: ",") + "}"
    }
  }

}

extension PropertyListValue {
  /// The value for a message or a table cell: its description (strings quoted, control
  /// characters escaped), cut after ``abbreviationLimit`` characters with its size
  /// in bytes noted, so that a megabyte value prints as one readable line.
  ///
  /// ```swift
  /// PropertyListValue.string("fr\u{1B}").abbreviatedText   // "fr\u{1B}"
  /// ```
  package var abbreviatedText: String {
    if case .string(let text) = self, text.utf8.count > Self.abbreviationLimit,
      let end = text.index(
        text.startIndex,
        offsetBy: Self.abbreviationLimit,
        limitedBy: text.endIndex
      )
    {
      return Self.string(String(text[..<end])).description + "... (\(text.utf8.count) bytes)"
    }
    return Self.abbreviated(description)
  }

  /// The most characters of a value a message or `prefs list` shows: 200.
  package static let abbreviationLimit = 200

  /// `text` cut after ``abbreviationLimit`` characters, with its size in bytes noted.
  ///
  /// - Complexity: O(1) in the text's length.
  package static func abbreviated(_ text: String) -> String {
    guard text.utf8.count > abbreviationLimit,
      let end = text.index(text.startIndex, offsetBy: abbreviationLimit, limitedBy: text.endIndex),
      end < text.endIndex
    else { return text }
    return String(text[..<end]) + "... (\(text.utf8.count) bytes)"
  }
}
