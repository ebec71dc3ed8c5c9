import CollectionLayout
import Foundation
import Testing

/// Every worked example of the guide, with the guide's numbers.
@Suite struct GuideExampleTests {
  static let cases: [RuleCase] = [
    // Spec format example: 5 columns of 0.2 x 375 = 75; rows 0.2 x 375 = 75; 12 items = 3 rows.
    RuleCase(
      rule: "spec example: 5-column grid",
      layout: layout(
        .horizontal(
          layoutSize: size(.fractionalWidth(1), .fractionalWidth(0.2)),
          subitems: [item(.fractionalWidth(0.2), .fractionalHeight(1))]
        )
      ),
      itemCounts: [12],
      frames: [
        ExpectedFrame(0, 0, 0, 0, 75, 75), ExpectedFrame(0, 4, 300, 0, 75, 75),
        ExpectedFrame(0, 5, 0, 75, 75, 75), ExpectedFrame(0, 11, 75, 150, 75, 75),
      ],
      contentSize: CGSize(width: 375, height: 225)
    ),
    // 1.3: 0.4 x 667 = 266.8 floors to 266.5 at 2x and 266.666... at 3x.
    RuleCase(
      rule: "1.3 pixel flooring at 2x",
      layout: layout(
        .vertical(
          layoutSize: size(.fractionalWidth(1), .fractionalHeight(0.4)),
          subitems: [item(.fractionalWidth(1), .fractionalHeight(1))]
        )
      ),
      environment: env(scale: 2),
      itemCounts: [2],
      frames: [ExpectedFrame(0, 0, 0, 0, 375, 266.5), ExpectedFrame(0, 1, 0, 266.5, 375, 266.5)]
    ),
    RuleCase(
      rule: "1.3 pixel flooring at 3x",
      layout: layout(
        .vertical(
          layoutSize: size(.fractionalWidth(1), .fractionalHeight(0.4)),
          subitems: [item(.fractionalWidth(1), .fractionalHeight(1))]
        )
      ),
      environment: env(scale: 3),
      itemCounts: [1],
      frames: [ExpectedFrame(0, 0, 0, 0, 375, 800.0 / 3)]
    ),
    // 1.3: 0.85 x 375 = 318.75 floors to 318.5 at 2x.
    RuleCase(
      rule: "1.3 0.85 of 375 at 2x",
      layout: layout(
        .horizontal(
          layoutSize: size(.fractionalWidth(0.85), .absolute(100)),
          subitems: [item(.fractionalWidth(1), .fractionalHeight(1))]
        )
      ),
      environment: env(scale: 2),
      itemCounts: [1],
      frames: [ExpectedFrame(0, 0, 0, 0, 318.5, 100)]
    ),
    // 4.3: fractionalWidth(0.2) + fixed(10) on 375: five items of 0.2 x 335 = 67 at
    // x = 0, 77, 154, 231, 308 (not four of 75).
    RuleCase(
      rule: "4.3 two-pass spacing shrink",
      layout: layout(
        .horizontal(
          layoutSize: size(.fractionalWidth(1), .absolute(67)),
          subitems: [item(.fractionalWidth(0.2), .fractionalHeight(1))]
        ).with { $0.interItemSpacing = .fixed(10) }
      ),
      itemCounts: [6],
      frames: [
        ExpectedFrame(0, 0, 0, 0, 67, 67), ExpectedFrame(0, 1, 77, 0, 67, 67),
        ExpectedFrame(0, 2, 154, 0, 67, 67), ExpectedFrame(0, 3, 231, 0, 67, 67),
        ExpectedFrame(0, 4, 308, 0, 67, 67), ExpectedFrame(0, 5, 0, 67, 67, 67),
      ]
    ),
    // 3.4: badge 20x20 at [.top, .trailing] with fractional offset (0.3, -0.3) on a
    // 100x100 item: x = 100 - 20 + 6 = 86, y = 0 - 6 = -6.
    RuleCase(
      rule: "3.4 Apple badge",
      layout: layout(
        .horizontal(
          layoutSize: size(.absolute(100), .absolute(100)),
          subitems: [item(.absolute(100), .absolute(100))]
        ),
        configure: {
          $0.contentInsets = DirectionalEdgeInsets(top: 10, leading: 0, bottom: 0, trailing: 0)
        }
      ),
      itemCounts: [1],
      frames: [ExpectedFrame(0, 0, 0, 10, 100, 100)]
    ),
  ]

  @Test(arguments: cases)
  func example(_ rule: RuleCase) throws {
    try check(rule)
  }

  @Test func appleBadge() throws {
    let badge = SupplementaryItem(
      layoutSize: size(.absolute(20), .absolute(20)),
      elementKind: "badge",
      containerAnchor: LayoutAnchor(
        edges: [.top, .trailing],
        fractionalOffset: CGPoint(x: 0.3, y: -0.3)
      )
    )
    let cell = LayoutItem(
      layoutSize: size(.absolute(100), .absolute(100)),
      supplementaryItems: [badge]
    )
    let solution = try layout(
      .horizontal(layoutSize: size(.absolute(100), .absolute(100)), subitems: [cell])
    ).solve(in: env(), itemCounts: [2])
    // Item 1 is in the second row (y = 100): badge at x = 100 - 20 + 6 = 86, y = 100 - 6 = 94.
    let attributes = solution.layoutAttributesForSupplementaryElement(
      ofKind: "badge",
      at: LayoutIndexPath(section: 0, item: 1)
    )
    #expect(attributes?.frame == CGRect(x: 86, y: 94, width: 20, height: 20))
    #expect(attributes?.zIndex == 1)
  }
}
