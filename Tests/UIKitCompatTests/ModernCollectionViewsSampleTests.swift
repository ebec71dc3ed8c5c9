import Testing

// Data-source and layout code in the form of Apple's "Implementing Modern Collection Views"
// sample (ListAppearancesViewController, SectionHeadersFootersViewController,
// SectionDecorationViewController, ReorderableListViewController), compiled with only the
// import changed and run against the headless collection view. Cells are the one thing
// replaced: the sample's cell registrations and content configurations become cells of a
// small class registered with a factory (see Guides/PortingFromUIKit.md).
#if canImport(UIKit)
  import UIKit
#else
  import UIKitCompat
#endif

class TextCell: UICollectionViewCell {
  let label = UILabel()

  override init(frame: CGRect) {
    super.init(frame: frame)
    contentView.addSubview(label)
  }

  required init?(coder: NSCoder) {
    super.init(coder: coder)
  }
}

class TitleSupplementaryView: UICollectionReusableView {
  let label = UILabel()

  override init(frame: CGRect) {
    super.init(frame: frame)
    addSubview(label)
  }

  required init?(coder: NSCoder) {
    super.init(coder: coder)
  }
}

class SectionBackgroundDecorationView: UICollectionReusableView {}

/// The text of the cells on screen, section by section.
@MainActor func shownTexts(_ collectionView: UICollectionView) -> [[String]] {
  var texts = Array(repeating: [String](), count: collectionView.numberOfSections)
  for indexPath in collectionView.indexPathsForVisibleItems {
    let cell = collectionView.cellForItem(at: indexPath) as? TextCell
    texts[indexPath.section].append(cell?.label.text ?? "?")
  }
  return texts
}

// MARK: List appearances

@MainActor final class ListAppearancesController {
  struct Item: Hashable, Sendable {
    let title: String?
    private let identifier = UUID()

    init(title: String?) {
      self.title = title
    }
  }

  let collectionView: UICollectionView
  var dataSource: UICollectionViewDiffableDataSource<Int, Item>?
  var appearance = UICollectionLayoutListConfiguration.Appearance.plain

  init() {
    collectionView = UICollectionView(
      frame: CGRect(x: 0, y: 0, width: 390, height: 844),
      collectionViewLayout: UICollectionViewLayout()
    )
    collectionView.collectionViewLayout = createLayout()
  }

  func createLayout() -> UICollectionViewLayout {
    return UICollectionViewCompositionalLayout { [unowned self] section, layoutEnvironment in
      var config = UICollectionLayoutListConfiguration(appearance: self.appearance)
      config.headerMode = .firstItemInSection
      return NSCollectionLayoutSection.list(using: config, layoutEnvironment: layoutEnvironment)
    }
  }

  func changeListAppearance() {
    switch appearance {
    case .plain: appearance = .sidebarPlain
    case .sidebarPlain: appearance = .sidebar
    case .sidebar: appearance = .grouped
    case .grouped: appearance = .insetGrouped
    case .insetGrouped: appearance = .plain
    }
    dataSource?.apply(dataSource?.snapshot() ?? .init(), animatingDifferences: false)
  }

  func configureDataSource() {
    collectionView.register(forCellWithReuseIdentifier: "list") { TextCell(frame: .zero) }
    dataSource = UICollectionViewDiffableDataSource<Int, Item>(collectionView: collectionView) {
      [unowned self] (collectionView, indexPath, item) -> UICollectionViewCell? in
      let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "list", for: indexPath)
      let isHeader = indexPath.item == 0
      let grouped = self.appearance == .grouped || self.appearance == .insetGrouped
      (cell as? TextCell)?.label.text =
        isHeader && grouped ? item.title?.localizedUppercase : item.title
      return cell
    }

