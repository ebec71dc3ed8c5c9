import Testing
import UIKitCompat

/// Runs `body` with a recording failure handler and returns the messages it recorded.
func messages(_ body: () -> Void) -> [String] {
  let recorder = UIKitCompatFailure.Recorder()
  UIKitCompatFailure.$handler.withValue(recorder.record) { body() }
  return recorder.messages
}

@Suite struct SnapshotFailureTests {
  typealias TestSnapshot = NSDiffableDataSourceSnapshot<String, Int>

  struct Misuse: Sendable, CustomTestStringConvertible {
    var name: String
    var misuse: @Sendable (inout TestSnapshot) -> Void
    var message: String

    init(
      _ name: String,
      _ misuse: @escaping @Sendable (inout TestSnapshot) -> Void,
      _ message: String
    ) {
      self.name = name
      self.misuse = misuse
      self.message = message
    }

    var testDescription: String { name }
  }

  static let misuses: [Misuse] = [

    Misuse(
      "appendItems with no section",
      { $0.appendItems([9]) },
      "There are currently no sections in the data source. Please add a section first."
    ),
    Misuse(
      "duplicate item",
      {
        $0.appendSections(["A"]); $0.appendItems([1, 1])
      },
      "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(1)}"
    ),
    Misuse(
      "duplicate section",
      {
        $0.appendSections(["A"]); $0.appendSections(["A"])
      },
      "Diffable data source detected an attempt to insert or append 1 section identifier that "
        + "already exists in the snapshot. Identifiers in a snapshot must be unique. Duplicate identifier: A"
    ),
    Misuse(
      "reload a missing item",
      { $0.reloadItems([7]) },
      "Attempted to reload item identifier that does not exist in the snapshot: 7"
    ),
    Misuse(
      "reconfigure a missing item",
      { $0.reconfigureItems([7]) },
      "Attempted to reconfigure item identifier that does not exist in the snapshot: 7"
    ),
    Misuse(
      "reload a missing section",
      { $0.reloadSections(["Z"]) },
      "Attempted to reload section identifier that does not exist in the snapshot: Z"
    ),
    Misuse(
      "move an item after itself",
      {
        $0.appendSections(["A"]); $0.appendItems([1]); $0.moveItem(1, afterItem: 1)
      },
      "Invalid update: destination for item move is the same as the source"
    ),
    Misuse(
      "move a section before itself",
      {
        $0.appendSections(["A"]); $0.moveSection("A", beforeSection: "A")
      },
      "Invalid update: destination for section move is the same as the source"
    ),
    Misuse(
      "insert before a missing item",
      {
        $0.appendSections(["A"]); $0.insertItems([2], beforeItem: 5)
      },
      "Invalid item identifier specified: 5. It is not in the snapshot."
    ),
    Misuse(
      "items of a missing section",
      { _ = $0.itemIdentifiers(inSection: "Q") },
      "Invalid section identifier specified: Q. Section identifier was not found. You can verify "
        + "the section exists by calling the indexOfSectionIdentifier API (which has O(1) performance)."
    ),
  ]

  /// Each misuse UIKit raises an exception for: UIKit's message, and no change.
  @Test(arguments: misuses)
  func aMisuseIsReportedWithUIKitsMessage(_ misuse: Misuse) {
    var snapshot = TestSnapshot()
    let reported = messages { misuse.misuse(&snapshot) }
    #expect(reported == [misuse.message])
  }

  @Test func aFailedChangeLeavesTheSnapshotAsItWas() {
    var snapshot = TestSnapshot()
    snapshot.appendSections(["A", "B"])
    snapshot.appendItems([1, 2], toSection: "A")
    let before = snapshot
    let reported = messages {
      snapshot.appendItems([3, 2], toSection: "B")  // 2 is in A
      snapshot.moveItem(1, beforeItem: 99)
      snapshot.insertSections(["C"], afterSection: "nowhere")
    }
    #expect(reported.count == 3)
    #expect(snapshot == before)
    #expect(snapshot.numberOfItems(inSection: "B") == 0)
    // What UIKit ignores is ignored here too.
    snapshot.deleteItems([42])
    snapshot.deleteSections(["nowhere"])
    #expect(snapshot == before)
  }

  @Test func theSnapshotAPIReadsLikeUIKits() {
    var snapshot = TestSnapshot()
    snapshot.appendSections(["A", "C"])
    snapshot.insertSections(["B"], beforeSection: "C")
    snapshot.appendItems([1, 2])  // the last section
    snapshot.appendItems([3], toSection: "A")
    snapshot.insertItems([0], beforeItem: 3)
    snapshot.insertItems([4], afterItem: 3)
    snapshot.moveItem(2, beforeItem: 0)
    snapshot.moveSection("C", afterSection: "B")
    snapshot.reloadItems([1])
    snapshot.reconfigureItems([3])
    snapshot.reloadSections(["B"])
    #expect(snapshot.sectionIdentifiers == ["A", "B", "C"])
    #expect(snapshot.itemIdentifiers == [2, 0, 3, 4, 1])
    #expect(snapshot.numberOfItems == 5 && snapshot.numberOfSections == 3)
    #expect(snapshot.indexOfItem(1) == 4 && snapshot.indexOfSection("C") == 2)
    #expect(snapshot.sectionIdentifier(containingItem: 1) == "C")
    #expect(snapshot.reloadedItemIdentifiers == [1] && snapshot.reconfiguredItemIdentifiers == [3])
    #expect(snapshot.reloadedSectionIdentifiers == ["B"])
    snapshot.deleteAllItems()
    #expect(snapshot.numberOfSections == 0)  // as UIKit: the sections go too
  }

