import Foundation

/// A leaf of a layout: one cell, with its size, insets, outsets and badges.
///
/// The counterpart of `NSCollectionLayoutItem`. The ``layoutSize`` is the item's *slot*,
/// resolved against its group; ``contentInsets`` shrink the reported frame inside the slot
/// without changing the slot; ``edgeSpacing`` adds space outside the slot.
///
/// ```swift
/// var item = LayoutItem(layoutSize: LayoutSize(
///   widthDimension: .fractionalWidth(0.2), heightDimension: .fractionalHeight(1)))
/// item.contentInsets = DirectionalEdgeInsets(all: 2)
/// ```
public struct LayoutItem: Hashable, Sendable {
  /// The item's slot size, resolved against its group's inset area.
  public var layoutSize: LayoutSize
  /// Insets applied to the slot to give the reported frame; ignored on estimated axes.
  public var contentInsets: DirectionalEdgeInsets = .zero
  /// Outsets used when the group places the item.
  public var edgeSpacing: EdgeSpacing?
  /// Supplementary views (badges) anchored to the item's frame.
  public var supplementaryItems: [SupplementaryItem]

  /// Creates an item.
  public init(layoutSize: LayoutSize, supplementaryItems: [SupplementaryItem] = []) {
    self.layoutSize = layoutSize
    self.supplementaryItems = supplementaryItems
  }
}

/// Where a supplementary item attaches to its host.
///
/// The counterpart of `NSCollectionLayoutAnchor`. Each edge maps to a unit point (leading
/// and top are 0, trailing and bottom are 1, an axis without an edge is 0.5); the offset
/// is added afterwards, in points or as a fraction of the supplementary's own size.
///
/// ```swift
/// let badge = LayoutAnchor(edges: [.top, .trailing], fractionalOffset: CGPoint(x: 0.3, y: -0.3))
/// ```
public struct LayoutAnchor: Hashable, Sendable {
  /// The edges the anchor hugs.
  public var edges: DirectionalRectEdge
  /// The offset added after anchoring.
  public var offset: CGPoint
  /// Whether ``offset`` is a fraction of the supplementary's size rather than points.
  public var isFractionalOffset: Bool

  /// An anchor with no offset.
  public init(edges: DirectionalRectEdge) {
    self.init(edges: edges, absoluteOffset: .zero)
  }

  /// An anchor offset by points.
  public init(edges: DirectionalRectEdge, absoluteOffset: CGPoint) {
    self.edges = edges
    self.offset = absoluteOffset
    self.isFractionalOffset = false
  }

  /// An anchor offset by a fraction of the supplementary's size.
  public init(edges: DirectionalRectEdge, fractionalOffset: CGPoint) {
    self.edges = edges
    self.offset = fractionalOffset
    self.isFractionalOffset = true
  }

  /// The anchor's unit point in left-to-right coordinates.
  var unitPoint: (x: Double, y: Double) {
    let x: Double =
      edges.contains(.leading) ? 0 : edges.contains(.trailing) ? 1 : 0.5
    let y: Double = edges.contains(.top) ? 0 : edges.contains(.bottom) ? 1 : 0.5
    return (x, y)
  }
}

/// A set of directional rectangle edges.
///
/// The counterpart of `NSDirectionalRectEdge`.
///
/// ```swift
/// let corner: DirectionalRectEdge = [.top, .trailing]
/// ```
public struct DirectionalRectEdge: OptionSet, Hashable, Sendable {
  /// The raw bits.
  public let rawValue: UInt8
  /// Creates a set from raw bits.
  public init(rawValue: UInt8) { self.rawValue = rawValue }
  /// The top edge.
  public static let top = DirectionalRectEdge(rawValue: 1)
  /// The leading edge.
  public static let leading = DirectionalRectEdge(rawValue: 2)
  /// The bottom edge.
  public static let bottom = DirectionalRectEdge(rawValue: 4)
  /// The trailing edge.
  public static let trailing = DirectionalRectEdge(rawValue: 8)
}

/// A supplementary view attached to an item, such as a badge.
///
/// The counterpart of `NSCollectionLayoutSupplementaryItem`. Its size resolves against the
/// host item's frame (after the item's content insets); it is reported at the host's index
/// path with its ``elementKind``.
///
/// ```swift
/// let badge = SupplementaryItem(
///   layoutSize: LayoutSize(widthDimension: .absolute(20), heightDimension: .absolute(20)),
///   elementKind: "badge",
///   containerAnchor: LayoutAnchor(edges: [.top, .trailing], fractionalOffset: CGPoint(x: 0.3, y: -0.3)))
/// ```
public struct SupplementaryItem: Hashable, Sendable {
  /// The size, resolved against the host frame.
  public var layoutSize: LayoutSize
  /// The kind the view is registered under.
  public var elementKind: String
  /// The point on the host the supplementary attaches to.
  public var containerAnchor: LayoutAnchor
  /// The point on the supplementary that goes on the container anchor; `nil` uses the
  /// container anchor's edges.
  public var itemAnchor: LayoutAnchor?
  /// The drawing order; 1 by default, above cells.
  public var zIndex: Int = 1

  /// Creates a supplementary item.
  public init(
    layoutSize: LayoutSize,
    elementKind: String,
    containerAnchor: LayoutAnchor,
    itemAnchor: LayoutAnchor? = nil
  ) {
    self.layoutSize = layoutSize
    self.elementKind = elementKind
    self.containerAnchor = containerAnchor
    self.itemAnchor = itemAnchor
  }
}