    // initial data
    var snapshot = NSDiffableDataSourceSnapshot<Int, Item>()
    let sections = Array(0..<5)
    snapshot.appendSections(sections)
    dataSource?.apply(snapshot, animatingDifferences: false)
    for section in sections {
      var sectionSnapshot = NSDiffableDataSourceSectionSnapshot<Item>()
      let headerItem = Item(title: "Section \(section)")
      sectionSnapshot.append([headerItem])
      let items = Array(0..<3).map { Item(title: "Item \($0)") }
      sectionSnapshot.append(items, to: headerItem)
      sectionSnapshot.expand([headerItem])
      dataSource?.apply(sectionSnapshot, to: section)
    }
  }
}

// MARK: Section headers and footers

@MainActor final class SectionHeadersFootersController {
  static let sectionHeaderElementKind = "section-header-element-kind"
  static let sectionFooterElementKind = "section-footer-element-kind"

  let collectionView: UICollectionView
  var dataSource: UICollectionViewDiffableDataSource<Int, Int>?

  init() {
    collectionView = UICollectionView(
      frame: CGRect(x: 0, y: 0, width: 390, height: 844),
      collectionViewLayout: Self.createLayout()
    )
  }

  static func createLayout() -> UICollectionViewLayout {
    let itemSize = NSCollectionLayoutSize(
      widthDimension: .fractionalWidth(1.0),
      heightDimension: .fractionalHeight(1.0)
    )
    let item = NSCollectionLayoutItem(layoutSize: itemSize)
    let groupSize = NSCollectionLayoutSize(
      widthDimension: .fractionalWidth(1.0),
      heightDimension: .absolute(44)
    )
    let group = NSCollectionLayoutGroup.horizontal(layoutSize: groupSize, subitems: [item])
    let section = NSCollectionLayoutSection(group: group)
    section.interGroupSpacing = 5
    section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 10, bottom: 0, trailing: 10)
    let headerFooterSize = NSCollectionLayoutSize(
      widthDimension: .fractionalWidth(1.0),
      heightDimension: .estimated(44)
    )
    let sectionHeader = NSCollectionLayoutBoundarySupplementaryItem(
      layoutSize: headerFooterSize,
      elementKind: sectionHeaderElementKind,
      alignment: .top
    )
    let sectionFooter = NSCollectionLayoutBoundarySupplementaryItem(
      layoutSize: headerFooterSize,
      elementKind: sectionFooterElementKind,
      alignment: .bottom
    )
    section.boundarySupplementaryItems = [sectionHeader, sectionFooter]
    return UICollectionViewCompositionalLayout(section: section)
  }

  func configureDataSource() {
    collectionView.register(forCellWithReuseIdentifier: "cell") { TextCell(frame: .zero) }
    for kind in [Self.sectionHeaderElementKind, Self.sectionFooterElementKind] {
      collectionView.register(forSupplementaryViewOfKind: kind, withReuseIdentifier: "title") {
        TitleSupplementaryView(frame: .zero)
      }
    }
    dataSource = UICollectionViewDiffableDataSource<Int, Int>(collectionView: collectionView) {
      (collectionView: UICollectionView, indexPath: IndexPath, identifier: Int)
        -> UICollectionViewCell? in
      let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
      (cell as? TextCell)?.label.text = "\(indexPath.section),\(indexPath.item)"
      return cell
    }
    dataSource?.supplementaryViewProvider = { (view, kind, index) in
      let supplementaryView = view.dequeueReusableSupplementaryView(
        ofKind: kind,
        withReuseIdentifier: "title",
        for: index
      )
      (supplementaryView as? TitleSupplementaryView)?.label.text =
        "\(kind) for section \(index.section)"
      return supplementaryView
    }

    // initial data
    let itemsPerSection = 5
    let sections = Array(0..<5)
    var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
    var itemOffset = 0
    sections.forEach {
      snapshot.appendSections([$0])
      snapshot.appendItems(Array(itemOffset..<itemOffset + itemsPerSection))
      itemOffset += itemsPerSection
    }
    dataSource?.apply(snapshot, animatingDifferences: false)
  }
}

// MARK: Section decoration

