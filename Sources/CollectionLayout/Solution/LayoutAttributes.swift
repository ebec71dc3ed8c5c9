import Foundation

/// The position of an item (or a section-level element) in a layout.
///
/// ```swift
/// let path = LayoutIndexPath(section: 0, item: 12)
/// ```
public struct LayoutIndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The section index.
  public var section: Int
  /// The item index within the section.
  public var item: Int

  /// Creates an index path.
  public init(section: Int, item: Int) {
    self.section = section
    self.item = item
  }

  /// Orders by section, then item.
  public static func < (lhs: LayoutIndexPath, rhs: LayoutIndexPath) -> Bool {
    (lhs.section, lhs.item) < (rhs.section, rhs.item)
  }

  /// `[section, item]`.
  public var description: String { "[\(section), \(item)]" }
}

/// What kind of view an element is.
///
/// The counterpart of `UICollectionView.ElementCategory`.
///
/// ```swift
/// if attributes.representedElementCategory == .cell { ... }
/// ```
public enum ElementCategory: String, Hashable, Sendable {
  /// An item's cell.
  case cell
  /// A supplementary view: header, footer or badge.
  case supplementaryView
  /// A decoration view: a background.
  case decorationView
}

/// The frame and drawing order of one element of a solved layout.
///
/// The counterpart of `UICollectionViewLayoutAttributes`.
///
/// ```swift
/// for attributes in solution.layoutAttributesForElements(in: visibleRect) {
///   print(attributes.indexPath, attributes.frame)
/// }
/// ```
public struct LayoutAttributes: Hashable, Sendable {
  /// Cell, supplementary view or decoration view.
  public var representedElementCategory: ElementCategory
  /// The element kind of a supplementary or decoration view; `nil` for cells.
  public var representedElementKind: String?
  /// The item's index path; `(section, 0)` for section-level elements.
  public var indexPath: LayoutIndexPath
  /// The frame in content coordinates (mirrored in right-to-left layouts).
  public var frame: CGRect
  /// The drawing order.
  public var zIndex: Int

  /// Creates attributes.
  public init(
    representedElementCategory: ElementCategory,
    representedElementKind: String?,
    indexPath: LayoutIndexPath,
    frame: CGRect,
    zIndex: Int
  ) {
    self.representedElementCategory = representedElementCategory
    self.representedElementKind = representedElementKind
    self.indexPath = indexPath
    self.frame = frame
    self.zIndex = zIndex
  }
}

/// The geometry of a section that scrolls orthogonally to the layout.
///
/// Item frames of such a section are reported at scroll offset 0; the strip is the region
/// that scrolls and ``scrollContentSize`` its scrollable size.
///
/// ```swift
/// for strip in solution.orthogonalSections { print(strip.section, strip.stripFrame) }
/// ```
public struct OrthogonalSectionGeometry: Hashable, Sendable {
  /// The section index.
  public var section: Int
  /// The section's behaviour.
  public var behavior: OrthogonalScrollingBehavior
  /// The region that scrolls, in content coordinates.
  public var stripFrame: CGRect
  /// The scrollable size of the strip's content.
  public var scrollContentSize: CGSize

  /// Creates strip geometry.
  public init(
    section: Int,
    behavior: OrthogonalScrollingBehavior,
    stripFrame: CGRect,
    scrollContentSize: CGSize
  ) {
    self.section = section
    self.behavior = behavior
    self.stripFrame = stripFrame
    self.scrollContentSize = scrollContentSize
  }
}

/// Sizes that cells report when fitted, the input that estimated dimensions converge to.
///
/// Only the estimated axes of an item's size are used; items without a measured size keep
/// their estimate. Storage is one array per section and axis.
///
/// ```swift
/// var sizes = MeasuredSizes()
/// sizes[LayoutIndexPath(section: 0, item: 3)] = CGSize(width: 375, height: 88)
/// let solution = try layout.solve(in: environment, itemCounts: [10], measuredSizes: sizes)
/// ```
public struct MeasuredSizes: Hashable, Sendable {
  var widths: [[Double]] = []
  var heights: [[Double]] = []

  /// No measured sizes.
  public init() {}

  /// The measured size of an item; setting a negative index does nothing.
  public subscript(indexPath: LayoutIndexPath) -> CGSize? {
    get {
      guard indexPath.section >= 0, indexPath.section < widths.count, indexPath.item >= 0,
        indexPath.item < widths[indexPath.section].count
      else { return nil }
      let width = widths[indexPath.section][indexPath.item]
      let height = heights[indexPath.section][indexPath.item]
      return width.isNaN ? nil : CGSize(width: width, height: height)
    }
    set {
      guard indexPath.section >= 0, indexPath.item >= 0 else { return }
      while widths.count <= indexPath.section {
        widths.append([])
        heights.append([])
      }
      let count = widths[indexPath.section].count
      if count <= indexPath.item {
        let missing = indexPath.item + 1 - count
        widths[indexPath.section].append(contentsOf: repeatElement(.nan, count: missing))
        heights[indexPath.section].append(contentsOf: repeatElement(.nan, count: missing))
      }
      widths[indexPath.section][indexPath.item] = newValue.map { Double($0.width) } ?? .nan
      heights[indexPath.section][indexPath.item] = newValue.map { Double($0.height) } ?? .nan
    }
  }

  /// Reserves room for `count` items in `section`, for fast filling.
  public mutating func reserveCapacity(_ count: Int, inSection section: Int) {
    guard section >= 0 else { return }
    while widths.count <= section {
      widths.append([])
      heights.append([])
    }
    widths[section].reserveCapacity(count)
    heights[section].reserveCapacity(count)
  }

  /// The number of measured entries (including cleared ones) in `section`.
  package func storedCount(inSection section: Int) -> Int {
    section >= 0 && section < widths.count ? widths[section].count : 0
  }
}
