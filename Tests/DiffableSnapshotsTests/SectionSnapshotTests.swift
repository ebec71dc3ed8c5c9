import DiffableSnapshots
import PokedexTestSupport
import Testing

typealias OutlineSnapshot = SectionSnapshot<String>
typealias OutlineError = SectionSnapshotError<String>

/// The three-level tree most tests start from, everything collapsed:
///
///     A
///       A1
///         A1a
///         A1b
///       A2
///     B
///       B1
///     C
func makeOutline() throws -> OutlineSnapshot {
  var outline = OutlineSnapshot()
  try outline.append(["A", "B", "C"])
  try outline.append(["A1", "A2"], to: "A")
  try outline.append(["A1a", "A1b"], to: "A1")
  try outline.append(["B1"], to: "B")
  return outline
}

/// A small snapshot `X [X1]`, with X expanded.
func makeGraft(
  _ root: String = "X",
  child: String = "X1"
) throws(OutlineError) -> OutlineSnapshot {
  var graft = OutlineSnapshot()
  try graft.append([root])
  try graft.append([child], to: root)
  graft.expand([root])
  return graft
}

/// Checks the structural invariants of any section snapshot.
func checkOutlineInvariants<ID>(_ outline: SectionSnapshot<ID>) {
  let items = outline.items
  #expect(Set(items).count == items.count, "duplicate items in \(items)")
  for (index, id) in items.enumerated() {
    #expect(outline.contains(id))
    #expect(outline.index(of: id) == index)
    if let parent = outline.parent(of: id) {
      let parentIndex = outline.index(of: parent) ?? Int.max
      #expect(parentIndex < index, "parent \(parent) of \(id) does not precede it")
      #expect(outline.level(of: id) == (outline.level(of: parent) ?? -10) + 1)
    } else {
      #expect(outline.level(of: id) == 0)
    }
  }
  // Visible: every ancestor expanded, by walking up the parents.
  func allAncestorsExpanded(_ id: ID) -> Bool {
    var current = id
    while let parent = outline.parent(of: current) {
      if !outline.isExpanded(parent) { return false }
      current = parent
    }
    return true
  }
  let expectedVisible = items.filter(allAncestorsExpanded)
  #expect(outline.visibleItems == expectedVisible)
  for id in items { #expect(outline.isVisible(id) == allAncestorsExpanded(id)) }
  #expect(outline.rootItems == items.filter { outline.parent(of: $0) == nil })
  #expect(outline.expandedItems == items.filter { outline.isExpanded($0) })
  let lines = outline.visualDescription().split(separator: "\n", omittingEmptySubsequences: false)
  #expect(items.isEmpty ? outline.visualDescription().isEmpty : lines.count == items.count)
}

// MARK: - Building and queries

@Suite struct SectionSnapshotBuildingTests {
  @Test func emptySnapshot() {
    let outline = OutlineSnapshot()
    #expect(outline.items.isEmpty)
    #expect(outline.rootItems.isEmpty)
    #expect(outline.visibleItems.isEmpty)
    #expect(outline.expandedItems.isEmpty)
    #expect(!outline.contains("A"))
    #expect(outline.index(of: "A") == nil)
    #expect(outline.level(of: "A") == nil)
    #expect(outline.parent(of: "A") == nil)
    #expect(!outline.isExpanded("A"))
    #expect(!outline.isVisible("A"))
    #expect(outline.description == "[]")
    #expect(outline.visualDescription() == "")
    #expect(outline == SectionSnapshot())
  }

  @Test func appendBuildsAPreOrderTree() throws {
    let outline = try makeOutline()
    #expect(outline.items == ["A", "A1", "A1a", "A1b", "A2", "B", "B1", "C"])
    #expect(outline.rootItems == ["A", "B", "C"])
    #expect(outline.visibleItems == ["A", "B", "C"])  // new items are collapsed
    #expect(outline.level(of: "A") == 0)
    #expect(outline.level(of: "A2") == 1)
    #expect(outline.level(of: "A1b") == 2)
    #expect(outline.parent(of: "A") == nil)
    #expect(outline.parent(of: "A1b") == "A1")
    #expect(outline.parent(of: "B1") == "B")
    #expect(outline.index(of: "B") == 5)
    #expect(outline.index(of: "C") == 7)
    #expect(outline.contains("A1a"))
    #expect(!outline.contains("Z"))
    checkOutlineInvariants(outline)
  }

  @Test func appendToAParentGoesAfterItsDescendants() throws {
    var outline = try makeOutline()
    try outline.append(["A3"], to: "A")
    try outline.append(["A1c"], to: "A1")
    try outline.append(["C1"], to: "C")
    try outline.append(["D"])
    #expect(
      outline.items == ["A", "A1", "A1a", "A1b", "A1c", "A2", "A3", "B", "B1", "C", "C1", "D"]
    )
    #expect(outline.level(of: "A1c") == 2)
    #expect(outline.parent(of: "A3") == "A")
    try outline.append([], to: "A")  // nothing to add is fine
    try outline.append([])
    #expect(outline.items.count == 12)
    checkOutlineInvariants(outline)
  }

  @Test func descriptionsDrawTheTree() throws {
    var outline = try makeOutline()
    #expect(outline.description == "[A [A1 [A1a, A1b], A2], B [B1], C]")
    outline.expand(["A"])
    let expected = """
      * + A
        * - A1
            - A1a
            - A1b
        * - A2
      * - B
          - B1
      * - C
      """
    #expect(outline.visualDescription() == expected)
  }

  @Test func buildingTenThousandRootsOneAtATime() throws {
    var outline = SectionSnapshot<Int>()
    for id in 0..<10_000 { try outline.append([id]) }
    #expect(outline.items.count == 10_000)
    #expect(outline.index(of: 9_999) == 9_999)
    #expect(outline.index(of: 4_321) == 4_321)
    #expect(outline.contains(7_777))
    #expect(outline.parent(of: 5_000) == nil)
    #expect(outline.level(of: 5_000) == 0)
    #expect(outline.rootItems.count == 10_000)
    #expect(outline.visibleItems.count == 10_000)
  }

  @Test func equalityComparesShapeOrderAndExpansion() throws {
    let outline = try makeOutline()
    var expanded = outline
    #expect(expanded == outline)
    expanded.expand(["B1"])  // a leaf: not visible in the tree's shape, still state
    #expect(expanded != outline)
    expanded.collapse(["B1"])
    #expect(expanded == outline)

    var flat = OutlineSnapshot()
    try flat.append(["A", "A1", "A1a", "A1b", "A2", "B", "B1", "C"])
    #expect(flat.items == outline.items)
    #expect(flat != outline)  // same order, other shape
  }
}

