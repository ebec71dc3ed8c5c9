import Testing

// Code as the iOS lessons write it, compiled with only the import changed.
#if canImport(UIKit)
  import UIKit
#else
  import UIKitCompat
#endif

/// The seed's Pokédex screen: a layout chosen by the user, a section provider that reads
/// the controller's state, headers, a badge, and a carousel section.
@MainActor final class PokedexViewController {
  var columns = 5
  var showsCarousel = true

  func createLayout() -> UICollectionViewLayout {
    let layout = UICollectionViewCompositionalLayout { [unowned self] sectionIndex, environment in
      if sectionIndex == 0 && self.showsCarousel { return self.carouselSection() }
      let width = environment.container.effectiveContentSize.width
      return self.gridSection(columns: width > 500 ? self.columns + 2 : self.columns)
    }
    return layout
  }

  func gridSection(columns: Int) -> NSCollectionLayoutSection {
    let badge = NSCollectionLayoutSupplementaryItem(
      layoutSize: NSCollectionLayoutSize(
        widthDimension: .absolute(20),
        heightDimension: .absolute(20)
      ),
      elementKind: "badge",
      containerAnchor: NSCollectionLayoutAnchor(
        edges: [.top, .trailing],
        fractionalOffset: CGPoint(x: 0.3, y: -0.3)
      )
    )
    let itemSize = NSCollectionLayoutSize(
      widthDimension: .fractionalWidth(1 / CGFloat(columns)),
      heightDimension: .fractionalHeight(1.0)
    )
    let item = NSCollectionLayoutItem(layoutSize: itemSize, supplementaryItems: [badge])
    let groupSize = NSCollectionLayoutSize(
      widthDimension: .fractionalWidth(1.0),
      heightDimension: .fractionalWidth(1 / CGFloat(columns))
    )
    let group = NSCollectionLayoutGroup.horizontal(layoutSize: groupSize, subitems: [item])
    let section = NSCollectionLayoutSection(group: group)
    let header = NSCollectionLayoutBoundarySupplementaryItem(
      layoutSize: NSCollectionLayoutSize(
        widthDimension: .fractionalWidth(1.0),
        heightDimension: .absolute(44)
      ),
      elementKind: UICollectionView.elementKindSectionHeader,
      alignment: .top
    )
    header.pinToVisibleBounds = true
    section.boundarySupplementaryItems = [header]
    return section
  }

  func carouselSection() -> NSCollectionLayoutSection {
    let item = NSCollectionLayoutItem(
      layoutSize: NSCollectionLayoutSize(
        widthDimension: .fractionalWidth(1.0),
        heightDimension: .fractionalHeight(1.0)
      )
    )
    item.contentInsets = NSDirectionalEdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)
    let group = NSCollectionLayoutGroup.horizontal(
      layoutSize: NSCollectionLayoutSize(
        widthDimension: .fractionalWidth(0.8),
        heightDimension: .absolute(200)
      ),
      subitems: [item]
    )
    let section = NSCollectionLayoutSection(group: group)
    section.orthogonalScrollingBehavior = .groupPagingCentered
    section.interGroupSpacing = 10
    return section
  }
}

/// The seed's shopping list: sections of items, reordered the way its table view does.
enum Aisle: String, Hashable, Sendable { case fruit, dairy, other }

@MainActor final class ShoppingListController {
  lazy var dataSource = DiffableDataSource<Aisle, String, ShoppingListController>(host: self) {
    _,
    _,
    item in item
  }
  var rows: [[String]] = []

  init() {
    var snapshot = NSDiffableDataSourceSnapshot<Aisle, String>()
    snapshot.appendSections([.fruit, .dairy, .other])
    snapshot.appendItems(["apple", "banana", "cherry"], toSection: .fruit)
    snapshot.appendItems(["milk", "cheese"], toSection: .dairy)
    dataSource.apply(snapshot, animatingDifferences: false)
  }

  /// `tableView(_:moveRowAt:to:)` as the lessons write it.
  func moveRow(at sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
    guard let item = dataSource.itemIdentifier(for: sourceIndexPath) else { return }
    var snapshot = NSDiffableDataSourceSnapshot(dataSource.snapshot())
    let destinationSection = snapshot.sectionIdentifiers[destinationIndexPath.section]
    let destinationItems = snapshot.itemIdentifiers(inSection: destinationSection)
    if sourceIndexPath.section == destinationIndexPath.section,
      sourceIndexPath.row < destinationIndexPath.row
    {
      snapshot.moveItem(item, afterItem: destinationItems[destinationIndexPath.row])
    } else if destinationIndexPath.row < destinationItems.count {
      snapshot.moveItem(item, beforeItem: destinationItems[destinationIndexPath.row])
    } else {
      snapshot.deleteItems([item])
      snapshot.appendItems([item], toSection: destinationSection)
    }
    dataSource.apply(snapshot, animatingDifferences: false)
  }
}

