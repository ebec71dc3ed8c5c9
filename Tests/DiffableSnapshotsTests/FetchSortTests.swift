import DiffableSnapshots
import PokedexTestSupport
import Testing

/// The fetch's sort (order keys and a radix sort for numbers and strings, comparisons for
/// other keys) against the reference: a stable sort comparing the keys themselves.
@Suite struct FetchSortTests {
  struct Row: Equatable, Sendable {
    var id: Int
    var integer: Int
    var number: Double
    var text: String
    var optional: Int?
  }

  /// Rows whose keys repeat a lot (ties exercise stability) and span signs and magnitudes.
  static func randomRows(count: Int, using random: inout SplitMix64) -> [Row] {
    let numbers: [Double] = [
      -1e300, -2.5, -1, -0.0, 0, 0.5, 1, 3, 1e-300, 7e12, -7e12, .infinity, -.infinity,
    ]
    let texts = ["", "a", "B", "b", "ab", "é", "e\u{301}", "zz", "Z", "10", "9"]
    let integers = [Int.min, -1_000_000, -1, 0, 1, 2, 255, 256, 65_536, Int.max]
    return (0..<count).map { id in
      Row(
        id: id,
        integer: integers.randomElement(using: &random) ?? 0,
        number: numbers.randomElement(using: &random) ?? 0,
        text: texts.randomElement(using: &random) ?? "",
        optional: Bool.random(using: &random) ? Int.random(in: -3...3, using: &random) : nil
      )
    }
  }

  typealias Descriptor = FetchRequest<Row>.SortDescriptor

  /// Each key: its descriptor and the reference comparison of two rows.
  static let keys: [@Sendable (Bool) -> (Descriptor, @Sendable (Row, Row) -> Int)] = [
    { up in (Descriptor(\.integer, ascending: up), { reference($0.integer, $1.integer, up) }) },
    { up in (Descriptor(\.number, ascending: up), { reference($0.number, $1.number, up) }) },
    { up in (Descriptor(\.text, ascending: up), { reference($0.text, $1.text, up) }) },
    { up in
      (
        Descriptor(ascending: up) { $0.text.count },
        { reference($0.text.count, $1.text.count, up) }
      )
    },
    { up in
      (
        Descriptor(\.optional, ascending: up),
        { a, b in
          let order =
            switch (a.optional, b.optional) {
            case (nil, nil): 0
            case (nil, _): -1
            case (_, nil): 1
            case (let x?, let y?): reference(x, y, true)
            }
          return up ? order : -order
        }
      )
    },
  ]

  static func reference<Value: Comparable>(_ a: Value, _ b: Value, _ ascending: Bool) -> Int {
    let order = a < b ? -1 : b < a ? 1 : 0
    return ascending ? order : -order
  }

  @Test(arguments: 0..<40)
  func sortsAsAStableSortOfTheKeys(seed: Int) throws {
    var random = SplitMix64(seed: UInt64(seed))
    let rows = Self.randomRows(count: Int.random(in: 0...300, using: &random), using: &random)
    let chosen = (0..<Int.random(in: 1...3, using: &random)).map { _ in
      let key = Self.keys.randomElement(using: &random) ?? Self.keys[0]
      return key(Bool.random(using: &random))
    }
    let request = FetchRequest<Row>(sortDescriptors: chosen.map(\.0))
    let expected = rows.enumerated().sorted { a, b in
      for (_, compare) in chosen {
        let order = compare(a.element, b.element)
        if order != 0 { return order < 0 }
      }
      return a.offset < b.offset
    }.map(\.element)
    #expect(request.sorted(rows) == expected)
    // Rows in order already are returned as they are: the skip agrees with the sort.
    #expect(request.sorted(expected) == expected)
    let controller = try FetchedResultsController(
      elements: rows,
      fetchRequest: request,
      id: \.id
    )
    #expect(controller.fetchedElements == expected)
  }

  @Test func negativeZeroTiesWithZeroAndFallsToTheNextKey() {
    let rows = [
      Row(id: 0, integer: 2, number: 0, text: "", optional: nil),
      Row(id: 1, integer: 1, number: -0.0, text: "", optional: nil),
    ]
    let request = FetchRequest<Row>(sortDescriptors: [.init(\.number), .init(\.integer)])
    #expect(request.sorted(rows).map(\.id) == [1, 0])
  }

  @Test func equalStringsShareARank() {
    // "é" precomposed and decomposed are equal Strings: the next key decides.
    let rows = [
      Row(id: 0, integer: 2, number: 0, text: "\u{E9}", optional: nil),
      Row(id: 1, integer: 1, number: 0, text: "e\u{301}", optional: nil),
    ]
    let request = FetchRequest<Row>(sortDescriptors: [.init(\.text), .init(\.integer)])
    #expect(request.sorted(rows).map(\.id) == [1, 0])
  }

  @Test func nanSortsAfterEveryNumber() {
    let rows = [Double.nan, 1, -.infinity, .infinity].enumerated().map {
      Row(id: $0.offset, integer: 0, number: $0.element, text: "", optional: nil)
    }
    let request = FetchRequest<Row>(sortDescriptors: [.init(\.number)])
    #expect(request.sorted(rows).map(\.id) == [2, 1, 3, 0])
  }
}
