import DiffableSnapshots
import PokedexTestSupport
import Testing

/// Random sectioned snapshots: sections drawn from a small pool of names in
/// random order, items from a small pool of ids, so that pairs share a lot.
func randomLayout(using random: inout SplitMix64, sectionPool: Int, itemPool: Int) -> [(
  String, [Int]
)] {
  let sections = (0..<sectionPool).map { "S\($0)" }.shuffled(using: &random)
    .prefix(Int.random(in: 0...sectionPool, using: &random))
  var layout = sections.map { ($0, [Int]()) }
  guard !layout.isEmpty else { return [] }
  for item in (0..<itemPool).shuffled(using: &random) where Bool.random(using: &random) {
    layout[Int.random(in: 0..<layout.count, using: &random)].1.append(item)
  }
  return layout
}

/// A new snapshot derived from `old` by a few random edits, so that most
/// items survive (the interesting case for moves).
func randomEdit(of old: TestSnapshot, using random: inout SplitMix64) throws -> TestSnapshot {
  var new = old
  for _ in 0..<Int.random(in: 0...6, using: &random) {
    let items = new.itemIdentifiers
    let sections = new.sectionIdentifiers
    switch Int.random(in: 0..<7, using: &random) {
    case 0:
      if let a = items.randomElement(using: &random), let b = items.randomElement(using: &random),
        a != b
      {
        try new.moveItem(a, beforeItem: b)
      }
    case 1:
      if let a = items.randomElement(using: &random) { new.deleteItems([a]) }
    case 2:
      let fresh = 1_000 + Int.random(in: 0..<1_000, using: &random)
      if new.indexOfItem(fresh) == nil, let section = sections.randomElement(using: &random) {
        try new.appendItems([fresh], toSection: section)
      }
    case 3:
      if let a = sections.randomElement(using: &random),
        let b = sections.randomElement(using: &random), a != b
      {
        try new.moveSection(a, afterSection: b)
      }
    case 4:
      if let a = sections.randomElement(using: &random) { new.deleteSections([a]) }
    case 5:
      let fresh = "N\(Int.random(in: 0..<100, using: &random))"
      if new.indexOfSection(fresh) == nil {
        try new.appendSections([fresh])
        if let a = items.randomElement(using: &random) {
          try new.moveItem(a, toEndOfSectionNamed: fresh)
        }
      }
    default:
      if let a = items.randomElement(using: &random), let b = items.randomElement(using: &random),
        a != b
      {
        try new.moveItem(a, afterItem: b)
      }
    }
  }
  return new
}

extension TestSnapshot {
  /// Moves an item to the end of a section through the table-view helper.
  mutating func moveItem(_ item: Int, toEndOfSectionNamed section: String) throws {
    guard let from = indexPath(ofItem: item), let target = indexOfSection(section) else { return }
    let count = try numberOfItems(inSection: section)
    try moveItem(
      at: from,
      to: ItemPath(section: target, item: from.section == target ? count - 1 : count)
    )
  }
}

/// The length of a longest strictly increasing subsequence, by the O(n²)
/// dynamic programme: an independent reference for the diff's O(k log k) one.
func referenceLISLength(_ values: [Int]) -> Int {
  var best = [Int](repeating: 1, count: values.count)
  for index in values.indices {
    for earlier in 0..<index where values[earlier] < values[index] {
      best[index] = max(best[index], best[earlier] + 1)
    }
  }
  return best.max() ?? 0
}

/// The minimal numbers of section moves and item moves, computed from the
/// two snapshots directly.
func referenceMoveCounts(from old: TestSnapshot, to new: TestSnapshot) throws -> (
  sections: Int, items: Int
) {
  let common = new.sectionIdentifiers.filter { old.indexOfSection($0) != nil }
  let sectionMoves = common.count - referenceLISLength(common.compactMap { old.indexOfSection($0) })
  var itemMoves = 0
  for section in common {
    var stayingOldOffsets: [Int] = []
    for item in try new.itemIdentifiers(inSection: section) {
      guard let oldSection = old.sectionIdentifier(containingItem: item),
        new.indexOfSection(oldSection) != nil, let oldPath = old.indexPath(ofItem: item)
      else { continue }  // new, or from a deleted section: an insertion
      if oldSection == section {
        stayingOldOffsets.append(oldPath.item)
      } else {
        itemMoves += 1  // between surviving sections: always a move
      }
    }
    itemMoves += stayingOldOffsets.count - referenceLISLength(stayingOldOffsets)
  }
  return (sectionMoves, itemMoves)
}

