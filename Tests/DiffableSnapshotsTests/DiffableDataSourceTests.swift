import DiffableSnapshots
import PokedexTestSupport
import Testing

/// A view that keeps the rows it shows the way a collection view does: by replaying each
/// batch on what it showed before, reading only inserted rows from the data source.
final class ReplayingHost: DataSourceHost {
  typealias Cell = String

  weak var dataSource: DiffableDataSource<String, Int, ReplayingHost>?
  var shown: [[Int]] = []
  var batches: [BatchUpdate] = []
  var animated: [Bool] = []
  var reloads = 0
  /// Batches whose replay did not give the data source's contents.
  var mismatches: [String] = []

  func performBatchUpdates(_ update: BatchUpdate, animated: Bool) {
    batches.append(update)
    self.animated.append(animated)
    guard let dataSource else { return }
    let replayed = update.applied(
      to: shown,
      itemCount: { dataSource.numberOfItems(inSection: $0) },
      value: { dataSource.itemIdentifier(for: $0) ?? -1 }
    )
    let expected = contents(of: dataSource)
    if replayed != expected {
      mismatches.append(
        "\(shown) + \(update) gave \(String(describing: replayed)), not \(expected)"
      )
    }
    shown = expected
  }

  func reloadData() {
    reloads += 1
    if let dataSource { shown = contents(of: dataSource) }
  }

  func contents(of dataSource: DiffableDataSource<String, Int, ReplayingHost>) -> [[Int]] {
    (0..<dataSource.numberOfSections).map { section in
      (0..<dataSource.numberOfItems(inSection: section)).compactMap {
        dataSource.itemIdentifier(for: ItemPath(section: section, item: $0))
      }
    }
  }
}

func makeDataSource(_ host: ReplayingHost) -> DiffableDataSource<String, Int, ReplayingHost> {
  let dataSource = DiffableDataSource<String, Int, ReplayingHost>(host: host) { _, path, id in
    "\(path): #\(id)"
  }
  host.dataSource = dataSource
  return dataSource
}

@Suite struct DiffableDataSourceTests {
  @Test func firstApplyInsertsTheSectionsAndTheHostReadsThemBack() throws {
    let host = ReplayingHost()
    let dataSource = makeDataSource(host)
    dataSource.apply(try makeSnapshot([("Kanto", [1, 4, 7]), ("Johto", [152])]))
    #expect(host.batches.map(\.insertedSections) == [[0, 1]])
    #expect(host.shown == [[1, 4, 7], [152]])
    #expect(dataSource.itemIdentifier(for: ItemPath(section: 0, item: 1)) == 4)
    #expect(dataSource.indexPath(for: 152) == ItemPath(section: 1, item: 0))
    #expect(dataSource.sectionIdentifier(for: 1) == "Johto")
    #expect(dataSource.index(for: "Kanto") == 0)
    #expect(dataSource.cell(at: ItemPath(section: 1, item: 0)) == "[1, 0]: #152")
    #expect(dataSource.cell(at: ItemPath(section: 2, item: 0)) == nil)
    #expect(dataSource.itemIdentifier(for: ItemPath(section: 0, item: 3)) == nil)
    #expect(dataSource.numberOfItems(inSection: 9) == 0)
  }

  /// The held-out-style cases of the diff tests, through a host: each batch replays.
  @Test(arguments: [
    ([("A", [1, 2, 3])], [("A", [3, 1, 2, 4])]),
    ([("A", [1, 2]), ("B", [3, 4]), ("C", [6])], [("C", [6]), ("B", [3, 1]), ("N", [2, 5])]),
    ([("A", [1, 2])], [("A", [1]), ("N", [2])]),
    ([("A", [1, 2, 3]), ("B", [4])], [("A", [1, 3]), ("B", [2, 4])]),
    ([("A", [1, 2, 3, 4, 5])], [("A", [5, 4, 3, 2, 1])]),
    ([("A", [1]), ("B", [2])], []),
  ])
  func batchesReplayOnTheOldContents(old: [(String, [Int])], new: [(String, [Int])]) throws {
    let host = ReplayingHost()
    let dataSource = makeDataSource(host)
    dataSource.apply(try makeSnapshot(old), animatingDifferences: false)
    dataSource.apply(try makeSnapshot(new))
    #expect(host.mismatches == [])
    #expect(host.shown == new.map(\.1))
    #expect(host.batches.count == 2)
    #expect(host.animated == [false, true])
  }

