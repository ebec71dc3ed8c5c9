/// A species' numbers in the regional Pokédexes, keyed by Pokédex identifier
/// (`"national"`, `"kanto"`, `"updated-johto"`, ...).
///
/// Reads like a `[String: Int]` and is written to JSON as an object with sorted keys. It
/// keeps its entries in one array sorted by identifier: the bundled dex has 1,351 of these
/// with about 11,000 entries between them, and a sorted array is made without hashing a
/// key or allocating a hash table for each.
///
/// ```swift
/// var numbers: DexNumbers = ["national": 25, "kanto": 25]
/// numbers["paldea"] = 74
/// numbers["kanto"]                        // 25
/// for (pokedex, number) in numbers { print(pokedex, number) }  // kanto, national, paldea
/// ```
///
/// - Complexity: Lookups are O(log *n*) in the number of Pokédexes (a dozen or so);
///   assigning a number is O(*n*).
public struct DexNumbers: Hashable, Sendable, ExpressibleByDictionaryLiteral, Sequence {
  public typealias Element = (key: String, value: Int)

  /// The entries, sorted by identifier (by UTF-8 bytes), without duplicates.
  private var entries: [Element]

  /// Numbers from a dictionary.
  public init(_ numbers: [String: Int] = [:]) {
    entries = numbers.sorted { Self.precedes($0.key, $1.key) }
  }

  public init(dictionaryLiteral elements: (String, Int)...) {
    self.init(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }

  /// Numbers from entries the caller has checked are sorted by identifier, without repeats.
  init(sortedEntries entries: [Element]) { self.entries = entries }

  /// The number in the Pokédex `pokedex`, or `nil`; assigning `nil` removes it.
  public subscript(pokedex: String) -> Int? {
    get {
      let index = insertionIndex(of: pokedex)
      return index < entries.count && entries[index].key == pokedex ? entries[index].value : nil
    }
    set {
      let index = insertionIndex(of: pokedex)
      let found = index < entries.count && entries[index].key == pokedex
      switch (found, newValue) {
      case (true, let value?): entries[index].value = value
      case (true, nil): entries.remove(at: index)
      case (false, let value?): entries.insert((pokedex, value), at: index)
      case (false, nil): break
      }
    }
  }

  /// The Pokédex identifiers, sorted.
  public var keys: [String] { entries.map(\.key) }
  public var count: Int { entries.count }
  public var isEmpty: Bool { entries.isEmpty }

  /// The entries as a dictionary.
  public var dictionary: [String: Int] {
    Dictionary(entries, uniquingKeysWith: { _, last in last })
  }

  public func makeIterator() -> IndexingIterator<[Element]> { entries.makeIterator() }

  public static func == (lhs: DexNumbers, rhs: DexNumbers) -> Bool {
    lhs.entries.elementsEqual(rhs.entries) { $0.key == $1.key && $0.value == $1.value }
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(entries.count)
    for (key, value) in entries {
      hasher.combine(key)
      hasher.combine(value)
    }
  }

  /// The first index whose identifier does not sort before `key`.
  private func insertionIndex(of key: String) -> Int {
    var low = 0
    var high = entries.count
    while low < high {
      let middle = (low + high) / 2
      if Self.precedes(entries[middle].key, key) { low = middle + 1 } else { high = middle }
    }
    return low
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
    for (pokedex, number) in entries {
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
    "[" + entries.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ") + "]"
  }
}