// MARK: - Expansion (Apple's outline example)

@Suite struct SectionSnapshotExpansionTests {
  @Test func expandAndCollapseDriveVisibleItems() throws {
    var outline = try makeOutline()
    #expect(outline.visibleItems == ["A", "B", "C"])
    #expect(outline.isVisible("A"))
    #expect(!outline.isVisible("A1"))

    outline.expand(["A"])
    #expect(outline.isExpanded("A"))
    #expect(outline.visibleItems == ["A", "A1", "A2", "B", "C"])
    #expect(outline.isVisible("A1"))
    #expect(!outline.isVisible("A1a"))

    outline.expand(["A1", "B"])
    #expect(outline.visibleItems == ["A", "A1", "A1a", "A1b", "A2", "B", "B1", "C"])
    #expect(outline.expandedItems == ["A", "A1", "B"])

    // Collapsing an ancestor hides the whole subtree, but the descendants
    // keep their own state.
    outline.collapse(["A"])
    #expect(outline.visibleItems == ["A", "B", "B1", "C"])
    #expect(!outline.isVisible("A1"))
    #expect(!outline.isVisible("A1a"))
    #expect(outline.isExpanded("A1"))

    outline.expand(["A"])
    #expect(outline.visibleItems == ["A", "A1", "A1a", "A1b", "A2", "B", "B1", "C"])
    checkOutlineInvariants(outline)
  }

  @Test func unknownItemsAreIgnored() throws {
    var outline = try makeOutline()
    let before = outline
    outline.expand(["Q", "R"])
    outline.collapse(["Q"])
    #expect(outline == before)
    #expect(!outline.isExpanded("Q"))
    #expect(!outline.isVisible("Q"))
  }

