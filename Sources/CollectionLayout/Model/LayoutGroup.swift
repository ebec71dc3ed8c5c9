import Foundation

/// A container of items and groups, solved once as a template and repeated along its section.
///
/// The counterpart of `NSCollectionLayoutGroup`. Create one with ``horizontal(layoutSize:subitems:)``,
/// ``vertical(layoutSize:subitems:)``, the `count:` and `repeatingSubitem:count:` forms, or
/// ``custom(layoutSize:itemProvider:)``. Subitems may be items or groups (nesting).
///
/// ```swift
/// let item = LayoutItem(layoutSize: LayoutSize(
///   widthDimension: .fractionalWidth(0.2), heightDimension: .fractionalHeight(1)))
/// let row = LayoutGroup.horizontal(
///   layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalWidth(0.2)),
///   subitems: [item])
/// ```
public struct LayoutGroup: Sendable {
  /// How a group arranges its subitems.
  public enum Arrangement: Sendable {
    /// Left to right (leading to trailing).
    case horizontal
    /// Top to bottom.
    case vertical
    /// Frames from a provider, in the group's own coordinate space.
    case custom(@Sendable (LayoutEnvironment) -> [GroupCustomItem])
  }

  /// How subitems are repeated to fill the group.
  enum Repetition: Hashable, Sendable {
    /// Cycle through the subitems while they fit.
    case fit
    /// `count:`: exactly `n` copies, the axis dimension forced to `1/n`.
    case count(Int)
    /// `repeatingSubitem:count:`: exactly `n` copies at their own size.
    case repeating(Int)
  }

  /// The group's size, resolved against its parent container.
  public var layoutSize: LayoutSize
  /// The group's subitems, in arrangement order.
  public private(set) var subitems: [LayoutSubitem]
  /// How the subitems are arranged.
  public private(set) var arrangement: Arrangement
  /// Space between adjacent subitems along the group's axis.
  public var interItemSpacing: LayoutSpacing?
  /// Insets of the area the subitems use.
  public var contentInsets: DirectionalEdgeInsets = .zero
  /// Outsets used when the parent places the group.
  public var edgeSpacing: EdgeSpacing?
  var repetition: Repetition

  init(
    layoutSize: LayoutSize,
    subitems: [LayoutSubitem],
    arrangement: Arrangement,
    repetition: Repetition
  ) {
    self.layoutSize = layoutSize
    self.subitems = subitems
    self.arrangement = arrangement
    self.repetition = repetition
  }

  /// A group that places its subitems left to right, cycling through them while they fit.
  ///
  /// The first subitem that does not fit (with 0.25 pt tolerance) ends the group.
  ///
  /// ```swift
  /// let row = LayoutGroup.horizontal(layoutSize: rowSize, subitems: [large, small])
  /// ```
  public static func horizontal(
    layoutSize: LayoutSize,
    subitems: [any LayoutSubitemConvertible]
  ) -> LayoutGroup {
    LayoutGroup(
      layoutSize: layoutSize,
      subitems: subitems.map(\.layoutSubitem),
      arrangement: .horizontal,
      repetition: .fit
    )
  }

  /// A group that places its subitems top to bottom, cycling through them while they fit.
  ///
  /// ```swift
  /// let column = LayoutGroup.vertical(layoutSize: columnSize, subitems: [small])
  /// ```
  public static func vertical(
    layoutSize: LayoutSize,
    subitems: [any LayoutSubitemConvertible]
  ) -> LayoutGroup {
    LayoutGroup(
      layoutSize: layoutSize,
      subitems: subitems.map(\.layoutSubitem),
      arrangement: .vertical,
      repetition: .fit
    )
  }

  /// Exactly `count` copies of `subitem` side by side, each `1/count` of the group's width.
  ///
  /// The subitem's width is replaced by `.fractionalWidth(1/count)`; with
  /// ``interItemSpacing`` the copies shrink so that all `count` still fit.
  ///
  /// ```swift
  /// let row = LayoutGroup.horizontal(layoutSize: rowSize, subitem: item, count: 3)
  /// ```
  public static func horizontal(
    layoutSize: LayoutSize,
    subitem: any LayoutSubitemConvertible,
    count: Int
  ) -> LayoutGroup {
    LayoutGroup(
      layoutSize: layoutSize,
      subitems: [subitem.layoutSubitem],
      arrangement: .horizontal,
      repetition: .count(count)
    )
  }

