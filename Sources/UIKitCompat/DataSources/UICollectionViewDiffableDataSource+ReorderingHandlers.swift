extension UICollectionViewDiffableDataSource {
  /// What happens when the user drags items to reorder them.
  ///
  /// ```swift
  /// dataSource.reorderingHandlers.canReorderItem = { _ in true }
  /// dataSource.reorderingHandlers.didReorder = { [weak self] transaction in
  ///   self?.backingStore = transaction.finalSnapshot.itemIdentifiers
  /// }
  /// ```
  public struct ReorderingHandlers {
    /// Whether the item may be reordered; with no handler, no item can be.
    public var canReorderItem: (@MainActor (ItemIdentifierType) -> Bool)?
    /// Called with the reorder's transaction before the data source applies it.
    public var willReorder:
      (
        @MainActor (NSDiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) ->
          Void
      )?
    /// Called with the reorder's transaction once the data source shows it: update the
    /// model here.
    public var didReorder:
      (
        @MainActor (NSDiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) ->
          Void
      )?

    /// No handlers.
    public init() {}
  }
}