  @Test func anExpandedLeafShowsChildrenAddedLater() throws {
    var outline = try makeOutline()
    outline.expand(["C"])
    #expect(outline.isExpanded("C"))
    try outline.append(["C1"], to: "C")
    #expect(outline.visibleItems == ["A", "B", "C", "C1"])
  }

  @Test func newItemsAreCollapsed() throws {
    var outline = try makeOutline()
    outline.expand(["A"])
    try outline.insert(["A0"], before: "A1")
    #expect(!outline.isExpanded("A0"))
    #expect(outline.isVisible("A0"))
  }
}

// MARK: - Insert and delete

@Suite struct SectionSnapshotInsertDeleteTests {
  @Test func insertBeforeANestedItem() throws {
    var outline = try makeOutline()
    try outline.insert(["X", "Y"], before: "A1b")
    #expect(outline.items == ["A", "A1", "A1a", "X", "Y", "A1b", "A2", "B", "B1", "C"])
    #expect(outline.parent(of: "X") == "A1")
    #expect(outline.level(of: "Y") == 2)
    checkOutlineInvariants(outline)
  }

  @Test func insertAfterANestedItemSkipsItsDescendants() throws {
    var outline = try makeOutline()
    try outline.insert(["X"], after: "A1")
    #expect(outline.items == ["A", "A1", "A1a", "A1b", "X", "A2", "B", "B1", "C"])
    #expect(outline.parent(of: "X") == "A")
    #expect(outline.level(of: "X") == 1)
    try outline.insert(["Y"], after: "A1b")  // after the last grandchild
    #expect(outline.items == ["A", "A1", "A1a", "A1b", "Y", "X", "A2", "B", "B1", "C"])
    #expect(outline.parent(of: "Y") == "A1")
    checkOutlineInvariants(outline)
  }

  @Test func insertAroundRootItems() throws {
    var outline = try makeOutline()
    try outline.insert(["Start"], before: "A")
    try outline.insert(["Middle"], after: "A")
    try outline.insert(["End"], after: "C")
    #expect(outline.rootItems == ["Start", "A", "Middle", "B", "C", "End"])
    #expect(outline.index(of: "Middle") == 6)
    #expect(outline.level(of: "End") == 0)
    checkOutlineInvariants(outline)
  }

  @Test func deletingAParentRemovesItsDescendants() throws {
    var outline = try makeOutline()
    outline.expand(["A1"])
    outline.delete(["A1", "Q"])
    #expect(outline.items == ["A", "A2", "B", "B1", "C"])
    #expect(!outline.contains("A1a"))
    #expect(!outline.contains("A1b"))
    #expect(outline.index(of: "A2") == 1)
    #expect(outline.index(of: "C") == 4)
    #expect(outline.expandedItems.isEmpty)
    checkOutlineInvariants(outline)

    // The deleted identifiers are free again, and come back collapsed.
    try outline.append(["A1"], to: "B")
    #expect(outline.parent(of: "A1") == "B")
    #expect(!outline.isExpanded("A1"))
    checkOutlineInvariants(outline)
  }

  @Test func deleteAnItemWithOneOfItsDescendantsOrTwice() throws {
    var outline = try makeOutline()
    outline.delete(["A1b", "A", "A", "B1"])
    #expect(outline.items == ["B", "C"])
    checkOutlineInvariants(outline)
  }

  @Test func deletingOnlyUnknownItemsChangesNothing() throws {
    var outline = try makeOutline()
    let before = outline
    outline.delete(["Q", "R"])
    outline.delete([])
    #expect(outline == before)
  }

  @Test func deleteAllEmptiesTheSnapshot() throws {
    var outline = try makeOutline()
    outline.expand(["A"])
    outline.deleteAll()
    #expect(outline == OutlineSnapshot())
    #expect(outline.items.isEmpty)
    try outline.append(["A"])  // identifiers are free again
    #expect(outline.items == ["A"])
    #expect(!outline.isExpanded("A"))
  }
}

// MARK: - Subtrees

