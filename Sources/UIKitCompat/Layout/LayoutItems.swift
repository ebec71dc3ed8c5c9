// UIKit's layout building blocks as classes over the engine's values: the tutorials'
// `let item = NSCollectionLayoutItem(…); item.contentInsets = …` compiles unchanged.
// Each object turns into its engine value when a layout is built from it.

/// The width or height of an item, group or supplementary item.
///
/// ```swift
/// NSCollectionLayoutDimension.fractionalWidth(0.5)   // half the container's width
/// ```
@MainActor public final class NSCollectionLayoutDimension {
  let value: LayoutDimension

  init(_ value: LayoutDimension) { self.value = value }

  /// A fraction of the container's width.
  public static func fractionalWidth(_ fractionalWidth: CGFloat) -> Self {
    Self(.fractionalWidth(fractionalWidth))
  }

  /// A fraction of the container's height.
  public static func fractionalHeight(_ fractionalHeight: CGFloat) -> Self {
    Self(.fractionalHeight(fractionalHeight))
  }

  /// A length in points.
  public static func absolute(_ absoluteDimension: CGFloat) -> Self {
    Self(.absolute(absoluteDimension))
  }

  /// A first guess in points, replaced by the measured size.
  public static func estimated(_ estimatedDimension: CGFloat) -> Self {
    Self(.estimated(estimatedDimension))
  }

  /// Whether the dimension is a fraction of the container's width.
  public var isFractionalWidth: Bool { value.isFractionalWidth }
  /// Whether the dimension is a fraction of the container's height.
  public var isFractionalHeight: Bool { value.isFractionalHeight }
  /// Whether the dimension is in points.
  public var isAbsolute: Bool { value.isAbsolute }
  /// Whether the dimension is estimated.
  public var isEstimated: Bool { value.isEstimated }
  /// The fraction, points or estimate.
  public var dimension: CGFloat { CGFloat(value.value) }
}

/// A width and a height.
@MainActor public final class NSCollectionLayoutSize {
  /// The width.
  public let widthDimension: NSCollectionLayoutDimension
  /// The height.
  public let heightDimension: NSCollectionLayoutDimension

  /// A size of `widthDimension` by `heightDimension`.
  public init(
    widthDimension: NSCollectionLayoutDimension,
    heightDimension: NSCollectionLayoutDimension
  ) {
    self.widthDimension = widthDimension
    self.heightDimension = heightDimension
  }

  var engineValue: LayoutSize {
    LayoutSize(widthDimension: widthDimension.value, heightDimension: heightDimension.value)
  }
}

/// The space between the items of a group, or around an item.
@MainActor public final class NSCollectionLayoutSpacing {
  let value: LayoutSpacing

  init(_ value: LayoutSpacing) { self.value = value }

  /// Exactly `fixedSpacing` points.
  public static func fixed(_ fixedSpacing: CGFloat) -> Self { Self(.fixed(fixedSpacing)) }

  /// At least `flexibleSpacing` points, growing to share the free space.
  public static func flexible(_ flexibleSpacing: CGFloat) -> Self {
    Self(.flexible(flexibleSpacing))
  }

  /// The spacing in points.
  public var spacing: CGFloat { CGFloat(value.spacing) }
  /// Whether the spacing is fixed.
  public var isFixedSpacing: Bool { !value.isFlexible }
  /// Whether the spacing is flexible.
  public var isFlexibleSpacing: Bool { value.isFlexible }
}

/// Space added outside an item or group, on each edge.
@MainActor public final class NSCollectionLayoutEdgeSpacing {
  /// The spacing before the leading edge.
  public let leading: NSCollectionLayoutSpacing?
  /// The spacing above the top edge.
  public let top: NSCollectionLayoutSpacing?
  /// The spacing after the trailing edge.
  public let trailing: NSCollectionLayoutSpacing?
  /// The spacing below the bottom edge.
  public let bottom: NSCollectionLayoutSpacing?

  /// Edge spacing with these spacings (`nil` for none).
  public init(
    leading: NSCollectionLayoutSpacing?,
    top: NSCollectionLayoutSpacing?,
    trailing: NSCollectionLayoutSpacing?,
    bottom: NSCollectionLayoutSpacing?
  ) {
    self.leading = leading
    self.top = top
    self.trailing = trailing
    self.bottom = bottom
  }

