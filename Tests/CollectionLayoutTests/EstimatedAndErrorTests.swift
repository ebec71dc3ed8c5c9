import CollectionLayout
import Foundation
import Testing

/// Rule 2.4 / 4.10 / 7 (estimated dimensions converge to measured sizes) and every error.
@Suite struct EstimatedAndErrorTests {
  static let list = layout(
    .vertical(
      layoutSize: size(.fractionalWidth(1), .estimated(44)),
      subitems: [item(.fractionalWidth(1), .estimated(44))]
    ),
    configure: { $0.interGroupSpacing = 2 }
  )

  static func measured(_ entries: [(Int, Int, Double, Double)]) -> MeasuredSizes {
    var sizes = MeasuredSizes()
    for (section, item, width, height) in entries {
      sizes[LayoutIndexPath(section: section, item: item)] = CGSize(width: width, height: height)
    }
    return sizes
  }

  static let cases: [RuleCase] = [
    // Measured heights 100 and 20 replace the estimate; the width (not estimated) keeps
    // 375 although 999 was measured. Item 2 keeps the estimate 44. y = 0, 102, 124;
    // content 100 + 2 + 20 + 2 + 44 = 168.
    RuleCase(
      rule: "7 estimated heights converge; later items move",
      layout: list,
      itemCounts: [3],
      measuredSizes: measured([(0, 0, 999, 100), (0, 1, 999, 20)]),
      frames: [
        ExpectedFrame(0, 0, 0, 0, 375, 100), ExpectedFrame(0, 1, 0, 102, 375, 20),
        ExpectedFrame(0, 2, 0, 124, 375, 44),
      ],
      contentSize: CGSize(width: 375, height: 168)
    ),
    // 4.10: an orthogonal "chips" row: groups estimated along their axis take the measured
    // widths 60, 80 with spacing 8: x = 0, 68, 156.
    RuleCase(
      rule: "4.10 estimated group along its axis (chips)",
      layout: layout(
        .horizontal(
          layoutSize: size(.estimated(50), .absolute(30)),
          subitems: [item(.estimated(50), .fractionalHeight(1))]
        ),
        configure: {
          $0.orthogonalScrollingBehavior = .continuous
          $0.interGroupSpacing = 8
        }
      ),
      itemCounts: [3],
      measuredSizes: measured([(0, 0, 60, 5), (0, 1, 80, 5)]),
      frames: [
        ExpectedFrame(0, 0, 0, 0, 60, 30), ExpectedFrame(0, 1, 68, 0, 80, 30),
        ExpectedFrame(0, 2, 156, 0, 50, 30),
      ],
      contentSize: CGSize(width: 375, height: 30)
    ),
    // 4.10: a horizontal group estimated on its cross axis takes the tallest item (90);
    // items keep their own heights. Row 2 starts at 90.
    RuleCase(
      rule: "4.10 estimated group on the cross axis",
      layout: layout(
        .horizontal(
          layoutSize: size(.fractionalWidth(1), .estimated(50)),
          subitems: [item(.fractionalWidth(0.5), .estimated(50))]
        )
      ),
      itemCounts: [3],
      measuredSizes: measured([(0, 0, 0, 90), (0, 1, 0, 30)]),
      frames: [ExpectedFrame(0, 1, 187, 0, 187, 30), ExpectedFrame(0, 2, 0, 90, 187, 50)],
      contentSize: CGSize(width: 375, height: 140)
    ),
  ]

  @Test(arguments: cases)
  func estimated(_ rule: RuleCase) throws {
    try check(rule)
  }

  @Test func rectQueryOverEstimatedSection() throws {
    let solution = try Self.list.solve(
      in: env(),
      itemCounts: [4],
      measuredSizes: Self.measured([(0, 0, 0, 100), (0, 1, 0, 100)])
    )
    // Items at y = 0, 102, 204, 250; a rect from 150 to 210 meets items 1 and 2.
    let hits = solution.layoutAttributesForElements(
      in: CGRect(x: 0, y: 150, width: 375, height: 60)
    )
    #expect(hits.map(\.indexPath.item) == [1, 2])
  }

  struct ErrorCase: Sendable, CustomTestStringConvertible {
    var name: String
    var layout: CompositionalLayout
    var environment: LayoutEnvironment = env()
    var itemCounts: [Int] = [1]
    var measuredSizes = MeasuredSizes()
    var expected: LayoutError
    var message: String
    var testDescription: String { name }
  }

  static let square = item(.absolute(50), .absolute(50))
  static func group(_ width: Double) -> LayoutGroup {
    .horizontal(layoutSize: size(.absolute(width), .absolute(50)), subitems: [square])
  }
  static let groupPath = LayoutElementPath([.section(0), .group])