@Suite struct SectionSnapshotSubtreeTests {
  @Test func snapshotOfAParentKeepsShapeAndExpansion() throws {
    var outline = try makeOutline()
    outline.expand(["A", "A1"])

    let children = try outline.snapshot(of: "A")
    #expect(children.items == ["A1", "A1a", "A1b", "A2"])
    #expect(children.rootItems == ["A1", "A2"])
    #expect(children.level(of: "A1") == 0)
    #expect(children.level(of: "A1a") == 1)
    #expect(children.parent(of: "A1") == nil)
    #expect(children.parent(of: "A1b") == "A1")
    #expect(children.isExpanded("A1"))
    #expect(!children.contains("A"))
    #expect(children.visibleItems == ["A1", "A1a", "A1b", "A2"])
    checkOutlineInvariants(children)

    let withParent = try outline.snapshot(of: "A", includingParent: true)
    #expect(withParent.items == ["A", "A1", "A1a", "A1b", "A2"])
    #expect(withParent.rootItems == ["A"])
    #expect(withParent.isExpanded("A"))
    #expect(withParent.level(of: "A1b") == 2)
    checkOutlineInvariants(withParent)

    let nested = try outline.snapshot(of: "A1", includingParent: true)
    #expect(nested.description == "[A1 [A1a, A1b]]")
    #expect(nested.level(of: "A1") == 0)
    #expect(nested.level(of: "A1a") == 1)
  }

  @Test func snapshotOfALeaf() throws {
    let outline = try makeOutline()
    #expect(try outline.snapshot(of: "C") == OutlineSnapshot())
    #expect(try outline.snapshot(of: "C", includingParent: true).items == ["C"])
  }

  @Test func snapshotOfAnUnknownItemThrows() throws {
    let outline = try makeOutline()
    #expect(throws: OutlineError.itemNotFound("Q")) {
      try outline.snapshot(of: "Q")
    }
  }

  @Test func graftUnderAParent() throws {
    var outline = try makeOutline()
    try outline.append(try makeGraft(), to: "A1")
    #expect(outline.items == ["A", "A1", "A1a", "A1b", "X", "X1", "A2", "B", "B1", "C"])
    #expect(outline.parent(of: "X") == "A1")
    #expect(outline.parent(of: "X1") == "X")
    #expect(outline.level(of: "X1") == 3)
    #expect(outline.isExpanded("X"))
    checkOutlineInvariants(outline)
  }

  @Test func graftAtTheRoot() throws {
    var outline = try makeOutline()
    try outline.append(try makeGraft())
    #expect(outline.rootItems == ["A", "B", "C", "X"])
    #expect(outline.visibleItems == ["A", "B", "C", "X", "X1"])
    try outline.append(OutlineSnapshot(), to: "A")  // an empty graft adds nothing
    #expect(outline.items.count == 10)
    checkOutlineInvariants(outline)
  }

  @Test func insertSnapshotsBeforeAndAfter() throws {
    var outline = try makeOutline()
    try outline.insert(try makeGraft("X", child: "X1"), before: "A2")
    try outline.insert(try makeGraft("Y", child: "Y1"), after: "A1")
    #expect(
      outline.items == ["A", "A1", "A1a", "A1b", "Y", "Y1", "X", "X1", "A2", "B", "B1", "C"]
    )
    #expect(outline.parent(of: "X") == "A")
    #expect(outline.parent(of: "Y1") == "Y")
    #expect(outline.level(of: "Y1") == 2)
    #expect(outline.isExpanded("Y"))
    checkOutlineInvariants(outline)
  }

  @Test func moveASubtreeBySnapshotDeleteAndGraft() throws {
    var outline = try makeOutline()
    outline.expand(["A1"])
    let subtree = try outline.snapshot(of: "A1", includingParent: true)
    outline.delete(["A1"])
    try outline.append(subtree, to: "C")
    #expect(outline.description == "[A [A2], B [B1], C [A1 [A1a, A1b]]]")
    #expect(outline.isExpanded("A1"))
    checkOutlineInvariants(outline)
  }

  @Test func replaceChildrenOfAParent() throws {
    var outline = try makeOutline()
    outline.expand(["A", "A1"])
    var replacement = OutlineSnapshot()
    try replacement.append(["A2", "Z"])  // A2 is one of the replaced children
    try replacement.append(["Z1"], to: "Z")
    replacement.expand(["Z"])
    try outline.replace(childrenOf: "A", using: replacement)
    #expect(outline.items == ["A", "A2", "Z", "Z1", "B", "B1", "C"])
    #expect(!outline.contains("A1"))
    #expect(!outline.contains("A1a"))
    #expect(outline.parent(of: "Z") == "A")
    #expect(outline.level(of: "Z1") == 2)
    #expect(outline.isExpanded("A"))  // the parent keeps its state
    #expect(outline.isExpanded("Z"))
    #expect(outline.expandedItems == ["A", "Z"])
    checkOutlineInvariants(outline)
  }

  @Test func replaceChildrenOfANestedParentAndWithNothing() throws {
    var outline = try makeOutline()
    try outline.replace(childrenOf: "A1", using: try makeGraft())
    #expect(outline.description == "[A [A1 [X [X1]], A2], B [B1], C]")
    try outline.replace(childrenOf: "A", using: OutlineSnapshot())
    #expect(outline.description == "[A, B [B1], C]")
    try outline.replace(childrenOf: "C", using: try makeGraft())  // a leaf gets children
    #expect(outline.description == "[A, B [B1], C [X [X1]]]")
    checkOutlineInvariants(outline)
  }
}

