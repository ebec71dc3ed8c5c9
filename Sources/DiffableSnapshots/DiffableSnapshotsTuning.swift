/// Switches for `pokedex-bench engines` (issue #32): each speed-only mechanism of the
/// target can be turned off, so that it is measured against its plain version in the same
/// run. Measurement only: every switch is on outside the benchmark.
@usableFromInline package enum DiffableSnapshotsTuning {
  /// `ASCIIIdentifierIndex` for `String` shuffles (off: the snapshot's `Dictionary`).
  @usableFromInline nonisolated(unsafe) package static var stringIndex = true
  /// `PatienceTails` and the sorted-input shortcut in the LIS (off: a textbook patience
  /// sort with a binary search).
  @usableFromInline nonisolated(unsafe) package static var patienceTails = true
  /// Predicting the next old position in `SectionItemScan` (off: a lookup per item).
  @usableFromInline nonisolated(unsafe) package static var prediction = true
  /// Skipping a section whose items are unchanged (off: scanned like any other).
  @usableFromInline nonisolated(unsafe) package static var unchangedSections = true
  /// Fetched snapshots without their items' index, and the reversed `OldItemFinder`
  /// (off: every snapshot indexed when it is made).
  @usableFromInline nonisolated(unsafe) package static var lazyItemIndex = true
  /// The controller's identifier index built on the first change after
  /// `init(elements:fetchRequest:uncheckedIdentifiedBy:)` (off: built by the init).
  @usableFromInline nonisolated(unsafe) package static var lazyIdentifierIndex = true
  /// No diff when a controller has no delegate and no `changes` reader (off: diffed).
  @usableFromInline nonisolated(unsafe) package static var skipsUnobservedDiff = true
  /// Order keys and the radix sort of `SortColumn` (off: comparisons of the keys).
  @usableFromInline nonisolated(unsafe) package static var orderKeys = true
  /// Not sorting elements that are in order already (off: sorted anyway).
  @usableFromInline nonisolated(unsafe) package static var skipsSortedInput = true
}
