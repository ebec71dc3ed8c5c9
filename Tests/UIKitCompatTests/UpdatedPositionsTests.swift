import PokedexTestSupport
import Testing
import UIKitCompat

/// `UpdatedPositions` (what a headless view does for its cells on screen) against its slow
/// twin, `BatchUpdate.applied(to:itemCount:value:)`, which replays a batch on every item.
@Suite struct UpdatedPositionsTests {
  /// A random snapshot: some of 6 sections in a random order, holding some of 30 items.
  func randomSnapshot(_ random: inout SplitMix64) throws -> Snapshot<Int, Int> {
    let sections = Array(
      (0..<6).shuffled(using: &random).prefix(Int.random(in: 0...6, using: &random))
    )
    var items = Array(
      (0..<30).shuffled(using: &random).prefix(Int.random(in: 0...30, using: &random))
    )
    var contents: [(Int, [Int])] = []
    for (index, section) in sections.enumerated() {
      let count =
        index == sections.count - 1 ? items.count : Int.random(in: 0...items.count, using: &random)
      contents.append((section, Array(items.prefix(count))))
      items.removeFirst(count)
    }
    return try Snapshot(sections: contents)
  }

  func rows(_ snapshot: Snapshot<Int, Int>) throws -> [[Int]] {
    try snapshot.sectionIdentifiers.map { try snapshot.itemIdentifiers(inSection: $0) }
  }

  @Test func everyItemLandsWhereReplayingTheBatchPutsIt() throws {
    var random = SplitMix64(seed: 35)
    for _ in 0..<2_000 {
      let old = try randomSnapshot(&random)
      var new = try randomSnapshot(&random)
      let kept = new.itemIdentifiers.filter { old.indexOfItem($0) != nil }
      try new.reloadItems(Array(kept.prefix(Int.random(in: 0...2, using: &random))))
      let update = BatchUpdate(new.difference(from: old))
      let oldRows = try rows(old)
      let newCounts = try rows(new).map(\.count)
      let replayed = try #require(
        update.applied(to: oldRows, itemCount: { newCounts[$0] }, value: { _ in -1 })
      )
      #expect(replayed.map(\.count) == newCounts)
      let positions = UpdatedPositions(
        update,
        oldSectionCount: oldRows.count,
        newSectionCount: newCounts.count
      )
      let gone = Set(update.deletedItems + update.reloadedItems)
      for (section, items) in oldRows.enumerated() {
        if let newSection = positions.newSections[section] {
          #expect(
            positions.newCount(ofOldSection: section, oldCount: items.count)
              == replayed[newSection].count
          )
        }
        for (item, id) in items.enumerated() {
          let path = ItemPath(section: section, item: item)
          guard let position = positions.newPosition(of: path) else {
            // Gone only when deleted or reloaded, or its section deleted.
            #expect(gone.contains(path) || positions.newSections[section] == nil)
            continue
          }
          #expect(replayed[position.section][position.item] == id, "\(update)")
        }
      }
    }
  }
}
