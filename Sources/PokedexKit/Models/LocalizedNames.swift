import Foundation

/// Names of one thing in several languages, keyed by language identifier
/// (`"en"`, `"ja"`, `"ja-hrkt"`, `"zh-hans"`, ...).
///
/// Reads like a `[String: String]` and is written to JSON as an object with sorted
/// keys. It makes a `String` only when one is asked for. Names read from a data file
/// point into the file's bytes (the loader has checked them: sorted, unique, valid UTF-8,
/// no escapes), so loading the bundled dex makes none of its 73,662 strings and
/// allocates nothing for its 3,385 sets of names. Names made in code are packed in a
/// single allocation of UTF-8 bytes.
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
// Sendable: neither storage is ever changed after it is made (assigning makes new storage).
public struct LocalizedNames: Hashable, @unchecked Sendable, ExpressibleByDictionaryLiteral,
  Sequence
{
  public typealias Element = (key: String, value: String)
  public typealias Key = String
  public typealias Value = String

  /// The entries, sorted by language identifier (by UTF-8 bytes), without duplicates.
  private var storage: Storage

  private enum Storage {
    /// Entries packed by this type.
    case packed(NameStorage)
    /// A names object in a document, `{"de": "Bisasam", "en": "Bulbasaur"}`, from its
    /// opening to its closing brace: its strings, which have no escapes, are the
    /// languages and names in turn.
    case text(SharedBytes, start: UInt32, end: UInt32)
  }

  /// No names.
  public init() { storage = .packed(Self.empty) }

  /// Names from a dictionary.
  public init(_ names: [String: String]) {
    self.init(sortedPairs: names.sorted { Self.precedes($0.key, $1.key) })
  }

  /// The storage of every empty set of names made in code (readers start from one).
  // Safe to share: a storage is never changed after it is made.
  nonisolated(unsafe) private static let empty = NameStorage.make(pieces: 0, bytes: 0) { _, _ in }

  public init(dictionaryLiteral elements: (String, String)...) {
    self.init(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }

  /// Names from pairs sorted by language, without duplicates.
  private init(sortedPairs pairs: [(key: String, value: String)]) {
    guard !pairs.isEmpty else {
      storage = .packed(Self.empty)
      return
    }
    let pieces = pairs.flatMap { [Array($0.key.utf8), Array($0.value.utf8)] }
    let storage = NameStorage.make(
      pieces: pieces.count,
      bytes: pieces.reduce(0) { $0 + $1.count }
    ) { bounds, bytes in
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
    self.storage = .packed(storage)
  }

  /// The names object at `start..<end` in `bytes`, which the caller has checked: strings
  /// without escapes, keys sorted and unique, valid UTF-8.
  init(text bytes: SharedBytes, start: Int, end: Int) {
    storage = .text(
      bytes,
      start: UInt32(truncatingIfNeeded: start),
      end: UInt32(truncatingIfNeeded: end)
    )
  }

  /// The name in `language`, or `nil`; assigning `nil` removes it.
  public subscript(language: String) -> String? {
    get {
      var language = language
      return language.withUTF8 { wanted in
        withPieces(from: nil) { pieces in
          while let key = pieces.next(), let name = pieces.next() {
            if bytesEqual(key, wanted) { return String(decoding: name, as: UTF8.self) }
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

  public var count: Int {
    switch storage {
    case .packed(let storage): return storage.header.pieces / 2
    case .text: return withPieces(from: nil) { pieces in pieces.count() / 2 }
    }
  }

  public var isEmpty: Bool {
    withPieces(from: nil) { pieces in pieces.next() == nil }
  }

  public func makeIterator() -> Iterator { Iterator(names: self) }

  /// The entries in order of language.
  public struct Iterator: IteratorProtocol {
    fileprivate let names: LocalizedNames
    fileprivate var position: Int?

    fileprivate init(names: LocalizedNames) { self.names = names }

    public mutating func next() -> Element? {
      let (entry, position) = names.withPieces(from: position) { pieces in
        let entry = pieces.next().flatMap { key in
          pieces.next().map { name in
            (
              key: String(decoding: key, as: UTF8.self),
              value: String(decoding: name, as: UTF8.self)
            )
          }
        }
        return (entry, pieces.position)
      }
      self.position = position
      return entry
    }
  }

  /// Calls `body` with each entry's position, language and name as UTF-8, in order,
  /// without making strings.
  func forEachUTF8(
    _ body: (Int, UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Void
  ) {
    withPieces(from: nil) { pieces in
      var entry = 0
      while let key = pieces.next(), let name = pieces.next() {
        body(entry, key, name)
        entry += 1
      }
    }
  }

  /// The language (`part` 0) or name (`part` 1) of every entry.
  private func strings(at part: Int) -> [String] {
    withPieces(from: nil) { pieces in
      var strings: [String] = []
      while let key = pieces.next(), let name = pieces.next() {
        strings.append(String(decoding: part == 0 ? key : name, as: UTF8.self))
      }
      return strings
    }
  }

  /// Calls `body` with a reader of the pieces (language, name, language, ...), from
  /// `position` (one a reader had reached) or from the first.
  private func withPieces<R>(from position: Int?, _ body: (inout Pieces) -> R) -> R {
    switch storage {
    case .packed(let storage):
      return storage.withUnsafeMutablePointers { header, elements in
        var pieces = Pieces(
          packed: UnsafePointer(elements),
          count: header.pointee.pieces,
          position: position ?? 0
        )
        return body(&pieces)
      }
    case .text(let bytes, let start, let end):
      return withExtendedLifetime(bytes) {
        var pieces = Pieces(text: bytes.base, from: position ?? Int(start), to: Int(end))
        return body(&pieces)
      }
    }
  }

  public static func == (lhs: LocalizedNames, rhs: LocalizedNames) -> Bool {
    switch (lhs.storage, rhs.storage) {
    case (.packed(let a), .packed(let b)) where a === b: return true
    case (.text(let a, let start, let end), .text(let b, let otherStart, let otherEnd))
    where a === b && start == otherStart && end == otherEnd:
      return true
    default: break
    }
    return lhs.withPieces(from: nil) { a in
      rhs.withPieces(from: nil) { b in
        while true {
          switch (a.next(), b.next()) {
          case (nil, nil): return true
          case (let left?, let right?) where bytesEqual(left, right): continue
          default: return false
          }
        }
      }
    }
  }

  public func hash(into hasher: inout Hasher) {
    withPieces(from: nil) { pieces in
      var count = 0
      while let piece = pieces.next() {
        hasher.combine(piece.count)
        hasher.combine(bytes: UnsafeRawBufferPointer(piece))
        count += 1
      }
      hasher.combine(count)
    }
  }

  private static func precedes(_ a: String, _ b: String) -> Bool {
    a.utf8.lexicographicallyPrecedes(b.utf8)
  }
}

/// Reads the pieces of a ``LocalizedNames`` storage in order, as UTF-8 buffers valid while
/// the storage lives.
private struct Pieces {
  private let base: UnsafePointer<UInt8>
  private let isText: Bool
  /// Packed: the index of the next piece. Text: the offset to look for the next string from.
  private(set) var position: Int
  /// Packed: the number of pieces. Text: the offset of the closing brace.
  private let end: Int

  init(packed elements: UnsafePointer<UInt8>, count: Int, position: Int) {
    base = elements
    isText = false
    self.position = position
    end = count
  }

  init(text base: UnsafePointer<UInt8>, from position: Int, to end: Int) {
    self.base = base
    isText = true
    self.position = position
    self.end = end
  }

  mutating func next() -> UnsafeBufferPointer<UInt8>? {
    guard position < end else { return nil }
    guard isText else {
      defer { position += 1 }
      return NameStorage.Pieces(elements: base, count: end)[position]
    }
    // A string runs from a quote to the next: the text has no escapes.
    guard let open = quote(from: position), let close = quote(from: open + 1) else {
      position = end
      return nil
    }
    position = close + 1
    return UnsafeBufferPointer(start: base + open + 1, count: close - open - 1)
  }

  /// The number of pieces from here on.
  mutating func count() -> Int {
    var count = 0
    while next() != nil { count += 1 }
    return count
  }

  private func quote(from offset: Int) -> Int? {
    guard offset < end, let found = memchr(base + offset, 0x22, end - offset) else { return nil }
    return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
  }
}

/// The packed entries of a ``LocalizedNames``: one allocation holding the bounds of every
/// piece (two `UInt32` offsets each) and then bytes in which each piece's UTF-8 lies, in
/// the order language, name, language, name, ...
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
