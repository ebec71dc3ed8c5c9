import Foundation

/// How a section scrolls along the axis orthogonal to the layout.
///
/// The counterpart of `UICollectionLayoutSectionOrthogonalScrollingBehavior`. Every value
/// other than ``none`` lays the section's groups out along the other axis, in a strip of
/// its own; the values differ only in how the strip comes to rest, not in frames at rest,
/// except ``groupPagingCentered`` which centres the groups (see `Guides/Layout.md`).
///
/// ```swift
/// section.orthogonalScrollingBehavior = .groupPaging
/// ```
public enum OrthogonalScrollingBehavior: String, Hashable, Sendable, CaseIterable {
  /// The section scrolls with the layout.
  case none
  /// Free scrolling.
  case continuous
  /// Comes to rest on a group's leading edge.
  case continuousGroupLeadingBoundary
  /// Pages by the container's size.
  case paging
  /// Pages by one group.
  case groupPaging
  /// Pages by one group, each group centred.
  case groupPagingCentered
}

/// Which insets of the environment become the layout container's insets.
///
/// The counterpart of `UIContentInsetsReference`.
///
/// ```swift
/// configuration.contentInsetsReference = .layoutMargins
/// ```
public enum ContentInsetsReference: String, Hashable, Sendable, CaseIterable {
  /// The configuration's reference (for a section), or `.safeArea` (for a configuration).
  case automatic
  /// No insets.
  case none
  /// The environment's safe area insets.
  case safeArea
  /// The environment's layout margins.
  case layoutMargins
  /// The layout margins, widened so the content is at most 672 points wide.
  case readableContent
}

/// One section of a layout: a group repeated for its items, with insets, spacing,
/// headers, footers and backgrounds.
///
/// The counterpart of `NSCollectionLayoutSection`.
///
/// ```swift
/// var section = LayoutSection(group: row)
/// section.interGroupSpacing = 8
/// section.contentInsets = DirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
/// ```
public struct LayoutSection: Sendable {
  /// The group repeated along the section's axis.
  public var group: LayoutGroup
  /// Insets of the section's content; which of them reduce fractional bases is explained
  /// in `Guides/Layout.md`.
  public var contentInsets: DirectionalEdgeInsets = .zero
  /// Space between adjacent groups (not after the last one).
  public var interGroupSpacing: Double = 0
  /// Whether the section scrolls along the other axis.
  public var orthogonalScrollingBehavior: OrthogonalScrollingBehavior = .none
  /// Headers, footers and other section-wide supplementary views.
  public var boundarySupplementaryItems: [BoundarySupplementaryItem] = []
  /// Whether boundary items are inset by the section's cross-axis content insets.
  public var supplementariesFollowContentInsets: Bool = true
  /// Backgrounds behind the section.
  public var decorationItems: [DecorationItem] = []
  /// Which environment insets the section's container uses.
  public var contentInsetsReference: ContentInsetsReference = .automatic

  /// Creates a section that repeats `group`.
  public init(group: LayoutGroup) {
    self.group = group
  }
}

/// Where a boundary supplementary item sits in its section (or layout).
///
/// The counterpart of `NSRectAlignment`.
///
/// ```swift
/// let header = BoundarySupplementaryItem(layoutSize: size, elementKind: "header", alignment: .top)
/// ```
public enum RectAlignment: String, Hashable, Sendable, CaseIterable {
  /// Centred on the top edge.
  case top
  /// The top-leading corner.
  case topLeading
  /// Centred on the leading edge.
  case leading
  /// The bottom-leading corner.
  case bottomLeading
  /// Centred on the bottom edge.
  case bottom
  /// The bottom-trailing corner.
  case bottomTrailing
  /// Centred on the trailing edge.
  case trailing
  /// The top-trailing corner.
  case topTrailing

  /// The unit point in left-to-right coordinates.
  var unitPoint: (x: Double, y: Double) {
    switch self {
    case .top: return (0.5, 0)
    case .topLeading: return (0, 0)
    case .leading: return (0, 0.5)
    case .bottomLeading: return (0, 1)
    case .bottom: return (0.5, 1)
    case .bottomTrailing: return (1, 1)
    case .trailing: return (1, 0.5)
    case .topTrailing: return (1, 0)
    }
  }
}

/// A header, footer or other supplementary view attached to a section's or the layout's
/// boundary.
///
/// The counterpart of `NSCollectionLayoutBoundarySupplementaryItem`. With
/// ``extendsBoundary`` (the default) a top item sits above the section's top inset and
/// pushes the content down by its height.
///
/// ```swift
/// let header = BoundarySupplementaryItem(
///   layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)),
///   elementKind: "header",
///   alignment: .top)
/// ```
public struct BoundarySupplementaryItem: Hashable, Sendable {
  /// The size, resolved against the supplementary container.
  public var layoutSize: LayoutSize
  /// The kind the view is registered under; unique within its section.
  public var elementKind: String
  /// The edge or corner the item sits on.
  public var alignment: RectAlignment
  /// A final offset in points.
  public var absoluteOffset: CGPoint
  /// Whether the item extends the section instead of overlaying its content.
  public var extendsBoundary: Bool = true
  /// Whether the item stays visible while its section scrolls (frames at rest are unchanged).
  public var pinToVisibleBounds: Bool = false
  /// The drawing order; 1 by default.
  public var zIndex: Int = 1

  /// Creates a boundary supplementary item.
  public init(
    layoutSize: LayoutSize,
    elementKind: String,
    alignment: RectAlignment,
    absoluteOffset: CGPoint = .zero
  ) {
    self.layoutSize = layoutSize
    self.elementKind = elementKind
    self.alignment = alignment
    self.absoluteOffset = absoluteOffset
  }
}

/// A view drawn behind a section, such as a background.
///
/// The counterpart of `NSCollectionLayoutDecorationItem`. It covers the section's whole
/// geometry (boundary items included), inset by its ``contentInsets``.
///
/// ```swift
/// var background = DecorationItem.background(elementKind: "background")
/// background.contentInsets = DirectionalEdgeInsets(all: 5)
/// ```
public struct DecorationItem: Hashable, Sendable {
  /// The kind the view is registered under.
  public var elementKind: String
  /// Insets applied to the section's geometry.
  public var contentInsets: DirectionalEdgeInsets = .zero
  /// The drawing order; 0 by default, and the section's items are raised to 1.
  public var zIndex: Int = 0

  /// A background decoration of `elementKind`.
  public static func background(elementKind: String) -> DecorationItem {
    DecorationItem(elementKind: elementKind)
  }
}
