import DiffableSnapshots
import PokedexTestSupport
import Testing

/// A fetch makes its snapshot in one step, without the checks of appending. Lookups,
/// changes and differences must give on it exactly what they give on the same contents
/// built by appending.
@Suite struct FetchedSnapshotTests {
  struct Item: Identifiable, Equatable, Sendable {
    var id: Int
    var section: String
  }

  typealias Contents = Snapshot<String, Int>

  /// Up to 60 of the identifiers 0..<80, in random order, each in section A, B or C.
  static func randomItems(using random: inout SplitMix64) -> [Item] {
    let ids = Array(
      (0..<80).shuffled(using: &random).prefix(Int.random(in: 0...60, using: &random))
    )
    return ids.map { Item(id: $0, section: ["A", "B", "C"].randomElement(using: &random) ?? "A") }
  }

  /// The snapshot a fetch of `items` makes (sections A, B, C in order) and the same
  /// contents built by appending.
  static func fetchedAndBuilt(_ items: [Item]) throws -> (fetched: Contents, built: Contents) {
    let request = FetchRequest<Item>(
      sortDescriptors: [.init(\.section)],
      sectionName: { $0.section }
    )
    let controller = try FetchedResultsController(elements: items, fetchRequest: request)
    try controller.performFetch()
    let fetched = controller.snapshot
    var built = Contents()
    for section in fetched.sectionIdentifiers {
      try built.appendSections([section])
      try built.appendItems(fetched.itemIdentifiers(inSection: section), toSection: section)
    }
    return (fetched, built)
  }

  /// Every lookup by identifier, for identifiers in the snapshot and not.
  static func lookups(_ snapshot: Contents) -> [String] {
    (-1..<85).map { id in
      "\(id): \(snapshot.indexOfItem(id).map(String.init) ?? "-") "
        + "\(snapshot.indexPath(ofItem: id).map { "\($0.section).\($0.item)" } ?? "-") "
        + "\(snapshot.sectionIdentifier(containingItem: id) ?? "-")"
    }
  }

  /// One change, made the same way to any snapshot; its description on failure.
  typealias Change = (inout Contents) throws -> Void

  static func randomChange(of snapshot: Contents, using random: inout SplitMix64) -> (
    String, Change
  ) {
    let present = snapshot.itemIdentifiers
    let id = present.randomElement(using: &random) ?? 0
    let other = present.randomElement(using: &random) ?? 1
    let absent = 100 + Int.random(in: 0..<20, using: &random)
    let section = snapshot.sectionIdentifiers.randomElement(using: &random) ?? "A"
    switch Int.random(in: 0..<10, using: &random) {
    case 0: return ("delete \(id)", { $0.deleteItems([id]) })
    case 1: return ("append \(absent)", { try $0.appendItems([absent]) })
    case 2:
      return ("insert \(absent) before \(id)", { try $0.insertItems([absent], beforeItem: id) })
    case 3: return ("move \(id) after \(other)", { try $0.moveItem(id, afterItem: other) })
    case 4: return ("reload \(id)", { try $0.reloadItems([id]) })
    case 5: return ("reconfigure \(id)", { try $0.reconfigureItems([id]) })
    case 6: return ("delete section \(section)", { $0.deleteSections([section]) })
    case 7: return ("append section D", { try $0.appendSections(["D"]) })
    case 8: return ("delete all", { $0.deleteAllItems() })
    default: return ("append \(id) again", { try $0.appendItems([id]) })
    }
  }

  @Test(arguments: 0..<40 as Range<UInt64>)
  func lookupsAndChangesMatchAnIndexedSnapshot(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    var (fetched, built) = try Self.fetchedAndBuilt(Self.randomItems(using: &random))
    #expect(fetched == built)
    #expect(Self.lookups(fetched) == Self.lookups(built))
    for _ in 0..<6 {
      let (name, change) = Self.randomChange(of: built, using: &random)
      let fetchedError = Result { try change(&fetched) }.failure.map { "\($0)" }
      let builtError = Result { try change(&built) }.failure.map { "\($0)" }
      #expect(fetchedError == builtError, "\(name)")
      #expect(fetched == built, "\(name)")
      #expect(Self.lookups(fetched) == Self.lookups(built), "\(name)")
    }
  }

  @Test(arguments: 0..<40 as Range<UInt64>)
  func differencesMatchThoseOfIndexedSnapshots(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let old = try Self.fetchedAndBuilt(Self.randomItems(using: &random))
    let new = try Self.fetchedAndBuilt(Self.randomItems(using: &random))
    let expected = new.built.difference(from: old.built)
    // Each side with and without its index.
    #expect(new.fetched.difference(from: old.fetched) == expected)
    #expect(new.fetched.difference(from: old.built) == expected)
    #expect(new.built.difference(from: old.fetched) == expected)
    var applied = old.fetched
    try applied.apply(expected)
    #expect(applied == new.built)
  }

  @Test func dataSourceLooksUpAFetchedSnapshot() throws {
    var random = SplitMix64(seed: 7)
    let (fetched, built) = try Self.fetchedAndBuilt(Self.randomItems(using: &random))
    let dataSource = DiffableDataSource<String, Int, SilentHost>(host: SilentHost()) {
      _,
      _,
      id in id
    }
    dataSource.apply(fetched, animatingDifferences: false)
    for id in -1..<85 {
      #expect(dataSource.indexPath(for: id) == built.indexPath(ofItem: id), "\(id)")
    }
  }
}

/// A host that ignores its updates: the data source's lookups are what is tested.
final class SilentHost: DataSourceHost {
  typealias Cell = Int
  func performBatchUpdates(_ update: BatchUpdate, animated: Bool) {}
  func reloadData() {}
}

extension Result {
  /// The error, or `nil` on success.
  fileprivate var failure: Failure? {
    if case .failure(let error) = self { error } else { nil }
  }
}