/// Marks random items and sections of `snapshot`.
func randomMarks(on snapshot: inout TestSnapshot, using random: inout SplitMix64) throws {
  let items = snapshot.itemIdentifiers
  for item in items where Int.random(in: 0..<8, using: &random) == 0 {
    if Bool.random(using: &random) {
      try snapshot.reloadItems([item])
    } else {
      try snapshot.reconfigureItems([item])
    }
  }
  for section in snapshot.sectionIdentifiers where Int.random(in: 0..<6, using: &random) == 0 {
    try snapshot.reloadSections([section])
  }
}

@Suite struct DiffPropertyTests {
  /// For thousands of random pairs, independent or edited: applying the diff
  /// replays the change, the move counts are the minimum, and the reported
  /// positions are sorted and in range.
  @Test(arguments: [(UInt64(1), false), (2, true), (3, false), (4, true)])
  func applyingTheDiffYieldsTheNewSnapshot(seed: UInt64, edited: Bool) throws {
    var random = SplitMix64(seed: seed)
    for _ in 0..<500 {
      let sectionPool = Int.random(in: 1...5, using: &random)
      let itemPool = Int.random(in: 0...30, using: &random)
      let old = try makeSnapshot(
        randomLayout(using: &random, sectionPool: sectionPool, itemPool: itemPool)
      )
      var new =
        edited
        ? try randomEdit(of: old, using: &random)
        : try makeSnapshot(
          randomLayout(using: &random, sectionPool: sectionPool, itemPool: itemPool)
        )
      try randomMarks(on: &new, using: &random)
      let diff = new.difference(from: old)

      // Replay: sections and items exactly; marks of the surviving items.
      let applied = try old.applying(diff)
      #expect(layout(applied) == layout(new), "\(old) -> \(new)")
      let survives = { (item: Int) -> Bool in
        guard let before = old.sectionIdentifier(containingItem: item),
          let after = new.sectionIdentifier(containingItem: item)
        else { return false }
        return new.indexOfSection(before) != nil && old.indexOfSection(after) != nil
      }
      #expect(
        Set(applied.reloadedItemIdentifiers) == Set(new.reloadedItemIdentifiers.filter(survives))
      )
      #expect(
        Set(applied.reconfiguredItemIdentifiers)
          == Set(new.reconfiguredItemIdentifiers.filter(survives))
      )
      #expect(
        Set(applied.reloadedSectionIdentifiers)
          == Set(new.reloadedSectionIdentifiers.filter { old.indexOfSection($0) != nil })
      )

      // Minimal moves.
      let minimum = try referenceMoveCounts(from: old, to: new)
      #expect(diff.sectionMoves.count == minimum.sections, "\(old) -> \(new)")
      #expect(diff.itemMoves.count == minimum.items, "\(old) -> \(new)")

      // Sorted as documented.
      #expect(diff.itemDeletions.map(\.path) == diff.itemDeletions.map(\.path).sorted())
      #expect(diff.itemInsertions.map(\.path) == diff.itemInsertions.map(\.path).sorted())
      #expect(diff.itemMoves.map(\.to) == diff.itemMoves.map(\.to).sorted())

      // Identity-level summaries agree with set arithmetic.
      let oldItems = Set(old.itemIdentifiers)
      let newItems = Set(new.itemIdentifiers)
      #expect(diff.addedItemIdentifiers == new.itemIdentifiers.filter { !oldItems.contains($0) })
      #expect(diff.removedItemIdentifiers == old.itemIdentifiers.filter { !newItems.contains($0) })

      // The reverse diff replays too.
      #expect(layout(try new.applying(old.difference(from: new))) == layout(old))
    }
  }

  /// Skipping the sections whose items did not change is a fast path: the diff must be the
  /// one that scans them like every other section (its slow twin). A few random edits
  /// leave most sections unchanged.
  @Test(arguments: [UInt64(31), 32, 33])
  func skippingUnchangedSectionsGivesTheScannedDiff(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    for _ in 0..<500 {
      let old = try makeSnapshot(
        randomLayout(
          using: &random,
          sectionPool: Int.random(in: 1...6, using: &random),
          itemPool: Int.random(in: 0...40, using: &random)
        )
      )
      var new = try randomEdit(of: old, using: &random)
      try randomMarks(on: &new, using: &random)
      let skipping = SnapshotDiff(from: old, to: new, skippingUnchangedSections: true)
      let scanning = SnapshotDiff(from: old, to: new, skippingUnchangedSections: false)
      #expect(skipping == scanning, "\(old) -> \(new)")
      #expect(new.difference(from: old) == skipping)
    }
  }

  /// Staged diffs: each stage holds only its kind of change, replays onto the
  /// previous stage's snapshot, and the last one is the new snapshot.
  @Test func stagesReplayInOrder() throws {
    var random = SplitMix64(seed: 99)
    for _ in 0..<500 {
      let old = try makeSnapshot(randomLayout(using: &random, sectionPool: 4, itemPool: 20))
      var new = try randomEdit(of: old, using: &random)
      try randomMarks(on: &new, using: &random)
      let staged = StagedSnapshotDiff(from: old, to: new)
      var current = old
      for stage in staged.stages {
        let changes = stage.changes
        switch stage.kind {
        case .deletions:
          #expect(
            changes.changeCount == changes.sectionDeletions.count + changes.itemDeletions.count
          )
        case .sectionInsertionsAndMoves:
          #expect(
            changes.changeCount == changes.sectionInsertions.count + changes.sectionMoves.count
          )
        case .itemInsertionsAndMoves:
          #expect(changes.changeCount == changes.itemInsertions.count + changes.itemMoves.count)
        case .updates:
          #expect(
            changes.changeCount
              == changes.itemReloads.count + changes.itemReconfigures.count
              + changes.sectionReloads.count
          )
          #expect(changes.itemReloads.allSatisfy { $0.oldPath == $0.newPath })
        }
        current = try current.applying(changes)
        #expect(layout(current) == layout(stage.snapshot))
      }
      #expect(layout(current) == layout(new))
    }
  }

  /// The diff's shape does not depend on the identifier type: the same
  /// random layouts and edits with `String` ids (small, long and non-ASCII
  /// ones) give the same paths as with `Int` ids. Single-section shuffles of
  /// thousands of items make the `String` diff build its byte-hash index.
  @Test(arguments: [UInt64(21), 22, 23])
  func stringAndIntegerIdentifiersGiveTheSameShape(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    func text(_ id: Int) -> String {
      switch id % 11 {
      case 0: "a-long-identifier-that-is-not-a-small-string-\(id)"
      case 1: "pokémon-\(id)"
      default: "p\(id)"
      }
    }
    func strings(_ snapshot: TestSnapshot) throws -> Snapshot<String, String> {
      var result = Snapshot<String, String>()
      for section in snapshot.sectionIdentifiers {
        try result.appendSections([section])
        try result.appendItems(snapshot.itemIdentifiers(inSection: section).map(text))
      }
      return result
    }
    for round in 0..<200 {
      let old: TestSnapshot
      let new: TestSnapshot
      if round % 50 == 0 {
        // A long shuffle, ASCII only when `round` is 0 (the index is built).
        let count = 6_000
        let ids = Array(0..<count).map { round == 0 ? $0 * 11 + 2 : $0 }
        old = try makeSnapshot([("A", ids)])
        new = try makeSnapshot([
          ("A", Array(ids.shuffled(using: &random).dropLast(7)) + [1_000_003])
        ])
      } else {
        old = try makeSnapshot(randomLayout(using: &random, sectionPool: 4, itemPool: 30))
        new = try randomEdit(of: old, using: &random)
      }
      let integers = new.difference(from: old)
      let diff = try strings(new).difference(from: strings(old))
      #expect(diff.sectionDeletions.map(\.index) == integers.sectionDeletions.map(\.index))
      #expect(diff.sectionInsertions.map(\.index) == integers.sectionInsertions.map(\.index))
      #expect(
        diff.sectionMoves.map { [$0.from, $0.to] }
          == integers.sectionMoves.map { [$0.from, $0.to] }
      )
      #expect(diff.itemDeletions.map(\.path) == integers.itemDeletions.map(\.path))
      #expect(diff.itemInsertions.map(\.path) == integers.itemInsertions.map(\.path))
      #expect(
        diff.itemMoves.map { [$0.from, $0.to] } == integers.itemMoves.map { [$0.from, $0.to] }
      )
      #expect(diff.itemMoves.map(\.id) == integers.itemMoves.map { text($0.id) })
      #expect(try strings(old).applying(diff) == strings(new))
    }
  }

  @Test func lisMatchesTheReferenceOnRandomPermutations() throws {
    var random = SplitMix64(seed: 5)
    for _ in 0..<500 {
      let count = Int.random(in: 0...40, using: &random)
      let permutation = Array(0..<count).shuffled(using: &random)
      let old = try makeSnapshot([("A", Array(0..<count))])
      let new = try makeSnapshot([("A", permutation)])
      #expect(new.difference(from: old).itemMoves.count == count - referenceLISLength(permutation))
    }
  }
}

