/// A species' numbers in the regional Pokédexes, keyed by Pokédex identifier
/// (`"national"`, `"kanto"`, `"updated-johto"`, ...).
///
/// Reads like a `[String: Int]` and is written to JSON as an object with sorted keys.
/// Numbers read from a data file stay in the file's bytes (the loader has checked them:
/// sorted, unique, whole numbers) and are read from there when asked for, so loading the
/// bundled dex makes nothing for its 1,351 sets and 11,000 entries. Numbers made in code
/// are one array sorted by identifier.
///
/// ```swift
/// var numbers: DexNumbers = ["national": 25, "kanto": 25]
/// numbers["paldea"] = 74
/// numbers["kanto"]                        // 25
/// for (pokedex, number) in numbers { print(pokedex, number) }  // kanto, national, paldea
/// ```
///
/// - Complexity: Lookups are O(*n*) in the number of Pokédexes (a dozen or so);
///   assigning a number is O(*n*).
// Sendable: neither storage is ever changed (assigning makes new storage).
public struct DexNumbers: Hashable, @unchecked Sendable, ExpressibleByDictionaryLiteral, Sequence {
  public typealias Element = (key: String, value: Int)

  private var storage: Storage

  private enum Storage {
    /// Entries sorted by identifier (by UTF-8 bytes), without duplicates.
    case entries([Element])
    /// A JSON object in a document, `{"kanto": 1, "national": 1}`, from its opening to its
    /// closing brace: keys without escapes, sorted, unique; values whole numbers.
    case text(SharedBytes, start: UInt32, end: UInt32)
  }

  /// Numbers from a dictionary.
  public init(_ numbers: [String: Int] = [:]) {
    storage = .entries(numbers.sorted { Self.precedes($0.key, $1.key) })
  }

  public init(dictionaryLiteral elements: (String, Int)...) {
    self.init(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }

  /// The object at `start..<end` in `bytes`, which the caller has checked.
  init(text bytes: SharedBytes, start: Int, end: Int) {
    storage = .text(
      bytes,
      start: UInt32(truncatingIfNeeded: start),
      end: UInt32(truncatingIfNeeded: end)
    )
  }

  /// The entries, sorted by identifier.
  private var entries: [Element] {
    switch storage {
    case .entries(let entries): return entries
    case .text:
      var entries: [Element] = []
      forEachEntry { key, number in
        entries.append((String(decoding: key, as: UTF8.self), number))
        return true
      }
      return entries
    }
  }

  /// Calls `body` with each entry's identifier as UTF-8 and its number, in order, until it
  /// returns `false`.
  private func forEachEntry(_ body: (UnsafeBufferPointer<UInt8>, Int) -> Bool) {
    switch storage {
    case .entries(let entries):
      for (key, number) in entries {
        var key = key
        guard key.withUTF8({ body($0, number) }) else { return }
      }
    case .text(let bytes, let start, let end):
      withExtendedLifetime(bytes) {
        let base = bytes.base
        var position = Int(start)
        let end = Int(end)
        while position < end {
          // The next key: between the next two quotes (keys have no escapes).
          while position < end, base[position] != 0x22 { position += 1 }
          let keyStart = position + 1
          position = keyStart
          while position < end, base[position] != 0x22 { position += 1 }
          guard position < end else { return }
          let key = UnsafeBufferPointer(start: base + keyStart, count: position - keyStart)
          // Its number: after the colon.
          while position < end, base[position] != UInt8(ascii: "-"), !base[position].isDigit {
            position += 1
          }
          let negative = position < end && base[position] == UInt8(ascii: "-")
          if negative { position += 1 }
          var number = 0
          while position < end, base[position].isDigit {
            number = number &* 10 &+ Int(base[position] &- UInt8(ascii: "0"))
            position += 1
          }
          guard body(key, negative ? -number : number) else { return }
        }
      }
    }
  }

  /// The number in the Pokédex `pokedex`, or `nil`; assigning `nil` removes it.
  public subscript(pokedex: String) -> Int? {
    get {
      var wanted = pokedex
      return wanted.withUTF8 { wanted in
        var found: Int?
        forEachEntry { key, number in
          if bytesEqual(key, wanted) { found = number }
          return found == nil
        }
        return found
      }
    }
    set {
      var entries = self.entries
      let index = entries.firstIndex { !Self.precedes($0.key, pokedex) } ?? entries.count
      let found = index < entries.count && entries[index].key == pokedex
      switch (found, newValue) {
      case (true, let value?): entries[index].value = value
      case (true, nil): entries.remove(at: index)
      case (false, let value?): entries.insert((pokedex, value), at: index)
      case (false, nil): break
      }
      storage = .entries(entries)
    }
  }

  /// The Pokédex identifiers, sorted.
  public var keys: [String] { entries.map(\.key) }

  public var count: Int {
    var count = 0
    forEachEntry { _, _ in
      count += 1
      return true
    }
    return count
  }

  public var isEmpty: Bool { count == 0 }

  /// The entries as a dictionary.
  public var dictionary: [String: Int] {
    Dictionary(entries, uniquingKeysWith: { _, last in last })
  }

  public func makeIterator() -> IndexingIterator<[Element]> { entries.makeIterator() }

  public static func == (lhs: DexNumbers, rhs: DexNumbers) -> Bool {
    lhs.entries.elementsEqual(rhs.entries) { $0.key == $1.key && $0.value == $1.value }
  }

  public func hash(into hasher: inout Hasher) {
    var count = 0
    forEachEntry { key, number in
      hasher.combine(bytes: UnsafeRawBufferPointer(key))
      hasher.combine(key.count)
      hasher.combine(number)
      count += 1
      return true
    }
    hasher.combine(count)
  }

  private static func precedes(_ a: String, _ b: String) -> Bool {
    a.utf8.lexicographicallyPrecedes(b.utf8)
  }
}

extension DexNumbers: Codable {
  /// Decodes a JSON object of Pokédex identifier to number.
  public init(from decoder: any Decoder) throws {
    self.init(try [String: Int](from: decoder))
  }

  /// Encodes a JSON object with the identifiers in sorted order.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: PokedexKey.self)
    for (pokedex, number) in self {
      try container.encode(number, forKey: PokedexKey(stringValue: pokedex))
    }
  }

  private struct PokedexKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}

extension DexNumbers: CustomStringConvertible {
  public var description: String {
    "[" + map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ") + "]"
  }
}
