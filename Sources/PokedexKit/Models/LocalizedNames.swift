/// Names of one thing in several languages, keyed by language identifier
/// (`"en"`, `"ja"`, `"ja-hrkt"`, `"zh-hans"`, ...).
///
/// Reads like a `[String: String]` and is written to JSON as an object with sorted
/// keys. It stores its entries packed in a single allocation of UTF-8 bytes, sorted by
/// language, and makes a `String` only when one is asked for: the bundled dex has 3,385
/// of these with 73,662 strings between them, so loading builds 3,385 buffers instead.
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
// Sendable: the storage is never changed after it is made (assigning makes new storage).
public struct LocalizedNames: Hashable, @unchecked Sendable, ExpressibleByDictionaryLiteral,
  Sequence
{
  public typealias Element = (key: String, value: String)
  public typealias Key = String
  public typealias Value = String

  /// The entries, sorted by language identifier (by UTF-8 bytes), without duplicates.
  private var storage: NameStorage

  /// Names from a dictionary.
  public init(_ names: [String: String] = [:]) {
    self.init(sortedPairs: names.sorted { Self.precedes($0.key, $1.key) })
  }

  public init(dictionaryLiteral elements: (String, String)...) {
    self.init(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }

  /// Names from pairs sorted by language, without duplicates.
  private init(sortedPairs pairs: [(key: String, value: String)]) {
    let pieces = pairs.flatMap { [Array($0.key.utf8), Array($0.value.utf8)] }
    storage = NameStorage.make(pieces: pieces.count, bytes: pieces.reduce(0) { $0 + $1.count }) {
      bounds,
      bytes in
      var end = 0
      for (index, piece) in pieces.enumerated() {
        bounds[2 * index] = UInt32(end)
        for byte in piece {
          bytes[end] = byte
          end += 1
        }
        bounds[2 * index + 1] = UInt32(end)
      }
    }
  }

  /// Names in `storage`, which the caller has checked is sorted, unique and valid UTF-8.
  init(storage: NameStorage) { self.storage = storage }

  /// The name in `language`, or `nil`; assigning `nil` removes it.
  public subscript(language: String) -> String? {
    get {
      var language = language
      return language.withUTF8 { wanted in
        storage.withPieces { pieces in
          for entry in 0..<pieces.count / 2 where bytesEqual(pieces[2 * entry], wanted) {
            return String(decoding: pieces[2 * entry + 1], as: UTF8.self)
          }
          return nil
        }
      }
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
  public var keys: [String] { strings(at: 0) }
  /// The names, in the order of their languages.
  public var values: [String] { strings(at: 1) }
  public var count: Int { storage.header.pieces / 2 }
  public var isEmpty: Bool { count == 0 }

  public func makeIterator() -> some IteratorProtocol<Element> {
    (0..<count).lazy.map { entry in
      storage.withPieces { pieces in
        (
          key: String(decoding: pieces[2 * entry], as: UTF8.self),
          value: String(decoding: pieces[2 * entry + 1], as: UTF8.self)
        )
      }
    }.makeIterator()
  }

  /// Calls `body` with each entry's position, language and name as UTF-8, in order,
  /// without making strings.
  func forEachUTF8(
    _ body: (Int, UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Void
  ) {
    storage.withPieces { pieces in
      for entry in 0..<pieces.count / 2 { body(entry, pieces[2 * entry], pieces[2 * entry + 1]) }
    }
  }

  /// The language (`part` 0) or name (`part` 1) of every entry.
  private func strings(at part: Int) -> [String] {
    storage.withPieces { pieces in
      (0..<pieces.count / 2).map { String(decoding: pieces[2 * $0 + part], as: UTF8.self) }
    }
  }

  public static func == (lhs: LocalizedNames, rhs: LocalizedNames) -> Bool {
    if lhs.storage === rhs.storage { return true }
    return lhs.storage.withPieces { a in
      rhs.storage.withPieces { b in
        a.count == b.count && (0..<a.count).allSatisfy { bytesEqual(a[$0], b[$0]) }
      }
    }
  }

  public func hash(into hasher: inout Hasher) {
    storage.withPieces { pieces in
      hasher.combine(pieces.count)
      for index in 0..<pieces.count {
        hasher.combine(pieces[index].count)
        hasher.combine(bytes: UnsafeRawBufferPointer(pieces[index]))
      }
    }
  }

  private static func precedes(_ a: String, _ b: String) -> Bool {
    a.utf8.lexicographicallyPrecedes(b.utf8)
  }
}

/// The packed entries of a ``LocalizedNames``: one allocation holding the bounds of every
/// piece (two `UInt32` offsets each) and then bytes in which each piece's UTF-8 lies, in
/// the order language, name, language, name, ... The bytes between pieces are not part of
/// any (the loader copies a names object's JSON text as it is, quotes and all).
final class NameStorage: ManagedBuffer<NameStorage.Header, UInt8> {
  struct Header {
    /// Languages plus names: twice the entries.
    var pieces: Int
    var bytes: Int
  }

  /// Storage for `pieces` strings within `bytes` bytes, filled in by `fill` with the start
  /// and end offset of every piece and the bytes. Never changed after.
  static func make(
    pieces: Int,
    bytes: Int,
    fill: (UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<UInt8>) -> Void
  ) -> NameStorage {
    let boundBytes = 2 * pieces * MemoryLayout<UInt32>.stride
    let buffer = create(minimumCapacity: boundBytes + bytes) { _ in
      Header(pieces: pieces, bytes: bytes)
    }
    buffer.withUnsafeMutablePointerToElements { elements in
      let bounds = UnsafeMutableRawPointer(elements).bindMemory(
        to: UInt32.self,
        capacity: 2 * pieces
      )
      fill(bounds, elements + boundBytes)
    }
    return unsafeDowncast(buffer, to: NameStorage.self)
  }

  func withPieces<R>(_ body: (Pieces) -> R) -> R {
    withUnsafeMutablePointers { header, elements in
      body(Pieces(elements: UnsafePointer(elements), count: header.pointee.pieces))
    }
  }

  /// The strings of a storage, as UTF-8 buffers.
  struct Pieces {
    let elements: UnsafePointer<UInt8>
    let count: Int

    subscript(index: Int) -> UnsafeBufferPointer<UInt8> {
      let bounds = UnsafeRawPointer(elements)
      let lower = Int(bounds.loadUnaligned(fromByteOffset: index * 8, as: UInt32.self))
      let upper = Int(bounds.loadUnaligned(fromByteOffset: index * 8 + 4, as: UInt32.self))
      let bytes = elements + 2 * count * MemoryLayout<UInt32>.stride
      return UnsafeBufferPointer(start: bytes + lower, count: upper - lower)
    }
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