  @Test func sectionSnapshotMisusesAreReported() {
    var outline = NSDiffableDataSourceSectionSnapshot<String>()
    outline.append(["Fire"])
    outline.append(["Charmander", "Vulpix"], to: "Fire")
    let before = outline
    let reported = messages {
      outline.append(["Vulpix"])
      outline.append(["Ponyta"], to: "Water")
      _ = outline.snapshot(of: "Water")
    }
    #expect(
      reported == [
        "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(Vulpix)}",
        "Invalid item identifier specified: Water. It is not in the section snapshot.",
        "Invalid item identifier specified: Water. It is not in the section snapshot.",
      ]
    )
    #expect(outline == before)
    #expect(outline.visibleItems == ["Fire"])
    outline.expand(["Fire"])
    #expect(outline.visibleItems == ["Fire", "Charmander", "Vulpix"])
    #expect(outline.level(of: "Vulpix") == 1 && outline.level(of: "Water") == -1)
    #expect(outline.parent(of: "Vulpix") == "Fire")
    #expect(outline.snapshot(of: "Fire").items == ["Charmander", "Vulpix"])
  }

  /// With no handler, a misuse stops the process with UIKit's message, as iOS does.
  @Test func theDefaultHandlerStopsWithTheMessage() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
      snapshot.appendItems([1])
    }
    let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(stderr.contains("Please add a section first."))
  }
}

@MainActor @Suite struct LayoutFailureTests {
  func listSection() -> NSCollectionLayoutSection {
    let size = NSCollectionLayoutSize(
      widthDimension: .fractionalWidth(1),
      heightDimension: .absolute(40)
    )
    return NSCollectionLayoutSection(
      group: .vertical(layoutSize: size, subitems: [NSCollectionLayoutItem(layoutSize: size)])
    )
  }

  @Test func aMissingSectionDefinitionIsReportedAndTheLastLayoutKept() {
    var sections = 1
    let layout = UICollectionViewCompositionalLayout { index, _ in
      index < sections ? self.listSection() : nil
    }
    #expect(
      layout.prepare(
        collectionViewSize: CGSize(width: 100, height: 100),
        numberOfItemsInSections: [3]
      )
    )
    sections = 0
    var prepared = true
    let reported = messages {
      prepared = layout.prepare(
        collectionViewSize: CGSize(width: 100, height: 100),
        numberOfItemsInSections: [3]
      )
    }
    #expect(!prepared)
    #expect(
      reported == [
        "Invalid section definition. Please specify a valid section definition when content is to "
          + "be rendered for a section. This is a client error. (section 0)"
      ]
    )
    #expect(layout.collectionViewContentSize == CGSize(width: 100, height: 120))
  }

  @Test func aBoundaryItemWithoutAlignmentIsReported() {
    let section = listSection()
    section.boundarySupplementaryItems = [
      NSCollectionLayoutBoundarySupplementaryItem(
        layoutSize: NSCollectionLayoutSize(
          widthDimension: .fractionalWidth(1),
          heightDimension: .absolute(20)
        ),
        elementKind: "header",
        alignment: .none
      )
    ]
    var prepared = true
    let reported = messages {
      prepared = UICollectionViewCompositionalLayout(section: section)
        .prepare(collectionViewSize: CGSize(width: 100, height: 100), numberOfItemsInSections: [1])
    }
    #expect(!prepared)
    #expect(reported.count == 1 && reported.first?.contains("NSRectAlignmentNone") == true)
  }

  @Test func anInvalidContainerIsReportedWithTheEnginesMessage() {
    let layout = UICollectionViewCompositionalLayout(section: listSection())
    let reported = messages {
      layout.prepare(
        collectionViewSize: CGSize(width: -1, height: 100),
        numberOfItemsInSections: [1]
      )
    }
    #expect(reported.count == 1 && reported.first?.contains("invalid container size") == true)
    #expect(layout.solution == nil)
  }
}

