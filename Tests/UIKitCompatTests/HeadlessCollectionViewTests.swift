import Testing
import UIKitCompat

/// A data source written by hand, over an array of names per section.
@MainActor final class NamesDataSource: UICollectionViewDataSource {
  var sections: [[String]]

  init(_ sections: [[String]]) {
    self.sections = sections
  }

  func numberOfSections(in collectionView: UICollectionView) -> Int { sections.count }

  func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int)
    -> Int
  {
    sections[section].count
  }

  func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
    -> UICollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "Name", for: indexPath)
    let label = cell.contentView.subviews.first as? UILabel ?? UILabel()
    label.text = sections[indexPath.section][indexPath.item]
    cell.contentView.addSubview(label)
    return cell
  }
}

/// The text of a cell made by `NamesDataSource`.
@MainActor func name(_ cell: UICollectionViewCell?) -> String? {
  (cell?.contentView.subviews.first as? UILabel)?.text
}

@MainActor func rows(height: CGFloat = 50) -> UICollectionViewCompositionalLayout {
  let size = NSCollectionLayoutSize(
    widthDimension: .fractionalWidth(1),
    heightDimension: .absolute(height)
  )
  return UICollectionViewCompositionalLayout(
    section: NSCollectionLayoutSection(
      group: .vertical(layoutSize: size, subitems: [NSCollectionLayoutItem(layoutSize: size)])
    )
  )
}

@MainActor @Suite struct HeadlessCollectionViewTests {
  func makeView(_ names: NamesDataSource, height: CGFloat = 120) -> UICollectionView {
    let view = UICollectionView(
      frame: CGRect(x: 0, y: 0, width: 300, height: height),
      collectionViewLayout: rows()
    )
    view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "Name")
    view.dataSource = names
    return view
  }

  @Test func itShowsTheItemsInItsFrame() {
    let names = NamesDataSource([["a", "b", "c", "d", "e"]])
    let view = makeView(names)
    #expect(view.numberOfSections == 1 && view.numberOfItems(inSection: 0) == 5)
    #expect(view.indexPathsForVisibleItems == [[0, 0], [0, 1], [0, 2]])
    #expect(view.visibleCells.map(name) == ["a", "b", "c"])
    #expect(view.layoutAttributesForItem(at: IndexPath(item: 4, section: 0))?.frame.minY == 200)
    #expect(view.contentSize == CGSize(width: 300, height: 250))
    view.contentOffset = CGPoint(x: 0, y: 130)
    #expect(view.visibleCells.map(name) == ["c", "d", "e"])
  }
}

/// A cell that counts its reuses.
final class CountingCell: UICollectionViewCell {
  var reuses = 0

  override func prepareForReuse() {
    super.prepareForReuse()
    reuses += 1
  }
}

@MainActor @Suite struct HeadlessCollectionViewUpdateTests {
  func makeView(_ names: NamesDataSource) -> UICollectionView {
    let view = UICollectionView(
      frame: CGRect(x: 0, y: 0, width: 300, height: 500),
      collectionViewLayout: rows()
    )
    view.register(forCellWithReuseIdentifier: "Name") { CountingCell(frame: .zero) }
    view.dataSource = names
    return view
  }

  @Test func aBatchMovesCellsWithTheirItems() {
    let names = NamesDataSource([["a", "b", "c"], ["d"]])
    let view = makeView(names)
    let cells = view.visibleCells
    #expect(cells.map(name) == ["a", "b", "c", "d"])
    names.sections = [["c", "a", "e"], ["d", "b"]]
    var completed: Bool?
    view.performBatchUpdates({
      view.moveItem(at: IndexPath(item: 2, section: 0), to: IndexPath(item: 0, section: 0))
      view.moveItem(at: IndexPath(item: 1, section: 0), to: IndexPath(item: 1, section: 1))
      view.insertItems(at: [IndexPath(item: 2, section: 0)])
    }) { completed = $0 }
    #expect(completed == true)
    #expect(view.visibleCells.map(name) == ["c", "a", "e", "d", "b"])
    // The moved items kept their cells; the new one got a new cell.
    #expect(view.cellForItem(at: IndexPath(item: 0, section: 0)) === cells[2])
    #expect(view.cellForItem(at: IndexPath(item: 1, section: 1)) === cells[1])
    #expect(view.indexPath(for: cells[0]) == IndexPath(item: 1, section: 0))
    var batch = BatchUpdate()
    batch.insertedItems = [ItemPath(section: 0, item: 2)]
    batch.movedItems = [
      .init(from: ItemPath(section: 0, item: 2), to: ItemPath(section: 0, item: 0)),
      .init(from: ItemPath(section: 0, item: 1), to: ItemPath(section: 1, item: 1)),
    ]
    #expect(view.recordedUpdates.last == .batch(batch, animated: true))
  }

  @Test func sectionsAreInsertedDeletedAndMoved() {
    let names = NamesDataSource([["a"], ["b"], ["c"]])
    let view = makeView(names)
    #expect(view.visibleCells.map(name) == ["a", "b", "c"])
    names.sections = [["c"], ["x", "y"], ["a"]]
    view.performBatchUpdates({
      view.deleteSections([1])
      view.moveSection(2, toSection: 0)
      view.insertSections([1])
    })
    #expect(view.visibleCells.map(name) == ["c", "x", "y", "a"])
    names.sections = [["c"], ["z"], ["a"]]
    view.reloadSections([1])
    #expect(view.visibleCells.map(name) == ["c", "z", "a"])
  }

