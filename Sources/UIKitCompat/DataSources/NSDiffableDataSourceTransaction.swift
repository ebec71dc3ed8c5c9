/// What a reorder changed in a diffable data source: the snapshots before and after, the
/// difference of their items, and the same for each section it touched.
///
/// A collection view data source's `reorderingHandlers.didReorder` receives it, to update
/// the model:
///
/// ```swift
/// dataSource.reorderingHandlers.didReorder = { [weak self] transaction in
///   guard let self else { return }
///   if let updated = self.backingStore.applying(transaction.difference) {
///     self.backingStore = updated
///   }
/// }
/// ```
public struct NSDiffableDataSourceTransaction<
  SectionIdentifierType: Hashable & Sendable,
  ItemIdentifierType: Hashable & Sendable
>: Sendable {
  /// The data source's snapshot before the reorder.
  public let initialSnapshot:
    NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
  /// The data source's snapshot after the reorder.
  public let finalSnapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
  /// The change from the initial items to the final ones (all sections, in order), with
  /// moves inferred: `initialSnapshot.itemIdentifiers.applying(difference)` gives
  /// `finalSnapshot.itemIdentifiers`.
  public let difference: CollectionDifference<ItemIdentifierType>
  /// The same for each section the reorder touched.
  public let sectionTransactions:
    [NSDiffableDataSourceSectionTransaction<SectionIdentifierType, ItemIdentifierType>]

  /// The transaction from `initialSnapshot` to `finalSnapshot`, whose touched sections had
  /// the section snapshots `sectionsBefore` (their final section snapshots list the
  /// sections' new items as roots).
  ///
  /// - Complexity: O((n + d) · d) for n items and d changes (the standard library's
  ///   difference).
  init(
    initialSnapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    finalSnapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    sectionsBefore: [(
      SectionIdentifierType, NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>
    )]
  ) {
    self.initialSnapshot = initialSnapshot
    self.finalSnapshot = finalSnapshot
    difference = finalSnapshot.itemIdentifiers.difference(from: initialSnapshot.itemIdentifiers)
      .inferringMoves()
    sectionTransactions = sectionsBefore.map { section, before in
      var after = NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>()
      after.append((try? finalSnapshot.base.itemIdentifiers(inSection: section)) ?? [])
      return NSDiffableDataSourceSectionTransaction(
        sectionIdentifier: section,
        initialSnapshot: before,
        finalSnapshot: after,
        difference: after.items.difference(from: before.items).inferringMoves()
      )
    }
  }
}
