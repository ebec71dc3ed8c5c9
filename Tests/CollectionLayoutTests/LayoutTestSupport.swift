import CollectionLayout
import Foundation
import Testing

/// Shorthands for building layouts in tests.
func size(_ width: LayoutDimension, _ height: LayoutDimension) -> LayoutSize {
  LayoutSize(widthDimension: width, heightDimension: height)
}

func item(_ width: LayoutDimension, _ height: LayoutDimension) -> LayoutItem {
  LayoutItem(layoutSize: size(width, height))
}

func env(
  _ width: Double = 375,
  _ height: Double = 667,
  scale: Double = 1,
  direction: LayoutDirection = .leftToRight
) -> LayoutEnvironment {
  LayoutEnvironment(
    containerSize: CGSize(width: width, height: height),
    displayScale: scale,
    layoutDirection: direction
  )
}

/// An expected item frame: `(section, item)` and `x, y, width, height`.
struct ExpectedFrame: Sendable, CustomStringConvertible {
  var section: Int
  var item: Int
  var frame: CGRect

  init(_ section: Int, _ item: Int, _ x: Double, _ y: Double, _ width: Double, _ height: Double) {
    self.section = section
    self.item = item
    self.frame = CGRect(x: x, y: y, width: width, height: height)
  }

  var description: String { "[\(section), \(item)] \(frame)" }
}

/// One row of a rule table: a layout, what it is solved in, and frames worked out by hand.
struct RuleCase: Sendable, CustomTestStringConvertible {
  var rule: String
  var layout: CompositionalLayout
  var environment: LayoutEnvironment = env()
  var itemCounts: [Int]
  var measuredSizes = MeasuredSizes()
  var frames: [ExpectedFrame]
  var contentSize: CGSize?
  var testDescription: String { rule }
}

/// Solves a case and checks the frames it lists (and the content size when given).
func check(_ rule: RuleCase, sourceLocation: SourceLocation = #_sourceLocation) throws {
  let solution = try rule.layout.solve(
    in: rule.environment,
    itemCounts: rule.itemCounts,
    measuredSizes: rule.measuredSizes
  )
  for expected in rule.frames {
    let actual = solution.frameForItem(
      at: LayoutIndexPath(section: expected.section, item: expected.item)
    )
    #expect(actual == expected.frame, "\(rule.rule): \(expected)", sourceLocation: sourceLocation)
  }
  if let contentSize = rule.contentSize {
    #expect(
      solution.contentSize == contentSize,
      "\(rule.rule): content size",
      sourceLocation: sourceLocation
    )
  }
}

/// A layout from a single group.
func layout(
  _ group: LayoutGroup,
  configure: (inout LayoutSection) -> Void = { _ in },
  configuration: LayoutConfiguration = LayoutConfiguration()
) -> CompositionalLayout {
  var section = LayoutSection(group: group)
  configure(&section)
  return CompositionalLayout(section: section, configuration: configuration)
}

extension LayoutGroup {
  func with(_ change: (inout LayoutGroup) -> Void) -> LayoutGroup {
    var copy = self
    change(&copy)
    return copy
  }
}

extension LayoutItem {
  func with(_ change: (inout LayoutItem) -> Void) -> LayoutItem {
    var copy = self
    change(&copy)
    return copy
  }
}