  @Test func reconfiguringKeepsTheCellAndReloadingReusesOne() throws {
    let names = NamesDataSource([["a", "b"]])
    let view = makeView(names)
    let first = try #require(view.cellForItem(at: IndexPath(item: 0, section: 0)) as? CountingCell)
    names.sections = [["A", "b"]]
    view.reconfigureItems(at: [IndexPath(item: 0, section: 0)])
    #expect(view.cellForItem(at: IndexPath(item: 0, section: 0)) === first)
    #expect(name(first) == "A" && first.reuses == 0)
    names.sections = [["α", "b"]]
    view.reloadItems(at: [IndexPath(item: 0, section: 0)])
    #expect(name(view.cellForItem(at: IndexPath(item: 0, section: 0))) == "α")
    #expect(first.reuses == 1)  // handed out again, through prepareForReuse()
  }

  @Test func cellsThatLeaveTheScreenAreReused() {
    let names = NamesDataSource([(0..<100).map(String.init)])
    let view = makeView(names)
    let onScreen = view.visibleCells
    #expect(onScreen.count == 10)
    view.contentOffset = CGPoint(x: 0, y: 2_000)
    #expect(view.visibleCells.map(name) == (40..<50).map(String.init))
    #expect(onScreen.allSatisfy { ($0 as? CountingCell)?.reuses == 1 })
    #expect(view.indexPathForItem(at: CGPoint(x: 10, y: 2_075)) == IndexPath(item: 41, section: 0))
    #expect(view.subviews.count == 10)
  }

  @Test func aNewLayoutPlacesTheSameCellsAgain() {
    let names = NamesDataSource([["a", "b", "c"]])
    let view = makeView(names)
    #expect(view.cellForItem(at: IndexPath(item: 2, section: 0))?.frame.minY == 100)
    view.setCollectionViewLayout(rows(height: 20), animated: true)
    #expect(view.cellForItem(at: IndexPath(item: 2, section: 0))?.frame.minY == 40)
    #expect(view.collectionViewLayout.collectionView === view)
  }

  @Test func aBatchTheCountsContradictIsReportedAndTheViewReloads() {
    let names = NamesDataSource([["a", "b"]])
    let view = makeView(names)
    #expect(view.numberOfItems(inSection: 0) == 2)
    let outOfRange = messages { view.deleteItems(at: [IndexPath(item: 5, section: 0)]) }
    #expect(
      outOfRange == [
        "attempt to delete item 5 from section 0 which only contains 2 items before the update"
      ]
    )
    names.sections = [["a", "b"], ["c"]]
    let sections = messages { view.performBatchUpdates(nil) }
    #expect(
      sections == [
        "Invalid update: invalid number of sections. The number of sections contained in the "
          + "collection view after the update (2) must be equal to the number of sections "
          + "contained in the collection view before the update (1), plus or minus the number of "
          + "sections inserted or deleted (0 inserted, 0 deleted)."
      ]
    )
    #expect(view.numberOfSections == 2 && view.visibleCells.map(name) == ["a", "b", "c"])
    #expect(view.recordedUpdates.suffix(2) == [.reloadData, .reloadData])
  }

  @Test func theCountsAreReadBeforeTheFirstUpdateAsUIKitDoes() {
    // A view that never laid out reads its counts when the update starts: changing the
    // model first, then inserting, is UIKit's well-known "invalid number of items" crash.
    let names = NamesDataSource([["a"]])
    let view = makeView(names)
    names.sections[0].append("b")
    let reported = messages { view.insertItems(at: [IndexPath(item: 1, section: 0)]) }
    #expect(
      reported == [
        "Invalid update: invalid number of items in section 0. The number of items contained in an "
          + "existing section after the update (2) must be equal to the number of items contained in "
          + "that section before the update (2), plus or minus the number of items inserted or "
          + "deleted from that section (1 inserted, 0 deleted) and plus or minus the number of items "
          + "moved into or out of that section (0 moved in, 0 moved out)."
      ]
    )
    #expect(view.visibleCells.map(name) == ["a", "b"])
  }

  @Test func aCellClassIsReportedUnlessItIsThePlainOne() {
    let view = UICollectionView(frame: .zero, collectionViewLayout: rows())
    let reported = messages {
      view.register(CountingCell.self, forCellWithReuseIdentifier: "Counting")
      view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "Plain")
      view.register(
        TitleSupplementaryView.self,
        forSupplementaryViewOfKind: "badge",
        withReuseIdentifier: "Badge"
      )
    }
    #expect(reported.count == 2)
    #expect(
      reported.first?.hasPrefix("UIKitCompat cannot make CountingCell from its class") == true
    )
    // Plain cells stand in, so that code that goes on still runs.
    let cell = messages {
      _ = view.dequeueReusableCell(withReuseIdentifier: "Counting", for: [0, 0])
    }
    #expect(cell.isEmpty)
    #expect(
      messages { _ = view.dequeueReusableCell(withReuseIdentifier: "Nobody", for: [0, 0]) }.count
        == 1
    )
  }
}