  /// Exactly `count` copies of `subitem` stacked, each `1/count` of the group's height.
  ///
  /// ```swift
  /// let column = LayoutGroup.vertical(layoutSize: columnSize, subitem: item, count: 2)
  /// ```
  public static func vertical(
    layoutSize: LayoutSize,
    subitem: any LayoutSubitemConvertible,
    count: Int
  ) -> LayoutGroup {
    LayoutGroup(
      layoutSize: layoutSize,
      subitems: [subitem.layoutSubitem],
      arrangement: .vertical,
      repetition: .count(count)
    )
  }

  /// Exactly `count` copies of `subitem` side by side, each at its own size.
  ///
  /// The caller makes sure they fit; fractional subitems still shrink for spacing.
  ///
  /// ```swift
  /// let row = LayoutGroup.horizontal(layoutSize: rowSize, repeatingSubitem: item, count: 4)
  /// ```
  public static func horizontal(
    layoutSize: LayoutSize,
    repeatingSubitem subitem: any LayoutSubitemConvertible,
    count: Int
  ) -> LayoutGroup {
    LayoutGroup(
      layoutSize: layoutSize,
      subitems: [subitem.layoutSubitem],
      arrangement: .horizontal,
      repetition: .repeating(count)
    )
  }

  /// Exactly `count` copies of `subitem` stacked, each at its own size.
  ///
  /// ```swift
  /// let column = LayoutGroup.vertical(layoutSize: columnSize, repeatingSubitem: item, count: 4)
  /// ```
  public static func vertical(
    layoutSize: LayoutSize,
    repeatingSubitem subitem: any LayoutSubitemConvertible,
    count: Int
  ) -> LayoutGroup {
    LayoutGroup(
      layoutSize: layoutSize,
      subitems: [subitem.layoutSubitem],
      arrangement: .vertical,
      repetition: .repeating(count)
    )
  }

  /// A group whose leaf frames come from `itemProvider`.
  ///
  /// The provider receives an environment whose container is the group (its size and
  /// content insets) and returns frames in the group's own coordinate space, one leaf per
  /// frame. It is called once per solve, for the template.
  ///
  /// ```swift
  /// let mosaic = LayoutGroup.custom(layoutSize: size) { environment in
  ///   [GroupCustomItem(frame: CGRect(x: 0, y: 0, width: 100, height: 100))]
  /// }
  /// ```
  public static func custom(
    layoutSize: LayoutSize,
    itemProvider: @escaping @Sendable (LayoutEnvironment) -> [GroupCustomItem]
  ) -> LayoutGroup {
    LayoutGroup(
      layoutSize: layoutSize,
      subitems: [],
      arrangement: .custom(itemProvider),
      repetition: .fit
    )
  }
}

/// A frame returned by a custom group's item provider.
///
/// The counterpart of `NSCollectionLayoutGroupCustomItem`.
///
/// ```swift
/// GroupCustomItem(frame: CGRect(x: 0, y: 0, width: 50, height: 50), zIndex: 0)
/// ```
public struct GroupCustomItem: Hashable, Sendable {
  /// The leaf's frame in the group's coordinate space.
  public var frame: CGRect
  /// The leaf's drawing order.
  public var zIndex: Int

  /// Creates a custom item.
  public init(frame: CGRect, zIndex: Int = 0) {
    self.frame = frame
    self.zIndex = zIndex
  }
}

/// A subitem of a group: an item or a nested group.
///
/// You rarely name this type: pass items and groups directly to the group factories.
///
/// ```swift
/// let nested = LayoutGroup.horizontal(layoutSize: size, subitems: [large, pairOfSmall])
/// ```
public indirect enum LayoutSubitem: Sendable {
  /// A leaf item.
  case item(LayoutItem)
  /// A nested group.
  case group(LayoutGroup)

  var layoutSize: LayoutSize {
    switch self {
    case .item(let item): return item.layoutSize
    case .group(let group): return group.layoutSize
    }
  }

  var edgeSpacing: EdgeSpacing? {
    switch self {
    case .item(let item): return item.edgeSpacing
    case .group(let group): return group.edgeSpacing
    }
  }
}

/// A value that can be a group's subitem: ``LayoutItem`` or ``LayoutGroup``.
///
/// ```swift
/// let subitems: [any LayoutSubitemConvertible] = [item, nestedGroup]
/// ```
public protocol LayoutSubitemConvertible: Sendable {
  /// The value as a subitem.
  var layoutSubitem: LayoutSubitem { get }
}

extension LayoutItem: LayoutSubitemConvertible {
  /// The item as a subitem.
  public var layoutSubitem: LayoutSubitem { .item(self) }
}

extension LayoutGroup: LayoutSubitemConvertible {
  /// The group as a subitem.
  public var layoutSubitem: LayoutSubitem { .group(self) }
}

extension LayoutSubitem: LayoutSubitemConvertible {
  /// The subitem itself.
  public var layoutSubitem: LayoutSubitem { self }
}
