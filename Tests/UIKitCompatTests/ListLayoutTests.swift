import Testing
import UIKitCompat

@MainActor @Suite struct ListLayoutTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var appearance: UICollectionLayoutListConfiguration.Appearance
    /// The frame of the second row of the second section, in a 390-point-wide view with
    /// 16-point margins, three rows per section, no headers.
    var row: CGRect
    var testDescription: String { "\(appearance)" }
  }

  nonisolated static let cases = [
    Case(appearance: .plain, row: CGRect(x: 0, y: 132 + 44, width: 390, height: 44)),
    Case(appearance: .grouped, row: CGRect(x: 0, y: 35 + 132 + 35 + 44, width: 390, height: 44)),
    Case(
      appearance: .insetGrouped,
      row: CGRect(x: 16, y: 35 + 132 + 35 + 44, width: 358, height: 44)
    ),
    Case(appearance: .sidebar, row: CGRect(x: 16, y: 132 + 44, width: 358, height: 44)),
    Case(appearance: .sidebarPlain, row: CGRect(x: 0, y: 132 + 44, width: 390, height: 44)),
  ]

  @Test(arguments: cases)
  func eachAppearanceHasItsInsets(_ example: Case) {
    let layout = UICollectionViewCompositionalLayout.list(
      using: UICollectionLayoutListConfiguration(appearance: example.appearance)
    )
    layout.prepare(
      collectionViewSize: CGSize(width: 390, height: 844),
      numberOfItemsInSections: [3, 3],
      layoutMargins: NSDirectionalEdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16)
    )
    #expect(
      layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 1))?.frame == example.row
    )
  }

  @Test func supplementaryHeadersAndFooters() throws {
    var configuration = UICollectionLayoutListConfiguration(appearance: .grouped)
    configuration.headerMode = .supplementary
    configuration.footerMode = .supplementary
    let layout = UICollectionViewCompositionalLayout.list(using: configuration)
    layout.prepare(
      collectionViewSize: CGSize(width: 320, height: 600),
      numberOfItemsInSections: [2, 1]
    )
    let header = try #require(
      layout.layoutAttributesForSupplementaryView(
        ofKind: UICollectionView.elementKindSectionHeader,
        at: IndexPath(item: 0, section: 1)
      )
    )
    // Section 0: header, two rows, footer; a header carries the group's space itself.
    #expect(header.frame == CGRect(x: 0, y: 44 + 88 + 44, width: 320, height: 44))
    #expect(
      layout.layoutAttributesForSupplementaryView(
        ofKind: UICollectionView.elementKindSectionFooter,
        at: IndexPath(item: 0, section: 0)
      )?.frame == CGRect(x: 0, y: 132, width: 320, height: 44)
    )
    #expect(layout.collectionViewContentSize.height == CGFloat(2 * (44 + 44) + 3 * 44))
  }

  @Test func theFirstItemAsHeaderAddsNoViewAndSeparatorsNoRoom() {
    var configuration = UICollectionLayoutListConfiguration(appearance: .plain)
    configuration.headerMode = .firstItemInSection
    configuration.showsSeparators = false
    let layout = UICollectionViewCompositionalLayout.list(using: configuration)
    layout.prepare(
      collectionViewSize: CGSize(width: 320, height: 600),
      numberOfItemsInSections: [4]
    )
    let elements =
      layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 320, height: 600)) ?? []
    #expect(elements.map(\.representedElementCategory) == Array(repeating: .cell, count: 4))
    #expect(elements.last?.frame == CGRect(x: 0, y: 132, width: 320, height: 44))
    #expect(configuration.appearance == .plain && !configuration.showsSeparators)
  }

  @Test func rowsTakeTheirMeasuredHeight() {
    let layout = UICollectionViewCompositionalLayout { _, environment in
      .list(
        using: UICollectionLayoutListConfiguration(appearance: .plain),
        layoutEnvironment: environment
      )
    }
    var measured = MeasuredSizes()
    measured[LayoutIndexPath(section: 0, item: 0)] = CGSize(width: 320, height: 88)
    layout.prepare(
      collectionViewSize: CGSize(width: 320, height: 600),
      numberOfItemsInSections: [2],
      measuredSizes: measured
    )
    #expect(
      layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame
        == CGRect(x: 0, y: 88, width: 320, height: 44)
    )
  }

  @Test func aPlainListMarksItsHeadersPinned() {
    var configuration = UICollectionLayoutListConfiguration(appearance: .plain)
    configuration.headerMode = .supplementary
    let environment = PlainEnvironment()
    let plain = NSCollectionLayoutSection.list(using: configuration, layoutEnvironment: environment)
    #expect(plain.boundarySupplementaryItems.map(\.pinToVisibleBounds) == [true])
    let grouped = NSCollectionLayoutSection.list(
      using: {
        var grouped = UICollectionLayoutListConfiguration(appearance: .grouped)
        grouped.headerMode = .supplementary
        return grouped
      }(),
      layoutEnvironment: environment
    )
    #expect(grouped.boundarySupplementaryItems.map(\.pinToVisibleBounds) == [false])
  }
}

/// An environment for building sections outside a layout.
@MainActor struct PlainEnvironment: NSCollectionLayoutEnvironment {
  struct Container: NSCollectionLayoutContainer {
    var contentSize = CGSize(width: 390, height: 844)
    var effectiveContentSize = CGSize(width: 390, height: 844)
    var contentInsets = NSDirectionalEdgeInsets.zero
    var effectiveContentInsets = NSDirectionalEdgeInsets.zero
  }

  var container: any NSCollectionLayoutContainer { Container() }
  var traitCollection: UITraitCollection { UITraitCollection() }
}
