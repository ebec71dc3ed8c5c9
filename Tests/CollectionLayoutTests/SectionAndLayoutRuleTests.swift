import CollectionLayout
import Foundation
import Testing

/// Rules 2.3 and 5 to 8 of the guide: sections, the layout, scroll directions and
/// right-to-left. Frames in the comments are worked out by hand (375 x 667, scale 1).
@Suite struct SectionAndLayoutRuleTests {
  static let row50 = LayoutGroup.horizontal(
    layoutSize: size(.fractionalWidth(1), .absolute(50)),
    subitems: [item(.fractionalWidth(1), .fractionalHeight(1))]
  )

  static func header(
    _ alignment: RectAlignment = .top,
    height: Double = 40,
    kind: String = "header"
  )
    -> BoundarySupplementaryItem
  {
    BoundarySupplementaryItem(
      layoutSize: size(.fractionalWidth(1), .absolute(height)),
      elementKind: kind,
      alignment: alignment
    )
  }

  static let cases: [RuleCase] = [
    // 2.3: top/bottom section insets do not reduce .fractionalHeight(1) in a vertical
    // layout: the item is 667 high at y = 10; leading 10 + trailing 20 reduce the width to 345.
    RuleCase(
      rule: "2.3 section insets on the cross axis only",
      layout: layout(
        .horizontal(
          layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)),
          subitems: [item(.fractionalWidth(1), .fractionalHeight(1))]
        ),
        configure: {
          $0.contentInsets = DirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 20)
        }
      ),
      itemCounts: [1],
      frames: [ExpectedFrame(0, 0, 10, 10, 345, 667)],
      contentSize: CGSize(width: 375, height: 687)
    ),
    // 2.3 / 5.5: orthogonal section: .fractionalWidth(0.8) is 0.8 x 375 = 300 despite the
    // 20-point leading inset; top/bottom insets 10 reduce .fractionalHeight(0.5) to
    // 0.5 x 647 = 323.5 -> 323. Groups at x = 20, 20 + 300 + 10 = 330.
    RuleCase(
      rule: "5.5 orthogonal section frames",
      layout: layout(
        .horizontal(
          layoutSize: size(.fractionalWidth(0.8), .fractionalHeight(0.5)),
          subitems: [item(.fractionalWidth(1), .fractionalHeight(1))]
        ),
        configure: {
          $0.orthogonalScrollingBehavior = .continuous
          $0.contentInsets = DirectionalEdgeInsets(top: 10, leading: 20, bottom: 10, trailing: 20)
          $0.interGroupSpacing = 10
        }
      ),
      itemCounts: [3],
      frames: [ExpectedFrame(0, 0, 20, 10, 300, 323), ExpectedFrame(0, 2, 640, 10, 300, 323)],
      contentSize: CGSize(width: 375, height: 343)
    ),
    // 5.2: interGroupSpacing 10 only between groups: 3 rows of 50 -> 170.
    RuleCase(
      rule: "5.2 inter-group spacing between groups only",
      layout: layout(row50, configure: { $0.interGroupSpacing = 10 }),
      itemCounts: [3],
      frames: [ExpectedFrame(0, 2, 0, 120, 375, 50)],
      contentSize: CGSize(width: 375, height: 170)
    ),
    // 5.3: a vertical group of three 50s (150 high) with 4 items: the partial second group
    // still counts its full 150: content 300.
    RuleCase(
      rule: "5.3 partial last group counts its full size",
      layout: layout(
        .vertical(
          layoutSize: size(.fractionalWidth(1), .absolute(150)),
          subitems: [item(.fractionalWidth(1), .absolute(50))]
        )
      ),
      itemCounts: [4],
      frames: [ExpectedFrame(0, 3, 0, 150, 375, 50)],
      contentSize: CGSize(width: 375, height: 300)
    ),
    // 5.4: insets top 10, leading 5, bottom 20: item 0 at (5, 10), width 375 - 5 = 370;
    // content = 10 + 2 x 50 + 20 = 130.
    RuleCase(
      rule: "5.4 section content insets",
      layout: layout(
        row50,
        configure: {
          $0.contentInsets = DirectionalEdgeInsets(top: 10, leading: 5, bottom: 20, trailing: 0)
        }
      ),
      itemCounts: [2],
      frames: [ExpectedFrame(0, 0, 5, 10, 370, 50), ExpectedFrame(0, 1, 5, 60, 370, 50)],
      contentSize: CGSize(width: 375, height: 130)
    ),
    // 5.4: an empty section without boundary items takes no space; spacing still separates
    // sections: section 1 at 0 + 0 + 20 (after empty section 0) ... section 2 at 20 + 50 + 20 = 90.
    RuleCase(
      rule: "5.4 empty section; 6.4 inter-section spacing between sections only",
      layout: layout(
        row50,
        configuration: {
          var c = LayoutConfiguration(); c.interSectionSpacing = 20; return c
        }()
      ),
      itemCounts: [0, 1, 1],
      frames: [ExpectedFrame(1, 0, 0, 20, 375, 50), ExpectedFrame(2, 0, 0, 90, 375, 50)],
      contentSize: CGSize(width: 375, height: 140)
    ),
    // 5.5: groupPagingCentered centres the first 300-wide group: (375 - 300) / 2 = 37.5.
    RuleCase(
      rule: "5.5 group paging centred",
      layout: layout(
        .horizontal(
          layoutSize: size(.absolute(300), .absolute(100)),
          subitems: [item(.fractionalWidth(1), .fractionalHeight(1))]
        ),
        configure: { $0.orthogonalScrollingBehavior = .groupPagingCentered }
      ),
      itemCounts: [2],
      frames: [ExpectedFrame(0, 0, 37.5, 0, 300, 100), ExpectedFrame(0, 1, 337.5, 0, 300, 100)],
      contentSize: CGSize(width: 375, height: 100)
    ),
    // 5.6: a 40-point header with top inset 10: items start at 40 + 10 = 50; a 30-point
    // footer below the bottom inset 5: content = 40 + 10 + 50 + 5 + 30 = 135.
    RuleCase(
      rule: "5.6 extending header and footer",
      layout: layout(
        row50,
        configure: {
          $0.contentInsets = DirectionalEdgeInsets(top: 10, leading: 0, bottom: 5, trailing: 0)
          $0.boundarySupplementaryItems = [header(), header(.bottom, height: 30, kind: "footer")]
        }
      ),
      itemCounts: [1],
      frames: [ExpectedFrame(0, 0, 0, 50, 375, 50)],
      contentSize: CGSize(width: 375, height: 135)
    ),
    // 8: right-to-left mirrors: item 0 of a 5-column grid is rightmost at x = 300.
    RuleCase(
      rule: "8.1 right-to-left mirrors frames",
      layout: layout(
        .horizontal(
          layoutSize: size(.fractionalWidth(1), .fractionalWidth(0.2)),
          subitems: [item(.fractionalWidth(0.2), .fractionalHeight(1))]
        ),
        configure: {
          $0.contentInsets = DirectionalEdgeInsets(top: 0, leading: 25, bottom: 0, trailing: 0)
        }
      ),
      environment: env(direction: .rightToLeft),
      itemCounts: [6],
      // Leading inset 25: columns of 0.2 x 350 = 70 at x = 25... in LTR; mirrored:
      // x' = 375 - 25 - 70 = 280 for item 0, 375 - 95 - 70 = 210 for item 1.
      frames: [
        ExpectedFrame(0, 0, 280, 0, 70, 70), ExpectedFrame(0, 1, 210, 0, 70, 70),
        ExpectedFrame(0, 5, 280, 70, 70, 70),
      ]
    ),
    // 1.1 / 6: horizontal scrolling: a vertical group of two 0.5-height items per column,
    // columns of width 100 with spacing 10: item 2 at x = 110. Content width 210.
    RuleCase(
      rule: "6 horizontal scroll direction",
      layout: layout(
        .vertical(
          layoutSize: size(.absolute(100), .fractionalHeight(1)),
          subitems: [item(.fractionalWidth(1), .fractionalHeight(0.5))]
        ),
        configure: { $0.interGroupSpacing = 10 },
        configuration: {
          var c = LayoutConfiguration(); c.scrollDirection = .horizontal; return c
        }()
      ),
      environment: env(300, 200),
      itemCounts: [4],
      frames: [ExpectedFrame(0, 1, 0, 100, 100, 100), ExpectedFrame(0, 2, 110, 0, 100, 100)],
      contentSize: CGSize(width: 210, height: 200)
    ),
    // 2.3 horizontal: section top/bottom insets reduce the height base: 200 - 20 - 30 = 150.
    RuleCase(
      rule: "2.3 horizontal layout subtracts top and bottom",
      layout: layout(
        .vertical(
          layoutSize: size(.absolute(100), .fractionalHeight(1)),
          subitems: [item(.fractionalWidth(1), .fractionalHeight(1))]
        ),
        configure: {
          $0.contentInsets = DirectionalEdgeInsets(top: 20, leading: 5, bottom: 30, trailing: 0)
        },
        configuration: {
          var c = LayoutConfiguration(); c.scrollDirection = .horizontal; return c
        }()
      ),
      environment: env(300, 200),
      itemCounts: [1],
      frames: [ExpectedFrame(0, 0, 5, 20, 100, 150)],
      contentSize: CGSize(width: 105, height: 200)
    ),
    // 6.5: a 30-point layout header shifts every section: section 0 at 30.
    RuleCase(
      rule: "6.5 layout-wide header",
      layout: layout(
        row50,
        configuration: {
          var c = LayoutConfiguration(); c.boundarySupplementaryItems = [header(height: 30)];
          return c
        }()
      ),
      itemCounts: [1, 1],
      frames: [ExpectedFrame(0, 0, 0, 30, 375, 50), ExpectedFrame(1, 0, 0, 80, 375, 50)],
      contentSize: CGSize(width: 375, height: 130)
    ),
    // 5.8 / 6.2: safe area leading 44: cross-axis insets become the container's; width 331.
    RuleCase(
      rule: "5.8 safe area insets on the cross axis",
      layout: layout(row50),
      environment: LayoutEnvironment(
        containerSize: CGSize(width: 375, height: 667),
        safeAreaInsets: DirectionalEdgeInsets(top: 50, leading: 44, bottom: 30, trailing: 0)
      ),
      itemCounts: [1],
      frames: [ExpectedFrame(0, 0, 44, 0, 331, 50)]
    ),
    // 6.6: a group wider than the container widens the content: 500.
    RuleCase(
      rule: "6.6 a wide group widens the content",
      layout: layout(
        .horizontal(
          layoutSize: size(.absolute(500), .absolute(50)),
          subitems: [item(.absolute(500), .absolute(50))]
        )
      ),
      itemCounts: [1],
      frames: [ExpectedFrame(0, 0, 0, 0, 500, 50)],
      contentSize: CGSize(width: 500, height: 50)
    ),
  ]

  @Test(arguments: cases)
  func rule(_ rule: RuleCase) throws {
    try check(rule)
  }

  /// 5.6: placements of boundary items: extending header at the section top, alignments,
  /// overlays, `supplementariesFollowContentInsets`, offsets.
  @Test func boundaryItems() throws {
    var topTrailing = BoundarySupplementaryItem(
      layoutSize: size(.absolute(100), .absolute(20)),
      elementKind: "corner",
      alignment: .topTrailing
    )
    topTrailing.extendsBoundary = false
    var overlayBottom = BoundarySupplementaryItem(
      layoutSize: size(.absolute(50), .absolute(10)),
      elementKind: "overlay",
      alignment: .bottom,
      absoluteOffset: CGPoint(x: 1, y: 2)
    )
    overlayBottom.extendsBoundary = false
    let solution = try layout(
      Self.row50,
      configure: {
        $0.contentInsets = DirectionalEdgeInsets(top: 10, leading: 15, bottom: 10, trailing: 5)
        $0.boundarySupplementaryItems = [Self.header(), topTrailing, overlayBottom]
      }
    ).solve(in: env(), itemCounts: [1])
    func frame(_ kind: String) -> CGRect? {
      solution.layoutAttributesForSupplementaryElement(
        ofKind: kind,
        at: LayoutIndexPath(section: 0, item: 0)
      )?.frame
    }
    // Header: width 375 - 15 - 5 = 355 at x 15, y 0; items at 40 + 10 = 50; section 110.
    #expect(frame("header") == CGRect(x: 15, y: 0, width: 355, height: 40))
    #expect(
      solution.frameForItem(at: LayoutIndexPath(section: 0, item: 0))
        == CGRect(x: 15, y: 50, width: 355, height: 50)
    )
    // Corner overlay: region starts after the header at 40; x = 15 + 355 - 100 = 270.
    #expect(frame("corner") == CGRect(x: 270, y: 40, width: 100, height: 20))
    // Bottom overlay: region 40..110, y = 110 - 10 = 100, x = 15 + (355 - 50) / 2 = 167.5; offset (1, 2).
    #expect(frame("overlay") == CGRect(x: 168.5, y: 102, width: 50, height: 10))

    let unfollowed = try layout(
      Self.row50,
      configure: {
        $0.contentInsets = DirectionalEdgeInsets(top: 0, leading: 15, bottom: 0, trailing: 5)
        $0.supplementariesFollowContentInsets = false
        $0.boundarySupplementaryItems = [Self.header()]
      }
    ).solve(in: env(), itemCounts: [1])
    #expect(
      unfollowed.layoutAttributesForSupplementaryElement(
        ofKind: "header",
        at: LayoutIndexPath(section: 0, item: 0)
      )?.frame
        == CGRect(x: 0, y: 0, width: 375, height: 40)
    )
  }

  /// 5.7: a background covers the whole section (header included), inset by its insets;
  /// items are raised to zIndex 1.
  @Test func decorationCoversTheSection() throws {
    var background = DecorationItem.background(elementKind: "background")
    background.contentInsets = DirectionalEdgeInsets(all: 5)
    let solution = try layout(
      Self.row50,
      configure: {
        $0.contentInsets = DirectionalEdgeInsets(top: 10, leading: 0, bottom: 10, trailing: 0)
        $0.boundarySupplementaryItems = [Self.header()]
        $0.decorationItems = [background]
      }
    ).solve(in: env(), itemCounts: [2], measuredSizes: MeasuredSizes())
    // Section: 40 + 10 + 100 + 10 = 160; inset by 5 -> (5, 5, 365, 150).
    let decoration = solution.layoutAttributesForDecorationElement(
      ofKind: "background",
      at: LayoutIndexPath(section: 0, item: 0)
    )
    #expect(decoration?.frame == CGRect(x: 5, y: 5, width: 365, height: 150))
    #expect(decoration?.zIndex == 0)
    #expect(solution.layoutAttributesForItem(at: LayoutIndexPath(section: 0, item: 0))?.zIndex == 1)
  }

  /// 5.5: the strip frame and scroll content size of an orthogonal section.
  @Test func orthogonalStrip() throws {
    let solution = try layout(
      .horizontal(
        layoutSize: size(.absolute(150), .absolute(100)),
        subitems: [item(.fractionalWidth(1), .fractionalHeight(1))]
      ),
      configure: {
        $0.orthogonalScrollingBehavior = .paging
        $0.contentInsets = DirectionalEdgeInsets(top: 10, leading: 20, bottom: 10, trailing: 20)
        $0.interGroupSpacing = 5
      }
    ).solve(in: env(), itemCounts: [4])
    // Strip at y = 10, 100 high, full width; scroll width = 20 + 4 x 150 + 3 x 5 + 20 = 655.
    #expect(
      solution.orthogonalSections == [
        OrthogonalSectionGeometry.init(
          section: 0,
          behavior: .paging,
          stripFrame: CGRect(x: 0, y: 10, width: 375, height: 100),
          scrollContentSize: CGSize(width: 655, height: 100)
        )
      ]
    )
  }
}
