/// The sections and items a diffable data source shows, with UIKit's API: the engine's
/// `Snapshot` behind `NSDiffableDataSourceSnapshot`'s non-throwing methods.
///
/// Where UIKit raises an exception (a duplicate identifier, an unknown anchor, items
/// appended before any section), the method reports UIKit's message to
/// `UIKitCompatFailure.handler` and leaves the snapshot unchanged. New code should prefer
/// the engine's `Snapshot`, whose methods throw typed errors instead.
///
/// ```swift
/// var snapshot = NSDiffableDataSourceSnapshot<Section, Item>()
/// snapshot.appendSections([.fruits, .vegetables])
/// snapshot.appendItems(fruits, toSection: .fruits)
/// snapshot.moveItem(apple, afterItem: pear)
/// ```
public struct NSDiffableDataSourceSnapshot<
  SectionIdentifierType: Hashable & Sendable,
  ItemIdentifierType: Hashable & Sendable
>: Sendable, Equatable {
  @usableFromInline typealias Failure = SnapshotError<SectionIdentifierType, ItemIdentifierType>

  /// The engine's snapshot.
  public var base: Snapshot<SectionIdentifierType, ItemIdentifierType>

  /// An empty snapshot.
  @inlinable public init() { base = Snapshot() }

  /// A snapshot of the engine's `snapshot`.
  @inlinable public init(_ snapshot: Snapshot<SectionIdentifierType, ItemIdentifierType>) {
    base = snapshot
  }

  /// Runs `change` on the snapshot in place (O(1) overhead: no copy), or reports UIKit's message for its error.
  @inlinable mutating func change(
    _ api: String,
    _ change: (inout Snapshot<SectionIdentifierType, ItemIdentifierType>) throws(Failure) -> Void
  ) {
    // The engine leaves a snapshot unchanged when a change throws.
    do {
      try change(&base)
    } catch {
      Self.report(error, api: api)
    }
  }

  @usableFromInline static func report(_ error: Failure, api: String) {
    UIKitCompatFailure.report(
      UIKitCompatFailure(
        api: "NSDiffableDataSourceSnapshot.\(api)",
        message: message(for: error, api: api)
      )
    )
  }

  /// UIKit's exception text for `error` raised by `api`, where UIKit's is known.
  static func message(for error: Failure, api: String) -> String {
    switch error {
    case .duplicateItem(let id):
      return UIKitMessage.duplicateItem(id)
    case .duplicateSection(let id):
      return
        "Diffable data source detected an attempt to insert or append 1 section identifier "
        + "that already exists in the snapshot. Identifiers in a snapshot must be unique. "
        + "Duplicate identifier: \(id)"
    case .itemNotFound(let id) where api.hasPrefix("reloadItems"):
      return "Attempted to reload item identifier that does not exist in the snapshot: \(id)"
    case .itemNotFound(let id) where api.hasPrefix("reconfigureItems"):
      return
        "Attempted to reconfigure item identifier that does not exist in the snapshot: \(id)"
    case .itemNotFound(let id):
      return UIKitMessage.unknownItem(id, in: "snapshot")
    case .sectionNotFound(let id) where api.hasPrefix("reloadSections"):
      return "Attempted to reload section identifier that does not exist in the snapshot: \(id)"
    case .sectionNotFound(let id):
      return
        "Invalid section identifier specified: \(id). Section identifier was not found. You "
        + "can verify the section exists by calling the indexOfSectionIdentifier API (which "
        + "has O(1) performance)."
    case .noSections:
      return "There are currently no sections in the data source. Please add a section first."
    case .invalidMove(.itemRelativeToItself):
      return "Invalid update: destination for item move is the same as the source"
    case .invalidMove(.sectionRelativeToItself):
      return "Invalid update: destination for section move is the same as the source"
    case .invalidMove, .inapplicableDiff:
      return "\(error)"
    }
  }

  // MARK: Reading

  /// The number of items in all sections.
  @inlinable public var numberOfItems: Int { base.numberOfItems }
  /// The number of sections.
  @inlinable public var numberOfSections: Int { base.numberOfSections }
  /// The sections, in order.
  @inlinable public var sectionIdentifiers: [SectionIdentifierType] { base.sectionIdentifiers }
  /// All items, section by section.
  @inlinable public var itemIdentifiers: [ItemIdentifierType] { base.itemIdentifiers }

  /// The number of items in `identifier`; an unknown section is reported (iOS 14
  /// raises) and counts 0.
  @inlinable public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int {
    itemIdentifiers(inSection: identifier).count
  }

  /// The items of `identifier`; an unknown section is reported (iOS 14 raises) and has
  /// none.
  @inlinable public func itemIdentifiers(inSection identifier: SectionIdentifierType)
    -> [ItemIdentifierType]
  {
    do {
      return try base.itemIdentifiers(inSection: identifier)
    } catch {
      Self.report(error, api: "itemIdentifiers(inSection:)")
      return []
    }
  }

  /// The section that contains `identifier`, or `nil`.
  @inlinable public func sectionIdentifier(containingItem identifier: ItemIdentifierType)
    -> SectionIdentifierType?
  {
    base.sectionIdentifier(containingItem: identifier)
  }

  /// The index of `identifier` among all items (not within its section), or `nil`.
  @inlinable public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? {
    base.indexOfItem(identifier)
  }

  /// The index of `identifier` among the sections, or `nil`.
  @inlinable public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? {
    base.indexOfSection(identifier)
  }

  /// The items marked for reload.
  @inlinable public var reloadedItemIdentifiers: [ItemIdentifierType] {
    base.reloadedItemIdentifiers
  }
  /// The items marked for reconfiguration.
  @inlinable public var reconfiguredItemIdentifiers: [ItemIdentifierType] {
    base.reconfiguredItemIdentifiers
  }
  /// The sections marked for reload.
  @inlinable public var reloadedSectionIdentifiers: [SectionIdentifierType] {
    base.reloadedSectionIdentifiers
  }

  // MARK: Items

  /// Appends items to `identifier`, or to the last section when it is `nil`.
  @inlinable public mutating func appendItems(
    _ identifiers: [ItemIdentifierType],
    toSection identifier: SectionIdentifierType? = nil
  ) {
    change("appendItems(_:toSection:)") { snapshot throws(Failure) in
      try snapshot.appendItems(identifiers, toSection: identifier)
    }
  }

  /// Inserts items before `beforeIdentifier`, in its section.
  @inlinable public mutating func insertItems(
    _ identifiers: [ItemIdentifierType],
    beforeItem beforeIdentifier: ItemIdentifierType
  ) {
    change("insertItems(_:beforeItem:)") { snapshot throws(Failure) in
      try snapshot.insertItems(identifiers, beforeItem: beforeIdentifier)
    }
  }

  /// Inserts items after `afterIdentifier`, in its section.
  @inlinable public mutating func insertItems(
    _ identifiers: [ItemIdentifierType],
    afterItem afterIdentifier: ItemIdentifierType
  ) {
    change("insertItems(_:afterItem:)") { snapshot throws(Failure) in
      try snapshot.insertItems(identifiers, afterItem: afterIdentifier)
    }
  }

  /// Deletes items; unknown ones are ignored, as in UIKit.
  @inlinable public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
    base.deleteItems(identifiers)
  }

  /// Deletes every item and every section, as UIKit does.
  @inlinable public mutating func deleteAllItems() { base.deleteAllItems() }

  /// Moves an item just before another, possibly into another section.
  @inlinable public mutating func moveItem(
    _ identifier: ItemIdentifierType,
    beforeItem toIdentifier: ItemIdentifierType
  ) {
    change("moveItem(_:beforeItem:)") { snapshot throws(Failure) in
      try snapshot.moveItem(identifier, beforeItem: toIdentifier)
    }
  }

  /// Moves an item just after another, possibly into another section.
  @inlinable public mutating func moveItem(
    _ identifier: ItemIdentifierType,
    afterItem toIdentifier: ItemIdentifierType
  ) {
    change("moveItem(_:afterItem:)") { snapshot throws(Failure) in
      try snapshot.moveItem(identifier, afterItem: toIdentifier)
    }
  }

  /// Marks items to be reloaded (a new cell) when the snapshot is applied.
  @inlinable public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
    change("reloadItems(_:)") { snapshot throws(Failure) in try snapshot.reloadItems(identifiers) }
  }

  /// Marks items to be reconfigured (the same cell, updated) when the snapshot is applied.
  @inlinable public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) {
    change("reconfigureItems(_:)") { snapshot throws(Failure) in
      try snapshot.reconfigureItems(identifiers)
    }
  }

  // MARK: Sections

  /// Appends empty sections.
  @inlinable public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
    change("appendSections(_:)") { snapshot throws(Failure) in
      try snapshot.appendSections(identifiers)
    }
  }

  /// Inserts empty sections before `toIdentifier`.
  @inlinable public mutating func insertSections(
    _ identifiers: [SectionIdentifierType],
    beforeSection toIdentifier: SectionIdentifierType
  ) {
    change("insertSections(_:beforeSection:)") { snapshot throws(Failure) in
      try snapshot.insertSections(identifiers, beforeSection: toIdentifier)
    }
  }

  /// Inserts empty sections after `toIdentifier`.
  @inlinable public mutating func insertSections(
    _ identifiers: [SectionIdentifierType],
    afterSection toIdentifier: SectionIdentifierType
  ) {
    change("insertSections(_:afterSection:)") { snapshot throws(Failure) in
      try snapshot.insertSections(identifiers, afterSection: toIdentifier)
    }
  }

  /// Deletes sections and their items; unknown ones are ignored, as in UIKit.
  @inlinable public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
    base.deleteSections(identifiers)
  }

  /// Moves a section, with its items, just before another.
  @inlinable public mutating func moveSection(
    _ identifier: SectionIdentifierType,
    beforeSection toIdentifier: SectionIdentifierType
  ) {
    change("moveSection(_:beforeSection:)") { snapshot throws(Failure) in
      try snapshot.moveSection(identifier, beforeSection: toIdentifier)
    }
  }

  /// Moves a section, with its items, just after another.
  @inlinable public mutating func moveSection(
    _ identifier: SectionIdentifierType,
    afterSection toIdentifier: SectionIdentifierType
  ) {
    change("moveSection(_:afterSection:)") { snapshot throws(Failure) in
      try snapshot.moveSection(identifier, afterSection: toIdentifier)
    }
  }

  /// Marks sections to be reloaded when the snapshot is applied.
  @inlinable public mutating func reloadSections(_ identifiers: [SectionIdentifierType]) {
    change("reloadSections(_:)") { snapshot throws(Failure) in
      try snapshot.reloadSections(identifiers)
    }
  }
}

extension DiffableDataSource {
  /// Shows a UIKit-spelled snapshot; see the engine's `apply(_:animatingDifferences:completion:)`.
  public func apply(
    _ snapshot: NSDiffableDataSourceSnapshot<SectionID, ItemID>,
    animatingDifferences: Bool = true,
    completion: (() -> Void)? = nil
  ) {
    apply(snapshot.base, animatingDifferences: animatingDifferences, completion: completion)
  }

  /// The item at a UIKit index path, or `nil` when there is none.
  public func itemIdentifier(for indexPath: IndexPath) -> ItemID? {
    itemIdentifier(for: ItemPath(indexPath))
  }
}
