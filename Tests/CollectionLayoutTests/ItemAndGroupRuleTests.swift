import CollectionLayout
import Foundation
import Testing

/// Rules 1 to 4 of the guide: dimensions, items and groups. Frames in the comments are
/// worked out by hand; the container is 375 x 667 at scale 1 unless stated.
@Suite struct ItemAndGroupRuleTests {
  static let full = item(.fractionalWidth(1), .fractionalHeight(1))

  static let cases: [RuleCase] = [
    // 1.4: a 100-wide group of 50.1-wide items: 2 x 50.1 = 100.2 overflows by 0.2 <= 0.25,
    // so both fit: x = 0, 50.1.
    RuleCase(
      rule: "1.4 overflow within 0.25 fits",
      layout: layout(
        .horizontal(
          layoutSize: size(.absolute(100), .absolute(10)),
          subitems: [item(.absolute(50.1), .absolute(10))]
        )
      ),
      itemCounts: [2],
      frames: [ExpectedFrame(0, 0, 0, 0, 50.1, 10), ExpectedFrame(0, 1, 50.1, 0, 50.1, 10)]
    ),
    // 1.4: 50.2 x 2 = 100.4 overflows by 0.4: one item per group; item 1 on the next row.
    RuleCase(
      rule: "1.4 overflow beyond 0.25 does not fit",
      layout: layout(
        .horizontal(
          layoutSize: size(.absolute(100), .absolute(10)),
          subitems: [item(.absolute(50.2), .absolute(10))]
        )
      ),
      itemCounts: [2],
      frames: [ExpectedFrame(0, 0, 0, 0, 50.2, 10), ExpectedFrame(0, 1, 0, 10, 50.2, 10)]
    ),
    // 1.4: three fractionalWidth(1/3) on 375 at scale 3: 125 each, all three fit.
    RuleCase(
      rule: "1.4 thirds fit",
      layout: layout(
        .horizontal(
          layoutSize: size(.fractionalWidth(1), .absolute(10)),
          subitems: [item(.fractionalWidth(1.0 / 3), .fractionalHeight(1))]
        )
      ),
      environment: env(scale: 3),
      itemCounts: [3],
      frames: [ExpectedFrame(0, 2, 250, 0, 125, 10)]
    ),
    // 1.5 / 3.2: a 75-point slot with 2-point insets reports (x + 2, y + 2, 71, 71).
    RuleCase(
      rule: "3.2 content insets shrink the reported frame only",
      layout: layout(
        .horizontal(
          layoutSize: size(.fractionalWidth(1), .fractionalWidth(0.2)),
          subitems: [
            item(.fractionalWidth(0.2), .fractionalHeight(1)).with {
              $0.contentInsets = DirectionalEdgeInsets(all: 2)
            }
          ]
        )
      ),
      itemCounts: [7],
      frames: [ExpectedFrame(0, 0, 2, 2, 71, 71), ExpectedFrame(0, 6, 77, 77, 71, 71)]
    ),
    // 2.2: height .fractionalWidth(0.5) of a 300-wide group is 150.
    RuleCase(
      rule: "2.2 fractionalWidth on the height axis",
      layout: layout(
        .horizontal(
          layoutSize: size(.absolute(300), .absolute(200)),
          subitems: [item(.fractionalWidth(0.5), .fractionalWidth(0.5))]
        )
      ),
      itemCounts: [2],
      frames: [ExpectedFrame(0, 1, 150, 0, 150, 150)]
    ),
    // 2.5: insets on the estimated height are dropped; width insets stay: (4, 0, 367, 44).
    RuleCase(
      rule: "2.5 insets ignored on estimated axes",
      layout: layout(
        .vertical(
          layoutSize: size(.fractionalWidth(1), .estimated(44)),
          subitems: [
            item(.fractionalWidth(1), .estimated(44)).with {
              $0.contentInsets = DirectionalEdgeInsets(all: 4)
            }
          ]
        )
      ),
      itemCounts: [2],
      frames: [ExpectedFrame(0, 0, 4, 0, 367, 44), ExpectedFrame(0, 1, 4, 44, 367, 44)]
    ),
    // 3.3: leading fixed(10) outsets: each 50-wide item consumes 60 of 300: x = 10, 70,
    // 130, 190, 250 (5 items).
    RuleCase(
      rule: "3.3 fixed leading edge spacing",
      layout: layout(
        .horizontal(
          layoutSize: size(.absolute(300), .absolute(50)),
          subitems: [
            item(.absolute(50), .absolute(50)).with {
              $0.edgeSpacing = EdgeSpacing(leading: .fixed(10))
            }
          ]
        )
      ),
      itemCounts: [6],
      frames: [
        ExpectedFrame(0, 0, 10, 0, 50, 50), ExpectedFrame(0, 4, 250, 0, 50, 50),
        ExpectedFrame(0, 5, 10, 50, 50, 50),
      ]
    ),
    // 3.3: flexible top and bottom centre a 50-high item in a 100-high group: y = 25.
    RuleCase(
      rule: "3.3 flexible cross edges centre",
      layout: layout(
        .horizontal(
          layoutSize: size(.absolute(100), .absolute(100)),
          subitems: [
            item(.absolute(100), .absolute(50)).with {
              $0.edgeSpacing = EdgeSpacing(top: .flexible(0), bottom: .flexible(0))
            }
          ]
        )
      ),
      itemCounts: [1],
      frames: [ExpectedFrame(0, 0, 0, 25, 100, 50)]
    ),
    // 3.3: flexible top only bottom-aligns: y = 100 - 50 = 50.
    RuleCase(
      rule: "3.3 flexible top bottom-aligns",
      layout: layout(
        .horizontal(
          layoutSize: size(.absolute(100), .absolute(100)),
          subitems: [
            item(.absolute(100), .absolute(50)).with {
              $0.edgeSpacing = EdgeSpacing(top: .flexible(0))
            }
          ]
        )
      ),
      itemCounts: [1],
      frames: [ExpectedFrame(0, 0, 0, 50, 100, 50)]
    ),
    // 4.2: [a(100), b(50)] cycle in 375: a, b, a, b use 300; the next a (400) does not fit.
    RuleCase(
      rule: "4.2 subitems cycle while they fit",
      layout: layout(
        .horizontal(
          layoutSize: size(.fractionalWidth(1), .absolute(20)),
          subitems: [item(.absolute(100), .absolute(20)), item(.absolute(50), .absolute(20))]
        )
      ),
      itemCounts: [5],
      frames: [
        ExpectedFrame(0, 0, 0, 0, 100, 20), ExpectedFrame(0, 1, 100, 0, 50, 20),
        ExpectedFrame(0, 2, 150, 0, 100, 20), ExpectedFrame(0, 3, 250, 0, 50, 20),
        ExpectedFrame(0, 4, 0, 20, 100, 20),
      ]
    ),
    // 4.2: [a(50), b(200)] in 240: b does not fit and ends the group; a is not retried.
    RuleCase(
      rule: "4.2 the first subitem that does not fit ends the group",
      layout: layout(
        .horizontal(
          layoutSize: size(.absolute(240), .absolute(20)),
          subitems: [item(.absolute(50), .absolute(20)), item(.absolute(200), .absolute(20))]
        )
      ),
      itemCounts: [2],
      frames: [ExpectedFrame(0, 0, 0, 0, 50, 20), ExpectedFrame(0, 1, 0, 20, 50, 20)]
    ),
    // 4.4: count 3, fixed(10) on 375: floor((375 - 20) / 3) = 118 at x = 0, 128, 256.
    RuleCase(
      rule: "4.4 count with spacing",
      layout: layout(
        .horizontal(
          layoutSize: size(.fractionalWidth(1), .absolute(50)),
          subitem: item(.absolute(999), .fractionalHeight(1)),
          count: 3
        )
        .with { $0.interItemSpacing = .fixed(10) }
      ),
      itemCounts: [4],
      frames: [
        ExpectedFrame(0, 0, 0, 0, 118, 50), ExpectedFrame(0, 1, 128, 0, 118, 50),
        ExpectedFrame(0, 2, 256, 0, 118, 50), ExpectedFrame(0, 3, 0, 50, 118, 50),
      ]
    ),
    // 4.4: vertical count 2 in a 100-high group: 50 each.
    RuleCase(
      rule: "4.4 vertical count",
      layout: layout(
        .vertical(
          layoutSize: size(.absolute(80), .absolute(100)),
          subitem: item(.fractionalWidth(1), .absolute(5)),
          count: 2
        )
      ),
      itemCounts: [3],
      frames: [ExpectedFrame(0, 1, 0, 50, 80, 50), ExpectedFrame(0, 2, 0, 100, 80, 50)]
    ),
    // 4.5: repeatingSubitem 50 x 4 at its own size, no fit test: x = 0, 50, 100, 150.
    RuleCase(
      rule: "4.5 repeating subitem keeps its size",
      layout: layout(
        .horizontal(
          layoutSize: size(.fractionalWidth(1), .absolute(50)),
          repeatingSubitem: item(.absolute(50), .absolute(50)),
          count: 4
        )
      ),
      itemCounts: [5],
      frames: [ExpectedFrame(0, 3, 150, 0, 50, 50), ExpectedFrame(0, 4, 0, 50, 50, 50)]
    ),
    // 4.5: repeating fractionalWidth(0.25) x 4 with fixed(5): 0.25 x (300 - 15) = 71.25,
    // floored at scale 1 to 71: x = 0, 76, 152, 228.
    RuleCase(
      rule: "4.5 repeating fractional subitem shrinks for spacing",
      layout: layout(
        .horizontal(
          layoutSize: size(.absolute(300), .absolute(50)),
          repeatingSubitem: item(.fractionalWidth(0.25), .fractionalHeight(1)),
          count: 4
        )
        .with { $0.interItemSpacing = .fixed(5) }
      ),
      itemCounts: [4],
      frames: [ExpectedFrame(0, 1, 76, 0, 71, 50), ExpectedFrame(0, 3, 228, 0, 71, 50)]
    ),
    // 4.6: flexible(0) spacing, three 50s in 300: leftover 150 over 2 gaps: x = 0, 125, 250.
    RuleCase(
      rule: "4.6 flexible inter-item spacing",
      layout: layout(
        .horizontal(
          layoutSize: size(.absolute(300), .absolute(50)),
          repeatingSubitem: item(.absolute(50), .absolute(50)),
          count: 3
        )
        .with { $0.interItemSpacing = .flexible(0) }
      ),
      itemCounts: [3],
      frames: [
        ExpectedFrame(0, 0, 0, 0, 50, 50), ExpectedFrame(0, 1, 125, 0, 50, 50),
        ExpectedFrame(0, 2, 250, 0, 50, 50),
      ]
    ),
    // 4.6: flexible leading and trailing edges: 150 left over 6 edges = 25: x = 25, 125, 225.
    RuleCase(
      rule: "4.6 flexible edges space around",
      layout: layout(
        .horizontal(
          layoutSize: size(.absolute(300), .absolute(50)),
          repeatingSubitem: item(.absolute(50), .absolute(50)).with {
            $0.edgeSpacing = EdgeSpacing(leading: .flexible(0), trailing: .flexible(0))
          },
          count: 3
        )
      ),
      itemCounts: [3],
      frames: [
        ExpectedFrame(0, 0, 25, 0, 50, 50), ExpectedFrame(0, 1, 125, 0, 50, 50),
        ExpectedFrame(0, 2, 225, 0, 50, 50),
      ]
    ),
    // 4.7: 300 x 200 group: large 200 x 200 at 0; column of two 100 x 100 at x 200; the next
    // instance at y 200. Numbering is depth-first: large 0, top small 1, bottom small 2.
    RuleCase(
      rule: "4.7 nested groups number depth-first",
      layout: layout(
        .horizontal(
          layoutSize: size(.absolute(300), .absolute(200)),
          subitems: [
            item(.absolute(200), .fractionalHeight(1)),
            LayoutGroup.vertical(
              layoutSize: size(.absolute(100), .fractionalHeight(1)),
              subitems: [item(.fractionalWidth(1), .fractionalHeight(0.5))]
            ),
          ]
        )
      ),
      itemCounts: [4],
      frames: [
        ExpectedFrame(0, 0, 0, 0, 200, 200), ExpectedFrame(0, 1, 200, 0, 100, 100),
        ExpectedFrame(0, 2, 200, 100, 100, 100), ExpectedFrame(0, 3, 0, 200, 200, 200),
      ]
    ),
    // 4.7: an outer vertical group's fixed(10) spacing applies between nested rows:
    // rows of 40 at y = 0, 50 inside a 90-high group.
    RuleCase(
      rule: "4.7 outer spacing between nested groups",
      layout: layout(
        .vertical(
          layoutSize: size(.absolute(100), .absolute(90)),
          subitems: [
            LayoutGroup.horizontal(
              layoutSize: size(.fractionalWidth(1), .absolute(40)),
              subitems: [item(.absolute(100), .fractionalHeight(1))]
            )
          ]
        ).with { $0.interItemSpacing = .fixed(10) }
      ),
      itemCounts: [3],
      frames: [
        ExpectedFrame(0, 0, 0, 0, 100, 40), ExpectedFrame(0, 1, 0, 50, 100, 40),
        ExpectedFrame(0, 2, 0, 90, 100, 40),
      ]
    ),
    // 4.8: custom frames in the group's space; the second instance is 100 lower.
    RuleCase(
      rule: "4.8 custom group",
      layout: layout(
        .custom(layoutSize: size(.absolute(200), .absolute(100))) { _ in
          [
            GroupCustomItem(frame: CGRect(x: 0, y: 0, width: 120, height: 100)),
            GroupCustomItem(frame: CGRect(x: 130, y: 10, width: 70, height: 40)),
          ]
        }
      ),
      itemCounts: [3],
      frames: [ExpectedFrame(0, 1, 130, 10, 70, 40), ExpectedFrame(0, 2, 0, 100, 120, 100)]
    ),
    // 4.9: group insets 10/5: subitem fractions resolve against 355 x 95: 0.5 x 355 = 177.5
    // floors to 177 at scale 1; x = 10, 187; y = 5.
    RuleCase(
      rule: "4.9 group content insets",
      layout: layout(
        .horizontal(
          layoutSize: size(.fractionalWidth(1), .absolute(100)),
          subitems: [item(.fractionalWidth(0.5), .fractionalHeight(1))]
        )
        .with {
          $0.contentInsets = DirectionalEdgeInsets(top: 5, leading: 10, bottom: 0, trailing: 10)
        }
      ),
      itemCounts: [2],
      frames: [ExpectedFrame(0, 0, 10, 5, 177, 95), ExpectedFrame(0, 1, 187, 5, 177, 95)]
    ),
    // 4.11: outer group fixed top edge 10: instances at y = 10 and 10 + 50 + 10 = 70.
    RuleCase(
      rule: "4.11 outer group fixed edge adds to the step",
      layout: layout(
        .horizontal(
          layoutSize: size(.fractionalWidth(1), .absolute(50)),
          subitems: [item(.fractionalWidth(1), .fractionalHeight(1))]
        )
        .with { $0.edgeSpacing = EdgeSpacing(top: .fixed(10)) }
      ),
      itemCounts: [2],
      frames: [ExpectedFrame(0, 0, 0, 10, 375, 50), ExpectedFrame(0, 1, 0, 70, 375, 50)],
      contentSize: CGSize(width: 375, height: 120)
    ),
    // 4.11 / 4.12: a 200-wide group with flexible leading/trailing is centred at
    // (375 - 200) / 2 = 87.5 and does not tile sideways.
    RuleCase(
      rule: "4.11 flexible cross edges centre the group; 4.12 no sideways tiling",
      layout: layout(
        .horizontal(
          layoutSize: size(.absolute(200), .absolute(50)),
          subitems: [item(.fractionalWidth(1), .fractionalHeight(1))]
        )
        .with { $0.edgeSpacing = EdgeSpacing(leading: .flexible(0), trailing: .flexible(0)) }
      ),
      itemCounts: [2],
      frames: [ExpectedFrame(0, 0, 87.5, 0, 200, 50), ExpectedFrame(0, 1, 87.5, 50, 200, 50)]
    ),
  ]

  @Test(arguments: cases)
  func rule(_ rule: RuleCase) throws {
    try check(rule)
  }
}