  static let errorCases: [ErrorCase] = [
    ErrorCase(
      name: "group cannot fit an item",
      layout: layout(group(40)),
      expected: .groupCannotFitItem(path: groupPath, available: 40, required: 50),
      message:
        "sections[0].group: this group cannot fit even a single item (the first subitem needs 50 points along the group's axis, 40 are available); make the group larger or the subitem, its edge spacing or the inter-item spacing smaller"
    ),
    ErrorCase(
      name: "negative effective size",
      layout: layout(
        group(50),
        configure: {
          $0.contentInsets = DirectionalEdgeInsets(top: 0, leading: 200, bottom: 0, trailing: 200)
        }
      ),
      expected: .negativeEffectiveSize(
        path: LayoutElementPath([.section(0)]),
        width: -25,
        height: 667
      ),
      message:
        "sections[0]: the effective content size -25x667 is negative; reduce the section's content insets or the environment's insets"
    ),
    ErrorCase(
      name: "no room in a group",
      layout: layout(
        group(50).with {
          $0.contentInsets = DirectionalEdgeInsets(top: 0, leading: 30, bottom: 0, trailing: 30)
        }
      ),
      expected: .noRoomForGroup(path: groupPath, effectiveWidth: -10, effectiveHeight: 50),
      message:
        "sections[0].group: there is no room for this group's subitems (effective content size -10x50); make sure the content insets of the group and its parent do not exceed its size"
    ),
    ErrorCase(
      name: "custom group without frames",
      layout: layout(.custom(layoutSize: size(.absolute(50), .absolute(50))) { _ in [] }),
      expected: .customGroupWithoutFrames(path: groupPath),
      message:
        "sections[0].group: the custom group's item provider returned no frames; return at least one frame"
    ),
    ErrorCase(
      name: "non-finite dimension",
      layout: layout(
        .horizontal(
          layoutSize: size(.absolute(100), .absolute(50)),
          subitems: [item(.absolute(.infinity), .absolute(5))]
        )
      ),
      expected: .invalidDimension(
        path: LayoutElementPath([.section(0), .group, .subitem(0)]),
        axis: "width",
        value: .infinity
      ),
      message:
        "sections[0].group.subitems[0]: invalid width dimension inf; use a finite value of zero or more"
    ),
    ErrorCase(
      name: "negative dimension",
      layout: layout(
        .horizontal(layoutSize: size(.absolute(100), .fractionalHeight(-1)), subitems: [square])
      ),
      expected: .invalidDimension(path: groupPath, axis: "height", value: -1),
      message: "sections[0].group: invalid height dimension -1; use a finite value of zero or more"
    ),
    ErrorCase(
      name: "duplicate supplementary kinds",
      layout: layout(
        group(50),
        configure: {
          let header = BoundarySupplementaryItem(
            layoutSize: size(.absolute(5), .absolute(5)),
            elementKind: "h",
            alignment: .top
          )
          $0.boundarySupplementaryItems = [header, header]
        }
      ),
      expected: .duplicateSupplementaryKind(
        path: LayoutElementPath([.section(0), .boundarySupplementaryItem(1)]),
        elementKind: "h"
      ),
      message:
        "sections[0].boundarySupplementaryItems[1]: duplicate supplementary element kind 'h'; give every supplementary item of a section its own kind"
    ),
    ErrorCase(
      name: "count below one",
      layout: layout(
        .horizontal(layoutSize: size(.absolute(100), .absolute(50)), subitem: square, count: 0)
      ),
      expected: .invalidRepetitionCount(path: groupPath, count: 0),
      message: "sections[0].group: invalid count 0; use a count of 1 or more"
    ),
    ErrorCase(
      name: "empty group",
      layout: layout(.horizontal(layoutSize: size(.absolute(100), .absolute(50)), subitems: [])),
      expected: .emptyGroup(path: groupPath),
      message: "sections[0].group: the group has no subitems; add at least one item"
    ),
    ErrorCase(
      name: "missing section",
      layout: CompositionalLayout(sectionProvider: { index, _ in
        index == 0 ? LayoutSection(group: group(50)) : nil
      }),
      itemCounts: [1, 1],
      expected: .missingSectionDefinition(section: 1),
      message: "sections[1]: the section provider returned no section; return one for every index"
    ),
    ErrorCase(
      name: "negative item count",
      layout: layout(group(50)),
      itemCounts: [-1],
      expected: .invalidItemCount(section: 0, count: -1),
      message: "sections[0].itemCount: invalid item count -1; use zero or more"
    ),
    ErrorCase(
      name: "invalid container",
      layout: layout(group(50)),
      environment: env(.nan, 10),
      expected: .invalidEnvironment(
        reason: "invalid container size nanx10; use finite sizes of zero or more"
      ),
      message: "environment: invalid container size nanx10; use finite sizes of zero or more"
    ),
    ErrorCase(
      name: "zero-size subitems",
      layout: layout(
        .horizontal(
          layoutSize: size(.absolute(100), .absolute(50)),
          subitems: [item(.absolute(0), .absolute(5))]
        )
      ),
      expected: .templateTooLarge(path: groupPath, limit: 1_000_000),
      message:
        "sections[0].group: the group holds more than 1000000 items; give its subitems a larger size or the group a smaller one"
    ),
    ErrorCase(
      name: "insets larger than the item",
      layout: layout(
        .horizontal(
          layoutSize: size(.absolute(100), .absolute(50)),
          subitems: [square.with { $0.contentInsets = DirectionalEdgeInsets(all: 30) }]
        )
      ),
      expected: .invalidInsets(
        path: LayoutElementPath([.section(0), .group, .subitem(0)]),
        reason: "the content insets are larger than the item; reduce them"
      ),
      message:
        "sections[0].group.subitems[0]: the content insets are larger than the item; reduce them"
    ),
    ErrorCase(
      name: "negative measured size",
      layout: list,
      measuredSizes: measured([(0, 0, 10, -4)]),
      expected: .invalidMeasuredSize(section: 0, item: 0, axis: "height", value: -4),
      message:
        "measured size of item 0 in section 0: invalid height -4; use a finite value of zero or more"
    ),
  ]

  @Test(arguments: errorCases)
  func errors(_ errorCase: ErrorCase) {
    #expect(throws: errorCase.expected) {
      _ = try errorCase.layout.solve(
        in: errorCase.environment,
        itemCounts: errorCase.itemCounts,
        measuredSizes: errorCase.measuredSizes
      )
    }
    do {
      _ = try errorCase.layout.solve(
        in: errorCase.environment,
        itemCounts: errorCase.itemCounts,
        measuredSizes: errorCase.measuredSizes
      )
    } catch {
      #expect(error.description == errorCase.message)
    }
  }
}