  var engineValue: EdgeSpacing {
    EdgeSpacing(
      leading: leading?.value,
      top: top?.value,
      trailing: trailing?.value,
      bottom: bottom?.value
    )
  }
}

/// Where a supplementary item is attached to its item.
@MainActor public final class NSCollectionLayoutAnchor {
  let value: LayoutAnchor

  /// An anchor on `edges`, with no offset.
  public init(edges: NSDirectionalRectEdge) {
    value = LayoutAnchor(edges: engine(edges))
  }

  /// An anchor on `edges`, offset by `absoluteOffset` points.
  public init(edges: NSDirectionalRectEdge, absoluteOffset: CGPoint) {
    value = LayoutAnchor(edges: engine(edges), absoluteOffset: absoluteOffset)
  }

  /// An anchor on `edges`, offset by `fractionalOffset` of the supplementary item's size.
  public init(edges: NSDirectionalRectEdge, fractionalOffset: CGPoint) {
    value = LayoutAnchor(edges: engine(edges), fractionalOffset: fractionalOffset)
  }

  /// The edges.
  public var edges: NSDirectionalRectEdge { compat(value.edges) }
  /// The offset, in points or as a fraction.
  public var offset: CGPoint { value.offset }
  /// Whether the offset is in points.
  public var isAbsoluteOffset: Bool { !value.isFractionalOffset }
  /// Whether the offset is a fraction of the supplementary item's size.
  public var isFractionalOffset: Bool { value.isFractionalOffset }
}

/// A cell of a layout: its size, insets and supplementary items.
///
/// ```swift
/// let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(
///   widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalHeight(1)))
/// item.contentInsets = NSDirectionalEdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 4)
/// ```
@MainActor open class NSCollectionLayoutItem {
  /// The item's size.
  public let layoutSize: NSCollectionLayoutSize
  /// The badges and other views attached to the item.
  public let supplementaryItems: [NSCollectionLayoutSupplementaryItem]
  /// Insets of the content within the item's frame.
  public var contentInsets: NSDirectionalEdgeInsets = .zero
  /// Space around the item, taken from its group.
  public var edgeSpacing: NSCollectionLayoutEdgeSpacing?

  /// An item of `layoutSize`.
  public convenience init(layoutSize: NSCollectionLayoutSize) {
    self.init(layoutSize: layoutSize, supplementaryItems: [])
  }

  /// An item of `layoutSize` with supplementary items.
  public init(
    layoutSize: NSCollectionLayoutSize,
    supplementaryItems: [NSCollectionLayoutSupplementaryItem]
  ) {
    self.layoutSize = layoutSize
    self.supplementaryItems = supplementaryItems
  }

  /// The engine's value of this item (a group overrides it).
  var layoutSubitem: LayoutSubitem {
    var item = LayoutItem(
      layoutSize: layoutSize.engineValue,
      supplementaryItems: supplementaryItems.map(\.engineSupplementary)
    )
    item.contentInsets = engine(contentInsets)
    item.edgeSpacing = edgeSpacing?.engineValue
    return .item(item)
  }
}

/// A badge or other view attached to an item, anchored to one of its edges or corners.
@MainActor open class NSCollectionLayoutSupplementaryItem: NSCollectionLayoutItem {
  /// The kind of view, such as `"badge"`.
  public let elementKind: String
  /// Where the item attaches to its container (the item it decorates).
  public let containerAnchor: NSCollectionLayoutAnchor
  /// Where the supplementary item attaches to that point; `nil` centres it there.
  public let itemAnchor: NSCollectionLayoutAnchor?
  /// The stacking order (default 1: above the item).
  public var zIndex: Int = 1

  /// A supplementary item anchored to its container.
  public convenience init(
    layoutSize: NSCollectionLayoutSize,
    elementKind: String,
    containerAnchor: NSCollectionLayoutAnchor
  ) {
    self.init(
      layoutSize: layoutSize,
      elementKind: elementKind,
      containerAnchor: containerAnchor,
      itemAnchor: nil
    )
  }