// MARK: - Errors

/// A mutation of ``makeOutline()`` that must throw and leave it unchanged.
struct OutlineErrorCase: Sendable, CustomTestStringConvertible {
  var name: String
  var mutate: @Sendable (inout OutlineSnapshot) throws -> Void
  var error: OutlineError
  var testDescription: String { name }

  init(
    _ name: String,
    _ mutate: @escaping @Sendable (inout OutlineSnapshot) throws -> Void,
    throws error: OutlineError
  ) {
    self.name = name
    self.mutate = mutate
    self.error = error
  }
}

@Suite struct SectionSnapshotErrorTests {
  static let cases: [OutlineErrorCase] = [
    OutlineErrorCase(
      "append an existing root",
      { try $0.append(["D", "A"]) },
      throws: .duplicateItem("A")
    ),
    OutlineErrorCase(
      "append an item that exists at another level",
      { try $0.append(["A1a"], to: "C") },
      throws: .duplicateItem("A1a")
    ),
    OutlineErrorCase(
      "append twice in one call",
      { try $0.append(["D", "D"], to: "B") },
      throws: .duplicateItem("D")
    ),
    OutlineErrorCase(
      "append a parent to itself",
      { try $0.append(["A"], to: "A") },
      throws: .duplicateItem("A")
    ),
    OutlineErrorCase(
      "append to an unknown parent",
      { try $0.append(["D"], to: "Q") },
      throws: .itemNotFound("Q")
    ),
    OutlineErrorCase(
      "an unknown parent is reported before duplicates",
      { try $0.append(["A"], to: "Q") },
      throws: .itemNotFound("Q")
    ),
    OutlineErrorCase(
      "insert before an unknown anchor",
      { try $0.insert(["D"], before: "Q") },
      throws: .itemNotFound("Q")
    ),
    OutlineErrorCase(
      "insert after an unknown anchor",
      { try $0.insert(["D"], after: "Q") },
      throws: .itemNotFound("Q")
    ),
    OutlineErrorCase(
      "insert the anchor itself",
      { try $0.insert(["A1"], before: "A1") },
      throws: .duplicateItem("A1")
    ),
    OutlineErrorCase(
      "insert an existing item after",
      { try $0.insert(["D", "B1"], after: "A2") },
      throws: .duplicateItem("B1")
    ),
    OutlineErrorCase(
      "graft an overlapping snapshot",
      { try $0.append(try makeGraft("D", child: "B1"), to: "A") },
      throws: .duplicateItem("B1")
    ),
    OutlineErrorCase(
      "graft to an unknown parent",
      { try $0.append(try makeGraft(), to: "Q") },
      throws: .itemNotFound("Q")
    ),
    OutlineErrorCase(
      "insert a snapshot before an unknown anchor",
      { try $0.insert(try makeGraft(), before: "Q") },
      throws: .itemNotFound("Q")
    ),
    OutlineErrorCase(
      "insert a snapshot containing the anchor",
      { try $0.insert(try makeGraft("A2", child: "X1"), after: "A2") },
      throws: .duplicateItem("A2")
    ),
    OutlineErrorCase(
      "replace the children of an unknown parent",
      { try $0.replace(childrenOf: "Q", using: try makeGraft()) },
      throws: .itemNotFound("Q")
    ),
    OutlineErrorCase(
      "replace with an item from elsewhere",
      { try $0.replace(childrenOf: "A", using: try makeGraft("X", child: "B1")) },
      throws: .duplicateItem("B1")
    ),
    OutlineErrorCase(
      "replace with the parent itself",
      { try $0.replace(childrenOf: "A1", using: try makeGraft("A1a", child: "A1")) },
      throws: .duplicateItem("A1")
    ),
  ]

