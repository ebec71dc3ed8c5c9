/// A species' numbers in the regional Pokédexes, keyed by Pokédex identifier
/// (`"national"`, `"kanto"`, `"updated-johto"`, ...).
///
/// Reads like a `[String: Int]` and is written to JSON as an object with sorted keys. The
/// entries are one array sorted by identifier (byte by byte), without repeats, so two equal
/// sets of numbers are equal arrays.
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
public struct DexNumbers: Hashable, Sendable, ExpressibleByDictionaryLiteral, Sequence {
  public typealias Element = (key: String, value: Int)

  /// The entries, sorted by identifier (by UTF-8 bytes), without duplicates.
  private var entries: [Entry]

  /// One Pokédex's number.
  struct Entry: Hashable, Sendable {
    var key: String
    var value: Int
  }

  /// Numbers from a dictionary.
  public init(_ numbers: [String: Int] = [:]) {
    entries = numbers.map { Entry(key: $0.key, value: $0.value) }
      .sorted { Self.precedes($0.key, $1.key) }
  }

  public init(dictionaryLiteral elements: (String, Int)...) {
    self.init(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }

  /// Entries the caller has checked are sorted by identifier without repeats.
  init(sortedEntries: [Entry]) {
    entries = sortedEntries
    assert(zip(entries, entries.dropFirst()).allSatisfy { Self.precedes($0.key, $1.key) })
  }

  /// The number in the Pokédex `pokedex`, or `nil`; assigning `nil` removes it.
  public subscript(pokedex: String) -> Int? {
    get { entries.first { $0.key == pokedex }?.value }
    set {
      let index = entries.firstIndex { !Self.precedes($0.key, pokedex) } ?? entries.count
      let found = index < entries.count && entries[index].key == pokedex
      switch (found, newValue) {
      case (true, let value?): entries[index].value = value
      case (true, nil): entries.remove(at: index)
      case (false, let value?): entries.insert(Entry(key: pokedex, value: value), at: index)
      case (false, nil): break
      }
    }
  }

  /// The first entry, in order, whose number satisfies `predicate`, without copying the
  /// entries.
  func first(whereNumber predicate: (Int) -> Bool) -> Element? {
    entries.first { predicate($0.value) }.map { (key: $0.key, value: $0.value) }
  }

  /// The Pokédex identifiers, sorted.
  public var keys: [String] { entries.map(\.key) }

  public var count: Int { entries.count }

  public var isEmpty: Bool { entries.isEmpty }

  /// The entries as a dictionary.
  public var dictionary: [String: Int] {
    Dictionary(entries.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
  }

  public func makeIterator() -> IndexingIterator<[Element]> {
    entries.map { (key: $0.key, value: $0.value) }.makeIterator()
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
