/// Names of one thing in several languages, keyed by language identifier
/// (`"en"`, `"ja"`, `"ja-hrkt"`, `"zh-hans"`, ...).
///
/// Reads like a `[String: String]` and is written to JSON as an object with sorted
/// keys, but stores its few entries as a sorted array: a dex has about 20,000 of
/// these, and building them without hashing makes loading markedly faster.
///
/// ```swift
/// var names: LocalizedNames = ["en": "Pikachu", "ja": "ピカチュウ"]
/// names["fr"] = "Pikachu"
/// names["ja"]              // "ピカチュウ"
/// for (language, name) in names { print(language, name) }  // de, en, fr, ... in order
/// ```
///
/// - Complexity: Lookups are O(*n*) in the number of languages (at most a dozen or so).
public struct LocalizedNames: Hashable, Sendable, ExpressibleByDictionaryLiteral, Sequence {
  public typealias Element = (key: String, value: String)
  public typealias Key = String
  public typealias Value = String

  /// The entries, sorted by language identifier (by UTF-8 bytes), without duplicates.
  private var entries: [Entry]

  private struct Entry: Hashable, Sendable {
    var language: String
    var name: String
  }

  /// Names from a dictionary.
  public init(_ names: [String: String] = [:]) {
    entries = names.map { Entry(language: $0.key, name: $0.value) }
    entries.sort { Self.precedes($0.language, $1.language) }
  }

  public init(dictionaryLiteral elements: (String, String)...) {
    self.init(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }

  /// Names from pairs already sorted by language without duplicates (checked; sorted if not).
  init(sortedPairs pairs: [(String, String)]) {
    var sorted = true
    for index in pairs.indices.dropFirst() where !Self.precedes(pairs[index - 1].0, pairs[index].0)
    {
      sorted = false
      break
    }
    entries = pairs.map { Entry(language: $0.0, name: $0.1) }
    if !sorted { self = LocalizedNames(Dictionary(pairs, uniquingKeysWith: { _, last in last })) }
  }

  /// The name in `language`, or `nil`; assigning `nil` removes it.
  public subscript(language: String) -> String? {
    get { entries.first { $0.language == language }?.name }
    set {
      let index = entries.firstIndex { !Self.precedes($0.language, language) } ?? entries.endIndex
      let exists = index < entries.endIndex && entries[index].language == language
      switch (newValue, exists) {
      case (let name?, true): entries[index].name = name
      case (let name?, false): entries.insert(Entry(language: language, name: name), at: index)
      case (nil, true): entries.remove(at: index)
      case (nil, false): break
      }
    }
  }

  /// Adds the names of `other`; `combine` picks the name where both have one.
  public mutating func merge(
    _ other: LocalizedNames,
    uniquingKeysWith combine: (String, String) -> String
  ) {
    for (language, name) in other {
      self[language] = self[language].map { combine($0, name) } ?? name
    }
  }

  /// The languages, sorted.
  public var keys: [String] { entries.map(\.language) }
  /// The names, in the order of their languages.
  public var values: [String] { entries.map(\.name) }
  public var count: Int { entries.count }
  public var isEmpty: Bool { entries.isEmpty }

  public func makeIterator() -> some IteratorProtocol<Element> {
    entries.lazy.map { (key: $0.language, value: $0.name) }.makeIterator()
  }

  private static func precedes(_ a: String, _ b: String) -> Bool {
    a.utf8.lexicographicallyPrecedes(b.utf8)
  }
}

extension LocalizedNames: Codable {
  private struct LanguageKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  /// Decodes a JSON object of language to name.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: LanguageKey.self)
    var names: [String: String] = [:]
    for key in container.allKeys {
      names[key.stringValue] = try container.decode(String.self, forKey: key)
    }
    self.init(names)
  }

  /// Encodes a JSON object with the languages in sorted order.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: LanguageKey.self)
    for entry in entries {
      try container.encode(entry.name, forKey: LanguageKey(stringValue: entry.language))
    }
  }
}

extension LocalizedNames: CustomStringConvertible {
  public var description: String {
    "[" + entries.map { "\"\($0.language)\": \"\($0.name)\"" }.joined(separator: ", ") + "]"
  }
}