/// The length of a longest strictly increasing subsequence by textbook
/// patience sorting (a plain binary search), for inputs too long for O(n²).
func referencePatienceLength(_ values: [Int]) -> Int {
  var tails: [Int] = []
  for value in values {
    var low = 0
    var high = tails.count
    while low < high {
      let middle = (low + high) / 2
      if tails[middle] < value { low = middle + 1 } else { high = middle }
    }
    if low == tails.count { tails.append(value) } else { tails[low] = value }
  }
  return tails.count
}

@Suite struct LongSequenceTests {
  /// Long single-section permutations: the LIS of thousands of items, against a
  /// reference patience sort.
  @Test(arguments: [(UInt64(11), 3_000, 3_000), (12, 12_000, 30), (13, 6_000, 600)])
  func movesAreMinimalOnLongPermutations(seed: UInt64, count: Int, swaps: Int) throws {
    var random = SplitMix64(seed: seed)
    var permutation = Array(0..<count)
    for _ in 0..<swaps {
      let item = permutation.remove(at: Int.random(in: 0..<count, using: &random))
      permutation.insert(item, at: Int.random(in: 0..<count, using: &random))
    }
    let old = try makeSnapshot([("A", Array(0..<count))])
    let new = try makeSnapshot([("A", permutation)])
    let diff = new.difference(from: old)
    #expect(diff.itemMoves.count == count - referencePatienceLength(permutation))
    #expect(try old.applying(diff) == new)
  }
}

