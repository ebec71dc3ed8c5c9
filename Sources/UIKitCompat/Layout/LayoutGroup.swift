/// A group of items (or groups) laid out side by side, one above the other, or at frames
/// a closure gives: the row, column or pattern a section repeats.
///
/// ```swift
/// let group = NSCollectionLayoutGroup.horizontal(
///   layoutSize: NSCollectionLayoutSize(
///     widthDimension: .fractionalWidth(1), heightDimension: .fractionalWidth(1 / 5)),
///   subitems: [item])
/// group.interItemSpacing = .fixed(8)
/// ```
@MainActor open class NSCollectionLayoutGroup: NSCollectionLayoutItem {
  enum Axis { case horizontal, vertical }

  enum Content {
    case subitems([NSCollectionLayoutItem])
    case count(NSCollectionLayoutItem, Int)
    case repeating(NSCollectionLayoutItem, Int)
    case custom(NSCollectionLayoutGroupCustomItemProvider)
  }

  let axis: Axis
  let content: Content
  /// The space between the group's items.
  public var interItemSpacing: NSCollectionLayoutSpacing?

  init(layoutSize: NSCollectionLayoutSize, axis: Axis, content: Content) {
    self.axis = axis
    self.content = content
    super.init(layoutSize: layoutSize, supplementaryItems: [])
  }

  /// The group's items, as given.
  public var subitems: [NSCollectionLayoutItem] {
    switch content {
    case .subitems(let items): return items
    case .count(let item, _), .repeating(let item, _): return [item]
    case .custom: return []
    }
  }

  /// A row of `subitems`, repeated as long as they fit.
  public static func horizontal(
    layoutSize: NSCollectionLayoutSize,
    subitems: [NSCollectionLayoutItem]
  ) -> NSCollectionLayoutGroup {
    NSCollectionLayoutGroup(layoutSize: layoutSize, axis: .horizontal, content: .subitems(subitems))
  }

  /// A column of `subitems`, repeated as long as they fit.
  public static func vertical(
    layoutSize: NSCollectionLayoutSize,
    subitems: [NSCollectionLayoutItem]
  ) -> NSCollectionLayoutGroup {
    NSCollectionLayoutGroup(layoutSize: layoutSize, axis: .vertical, content: .subitems(subitems))
  }

  /// A row of exactly `count` copies of `subitem`, sized to share the group's width
  /// (iOS 13's spelling, deprecated in iOS 16 for ``horizontal(layoutSize:repeatingSubitem:count:)``).
  public static func horizontal(
    layoutSize: NSCollectionLayoutSize,
    subitem: NSCollectionLayoutItem,
    count: Int
  ) -> NSCollectionLayoutGroup {
    NSCollectionLayoutGroup(
      layoutSize: layoutSize,
      axis: .horizontal,
      content: .count(subitem, count)
    )
  }

  /// A column of exactly `count` copies of `subitem`, sized to share the group's height.
  public static func vertical(
    layoutSize: NSCollectionLayoutSize,
    subitem: NSCollectionLayoutItem,
    count: Int
  ) -> NSCollectionLayoutGroup {
    NSCollectionLayoutGroup(
      layoutSize: layoutSize,
      axis: .vertical,
      content: .count(subitem, count)
    )
  }

  /// A row of `count` copies of `subitem` at the subitem's own size (iOS 16).
  public static func horizontal(
    layoutSize: NSCollectionLayoutSize,
    repeatingSubitem subitem: NSCollectionLayoutItem,
    count: Int
  ) -> NSCollectionLayoutGroup {
    NSCollectionLayoutGroup(
      layoutSize: layoutSize,
      axis: .horizontal,
      content: .repeating(subitem, count)
    )
  }

  /// A column of `count` copies of `subitem` at the subitem's own size (iOS 16).
  public static func vertical(
    layoutSize: NSCollectionLayoutSize,
    repeatingSubitem subitem: NSCollectionLayoutItem,
    count: Int
  ) -> NSCollectionLayoutGroup {
    NSCollectionLayoutGroup(
      layoutSize: layoutSize,
      axis: .vertical,
      content: .repeating(subitem, count)
    )
  }

  /// A group whose items sit at the frames `itemProvider` returns for the group's
  /// environment (its container is the group).
  public static func custom(
    layoutSize: NSCollectionLayoutSize,
    itemProvider: @escaping NSCollectionLayoutGroupCustomItemProvider
  ) -> NSCollectionLayoutGroup {
    NSCollectionLayoutGroup(
      layoutSize: layoutSize,
      axis: .horizontal,
      content: .custom(itemProvider)
    )
  }

  override var layoutSubitem: LayoutSubitem {
    let size = layoutSize.engineValue
    var group: LayoutGroup
    switch (content, axis) {
    case (.subitems(let items), .horizontal):
      group = .horizontal(layoutSize: size, subitems: items.map(\.layoutSubitem))
    case (.subitems(let items), .vertical):
      group = .vertical(layoutSize: size, subitems: items.map(\.layoutSubitem))
    case (.count(let item, let count), .horizontal):
      group = .horizontal(layoutSize: size, subitem: item.layoutSubitem, count: count)
    case (.count(let item, let count), .vertical):
      group = .vertical(layoutSize: size, subitem: item.layoutSubitem, count: count)
    case (.repeating(let item, let count), .horizontal):
      group = .horizontal(layoutSize: size, repeatingSubitem: item.layoutSubitem, count: count)
    case (.repeating(let item, let count), .vertical):
      group = .vertical(layoutSize: size, repeatingSubitem: item.layoutSubitem, count: count)
    case (.custom(let provider), _):
      // The engine calls the provider while the layout is solved, which this layer
      // does on the main actor, synchronously: the check below holds.
      group = .custom(layoutSize: size) { environment in
        MainActor.assumeIsolated {
          provider(CompatLayoutEnvironment(environment)).map(\.engineValue)
        }
      }
    }
    group.interItemSpacing = interItemSpacing?.value
    group.contentInsets = engine(contentInsets)
    group.edgeSpacing = edgeSpacing?.engineValue
    return .group(group)
  }
}

/// Returns the frames of a custom group's items for the group's environment.
public typealias NSCollectionLayoutGroupCustomItemProvider =
  @MainActor (any NSCollectionLayoutEnvironment) -> [NSCollectionLayoutGroupCustomItem]

/// The frame of one item of a custom group, in the group's coordinates.
@MainActor public final class NSCollectionLayoutGroupCustomItem {
  /// The item's frame.
  public let frame: CGRect
  /// The stacking order.
  public let zIndex: Int

  /// An item at `frame`.
  public convenience init(frame: CGRect) { self.init(frame: frame, zIndex: 0) }

  /// An item at `frame` with a stacking order.
  public init(frame: CGRect, zIndex: Int) {
    self.frame = frame
    self.zIndex = zIndex
  }

  var engineValue: GroupCustomItem { GroupCustomItem(frame: frame, zIndex: zIndex) }
}