  @Test(arguments: cases)
  func throwsAndLeavesTheSnapshotUnchanged(_ errorCase: OutlineErrorCase) throws {
    var outline = try makeOutline()
    outline.expand(["A"])
    let before = outline
    do {
      try errorCase.mutate(&outline)
      Issue.record("expected \(errorCase.error), the mutation succeeded")
    } catch let error as OutlineError {
      #expect(error == errorCase.error)
    } catch {
      Issue.record("unexpected error \(error)")
    }
    #expect(outline == before)
    #expect(outline.items == before.items)
  }

  @Test func descriptionsSayWhatWentWrongAndWhatToDo() {
    let duplicate = OutlineError.duplicateItem("A").description
    #expect(duplicate.contains("'A'"))
    #expect(duplicate.contains("already in the section snapshot"))
    #expect(duplicate.contains("must be unique"))
    let missing = OutlineError.itemNotFound("Q").description
    #expect(missing.contains("'Q'"))
    #expect(missing.contains("not in the section snapshot"))
    #expect(missing.contains("contains(_:)"))
  }
}

// MARK: - Random trees against a reference model

/// A plain tree of integer items: the reference a `SectionSnapshot<Int>` is
/// checked against.
struct OutlineModel {
  var children: [Int?: [Int]] = [:]
  var parents: [Int: Int?] = [:]
  var expanded: Set<Int> = []

  func contains(_ id: Int) -> Bool { parents[id] != nil }

  /// All items, depth-first pre-order.
  var preorder: [Int] {
    var result: [Int] = []
    var stack = Array((children[nil] ?? []).reversed())
    while let id = stack.popLast() {
      result.append(id)
      stack.append(contentsOf: (children[id] ?? []).reversed())
    }
    return result
  }

  /// An item and all its descendants.
  func subtree(_ id: Int) -> [Int] {
    var result: [Int] = []
    var stack = [id]
    while let next = stack.popLast() {
      result.append(next)
      stack.append(contentsOf: children[next] ?? [])
    }
    return result
  }

  /// The first new identifier that is already here (and not `allowed`) or
  /// repeated.
  func firstDuplicate(in ids: [Int], allowed: Set<Int> = []) -> Int? {
    var seen = Set<Int>()
    for id in ids where (contains(id) && !allowed.contains(id)) || !seen.insert(id).inserted {
      return id
    }
    return nil
  }

  mutating func add(_ id: Int, under parent: Int?, at position: Int? = nil, expanded: Bool) {
    var siblings = children[parent] ?? []
    siblings.insert(id, at: min(position ?? siblings.count, siblings.count))
    children[parent] = siblings
    parents[id] = .some(parent)
    if expanded { self.expanded.insert(id) }
  }

  mutating func remove(_ id: Int) {
    guard let parent = parents[id] else { return }
    for doomed in subtree(id) {
      parents[doomed] = nil
      children[doomed] = nil
      expanded.remove(doomed)
    }
    children[parent]?.removeAll { $0 == id }
  }

