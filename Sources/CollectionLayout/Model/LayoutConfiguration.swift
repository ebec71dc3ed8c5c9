import Foundation

/// The axis a layout scrolls along.
///
/// ```swift
/// configuration.scrollDirection = .horizontal
/// ```
public enum ScrollDirection: String, Hashable, Sendable, CaseIterable {
  /// Sections stack top to bottom.
  case vertical
  /// Sections stack leading to trailing.
  case horizontal
}

/// Options for a whole layout.
///
/// The counterpart of `UICollectionViewCompositionalLayoutConfiguration`.
///
/// ```swift
/// var configuration = LayoutConfiguration()
/// configuration.interSectionSpacing = 20
/// let layout = CompositionalLayout(section: section, configuration: configuration)
/// ```
public struct LayoutConfiguration: Sendable {
  /// The axis sections stack along.
  public var scrollDirection: ScrollDirection = .vertical
  /// Space between adjacent sections (not after the last one).
  public var interSectionSpacing: Double = 0
  /// Layout-wide headers and footers, placed against the full container.
  public var boundarySupplementaryItems: [BoundarySupplementaryItem] = []
  /// Which environment insets the layout container uses; `.automatic` means `.safeArea`.
  public var contentInsetsReference: ContentInsetsReference = .safeArea

  /// Creates the default configuration.
  public init() {}
}

/// The direction leading runs in.
///
/// ```swift
/// let environment = LayoutEnvironment(containerSize: size, layoutDirection: .rightToLeft)
/// ```
public enum LayoutDirection: String, Hashable, Sendable, CaseIterable {
  /// Leading is on the left.
  case leftToRight
  /// Leading is on the right; frames are mirrored.
  case rightToLeft
}

/// A container: a content size and the insets that give its effective content size.
///
/// The counterpart of `NSCollectionLayoutContainer`.
///
/// ```swift
/// let columns = environment.container.effectiveContentSize.width > 500 ? 4 : 2
/// ```
public struct LayoutContainer: Hashable, Sendable {
  /// The size before insets.
  public var contentSize: CGSize
  /// The insets.
  public var contentInsets: DirectionalEdgeInsets

  /// The size after insets.
  public var effectiveContentSize: CGSize {
    CGSize(
      width: Double(contentSize.width) - contentInsets.leading - contentInsets.trailing,
      height: Double(contentSize.height) - contentInsets.top - contentInsets.bottom
    )
  }

  /// Creates a container.
  public init(contentSize: CGSize, contentInsets: DirectionalEdgeInsets = .zero) {
    self.contentSize = contentSize
    self.contentInsets = contentInsets
  }
}

/// What a layout is solved in: the container, the display scale and the layout direction.
///
/// The counterpart of `NSCollectionLayoutEnvironment` (with the parts of the trait
/// collection and the view that a layout reads). A section provider receives it with
/// ``container`` already inset by the configuration's content insets reference.
///
/// ```swift
/// let environment = LayoutEnvironment(
///   containerSize: CGSize(width: 375, height: 667), displayScale: 2)
/// ```
public struct LayoutEnvironment: Hashable, Sendable {
  /// The container: the collection view's bounds and the referenced insets.
  public var container: LayoutContainer
  /// Points per pixel; fractional results are floored to `1/displayScale` (none when ≤ 0).
  public var displayScale: Double
  /// The layout direction.
  public var layoutDirection: LayoutDirection
  /// The safe area insets of the view.
  public var safeAreaInsets: DirectionalEdgeInsets
  /// The layout margins of the view.
  public var layoutMargins: DirectionalEdgeInsets

  /// Creates an environment; the container starts with no insets.
  public init(
    containerSize: CGSize,
    displayScale: Double = 1,
    layoutDirection: LayoutDirection = .leftToRight,
    safeAreaInsets: DirectionalEdgeInsets = .zero,
    layoutMargins: DirectionalEdgeInsets = .zero
  ) {
    self.container = LayoutContainer(contentSize: containerSize)
    self.displayScale = displayScale
    self.layoutDirection = layoutDirection
    self.safeAreaInsets = safeAreaInsets
    self.layoutMargins = layoutMargins
  }

  /// The widest readable content, in points.
  static let readableWidth: Double = 672

  /// The insets a reference selects, before keeping only the cross-axis ones.
  func insets(for reference: ContentInsetsReference) -> DirectionalEdgeInsets {
    switch reference {
    case .none: return .zero
    case .automatic, .safeArea: return safeAreaInsets
    case .layoutMargins: return layoutMargins
    case .readableContent:
      var insets = layoutMargins
      let width = Double(container.contentSize.width)
      let available = width - insets.leading - insets.trailing
      if available > Self.readableWidth {
        let extra = (available - Self.readableWidth) / 2
        insets.leading += extra
        insets.trailing += extra
      }
      return insets
    }
  }
}
