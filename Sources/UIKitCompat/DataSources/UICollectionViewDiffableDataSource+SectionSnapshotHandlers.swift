extension UICollectionViewDiffableDataSource {
  /// What happens when the user expands or collapses an item of an outline (a section
  /// whose items were applied as a section snapshot).
  ///
  /// ```swift
  /// dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = { parent, snapshot in
  ///   var snapshot = snapshot
  ///   snapshot.append(children(of: parent), to: parent)   // loaded on demand
  ///   return snapshot
  /// }
  /// ```
  public struct SectionSnapshotHandlers<ItemType: Hashable & Sendable> {
    /// Whether the item may expand (yes when there is no handler).
    public var shouldExpandItem: (@MainActor (ItemType) -> Bool)?
    /// Called before the item expands.
    public var willExpandItem: (@MainActor (ItemType) -> Void)?
    /// Whether the item may collapse (yes when there is no handler).
    public var shouldCollapseItem: (@MainActor (ItemType) -> Bool)?
    /// Called before the item collapses.
    public var willCollapseItem: (@MainActor (ItemType) -> Void)?
    /// The section snapshot to show when the item expands, from the current one: where
    /// children are added on demand. With no handler, the current one.
    public var snapshotForExpandingParent:
      (
        @MainActor (ItemType, NSDiffableDataSourceSectionSnapshot<ItemType>) ->
          NSDiffableDataSourceSectionSnapshot<ItemType>
      )?

    /// No handlers.
    public init() {}
  }
}

/// A data source that expands and collapses outline items when their disclosure control is
/// tapped.
@MainActor protocol OutlineDisclosing: AnyObject {
  /// Expands or collapses the item at `indexPath`; whether it did.
  func toggleDisclosure(at indexPath: IndexPath) -> Bool
}

extension UICollectionViewDiffableDataSource: OutlineDisclosing {
  /// Expands the item at `indexPath` if it is collapsed, collapses it otherwise, as UIKit
  /// does when its outline disclosure accessory is tapped: asks
  /// ``SectionSnapshotHandlers/shouldExpandItem`` (or `shouldCollapseItem`), calls
  /// `willExpandItem` (or `willCollapseItem`), and applies the section snapshot changed so
  /// (for an expansion, the one `snapshotForExpandingParent` returns).
  func toggleDisclosure(at indexPath: IndexPath) -> Bool {
    guard let item = itemIdentifier(for: indexPath),
      let section = snapshot().sectionIdentifier(containingItem: item)
    else { return false }
    var sectionSnapshot = snapshot(for: section)
    let handlers = sectionSnapshotHandlers
    if sectionSnapshot.isExpanded(item) {
      guard handlers.shouldCollapseItem?(item) ?? true else { return false }
      handlers.willCollapseItem?(item)
      sectionSnapshot.collapse([item])
    } else {
      guard handlers.shouldExpandItem?(item) ?? true else { return false }
      handlers.willExpandItem?(item)
      if let snapshotForExpandingParent = handlers.snapshotForExpandingParent {
        sectionSnapshot = snapshotForExpandingParent(item, sectionSnapshot)
      }
      sectionSnapshot.expand([item])
    }
    apply(sectionSnapshot, to: section)
    return true
  }
}
