/// Names of one thing in several languages, keyed by language identifier
/// (`"en"`, `"ja"`, `"ja-hrkt"`, `"zh-hans"`, ...).
///
/// Reads like a `[String: String]` and is written to JSON as an object with sorted
/// keys. The entries are packed in one array of UTF-8 (language, name, language, name, ...)
/// and one array of where each piece ends, so a set of names costs two allocations whatever
/// the number of languages, and a `String` is made only when one is asked for. The value
/// owns its storage: it never refers to the file it was read from.
///
/// ```swift
/// var names: LocalizedNames = ["en": "Pikachu", "ja": "ピカチュウ"]
/// names["fr"] = "Pikachu"
/// names["ja"]              // "ピカチュウ"
/// for (language, name) in names { print(language, name) }  // en, fr, ja: in order
/// ```
///
/// - Complexity: Lookups are O(*n*) in the number of languages (at most a dozen or so);
///   assigning a name rebuilds the storage, O(*n*).
public struct LocalizedNames: Hashable, Sendable, ExpressibleByDictionaryLiteral, Sequence {
  public typealias Element = (key: String, value: String)
  public typealias Key = String
  public typealias Value = String

  /// The pieces' UTF-8, back to back: language, name, language, name, ... with the
  /// languages sorted by their bytes and unique. (Equal names have equal storage.)
  private var utf8: [UInt8]
  /// Where each piece ends in `utf8`; piece `i` starts where piece `i - 1` ends.
  private var ends: [Int32]

  /// No names.
  public init() {
    utf8 = []
    ends = []
  }

  /// Names from a dictionary.
  public init(_ names: [String: String]) {
    self.init(sortedPairs: names.sorted { Self.precedes($0.key, $1.key) })
  }

  public init(dictionaryLiteral elements: (String, String)...) {
    self.init(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }

  /// Names from pairs sorted by language, without duplicates.
  private init(sortedPairs pairs: [(key: String, value: String)]) {
    utf8 = []
    ends = []
    ends.reserveCapacity(pairs.count * 2)
    for (language, name) in pairs {
      append(language.utf8)
      append(name.utf8)
    }
  }

  /// Names packed by a reader: the pieces' UTF-8 back to back and where each ends; the
  /// reader has checked them (valid UTF-8, pieces in pairs, languages sorted and unique).
  init(utf8: [UInt8], ends: [Int32]) {
    assert(ends.count % 2 == 0 && Int(ends.last ?? 0) == utf8.count)
    self.utf8 = utf8
    self.ends = ends
  }

  /// Calls `body` with each language and name as UTF-8, in order, without making strings.
  func forEachUTF8(_ body: (_ language: ArraySlice<UInt8>, _ name: ArraySlice<UInt8>) -> Void) {
    for entry in 0..<count { body(piece(2 * entry), piece(2 * entry + 1)) }
  }

  private mutating func append(_ piece: some Collection<UInt8>) {
    utf8.append(contentsOf: piece)
    ends.append(Int32(truncatingIfNeeded: utf8.count))
  }

  /// The bytes of piece `index`.
  private func piece(_ index: Int) -> ArraySlice<UInt8> {
    utf8[(index == 0 ? 0 : Int(ends[index - 1]))..<Int(ends[index])]
  }

  private func string(_ index: Int) -> String { String(decoding: piece(index), as: UTF8.self) }

  /// The name in `language`, or `nil`; assigning `nil` removes it.
  public subscript(language: String) -> String? {
    get {
      let wanted = language.utf8
      for entry in 0..<count where piece(2 * entry).elementsEqual(wanted) {
        return string(2 * entry + 1)
      }
      return nil
    }
    set {
      var pairs = Array(self).filter { $0.key != language }
      if let newValue { pairs.append((language, newValue)) }
      self = LocalizedNames(sortedPairs: pairs.sorted { Self.precedes($0.key, $1.key) })
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
  public var keys: [String] { (0..<count).map { string(2 * $0) } }
  /// The names, in the order of their languages.
  public var values: [String] { (0..<count).map { string(2 * $0 + 1) } }

  /// The number of languages.
  public var count: Int { ends.count / 2 }

  public var isEmpty: Bool { ends.isEmpty }

  public func makeIterator() -> Iterator { Iterator(names: self) }

  /// The entries in order of language.
  public struct Iterator: IteratorProtocol {
    fileprivate let names: LocalizedNames
    fileprivate var entry = 0

    fileprivate init(names: LocalizedNames) { self.names = names }

    public mutating func next() -> Element? {
      guard entry < names.count else { return nil }
      defer { entry += 1 }
      return (names.string(2 * entry), names.string(2 * entry + 1))
    }
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
    for (language, name) in self {
      try container.encode(name, forKey: LanguageKey(stringValue: language))
    }
  }
}

extension LocalizedNames: CustomStringConvertible {
  public var description: String {
    "[" + map { "\"\($0.key)\": \"\($0.value)\"" }.joined(separator: ", ") + "]"
  }
}
