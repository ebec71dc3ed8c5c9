/// The size class of a dimension of the screen.
public enum UIUserInterfaceSizeClass: Int, Hashable, Sendable {
  /// Not known.
  case unspecified
  /// Compact (a phone's width in portrait).
  case compact
  /// Regular (a tablet's width).
  case regular
}

/// The direction text runs in.
public enum UITraitEnvironmentLayoutDirection: Int, Hashable, Sendable {
  /// Not known: laid out left to right.
  case unspecified = -1
  /// Left to right.
  case leftToRight = 0
  /// Right to left.
  case rightToLeft = 1
}

/// The traits a layout is solved for: scale, direction and size classes.
///
/// ```swift
/// let traits = UITraitCollection(horizontalSizeClass: .regular)
/// ```
public struct UITraitCollection: Hashable, Sendable {
  /// Points to pixels.
  public var displayScale: CGFloat
  /// The direction text runs in.
  public var layoutDirection: UITraitEnvironmentLayoutDirection
  /// The horizontal size class.
  public var horizontalSizeClass: UIUserInterfaceSizeClass
  /// The vertical size class.
  public var verticalSizeClass: UIUserInterfaceSizeClass

  /// Traits with these values; by default scale 1, left to right, size classes unspecified.
  public init(
    displayScale: CGFloat = 1,
    layoutDirection: UITraitEnvironmentLayoutDirection = .leftToRight,
    horizontalSizeClass: UIUserInterfaceSizeClass = .unspecified,
    verticalSizeClass: UIUserInterfaceSizeClass = .unspecified
  ) {
    self.displayScale = displayScale
    self.layoutDirection = layoutDirection
    self.horizontalSizeClass = horizontalSizeClass
    self.verticalSizeClass = verticalSizeClass
  }
}

/// The container a section or custom group is laid out in.
@MainActor public protocol NSCollectionLayoutContainer {
  /// The container's size.
  var contentSize: CGSize { get }
  /// The size inside the insets.
  var effectiveContentSize: CGSize { get }
  /// The container's insets.
  var contentInsets: NSDirectionalEdgeInsets { get }
  /// The insets in effect.
  var effectiveContentInsets: NSDirectionalEdgeInsets { get }
}

/// What a section provider or custom group sees: the container and the traits.
///
/// ```swift
/// UICollectionViewCompositionalLayout { index, environment in
///   let columns = environment.container.effectiveContentSize.width > 500 ? 4 : 2
///   …
/// }
/// ```
@MainActor public protocol NSCollectionLayoutEnvironment {
  /// The container.
  var container: any NSCollectionLayoutContainer { get }
  /// The traits.
  var traitCollection: UITraitCollection { get }
}

/// The engine's container, seen through UIKit's protocol.
struct CompatLayoutContainer: NSCollectionLayoutContainer {
  let value: LayoutContainer

  var contentSize: CGSize { value.contentSize }
  var effectiveContentSize: CGSize { value.effectiveContentSize }
  var contentInsets: NSDirectionalEdgeInsets { compat(value.contentInsets) }
  var effectiveContentInsets: NSDirectionalEdgeInsets { compat(value.contentInsets) }
}

/// The engine's environment, seen through UIKit's protocol.
struct CompatLayoutEnvironment: NSCollectionLayoutEnvironment {
  let value: LayoutEnvironment

  init(_ value: LayoutEnvironment) { self.value = value }

  var container: any NSCollectionLayoutContainer { CompatLayoutContainer(value: value.container) }

  var traitCollection: UITraitCollection {
    UITraitCollection(
      displayScale: value.displayScale,
      layoutDirection: value.layoutDirection == .rightToLeft ? .rightToLeft : .leftToRight,
      horizontalSizeClass: TraitsInEffect.current.horizontalSizeClass,
      verticalSizeClass: TraitsInEffect.current.verticalSizeClass
    )
  }
}

/// The traits of the solve in progress, for what the engine's environment does not carry
/// (size classes). Set on the main actor around each solve.
@MainActor enum TraitsInEffect {
  static var current = UITraitCollection()
}