/// String identifiers are matched by `String`'s `==` (canonical equivalence), in
/// diffs large enough to need many lookups.
@Suite struct StringIdentifierTests {
  static func ids(_ count: Int) -> [String] {
    (0..<count).map { "pokemon-\($0)" }
  }

  @Test(arguments: [100, 5_000, 20_000])
  func shuffledStringsReplayWithMinimalMoves(count: Int) throws {
    var rng = SplitMix64(seed: UInt64(count))
    let old = Self.ids(count)
    var new = old.shuffled(using: &rng)
    new.removeLast(count / 10)
    new.append(contentsOf: (0..<count / 10).map { "new-\($0)" })
    let before = try Snapshot(sections: [(0, old)])
    let after = try Snapshot(sections: [(0, new)])
    let diff = after.difference(from: before)
    #expect(try before.applying(diff) == after)
    #expect(diff.itemInsertions.count == count / 10)
    #expect(diff.itemDeletions.count == count / 10)
    let oldPosition = Dictionary(uniqueKeysWithValues: old.enumerated().map { ($1, $0) })
    let survivors = new.compactMap { oldPosition[$0] }
    #expect(diff.itemMoves.count == survivors.count - longestIncreasingLength(survivors))
  }

  @Test func canonicallyEquivalentIdentifiersMatch() throws {
    // "\u{212A}" (KELVIN SIGN) == "K", and "e\u{301}" == "é": one identity each.
    var rng = SplitMix64(seed: 7)
    let base = Self.ids(6_000)
    for (old, new) in [("K", "\u{212A}"), ("\u{212A}", "K"), ("é", "e\u{301}")] {
      let before = try Snapshot(sections: [(0, base + [old])])
      let after = try Snapshot(sections: [(0, (base + [new]).shuffled(using: &rng))])
      let diff = after.difference(from: before)
      #expect(diff.itemInsertions.isEmpty && diff.itemDeletions.isEmpty, "\(old) -> \(new)")
      #expect(try before.applying(diff) == after)
    }
  }