extension ShoppingListController: @MainActor DataSourceHost {
  typealias Cell = String

  func performBatchUpdates(_ update: BatchUpdate, animated: Bool) {
    rows =
      update.applied(
        to: rows,
        itemCount: { self.dataSource.numberOfItems(inSection: $0) },
        value: { self.dataSource.itemIdentifier(for: $0) ?? "?" }
      ) ?? []
  }

  func reloadData() {}
}

@MainActor @Suite struct SeedCodeTests {
  @Test func aHalfWidthItemInATwoItemRowIs195PointsIn390() {
    let item = NSCollectionLayoutItem(
      layoutSize: NSCollectionLayoutSize(
        widthDimension: .fractionalWidth(0.5),
        heightDimension: .fractionalHeight(1.0)
      )
    )
    let group = NSCollectionLayoutGroup.horizontal(
      layoutSize: NSCollectionLayoutSize(
        widthDimension: .fractionalWidth(1.0),
        heightDimension: .absolute(100)
      ),
      subitems: [item, item]
    )
    let layout: UICollectionViewLayout = UICollectionViewCompositionalLayout(
      section: NSCollectionLayoutSection(group: group)
    )
    #expect(
      layout.prepare(
        collectionViewSize: CGSize(width: 390, height: 844),
        numberOfItemsInSections: [4]
      )
    )
    #expect(
      layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame
        == CGRect(x: 195, y: 0, width: 195, height: 100)
    )
    #expect(
      layout.layoutAttributesForItem(at: IndexPath(item: 3, section: 0))?.frame
        == CGRect(x: 195, y: 100, width: 195, height: 100)
    )
    #expect(layout.collectionViewContentSize == CGSize(width: 390, height: 200))
  }

  @Test func aFiveColumnGridOf390PointsHas78PointSquares() throws {
    let controller = PokedexViewController()
    controller.showsCarousel = false
    let layout = controller.createLayout()
    #expect(
      layout.prepare(
        collectionViewSize: CGSize(width: 390, height: 844),
        numberOfItemsInSections: [151]
      )
    )
    let cell = try #require(layout.layoutAttributesForItem(at: IndexPath(item: 6, section: 0)))
    #expect(cell.frame == CGRect(x: 78, y: 44 + 78, width: 78, height: 78))
    #expect(cell.representedElementCategory == .cell)
    #expect(cell.center == CGPoint(x: 117, y: 161))
    let header = layout.layoutAttributesForSupplementaryView(
      ofKind: UICollectionView.elementKindSectionHeader,
      at: IndexPath(item: 0, section: 0)
    )
    #expect(header?.frame == CGRect(x: 0, y: 0, width: 390, height: 44))
    let badge = layout.layoutAttributesForSupplementaryView(
      ofKind: "badge",
      at: IndexPath(item: 0, section: 0)
    )
    #expect(badge?.frame == CGRect(x: 64, y: 38, width: 20, height: 20))
    #expect(layout.collectionViewContentSize.height == CGFloat(44 + 31 * 78))  // 151 items: 31 rows
  }

  @Test func theSectionProviderReadsTheControllerAndTheContainer() throws {
    let controller = PokedexViewController()
    let layout = controller.createLayout()
    layout.prepare(
      collectionViewSize: CGSize(width: 390, height: 844),
      numberOfItemsInSections: [5, 10]
    )
    // The carousel: 80 % wide groups, centred paging, 10 points apart; items inset by 5.
    let first = try #require(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)))
    #expect(first.frame.size == CGSize(width: 302, height: 190))
    #expect(layout.solution?.orthogonalSections.first?.behavior == .groupPagingCentered)
    // A wide container gets two more columns; a change of the controller shows next time.
    layout.prepare(
      collectionViewSize: CGSize(width: 700, height: 844),
      numberOfItemsInSections: [5, 10]
    )
    #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 1))?.frame.width == 100)
    controller.columns = 2
    layout.invalidateLayout()
    #expect(layout.solution == nil && layout.collectionViewContentSize == .zero)
    layout.prepare(
      collectionViewSize: CGSize(width: 390, height: 844),
      numberOfItemsInSections: [5, 10]
    )
    #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 1))?.frame.width == 195)
    let visible =
      layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 390, height: 300)) ?? []
    #expect(
      visible.contains { $0.representedElementKind == UICollectionView.elementKindSectionHeader }
    )
  }

  @Test func aCustomGroupPlacesItemsWhereItsProviderSays() {
    let group = NSCollectionLayoutGroup.custom(
      layoutSize: NSCollectionLayoutSize(
        widthDimension: .fractionalWidth(1.0),
        heightDimension: .absolute(120)
      )
    ) { environment in
      let width = environment.container.contentSize.width
      return [
        NSCollectionLayoutGroupCustomItem(frame: CGRect(x: 0, y: 0, width: width / 2, height: 120)),
        NSCollectionLayoutGroupCustomItem(
          frame: CGRect(x: width / 2, y: 0, width: width / 2, height: 60),
          zIndex: 2
        ),
      ]
    }
    let configuration = UICollectionViewCompositionalLayoutConfiguration()
    configuration.interSectionSpacing = 20
    let layout = UICollectionViewCompositionalLayout(
      section: NSCollectionLayoutSection(group: group),
      configuration: configuration
    )
    #expect(
      layout.prepare(
        collectionViewSize: CGSize(width: 300, height: 600),
        numberOfItemsInSections: [3, 1]
      )
    )
    #expect(
      layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame
        == CGRect(x: 150, y: 0, width: 150, height: 60)
    )
    #expect(layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.zIndex == 2)
    #expect(layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame.minY == 120)
    #expect(
      layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 1))?.frame.minY
        == CGFloat(240 + 20)
    )
  }

  @Test func aLayoutObjectChangedAfterTheLayoutIsMadeDoesNotChangeIt() {
    let item = NSCollectionLayoutItem(
      layoutSize: NSCollectionLayoutSize(
        widthDimension: .fractionalWidth(1.0),
        heightDimension: .absolute(50)
      )
    )
    let section = NSCollectionLayoutSection(
      group: .vertical(
        layoutSize: NSCollectionLayoutSize(
          widthDimension: .fractionalWidth(1.0),
          heightDimension: .absolute(50)
        ),
        subitems: [item]
      )
    )
    let layout = UICollectionViewCompositionalLayout(section: section)
    section.interGroupSpacing = 100  // UIKit copies the section: no effect
    layout.prepare(
      collectionViewSize: CGSize(width: 320, height: 480),
      numberOfItemsInSections: [2]
    )
    #expect(layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame.minY == 50)
  }

  @Test(arguments: [
    // Down within a section, up within a section, across sections, into an empty one.
    ([0, 0], [0, 2], [["banana", "cherry", "apple"], ["milk", "cheese"], []]),
    ([0, 2], [0, 0], [["cherry", "apple", "banana"], ["milk", "cheese"], []]),
    ([0, 1], [1, 1], [["apple", "cherry"], ["milk", "banana", "cheese"], []]),
    ([1, 0], [2, 0], [["apple", "banana", "cherry"], ["cheese"], ["milk"]]),
  ])
  func theShoppingListReorders(from: [Int], to: [Int], expected: [[String]]) throws {
    let list = ShoppingListController()
    list.moveRow(at: IndexPath(indexes: from), to: IndexPath(indexes: to))
    #expect(list.rows == expected)
    // The engine's own reorder agrees with the seed's code.
    var engine = try Snapshot<Aisle, String>(sections: [
      (.fruit, ["apple", "banana", "cherry"]), (.dairy, ["milk", "cheese"]), (.other, []),
    ])
    try engine.moveItem(
      at: ItemPath(section: from[0], item: from[1]),
      to: ItemPath(section: to[0], item: to[1])
    )
    #expect(engine == list.dataSource.snapshot())
  }

  @Test func indexPathHasUIKitsAdditions() {
    var path = IndexPath(item: 3, section: 1)
    #expect(path.section == 1 && path.item == 3 && path.row == 3)
    path.row = 7
    path.section = 2
    #expect(path == IndexPath(row: 7, section: 2))
    #expect(IndexPath().section == 0 && IndexPath().item == 0)
    #expect(ItemPath(IndexPath(item: 4, section: 5)) == ItemPath(section: 5, item: 4))
    #expect(IndexPath(ItemPath(section: 1, item: 2)) == IndexPath(item: 2, section: 1))
  }
}

@Suite struct PortingGuideTests {
  /// The guide's worked example is the code compiled in these tests, not a copy that can
  /// drift.
  @Test func theGuidesExampleIsTheTestedCode() throws {
    let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    let root = tests.deletingLastPathComponent().deletingLastPathComponent()
    let guide = try String(
      contentsOf: root.appendingPathComponent("Guides/PortingFromUIKit.md"),
      encoding: .utf8
    )
    let declarations = [
      ("NotesLessonTests.swift", "@MainActor final class NotesViewController"),
      ("NotesLessonTests.swift", "extension NotesViewController"),
      ("ShoppingListLessonTests.swift", "class DataSource: UITableViewDiffableDataSource"),
    ]
    for (file, start) in declarations {
      let source = try String(contentsOf: tests.appendingPathComponent(file), encoding: .utf8)
      let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
      guard let first = lines.firstIndex(where: { $0.hasPrefix(start) }),
        let last = lines[first...].firstIndex(where: { $0 == "}" })
      else {
        Issue.record("no \(start) in \(file)")
        continue
      }
      let block = lines[first...last].joined(separator: "\n")
      #expect(guide.contains("```swift\n\(block)\n```"), "the guide's \(start)")
    }
  }
}
