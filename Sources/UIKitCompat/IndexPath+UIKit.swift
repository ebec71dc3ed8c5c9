// UIKit's additions to IndexPath. Foundation on Linux has IndexPath without them; on Apple
// platforms UIKit declares them, so they are declared here only where UIKit is absent.

#if !canImport(UIKit)
  extension IndexPath {
    /// An index path for the item at `item` in section `section` (UIKit's initializer).
    ///
    /// ```swift
    /// let path = IndexPath(item: 3, section: 1)   // [1, 3]
    /// ```
    public init(item: Int, section: Int) {
      self.init(indexes: [section, item])
    }

    /// An index path for the row at `row` in section `section` (UIKit's table spelling).
    public init(row: Int, section: Int) {
      self.init(indexes: [section, row])
    }

    /// The section: the first index, or 0 for an empty index path (where UIKit traps).
    public var section: Int {
      get { twoIndexes.section }
      set { self = IndexPath(indexes: [newValue, item]) }
    }

    /// The item within the section: the second index, or 0 when there is none (where
    /// UIKit traps).
    public var item: Int {
      get { twoIndexes.item }
      set { self = IndexPath(indexes: [section, newValue]) }
    }

    /// The row within the section: the same as ``item``.
    public var row: Int {
      get { item }
      set { item = newValue }
    }
  }
#endif

extension IndexPath {
  /// The index path of an engine's item path.
  public init(_ path: ItemPath) {
    self.init(indexes: [path.section, path.item])
  }

  /// The index path of a layout's item path.
  public init(_ path: LayoutIndexPath) {
    self.init(indexes: [path.section, path.item])
  }

  /// The first two indexes, each 0 when missing.
  var twoIndexes: (section: Int, item: Int) {
    (isEmpty ? 0 : self[0], count < 2 ? 0 : self[1])
  }
}

extension ItemPath {
  /// The engine's item path for a two-index `IndexPath` (missing indexes read as 0).
  public init(_ indexPath: IndexPath) {
    self.init(section: indexPath.twoIndexes.section, item: indexPath.twoIndexes.item)
  }
}

extension LayoutIndexPath {
  /// The layout's item path for a two-index `IndexPath` (missing indexes read as 0).
  public init(_ indexPath: IndexPath) {
    self.init(section: indexPath.twoIndexes.section, item: indexPath.twoIndexes.item)
  }
}
