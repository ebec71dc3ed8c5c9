import Testing
import UIKitCompat

/// An extension written against UIKit's generic parameter names, as apps write them.
extension UICollectionViewDiffableDataSource where ItemIdentifierType == String {
  func items(startingWith prefix: String) -> [ItemIdentifierType] {
    snapshot().itemIdentifiers.filter { $0.hasPrefix(prefix) }
  }
}

/// A subclass that overrides what the collection view calls, as apps do.
final class CountingDataSource: UICollectionViewDiffableDataSource<Int, String> {
  var cellsMade = 0

  override func collectionView(
    _ collectionView: UICollectionView,
    cellForItemAt indexPath: IndexPath
  ) -> UICollectionViewCell {
    cellsMade += 1
    return super.collectionView(collectionView, cellForItemAt: indexPath)
  }
}

@MainActor @Suite struct DiffableDataSourceTests {
  func makeView() -> UICollectionView {
    let view = UICollectionView(
      frame: CGRect(x: 0, y: 0, width: 300, height: 1_000),
      collectionViewLayout: rows()
    )
    view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "Cell")
    return view
  }

  func makeDataSource(_ view: UICollectionView) -> CountingDataSource {
    CountingDataSource(collectionView: view) { collectionView, indexPath, name in
      let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "Cell", for: indexPath)
      titleLabel(in: cell).text = name
      return cell
    }
  }

  func shown(_ view: UICollectionView) -> [String?] {
    view.visibleCells.map { titleLabel(in: $0).text }
  }

  func snapshot(_ sections: [(Int, [String])]) -> NSDiffableDataSourceSnapshot<Int, String> {
    var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
    for (section, items) in sections {
      snapshot.appendSections([section])
      snapshot.appendItems(items, toSection: section)
    }
    return snapshot
  }

  @Test func applyingSendsTheDifferenceAsOneBatch() throws {
    let view = makeView()
    let dataSource = makeDataSource(view)
    #expect(view.dataSource === dataSource)
    var completions = 0
    dataSource.apply(snapshot([(0, ["Bulbasaur", "Ivysaur"])])) { completions += 1 }
    #expect(view.recordedUpdates == [.reloadData])  // the view had not loaded: it loads
    #expect(shown(view) == ["Bulbasaur", "Ivysaur"])
    dataSource.apply(
      snapshot([(0, ["Ivysaur", "Venusaur"]), (1, ["Charmander"])]),
      animatingDifferences: false
    ) {
      completions += 1
    }
    var batch = BatchUpdate()
    batch.insertedSections = [1]
    batch.deletedItems = [ItemPath(section: 0, item: 0)]
    batch.insertedItems = [ItemPath(section: 0, item: 1)]
    #expect(view.recordedUpdates.last == .batch(batch, animated: false))
    #expect(shown(view) == ["Ivysaur", "Venusaur", "Charmander"])
    dataSource.apply(dataSource.snapshot())  // the same contents: no update
    #expect(view.recordedUpdates.count == 2 && completions == 2)
    // Bulbasaur and Ivysaur, then only the new Venusaur and Charmander: Ivysaur kept its cell.
    #expect(dataSource.cellsMade == 4)
    #expect(dataSource.items(startingWith: "V") == ["Venusaur"])
  }

  @Test func identifiersAndIndexPaths() {
    let view = makeView()
    let dataSource = makeDataSource(view)
    dataSource.apply(snapshot([(7, ["a", "b"]), (9, ["c"])]))
    #expect(dataSource.itemIdentifier(for: IndexPath(item: 0, section: 1)) == "c")
    #expect(dataSource.itemIdentifier(for: IndexPath(item: 5, section: 1)) == nil)
    #expect(dataSource.indexPath(for: "b") == IndexPath(item: 1, section: 0))
    #expect(dataSource.indexPath(for: "z") == nil)
    #expect(
      dataSource.sectionIdentifier(for: 1) == 9 && dataSource.sectionIdentifier(for: 2) == nil
    )
    #expect(dataSource.index(for: 7) == 0 && dataSource.index(for: 8) == nil)
    #expect(dataSource.snapshot().sectionIdentifiers == [7, 9])
  }

  @Test func theAsyncVariantsAndReloadData() async {
    let view = makeView()
    let dataSource = makeDataSource(view)
    await dataSource.apply(snapshot([(0, ["a"])]))
    #expect(shown(view) == ["a"])  // the view loads, so the next applies are batches
    await dataSource.apply(snapshot([(0, ["a", "b"])]), animatingDifferences: true)
    await dataSource.applySnapshotUsingReloadData(snapshot([(0, ["c"])]))
    #expect(shown(view) == ["c"])
    var outline = NSDiffableDataSourceSectionSnapshot<String>()
    outline.append(["d"])
    await dataSource.apply(outline, to: 1)
    var insertion = BatchUpdate()
    insertion.insertedItems = [ItemPath(section: 0, item: 1)]
    var section = BatchUpdate()
    section.insertedSections = [1]
    #expect(
      view.recordedUpdates == [
        .reloadData, .batch(insertion, animated: true), .reloadData,
        .batch(section, animated: true),
      ]
    )
    #expect(shown(view) == ["c", "d"])
    var reloaded = false
    dataSource.applySnapshotUsingReloadData(snapshot([(0, ["e"])])) { reloaded = true }
    #expect(reloaded && shown(view) == ["e"])
  }

  @Test func sectionSnapshotsExpandAndCollapseThroughTheHandlers() {
    let view = makeView()
    let dataSource = makeDataSource(view)
    var outline = NSDiffableDataSourceSectionSnapshot<String>()
    outline.append(["Fire", "Water"])
    outline.append(["Charmander"], to: "Fire")
    dataSource.apply(outline, to: 0)
    #expect(shown(view) == ["Fire", "Water"])
    var events: [String] = []
    dataSource.sectionSnapshotHandlers.willExpandItem = { events.append("expand \($0)") }
    dataSource.sectionSnapshotHandlers.willCollapseItem = { events.append("collapse \($0)") }
    dataSource.sectionSnapshotHandlers.shouldExpandItem = { $0 != "Grass" }
    dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = { parent, snapshot in
      // Children loaded on demand: Water gets its own on first expansion.
      var snapshot = snapshot
      if parent == "Water" && snapshot.snapshot(of: parent).items.isEmpty {
        snapshot.append(["Squirtle", "Psyduck"], to: parent)
      }
      return snapshot
    }
    #expect(view.simulateOutlineDisclosureTap(at: IndexPath(item: 0, section: 0)))
    #expect(shown(view) == ["Fire", "Charmander", "Water"])
    #expect(view.simulateOutlineDisclosureTap(at: IndexPath(item: 2, section: 0)))
    #expect(shown(view) == ["Fire", "Charmander", "Water", "Squirtle", "Psyduck"])
    #expect(view.simulateOutlineDisclosureTap(at: IndexPath(item: 0, section: 0)))
    #expect(shown(view) == ["Fire", "Water", "Squirtle", "Psyduck"])
    #expect(events == ["expand Fire", "expand Water", "collapse Fire"])
    dataSource.sectionSnapshotHandlers.shouldCollapseItem = { _ in false }
    #expect(!view.simulateOutlineDisclosureTap(at: IndexPath(item: 1, section: 0)))
    #expect(dataSource.snapshot(for: 0).isExpanded("Water"))
    #expect(!view.simulateOutlineDisclosureTap(at: IndexPath(item: 9, section: 0)))
  }

  @Test func aReorderHandsTheTransactionToTheHandlers() throws {
    let view = makeView()
    let dataSource = makeDataSource(view)
    dataSource.apply(snapshot([(0, ["a", "b", "c"]), (1, ["d"])]))
    #expect(!view.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
    var transactions: [NSDiffableDataSourceTransaction<Int, String>] = []
    dataSource.reorderingHandlers.canReorderItem = { $0 != "d" }
    dataSource.reorderingHandlers.willReorder = { transactions.append($0) }
    dataSource.reorderingHandlers.didReorder = { transactions.append($0) }
    #expect(!view.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 1)))
    #expect(view.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
    view.updateInteractiveMovementTargetPosition(CGPoint(x: 10, y: 160))  // over d
    view.endInteractiveMovement()
    #expect(shown(view) == ["b", "c", "a", "d"])
    #expect(transactions.count == 2)
    let transaction = try #require(transactions.last)
    #expect(transaction.initialSnapshot.itemIdentifiers == ["a", "b", "c", "d"])
    #expect(transaction.finalSnapshot.itemIdentifiers == ["b", "c", "a", "d"])
    #expect(["a", "b", "c", "d"].applying(transaction.difference) == ["b", "c", "a", "d"])
    // a went to where d was: the top of section 1.
    #expect(view.numberOfItems(inSection: 1) == 2)
    #expect(transaction.sectionTransactions.map(\.sectionIdentifier) == [0, 1])
    #expect(
      transaction.sectionTransactions.map(\.finalSnapshot.items) == [["b", "c"], ["a", "d"]]
    )
    #expect(
      transaction.sectionTransactions.map(\.initialSnapshot.items) == [["a", "b", "c"], ["d"]]
    )
    // A cancelled movement changes nothing.
    #expect(view.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
    view.cancelInteractiveMovement()
    view.endInteractiveMovement()
    #expect(shown(view) == ["b", "c", "a", "d"])
  }
}