  /// Adds every item of `snapshot` at `position` among `parent`'s children,
  /// its roots in order and its other items under their own parents.
  mutating func graft(_ snapshot: SectionSnapshot<Int>, under parent: Int?, at position: Int?) {
    var offset = 0
    for id in snapshot.items {
      if let own = snapshot.parent(of: id) {
        add(id, under: own, expanded: snapshot.isExpanded(id))
      } else {
        add(id, under: parent, at: position.map { $0 + offset }, expanded: snapshot.isExpanded(id))
        offset += 1
      }
    }
  }

  /// The same tree built with the public API from scratch.
  func rebuilt() throws -> SectionSnapshot<Int> {
    var outline = SectionSnapshot<Int>()
    for id in preorder { try outline.append([id], to: parents[id] ?? nil) }
    outline.expand(Array(expanded))
    return outline
  }
}

@Suite struct SectionSnapshotPropertyTests {
  static let pool = 60

  /// A few random identifiers from the pool, existing ones included.
  static func randomIDs(_ random: inout SplitMix64, max count: Int = 4) -> [Int] {
    (0..<Int.random(in: 0...count, using: &random)).map { _ in
      Int.random(in: 0..<pool, using: &random)
    }
  }

  /// An existing item most of the time, sometimes an unknown one.
  static func randomAnchor(_ model: OutlineModel, _ random: inout SplitMix64) -> Int {
    let existing = model.preorder
    if existing.isEmpty || Int.random(in: 0..<8, using: &random) == 0 {
      return pool + Int.random(in: 0..<5, using: &random)
    }
    return existing[Int.random(in: 0..<existing.count, using: &random)]
  }

  /// A small random snapshot of fresh-or-not identifiers.
  static func randomGraft(_ random: inout SplitMix64) -> SectionSnapshot<Int> {
    var graft = SectionSnapshot<Int>()
    for _ in 0..<Int.random(in: 0...4, using: &random) {
      let items = randomIDs(&random, max: 2)
      let parent =
        graft.items.isEmpty || Bool.random(using: &random)
        ? nil : graft.items.randomElement(using: &random)
      try? graft.append(items, to: parent)
    }
    graft.expand(graft.items.filter { _ in Bool.random(using: &random) })
    return graft
  }

  /// Runs `mutation` on `outline`; when the model expects an error, checks
  /// that exactly that error is thrown and nothing changed, otherwise that
  /// it succeeds and applies `apply` to the model.
  static func perform(
    _ outline: inout SectionSnapshot<Int>,
    _ model: inout OutlineModel,
    expecting expected: SectionSnapshotError<Int>?,
    _ mutation: (inout SectionSnapshot<Int>) throws -> Void,
    apply: (inout OutlineModel) -> Void
  ) {
    let before = outline
    do {
      try mutation(&outline)
      if let expected { Issue.record("expected \(expected), the mutation succeeded") }
      apply(&model)
    } catch let error as SectionSnapshotError<Int> {
      #expect(error == expected)
      #expect(outline == before)
    } catch {
      Issue.record("unexpected error \(error)")
    }
  }