  /// A supplementary item anchored to its container at its own `itemAnchor`.
  public init(
    layoutSize: NSCollectionLayoutSize,
    elementKind: String,
    containerAnchor: NSCollectionLayoutAnchor,
    itemAnchor: NSCollectionLayoutAnchor?
  ) {
    self.elementKind = elementKind
    self.containerAnchor = containerAnchor
    self.itemAnchor = itemAnchor
    super.init(layoutSize: layoutSize, supplementaryItems: [])
  }

  var engineSupplementary: SupplementaryItem {
    var item = SupplementaryItem(
      layoutSize: layoutSize.engineValue,
      elementKind: elementKind,
      containerAnchor: containerAnchor.value,
      itemAnchor: itemAnchor?.value
    )
    item.zIndex = zIndex
    return item
  }
}

/// A header or footer of a section or of the whole layout.
///
/// ```swift
/// let header = NSCollectionLayoutBoundarySupplementaryItem(
///   layoutSize: NSCollectionLayoutSize(
///     widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)),
///   elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
/// header.pinToVisibleBounds = true
/// ```
@MainActor
open class NSCollectionLayoutBoundarySupplementaryItem:
  NSCollectionLayoutSupplementaryItem
{
  /// The edge or corner it sits on.
  public let alignment: NSRectAlignment
  /// An offset from that position, in points.
  public let offset: CGPoint
  /// Whether the section grows to make room for it (default `true`).
  public var extendsBoundary = true
  /// Whether it stays on screen while its section scrolls by (a sticky header).
  public var pinToVisibleBounds = false

  /// A boundary item of `layoutSize` at `alignment`.
  public convenience init(
    layoutSize: NSCollectionLayoutSize,
    elementKind: String,
    alignment: NSRectAlignment
  ) {
    self.init(
      layoutSize: layoutSize,
      elementKind: elementKind,
      alignment: alignment,
      absoluteOffset: .zero
    )
  }

  /// A boundary item of `layoutSize` at `alignment`, offset by `absoluteOffset`.
  public init(
    layoutSize: NSCollectionLayoutSize,
    elementKind: String,
    alignment: NSRectAlignment,
    absoluteOffset: CGPoint
  ) {
    self.alignment = alignment
    self.offset = absoluteOffset
    super.init(
      layoutSize: layoutSize,
      elementKind: elementKind,
      containerAnchor: NSCollectionLayoutAnchor(edges: .top),
      itemAnchor: nil
    )
  }

  /// The engine's value, or `nil` with UIKit's message when the alignment is `.none`.
  var engineBoundary: BoundarySupplementaryItem? {
    guard let alignment = engine(alignment) else {
      UIKitCompatFailure.report(
        UIKitCompatFailure(
          api: "NSCollectionLayoutBoundarySupplementaryItem",
          message:
            "Invalid alignment for boundary supplementary item of kind \(elementKind): "
            + "NSRectAlignmentNone. Use one of the edges or corners."
        )
      )
      return nil
    }
    var item = BoundarySupplementaryItem(
      layoutSize: layoutSize.engineValue,
      elementKind: elementKind,
      alignment: alignment,
      absoluteOffset: offset
    )
    item.extendsBoundary = extendsBoundary
    item.pinToVisibleBounds = pinToVisibleBounds
    item.zIndex = zIndex
    return item
  }
}

/// A background view behind a section (made with ``background(elementKind:)``).
///
/// ```swift
/// section.decorationItems = [.background(elementKind: "section-background")]
/// ```
@MainActor public final class NSCollectionLayoutDecorationItem: NSCollectionLayoutItem {
  /// The kind of view.
  public let elementKind: String
  /// The stacking order (default 0: behind the items).
  public var zIndex = 0

  init(elementKind: String) {
    self.elementKind = elementKind
    super.init(
      layoutSize: NSCollectionLayoutSize(
        widthDimension: .fractionalWidth(1),
        heightDimension: .fractionalHeight(1)
      ),
      supplementaryItems: []
    )
  }

  /// A background decoration of `elementKind`, the size of its section.
  public static func background(elementKind: String) -> Self {
    Self(elementKind: elementKind)
  }

  var engineDecoration: DecorationItem {
    var item = DecorationItem.background(elementKind: elementKind)
    item.contentInsets = engine(contentInsets)
    item.zIndex = zIndex
    return item
  }
}