@MainActor final class SectionDecorationController {
  static let sectionBackgroundDecorationElementKind = "section-background-element-kind"

  let collectionView: UICollectionView
  var dataSource: UICollectionViewDiffableDataSource<Int, Int>?

  init(registersDecoration: Bool = true) {
    collectionView = UICollectionView(
      frame: CGRect(x: 0, y: 0, width: 390, height: 844),
      collectionViewLayout: Self.createLayout(registersDecoration: registersDecoration)
    )
  }

  static func createLayout(registersDecoration: Bool) -> UICollectionViewLayout {
    let itemSize = NSCollectionLayoutSize(
      widthDimension: .fractionalWidth(1.0),
      heightDimension: .fractionalHeight(1.0)
    )
    let item = NSCollectionLayoutItem(layoutSize: itemSize)
    let groupSize = NSCollectionLayoutSize(
      widthDimension: .fractionalWidth(1.0),
      heightDimension: .absolute(44)
    )
    let group = NSCollectionLayoutGroup.horizontal(layoutSize: groupSize, subitems: [item])
    let section = NSCollectionLayoutSection(group: group)
    section.interGroupSpacing = 5
    section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
    let sectionBackgroundDecoration = NSCollectionLayoutDecorationItem.background(
      elementKind: sectionBackgroundDecorationElementKind
    )
    sectionBackgroundDecoration.contentInsets = NSDirectionalEdgeInsets(
      top: 5,
      leading: 5,
      bottom: 5,
      trailing: 5
    )
    section.decorationItems = [sectionBackgroundDecoration]
    let layout = UICollectionViewCompositionalLayout(section: section)
    if registersDecoration {
      layout.register(
        SectionBackgroundDecorationView.self,
        forDecorationViewOfKind: sectionBackgroundDecorationElementKind
      )
    }
    return layout
  }

  func configureDataSource() {
    collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
    dataSource = UICollectionViewDiffableDataSource<Int, Int>(collectionView: collectionView) {
      (collectionView: UICollectionView, indexPath: IndexPath, identifier: Int)
        -> UICollectionViewCell? in
      return collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    }
    var currentSnapshot = NSDiffableDataSourceSnapshot<Int, Int>()
    var itemOffset = 0
    for section in 0..<5 {
      currentSnapshot.appendSections([section])
      currentSnapshot.appendItems(Array(itemOffset..<itemOffset + 5))
      itemOffset += 5
    }
    dataSource?.apply(currentSnapshot, animatingDifferences: false)
  }
}

// MARK: Reorderable list

@MainActor final class ReorderableListController {
  enum Section: String, CaseIterable, Hashable, Sendable {
    case fruit, vegetables
  }

  struct Item: Hashable, Sendable {
    let title: String
    private let identifier = UUID()

    init(title: String) {
      self.title = title
    }
  }

  enum ReorderingMethod {
    case finalSnapshot, collectionDifference
  }

  let collectionView: UICollectionView
  var dataSource: UICollectionViewDiffableDataSource<Section, Item>?
  lazy var backingStore: [Section: [Item]] = initialBackingStore()
  var reorderingMethod = ReorderingMethod.collectionDifference

  init() {
    collectionView = UICollectionView(
      frame: CGRect(x: 0, y: 0, width: 390, height: 844),
      collectionViewLayout: Self.createLayout()
    )
  }

  static func createLayout() -> UICollectionViewLayout {
    let configuration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
    return UICollectionViewCompositionalLayout.list(using: configuration)
  }