  @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6])
  func randomOperationsKeepTheTreeConsistent(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    var outline = SectionSnapshot<Int>()
    var model = OutlineModel()
    for step in 0..<400 {
      switch Int.random(in: 0..<10, using: &random) {
      case 0, 1, 2:  // append to the root or to a parent
        let items = Self.randomIDs(&random)
        let parent: Int? = Bool.random(using: &random) ? nil : Self.randomAnchor(model, &random)
        let expected: SectionSnapshotError<Int>? =
          if let parent, !model.contains(parent) {
            .itemNotFound(parent)
          } else {
            model.firstDuplicate(in: items).map { .duplicateItem($0) }
          }
        Self.perform(&outline, &model, expecting: expected) {
          try $0.append(items, to: parent)
        } apply: {
          for id in items { $0.add(id, under: parent, expanded: false) }
        }
      case 3, 4:  // insert before or after an anchor
        let items = Self.randomIDs(&random)
        let anchor = Self.randomAnchor(model, &random)
        let after = Bool.random(using: &random)
        let expected: SectionSnapshotError<Int>? =
          model.contains(anchor)
          ? model.firstDuplicate(in: items).map { .duplicateItem($0) } : .itemNotFound(anchor)
        Self.perform(&outline, &model, expecting: expected) {
          if after {
            try $0.insert(items, after: anchor)
          } else {
            try $0.insert(items, before: anchor)
          }
        } apply: {
          guard let parent = $0.parents[anchor] else { return }
          let index = ($0.children[parent]?.firstIndex(of: anchor) ?? 0) + (after ? 1 : 0)
          for (offset, id) in items.enumerated() {
            $0.add(id, under: parent, at: index + offset, expanded: false)
          }
        }
      case 5:  // delete some items, unknown ones included
        let items = Self.randomIDs(&random, max: 3)
        outline.delete(items)
        for id in items { model.remove(id) }
      case 6:  // expand or collapse
        let items = Self.randomIDs(&random, max: 8)
        if Int.random(in: 0..<3, using: &random) == 0 {
          outline.collapse(items)
          model.expanded.subtract(items)
        } else {
          outline.expand(items)
          model.expanded.formUnion(items.filter(model.contains))
        }
      case 7:  // graft a random snapshot at the root, under a parent, or beside an anchor
        let graft = Self.randomGraft(&random)
        let anchor = Self.randomAnchor(model, &random)
        let mode = Int.random(in: 0..<4, using: &random)
        let expected: SectionSnapshotError<Int>? =
          if mode != 0, !model.contains(anchor) {
            .itemNotFound(anchor)
          } else {
            model.firstDuplicate(in: graft.items).map { .duplicateItem($0) }
          }
        Self.perform(&outline, &model, expecting: expected) {
          switch mode {
          case 0: try $0.append(graft)
          case 1: try $0.append(graft, to: anchor)
          case 2: try $0.insert(graft, before: anchor)
          default: try $0.insert(graft, after: anchor)
          }
        } apply: {
          switch mode {
          case 0: $0.graft(graft, under: nil, at: nil)
          case 1: $0.graft(graft, under: anchor, at: nil)
          default:
            guard let parent = $0.parents[anchor] else { return }
            let index = $0.children[parent]?.firstIndex(of: anchor) ?? 0
            $0.graft(graft, under: parent, at: index + (mode == 2 ? 0 : 1))
          }
        }
      case 8:  // replace the children of a parent
        let graft = Self.randomGraft(&random)
        let parent = Self.randomAnchor(model, &random)
        let replaced = Set(model.contains(parent) ? model.subtree(parent).dropFirst() : [])
        let expected: SectionSnapshotError<Int>? =
          model.contains(parent)
          ? model.firstDuplicate(in: graft.items, allowed: replaced).map { .duplicateItem($0) }
          : .itemNotFound(parent)
        Self.perform(&outline, &model, expecting: expected) {
          try $0.replace(childrenOf: parent, using: graft)
        } apply: {
          for child in $0.children[parent] ?? [] { $0.remove(child) }
          $0.graft(graft, under: parent, at: nil)
        }
      default:  // move a subtree: snapshot it, delete it, graft it elsewhere
        let item = Self.randomAnchor(model, &random)
        guard model.contains(item) else {
          #expect(throws: SectionSnapshotError<Int>.itemNotFound(item)) {
            try outline.snapshot(of: item)
          }
          break
        }
        let includingParent = Bool.random(using: &random)
        let subtree = try outline.snapshot(of: item, includingParent: includingParent)
        let moved = includingParent ? [item] : model.children[item] ?? []
        #expect(subtree.rootItems == moved)
        outline.delete(moved)
        for id in moved { model.remove(id) }
        let target = model.preorder.randomElement(using: &random)
        try outline.append(subtree, to: target)
        model.graft(subtree, under: target, at: nil)
      }

      #expect(outline.items == model.preorder, "step \(step)")
      for id in outline.items {
        #expect(outline.parent(of: id) == model.parents[id] ?? nil)
        #expect(outline.isExpanded(id) == model.expanded.contains(id))
      }
      for id in 0..<Self.pool { #expect(outline.contains(id) == model.contains(id)) }
      #expect(outline.rootItems == model.children[nil] ?? [])
      checkOutlineInvariants(outline)
      if step % 50 == 0 { #expect(try model.rebuilt() == outline) }
    }
  }
}
