/// What a reorder changed in one section of a diffable data source: its section snapshots
/// before and after, and the difference of their items.
public struct NSDiffableDataSourceSectionTransaction<
  SectionIdentifierType: Hashable & Sendable,
  ItemIdentifierType: Hashable & Sendable
>: Sendable {
  /// The section.
  public let sectionIdentifier: SectionIdentifierType
  /// The section's snapshot before the reorder.
  public let initialSnapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>
  /// The section's snapshot after the reorder.
  public let finalSnapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>
  /// The change from the initial items of the section to the final ones, moves inferred.
  public let difference: CollectionDifference<ItemIdentifierType>
}