  func configureDataSource() {
    collectionView.register(forCellWithReuseIdentifier: "cell") { TextCell(frame: .zero) }
    dataSource = UICollectionViewDiffableDataSource<Section, Item>(collectionView: collectionView) {
      (collectionView, indexPath, item) -> UICollectionViewCell? in
      let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
      (cell as? TextCell)?.label.text = item.title
      return cell
    }
    dataSource?.reorderingHandlers.canReorderItem = { item in return true }
    dataSource?.reorderingHandlers.didReorder = { [weak self] transaction in
      guard let self = self else { return }
      if self.reorderingMethod == .collectionDifference {
        for sectionTransaction in transaction.sectionTransactions {
          let sectionIdentifier = sectionTransaction.sectionIdentifier
          if let previousSectionItems = self.backingStore[sectionIdentifier],
            let updatedSectionItems = previousSectionItems.applying(sectionTransaction.difference)
          {
            self.backingStore[sectionIdentifier] = updatedSectionItems
          }
        }
      } else if self.reorderingMethod == .finalSnapshot {
        for sectionTransaction in transaction.sectionTransactions {
          let sectionIdentifier = sectionTransaction.sectionIdentifier
          self.backingStore[sectionIdentifier] = sectionTransaction.finalSnapshot.items
        }
      }
    }
  }

  func initialBackingStore() -> [Section: [Item]] {
    [
      .fruit: ["Apple", "Banana", "Cherry"].map(Item.init),
      .vegetables: ["Kale", "Leek"].map(Item.init),
    ]
  }

  func applySnapshotsFromBackingStore(animated: Bool = false) {
    for section in Section.allCases {
      var sectionSnapshot = NSDiffableDataSourceSectionSnapshot<Item>()
      sectionSnapshot.append(backingStore[section] ?? [])
      dataSource?.apply(sectionSnapshot, to: section, animatingDifferences: animated)
    }
  }
}

