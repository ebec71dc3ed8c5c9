import CollectionLayout
import Foundation
import Testing

/// Issue 13: spec numbers are bounded, and a walk over the elements can stop early and
/// never walks millions of coincident group instances.
@Suite struct BoundedWalkTests {
  /// One section of `itemCount` full-width items in groups `height` points tall.
  static func spec(itemCount: Int, height: String, width: String = "375") -> String {
    """
    {"environment": {"containerSize": {"width": \(width), "height": 667}},
     "layout": {"sections": [{"itemCount": \(itemCount), "definition": {
       "group": {"kind": "group", "axis": "horizontal",
                 "size": {"width": {"kind": "fractionalWidth", "value": 1},
                          "height": {"kind": "absolute", "value": \(height)}},
                 "subitems": [{"kind": "item",
                               "size": {"width": {"kind": "fractionalWidth", "value": 1},
                                        "height": {"kind": "fractionalHeight", "value": 1}}}]}}}]}}
    """
  }

  static func solve(_ json: String) throws -> LayoutSolution {
    try LayoutSpec.decode(Data(json.utf8), lenient: false).spec.solve()
  }

  @Test(arguments: [
    ("1e308", "$.layout.sections[0].definition.group.size.height.value", "1e+308"),
    ("-2000000", "$.layout.sections[0].definition.group.size.height.value", "-2000000"),
  ])
  func numbersOutOfRangeAreMalformed(_ value: String, _ path: String, _ shown: String) {
    #expect(
      throws: LayoutSpecError.invalidValue(
        path: path,
        reason:
          "value \(shown) is out of range; lengths, offsets, fractions and scales are between -1000000 and 1000000"
      )
    ) {
      try LayoutSpec.decode(Data(Self.spec(itemCount: 3, height: value).utf8), lenient: false)
    }
    #expect(throws: LayoutSpecError.self) {
      try LayoutSpec.decode(
        Data(Self.spec(itemCount: 3, height: "10", width: "1e9").utf8),
        lenient: false
      )
    }
  }

  @Test func visitElementsStopsWhenTheBodySays() throws {
    let solution = try Self.solve(Self.spec(itemCount: 100_000_000, height: "50"))
    var visited = 0
    solution.visitElements(in: nil) { _ in
      visited += 1
      return visited < 10
    }
    #expect(visited == 10)
    var all: [LayoutIndexPath] = []
    solution.visitElements(in: CGRect(x: 0, y: 0, width: 375, height: 120)) {
      all.append($0.indexPath)
      return true
    }
    #expect(
      all
        == solution.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 375, height: 120))
        .map(\.indexPath)
    )
  }

  /// 100,000,000 zero-height groups: a rect that misses the first misses them all, and the
  /// query answers at once instead of walking every instance.
  @Test func coincidentInstancesAreNotWalked() throws {
    let solution = try Self.solve(Self.spec(itemCount: 100_000_000, height: "0"))
    let start = ContinuousClock.now
    let missed = solution.layoutAttributesForElements(
      in: CGRect(x: 0, y: 10, width: 375, height: 100)
    )
    #expect(missed.isEmpty)
    #expect(ContinuousClock.now - start < .seconds(2))
  }
}