  @Test func aMoveInOneSectionIsOneMoveAtOldAndNewPaths() throws {
    let host = ReplayingHost()
    let dataSource = makeDataSource(host)
    dataSource.apply(try makeSnapshot([("A", [1, 2, 3])]))
    dataSource.apply(try makeSnapshot([("A", [3, 1, 2])]))
    let batch = try #require(host.batches.last)
    #expect(
      batch.movedItems == [
        .init(from: ItemPath(section: 0, item: 2), to: ItemPath(section: 0, item: 0))
      ]
    )
    #expect(batch.insertedItems.isEmpty && batch.deletedItems.isEmpty)
    #expect(batch.description == "move items [0, 2]->[0, 0]")
  }

  /// Random pairs of snapshots: every batch the host gets replays to the new contents.
  @Test(arguments: [UInt64(11), 12, 13])
  func randomBatchesReplay(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let host = ReplayingHost()
    let dataSource = makeDataSource(host)
    for _ in 0..<300 {
      let next =
        Bool.random(using: &random)
        ? try randomEdit(of: dataSource.snapshot(), using: &random)
        : try makeSnapshot(randomLayout(using: &random, sectionPool: 4, itemPool: 25))
      dataSource.apply(next)
      #expect(host.shown == host.contents(of: dataSource))
    }
    #expect(host.mismatches == [])
    #expect(host.batches.count > 200)
  }

  @Test func marksBecomeReloadsAndReconfiguresAndAreConsumed() throws {
    let host = ReplayingHost()
    let dataSource = makeDataSource(host)
    dataSource.apply(try makeSnapshot([("A", [1, 2, 3]), ("B", [4])]))
    var next = dataSource.snapshot()
    try next.reloadItems([2])
    try next.reconfigureItems([3])
    try next.reloadSections(["B"])
    try next.moveItem(3, beforeItem: 1)
    dataSource.apply(next)
    let batch = try #require(host.batches.last)
    #expect(batch.reloadedItems == [ItemPath(section: 0, item: 1)])  // old path of 2
    #expect(batch.reconfiguredItems == [ItemPath(section: 0, item: 0)])  // new path of 3
    #expect(batch.reloadedSections == [1])
    #expect(dataSource.snapshot().reloadedItemIdentifiers.isEmpty)
    #expect(dataSource.snapshot().reconfiguredItemIdentifiers.isEmpty)
    #expect(dataSource.snapshot().reloadedSectionIdentifiers.isEmpty)
    #expect(host.mismatches == [])
  }

  @Test func anUnchangedSnapshotSendsNothingButStillCompletes() throws {
    let host = ReplayingHost()
    let dataSource = makeDataSource(host)
    let snapshot = try makeSnapshot([("A", [1])])
    dataSource.apply(snapshot)
    var completed = 0
    dataSource.apply(snapshot) { completed += 1 }
    #expect(host.batches.count == 1)
    #expect(completed == 1)
  }

  @Test func reloadDataSkipsTheDiff() throws {
    let host = ReplayingHost()
    let dataSource = makeDataSource(host)
    var completed = false
    dataSource.applySnapshotUsingReloadData(try makeSnapshot([("A", [1, 2])])) { completed = true }
    #expect(host.batches.isEmpty)
    #expect(host.reloads == 1)
    #expect(host.shown == [[1, 2]])
    #expect(completed)
  }

  @Test func theHostIsNotKeptAlive() throws {
    var host: ReplayingHost? = ReplayingHost()
    let dataSource = try #require(host.map(makeDataSource))
    weak let weakHost = host
    host = nil
    #expect(weakHost == nil)
    dataSource.apply(try makeSnapshot([("A", [1])]))  // no host: nothing to tell
    #expect(dataSource.cell(at: ItemPath(section: 0, item: 0)) == nil)
    #expect(dataSource.itemIdentifier(for: ItemPath(section: 0, item: 0)) == 1)
  }

  @Test func supplementaryViewsComeFromTheirProvider() throws {
    let host = ReplayingHost()
    let dataSource = makeDataSource(host)
    #expect(
      dataSource.supplementaryView(ofKind: "header", at: ItemPath(section: 0, item: 0)) == nil
    )
    dataSource.supplementaryViewProvider = { _, kind, path in "\(kind) \(path.section)" }
    #expect(
      dataSource.supplementaryView(ofKind: "header", at: ItemPath(section: 2, item: 0))
        == "header 2"
    )
  }

  @Test func sectionSnapshotsShowTheirVisibleItems() throws {
    let host = ReplayingHost()
    let dataSource = makeDataSource(host)
    dataSource.apply(try makeSnapshot([("Top", [0])]))
    var outline = SectionSnapshot<Int>()
    try outline.append([1, 2])
    try outline.append([10, 11], to: 1)
    outline.expand([1])
    try dataSource.apply(outline, to: "Tree")
    #expect(host.shown == [[0], [1, 10, 11, 2]])
    outline.collapse([1])
    try dataSource.apply(outline, to: "Tree")
    #expect(host.shown == [[0], [1, 2]])
    #expect(
      host.batches.last?.deletedItems == [
        ItemPath(section: 1, item: 1), ItemPath(section: 1, item: 2),
      ]
    )
    #expect(dataSource.snapshot(for: "Tree") == outline)
    #expect(dataSource.snapshot(for: "Top").items == [0])
    #expect(dataSource.snapshot(for: "Nowhere").items.isEmpty)
    #expect(host.mismatches == [])
    // An item shown in another section cannot join the tree; nothing changes.
    var clash = SectionSnapshot<Int>()
    try clash.append([0])
    #expect(throws: SnapshotError<String, Int>.duplicateItem(0)) {
      try dataSource.apply(clash, to: "Tree")
    }
    #expect(host.shown == [[0], [1, 2]])
    // A full apply forgets the hierarchies.
    dataSource.apply(dataSource.snapshot())
    #expect(dataSource.snapshot(for: "Tree").items == [1, 2])
  }

  @Test func aReplayWithAPositionOutOfRangeIsNil() {
    var update = BatchUpdate()
    update.deletedItems = [ItemPath(section: 0, item: 5)]
    #expect(update.applied(to: [[1]], itemCount: { _ in 0 }, value: { _ in 0 }) == nil)
    update = BatchUpdate()
    update.insertedItems = [ItemPath(section: 3, item: 0)]
    #expect(update.applied(to: [[1]], itemCount: { _ in 0 }, value: { _ in 0 }) == nil)
    #expect(BatchUpdate().isEmpty && BatchUpdate().description == "no changes")
  }
}