  /// The same text in a heap-allocated (not small) representation.
  static func large(_ id: String) -> String {
    var copy = ""
    copy.reserveCapacity(64)
    copy.append(id)
    return copy
  }

  @Test(arguments: [1, 2, 3])
  func sectionedMixedStringsMatchTheIntegerDiff(seed: UInt64) throws {
    // Small, long (heap) and non-ASCII identifiers, some in a different
    // representation in the new snapshot, shuffled across three sections:
    // the diff must be the one of the same layout with integer ids.
    var rng = SplitMix64(seed: seed)
    let count = 12_000
    // Non-ASCII ids among the inserted ones.
    func text(_ id: Int) -> String {
      if id >= count && id.isMultiple(of: 2) { return "pokémon-\(id)" }
      return id % 7 == 0 ? "a-long-identifier-for-pokemon-\(id)" : "p-\(id)"
    }
    let oldIDs = Array(0..<count)
    var newIDs = oldIDs.shuffled(using: &rng)
    newIDs.removeLast(count / 10)
    newIDs.append(contentsOf: count..<(count + count / 10))
    func layout(_ ids: [Int]) -> [(Int, [Int])] {
      let third = ids.count / 3
      return [
        (0, Array(ids[..<third])), (1, Array(ids[third..<2 * third])),
        (2, Array(ids[(2 * third)...])),
      ]
    }
    let oldLayout = layout(oldIDs)
    let newLayout = layout(newIDs)
    let before = try Snapshot(
      sections: oldLayout.map { section in
        (section.0, section.1.map { $0 % 5 == 0 ? Self.large(text($0)) : text($0) })
      }
    )
    let after = try Snapshot(
      sections: newLayout.map { section in
        (section.0, section.1.map { $0 % 3 == 0 ? Self.large(text($0)) : text($0) })
      }
    )
    let diff = after.difference(from: before)
    let expected = try Snapshot(sections: newLayout).difference(from: Snapshot(sections: oldLayout))
    #expect(try before.applying(diff) == after)
    #expect(
      diff.itemMoves.map { [$0.from, $0.to] } == expected.itemMoves.map { [$0.from, $0.to] }
    )
    #expect(diff.itemMoves.map(\.id) == expected.itemMoves.map { text($0.id) })
    #expect(diff.itemInsertions.map(\.path) == expected.itemInsertions.map(\.path))
    #expect(diff.itemDeletions.map(\.path) == expected.itemDeletions.map(\.path))
    #expect(diff.itemMoves.count > count / 2)
  }
}

/// The length of a longest strictly increasing subsequence (O(n log n)).
private func longestIncreasingLength(_ values: [Int]) -> Int {
  var tails: [Int] = []
  for value in values {
    var low = 0
    var high = tails.count
    while low < high {
      let middle = (low + high) / 2
      if tails[middle] < value { low = middle + 1 } else { high = middle }
    }
    if low == tails.count { tails.append(value) } else { tails[low] = value }
  }
  return tails.count
}
