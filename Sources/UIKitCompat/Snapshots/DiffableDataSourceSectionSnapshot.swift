/// The items of one section as a tree of expandable items, with UIKit's API: the engine's
/// `SectionSnapshot` behind `NSDiffableDataSourceSectionSnapshot`'s non-throwing methods.
///
/// Where UIKit raises (a duplicate identifier, an unknown parent or anchor), the method
/// reports the problem to `UIKitCompatFailure.handler` and leaves the snapshot unchanged.
///
/// ```swift
/// var outline = NSDiffableDataSourceSectionSnapshot<String>()
/// outline.append(["Fire"])
/// outline.append(["Charmander", "Vulpix"], to: "Fire")
/// outline.expand(["Fire"])
/// outline.visibleItems  // ["Fire", "Charmander", "Vulpix"]
/// ```
public struct NSDiffableDataSourceSectionSnapshot<ItemIdentifierType: Hashable & Sendable>:
  Sendable, Equatable
{
  typealias Failure = SectionSnapshotError<ItemIdentifierType>

  /// The engine's section snapshot.
  public var base: SectionSnapshot<ItemIdentifierType>

  /// An empty section snapshot.
  public init() { base = SectionSnapshot() }

  /// A section snapshot of the engine's `snapshot`.
  public init(_ snapshot: SectionSnapshot<ItemIdentifierType>) { base = snapshot }

  /// Runs `change` on the snapshot in place (O(1) overhead: no copy), or reports its error.
  mutating func change(
    _ api: String,
    _ change: (inout SectionSnapshot<ItemIdentifierType>) throws(Failure) -> Void
  ) {
    // The engine leaves a snapshot unchanged when a change throws.
    do {
      try change(&base)
    } catch {
      Self.report(error, api: api)
    }
  }

  static func report(_ error: Failure, api: String) {
    let message: String
    switch error {
    case .duplicateItem(let id):
      message = UIKitMessage.duplicateItem(id)
    case .itemNotFound(let id):
      message = UIKitMessage.unknownItem(id, in: "section snapshot")
    }
    UIKitCompatFailure.report(
      UIKitCompatFailure(api: "NSDiffableDataSourceSectionSnapshot.\(api)", message: message)
    )
  }

  /// Appends items as the last children of `parent`, or as roots when it is `nil`.
  public mutating func append(_ items: [ItemIdentifierType], to parent: ItemIdentifierType? = nil) {
    change("append(_:to:)") { snapshot throws(Failure) in try snapshot.append(items, to: parent) }
  }

  /// Appends a whole tree under `parent`, or at the root.
  public mutating func append(
    _ snapshot: NSDiffableDataSourceSectionSnapshot,
    to parent: ItemIdentifierType? = nil
  ) {
    change("append(_:to:)") { base throws(Failure) in try base.append(snapshot.base, to: parent) }
  }

  /// Inserts items as siblings just before `item`.
  public mutating func insert(_ items: [ItemIdentifierType], before item: ItemIdentifierType) {
    change("insert(_:before:)") { snapshot throws(Failure) in
      try snapshot.insert(items, before: item)
    }
  }

  /// Inserts items as siblings just after `item`.
  public mutating func insert(_ items: [ItemIdentifierType], after item: ItemIdentifierType) {
    change("insert(_:after:)") { snapshot throws(Failure) in try snapshot.insert(items, after: item)
    }
  }

  /// Inserts a whole tree as siblings just before `item`.
  public mutating func insert(
    _ snapshot: NSDiffableDataSourceSectionSnapshot,
    before item: ItemIdentifierType
  ) {
    change("insert(_:before:)") { base throws(Failure) in
      try base.insert(snapshot.base, before: item)
    }
  }

  /// Inserts a whole tree as siblings just after `item`.
  public mutating func insert(
    _ snapshot: NSDiffableDataSourceSectionSnapshot,
    after item: ItemIdentifierType
  ) {
    change("insert(_:after:)") { base throws(Failure) in try base.insert(snapshot.base, after: item)
    }
  }

  /// Replaces the children of `parent` with the roots of `snapshot` and their subtrees.
  public mutating func replace(
    childrenOf parent: ItemIdentifierType,
    using snapshot: NSDiffableDataSourceSectionSnapshot
  ) {
    change("replace(childrenOf:using:)") { base throws(Failure) in
      try base.replace(childrenOf: parent, using: snapshot.base)
    }
  }

  /// Deletes items with their descendants; unknown ones are ignored.
  public mutating func delete(_ items: [ItemIdentifierType]) { base.delete(items) }

  /// Deletes every item.
  public mutating func deleteAll() { base.deleteAll() }

  /// Expands items, so that their children are visible.
  public mutating func expand(_ items: [ItemIdentifierType]) { base.expand(items) }

  /// Collapses items, so that their descendants are hidden.
  public mutating func collapse(_ items: [ItemIdentifierType]) { base.collapse(items) }

  /// Whether `item` is expanded.
  public func isExpanded(_ item: ItemIdentifierType) -> Bool { base.isExpanded(item) }

  /// Whether every ancestor of `item` is expanded.
  public func isVisible(_ item: ItemIdentifierType) -> Bool { base.isVisible(item) }

  /// Whether `item` is in the snapshot.
  public func contains(_ item: ItemIdentifierType) -> Bool { base.contains(item) }

  /// The index of `item` in ``items``, or `nil`.
  public func index(of item: ItemIdentifierType) -> Int? { base.index(of: item) }

  /// The depth of `item` (0 for a root); -1 when it is not in the snapshot.
  public func level(of item: ItemIdentifierType) -> Int { base.level(of: item) ?? -1 }

  /// The parent of `child`, or `nil` for a root or an unknown item.
  public func parent(of child: ItemIdentifierType) -> ItemIdentifierType? { base.parent(of: child) }

  /// The subtree of `parent` (with `parent` as its root when `includingParent`); an
  /// unknown parent is reported and gives an empty snapshot.
  public func snapshot(
    of parent: ItemIdentifierType,
    includingParent: Bool = false
  ) -> NSDiffableDataSourceSectionSnapshot {
    do {
      return NSDiffableDataSourceSectionSnapshot(
        try base.snapshot(of: parent, includingParent: includingParent)
      )
    } catch {
      Self.report(error, api: "snapshot(of:includingParent:)")
      return NSDiffableDataSourceSectionSnapshot()
    }
  }

  /// Every item, depth first.
  public var items: [ItemIdentifierType] { base.items }
  /// The items at the top level.
  public var rootItems: [ItemIdentifierType] { base.rootItems }
  /// The items whose ancestors are all expanded, depth first: the rows a list shows.
  public var visibleItems: [ItemIdentifierType] { base.visibleItems }

  /// The tree as indented text, for debugging.
  public func visualDescription() -> String { base.visualDescription() }
}
