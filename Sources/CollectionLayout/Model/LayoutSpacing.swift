/// Space between items in a group: fixed, or at least a minimum and growing with leftover space.
///
/// The counterpart of `NSCollectionLayoutSpacing`.
///
/// ```swift
/// group.interItemSpacing = .fixed(8)
/// group.interItemSpacing = .flexible(0)  // "space-between"
/// ```
public enum LayoutSpacing: Hashable, Sendable {
  /// Exactly `value` points.
  case fixed(Double)
  /// At least `value` points, plus a share of the space left over in the group.
  case flexible(Double)

  /// The fixed value, or the flexible minimum.
  public var spacing: Double {
    switch self {
    case .fixed(let v), .flexible(let v): return v
    }
  }

  /// Whether the spacing is `.flexible`.
  public var isFlexible: Bool {
    if case .flexible = self { return true }
    return false
  }
}

/// Outsets around an item, used when its group places it.
///
/// The counterpart of `NSCollectionLayoutEdgeSpacing`. Each edge is `nil` (none),
/// `.fixed` or `.flexible`. Edge spacing never shrinks the item: along the group's axis the
/// item consumes `leading + size + trailing`; flexible edges share the leftover space, so a
/// flexible top and bottom centre an item on the cross axis.
///
/// ```swift
/// item.edgeSpacing = EdgeSpacing(leading: nil, top: .flexible(0), trailing: nil, bottom: .flexible(0))
/// ```
public struct EdgeSpacing: Hashable, Sendable {
  /// Space before the item horizontally (on the right in right-to-left layouts).
  public var leading: LayoutSpacing?
  /// Space above the item.
  public var top: LayoutSpacing?
  /// Space after the item horizontally.
  public var trailing: LayoutSpacing?
  /// Space below the item.
  public var bottom: LayoutSpacing?

  /// Creates edge spacing; absent edges are zero.
  public init(
    leading: LayoutSpacing? = nil,
    top: LayoutSpacing? = nil,
    trailing: LayoutSpacing? = nil,
    bottom: LayoutSpacing? = nil
  ) {
    self.leading = leading
    self.top = top
    self.trailing = trailing
    self.bottom = bottom
  }
}