/// Misuse of the data sources and views that UIKit raises an exception for: reported to the
/// handler with UIKit's message, and nothing shown changes.
@MainActor @Suite struct DataSourceFailureTests {
  func makeView() -> UICollectionView {
    let view = UICollectionView(
      frame: CGRect(x: 0, y: 0, width: 300, height: 600),
      collectionViewLayout: rows()
    )
    view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "Cell")
    return view
  }

  @Test func aSnapshotMistakeChangesNothingShown() {
    let view = makeView()
    let dataSource = UICollectionViewDiffableDataSource<String, Int>(collectionView: view) {
      collectionView,
      indexPath,
      _ in
      collectionView.dequeueReusableCell(withReuseIdentifier: "Cell", for: indexPath)
    }
    var snapshot = NSDiffableDataSourceSnapshot<String, Int>()
    snapshot.appendSections(["A", "B"])
    snapshot.appendItems([1, 2], toSection: "A")
    dataSource.apply(snapshot)
    #expect(view.indexPathsForVisibleItems.count == 2)
    let before = view.recordedUpdates
    var edited = dataSource.snapshot()
    var outline = NSDiffableDataSourceSectionSnapshot<Int>()
    outline.append([2, 3])  // 2 is shown in section A
    let reported = messages {
      edited.appendItems([1], toSection: "B")  // already in A
      edited.moveItem(2, afterItem: 99)
      dataSource.apply(edited)
      dataSource.apply(outline, to: "B")
    }
    #expect(
      reported == [
        "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(1)}",
        "Invalid item identifier specified: 99. It is not in the snapshot.",
        "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(2)}",
      ]
    )
    #expect(dataSource.snapshot() == snapshot)
    #expect(view.recordedUpdates == before && view.indexPathsForVisibleItems.count == 2)
  }

  @Test func aNilCellOrSupplementaryViewIsReported() {
    let view = UICollectionView(
      frame: CGRect(x: 0, y: 0, width: 300, height: 600),
      collectionViewLayout: UICollectionViewCompositionalLayout.list(
        using: {
          var configuration = UICollectionLayoutListConfiguration(appearance: .plain)
          configuration.headerMode = .supplementary
          return configuration
        }()
      )
    )
    let dataSource = UICollectionViewDiffableDataSource<Int, Int>(collectionView: view) { _, _, _ in
      nil
    }
    var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
    snapshot.appendSections([0])
    snapshot.appendItems([1])
    dataSource.apply(snapshot)
    let reported = messages { view.layoutIfNeeded() }
    #expect(reported.count == 2)
    #expect(
      reported.first
        == "UICollectionViewDiffableDataSource returned a nil cell for item at index path: [0, 0]"
    )
    #expect(
      reported.last?.hasPrefix(
        "the view returned from -collectionView:viewForSupplementaryElementOfKind:atIndexPath: "
          + "(UICollectionElementKindSectionHeader, [0, 0])"
      ) == true
    )
  }

  @Test func aHandWrittenDataSourceWithoutSupplementaryViewsIsReported() {
    let view = UICollectionView(
      frame: CGRect(x: 0, y: 0, width: 300, height: 600),
      collectionViewLayout: UICollectionViewCompositionalLayout.list(
        using: {
          var configuration = UICollectionLayoutListConfiguration(appearance: .plain)
          configuration.footerMode = .supplementary
          return configuration
        }()
      )
    )
    view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "Name")
    let names = NamesDataSource([["a"]])
    view.dataSource = names
    let reported = messages { view.layoutIfNeeded() }
    #expect(
      reported == [
        "the data source does not implement collectionView(_:viewForSupplementaryElementOfKind:at:), "
          + "but the layout has a supplementary view of kind UICollectionElementKindSectionFooter "
          + "at [0, 0]"
      ]
    )
    #expect(view.visibleCells.map(name) == ["a"])
  }

  @Test func theTableDataSourceEditsAndMovesOnlyWhatASubclassAllows() {
    let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 400), style: .plain)
    table.register(UITableViewCell.self, forCellReuseIdentifier: "Row")
    let dataSource = UITableViewDiffableDataSource<Int, String>(tableView: table) {
      tableView,
      indexPath,
      name in
      let cell = tableView.dequeueReusableCell(withIdentifier: "Row", for: indexPath)
      cell.textLabel?.text = name
      return cell
    }
    var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
    snapshot.appendSections([0])
    snapshot.appendItems(["a", "b", "c"])
    dataSource.apply(snapshot)
    table.setEditing(true, animated: false)
    #expect(!table.simulateCommit(.delete, forRowAt: IndexPath(row: 0, section: 0)))
    #expect(
      !table.simulateMoveRow(at: IndexPath(row: 0, section: 0), to: IndexPath(row: 2, section: 0))
    )
    #expect(dataSource.tableView(table, titleForHeaderInSection: 0) == nil)
    // The base implementation of the move keeps the data source's snapshot with the rows.
    dataSource.tableView(
      table,
      moveRowAt: IndexPath(row: 0, section: 0),
      to: IndexPath(row: 2, section: 0)
    )
    #expect(dataSource.snapshot().itemIdentifiers == ["b", "c", "a"])
    #expect(shownRows(table) == [["b", "c", "a"]])
    let reported = messages {
      dataSource.tableView(
        table,
        moveRowAt: IndexPath(row: 7, section: 0),
        to: IndexPath(row: 0, section: 0)
      )
    }
    #expect(reported.count == 1 && dataSource.snapshot().itemIdentifiers == ["b", "c", "a"])
  }
}