@MainActor @Suite struct ModernCollectionViewsSampleTests {
  @Test func listAppearancesShowOutlineSectionsInEachAppearance() throws {
    let controller = ListAppearancesController()
    controller.configureDataSource()
    let collectionView = controller.collectionView
    let expected = (0..<5).map { ["Section \($0)", "Item 0", "Item 1", "Item 2"] }
    collectionView.frame.size.height = 2_000
    #expect(shownTexts(collectionView) == expected)
    #expect(
      collectionView.layoutAttributesForItem(at: IndexPath(item: 1, section: 2))?.frame
        == CGRect(x: 0, y: 2 * 4 * 44 + 44, width: 390, height: 44)
    )
    // plain -> sidebar plain -> sidebar -> grouped -> inset grouped.
    var frames: [CGRect?] = []
    for _ in 0..<4 {
      controller.changeListAppearance()
      // iOS 15 and later apply an unchanged snapshot as no change: the layout shows the new
      // appearance when it is next invalidated.
      collectionView.collectionViewLayout.invalidateLayout()
      frames.append(
        collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 1))?.frame
      )
    }
    #expect(
      frames == [
        CGRect(x: 0, y: 176, width: 390, height: 44),  // sidebar plain: edge to edge
        CGRect(x: 16, y: 176, width: 358, height: 44),  // sidebar: inset by the margins
        CGRect(x: 0, y: 35 + 176 + 35, width: 390, height: 44),  // grouped: 35 above each group
        CGRect(x: 16, y: 35 + 176 + 35, width: 358, height: 44),  // inset grouped
      ]
    )
    // Collapsing a section's header item hides its items.
    #expect(collectionView.simulateOutlineDisclosureTap(at: IndexPath(item: 0, section: 0)))
    #expect(collectionView.numberOfItems(inSection: 0) == 1)
    #expect(controller.dataSource?.snapshot(for: 0).visibleItems.map(\.title) == ["Section 0"])
  }

  @Test func headersAndFootersComeFromTheSupplementaryViewProvider() throws {
    let controller = SectionHeadersFootersController()
    controller.configureDataSource()
    let collectionView = controller.collectionView
    #expect(shownTexts(collectionView)[0] == ["0,0", "0,1", "0,2", "0,3", "0,4"])
    let headers = collectionView.visibleSupplementaryViews(
      ofKind: SectionHeadersFootersController.sectionHeaderElementKind
    )
    #expect(
      (headers.first as? TitleSupplementaryView)?.label.text
        == "section-header-element-kind for section 0"
    )
    #expect(headers.first?.frame == CGRect(x: 10, y: 0, width: 370, height: 44))
    let footer = collectionView.supplementaryView(
      forElementKind: SectionHeadersFootersController.sectionFooterElementKind,
      at: IndexPath(item: 0, section: 0)
    )
    // 44 header + 5 rows of 44 + 4 gaps of 5.
    #expect(footer?.frame == CGRect(x: 10, y: 44 + 5 * 44 + 4 * 5, width: 370, height: 44))
    #expect(
      collectionView.cellForItem(at: IndexPath(item: 1, section: 0))?.frame
        == CGRect(x: 10, y: 44 + 44 + 5, width: 370, height: 44)
    )
  }

  @Test func sectionBackgroundsAreShownForTheRegisteredKind() throws {
    let controller = SectionDecorationController()
    controller.configureDataSource()
    let collectionView = controller.collectionView
    let kind = SectionDecorationController.sectionBackgroundDecorationElementKind
    let backgrounds = collectionView.subviews.compactMap { $0 as? UICollectionReusableView }
      .filter { $0.reuseIdentifier == kind }
    // 5 rows of 44 with 4 gaps of 5, in 10-point insets: 260 points per section.
    #expect(backgrounds.count == 4)  // sections 0 to 3 meet the 844-point frame
    #expect(
      backgrounds.map(\.frame).min { $0.minY < $1.minY }
        == CGRect(x: 5, y: 5, width: 380, height: 250)
    )
    #expect(
      collectionView.collectionViewLayout.layoutAttributesForDecorationView(
        ofKind: kind,
        at: IndexPath(item: 0, section: 1)
      )?.frame == CGRect(x: 5, y: 265, width: 380, height: 250)
    )
  }

  @Test func anUnregisteredDecorationKindIsReported() {
    let controller = SectionDecorationController(registersDecoration: false)
    controller.configureDataSource()
    let reported = messages { controller.collectionView.layoutIfNeeded() }
    #expect(
      reported == [
        "could not dequeue a view of kind: section-background-element-kind with identifier "
          + "section-background-element-kind - must register a nib or a class for the identifier "
          + "or connect a prototype cell in a storyboard"
      ]
    )
  }

  @Test(arguments: [
    ReorderableListController.ReorderingMethod.collectionDifference, .finalSnapshot,
  ])
  func aReorderUpdatesTheBackingStore(
    _ method: ReorderableListController.ReorderingMethod
  ) throws {
    let controller = ReorderableListController()
    controller.reorderingMethod = method
    controller.configureDataSource()
    controller.applySnapshotsFromBackingStore()
    let collectionView = controller.collectionView
    #expect(shownTexts(collectionView) == [["Apple", "Banana", "Cherry"], ["Kale", "Leek"]])
    // Drag Apple onto Cherry, then Banana into the vegetables, onto Leek.
    for (source, target) in [
      (IndexPath(item: 0, section: 0), IndexPath(item: 2, section: 0)),
      (IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 1)),
    ] {
      #expect(collectionView.beginInteractiveMovementForItem(at: source))
      let frame = try #require(collectionView.layoutAttributesForItem(at: target)?.frame)
      collectionView.updateInteractiveMovementTargetPosition(CGPoint(x: frame.midX, y: frame.midY))
      collectionView.endInteractiveMovement()
    }
    #expect(shownTexts(collectionView) == [["Cherry", "Apple"], ["Kale", "Banana", "Leek"]])
    #expect(controller.backingStore[.fruit]?.map(\.title) == ["Cherry", "Apple"])
    #expect(controller.backingStore[.vegetables]?.map(\.title) == ["Kale", "Banana", "Leek"])
    // The store is the source of truth again: applying it shows the same.
    controller.applySnapshotsFromBackingStore()
    #expect(shownTexts(collectionView) == [["Cherry", "Apple"], ["Kale", "Banana", "Leek"]])
  }
}
