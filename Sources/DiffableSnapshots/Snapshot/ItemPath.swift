/// The position of an item in a ``Snapshot``: a section index and an item
/// index within that section, both 0-based.
///
/// The counterpart of UIKit's two-element `IndexPath`, without Foundation and
/// without its trap on paths of another length.
///
/// ```swift
/// let path = ItemPath(section: 1, item: 0)
/// print(path)  // [1, 0]
/// ```
public struct ItemPath: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The index of the section.
  public var section: Int
  /// The index of the item within its section.
  public var item: Int

  /// Creates a path to the item at `item` in the section at `section`.
  @inlinable public init(section: Int, item: Int) {
    self.section = section
    self.item = item
  }

  /// Orders paths by section, then by item, like `IndexPath`.
  public static func < (lhs: ItemPath, rhs: ItemPath) -> Bool {
    (lhs.section, lhs.item) < (rhs.section, rhs.item)
  }

  /// `[section, item]`, as `IndexPath` prints.
  public var description: String { "[\(section), \(item)]" }
}
