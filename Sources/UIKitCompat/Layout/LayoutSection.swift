/// How a section scrolls across the layout's scroll direction: UIKit's name for the
/// engine's `OrthogonalScrollingBehavior`.
public typealias UICollectionLayoutSectionOrthogonalScrollingBehavior =
  OrthogonalScrollingBehavior

/// Which insets a section's or layout's content is inset by: UIKit's name for the
/// engine's `ContentInsetsReference`.
public typealias UIContentInsetsReference = ContentInsetsReference

/// A section of a compositional layout: a group repeated for its items, with insets,
/// spacing, headers, footers, backgrounds and sideways scrolling.
///
/// ```swift
/// let section = NSCollectionLayoutSection(group: group)
/// section.interGroupSpacing = 8
/// section.orthogonalScrollingBehavior = .groupPaging
/// ```
@MainActor public final class NSCollectionLayoutSection {
  /// The group repeated for the section's items.
  public let group: NSCollectionLayoutGroup
  /// Insets of the section's content.
  public var contentInsets: NSDirectionalEdgeInsets = .zero
  /// The space between groups.
  public var interGroupSpacing: CGFloat = 0
  /// Whether and how the section scrolls sideways.
  public var orthogonalScrollingBehavior: UICollectionLayoutSectionOrthogonalScrollingBehavior =
    .none
  /// Headers and footers.
  public var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
  /// Whether headers and footers are inset like the content (default `true`).
  public var supplementariesFollowContentInsets = true
  /// Backgrounds.
  public var decorationItems: [NSCollectionLayoutDecorationItem] = []
  /// Which insets the content is inset by, besides ``contentInsets``.
  public var contentInsetsReference: UIContentInsetsReference = .automatic

  /// A section that repeats `group`.
  public init(group: NSCollectionLayoutGroup) {
    self.group = group
  }

  /// The engine's value, or `nil` after reporting a boundary item UIKit would refuse.
  var engineValue: LayoutSection? {
    guard case .group(let engineGroup) = group.layoutSubitem else { return nil }
    var section = LayoutSection(group: engineGroup)
    section.contentInsets = engine(contentInsets)
    section.interGroupSpacing = interGroupSpacing
    section.orthogonalScrollingBehavior = orthogonalScrollingBehavior
    var boundaryItems: [BoundarySupplementaryItem] = []
    for item in boundarySupplementaryItems {
      guard let boundary = item.engineBoundary else { return nil }
      boundaryItems.append(boundary)
    }
    section.boundarySupplementaryItems = boundaryItems
    section.supplementariesFollowContentInsets = supplementariesFollowContentInsets
    section.decorationItems = decorationItems.map(\.engineDecoration)
    section.contentInsetsReference = contentInsetsReference
    return section
  }
}

/// The layout-wide options of a compositional layout.
///
/// ```swift
/// let configuration = UICollectionViewCompositionalLayoutConfiguration()
/// configuration.scrollDirection = .horizontal
/// configuration.interSectionSpacing = 20
/// ```
@MainActor public final class UICollectionViewCompositionalLayoutConfiguration {
  /// The direction the layout scrolls in (default vertical).
  public var scrollDirection: UICollectionView.ScrollDirection = .vertical
  /// The space between sections.
  public var interSectionSpacing: CGFloat = 0
  /// Headers and footers of the whole layout.
  public var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
  /// Which insets the layout's content is inset by (default the safe area).
  public var contentInsetsReference: UIContentInsetsReference = .safeArea

  /// The default configuration.
  public init() {}

  /// The engine's value, or `nil` after reporting a boundary item UIKit would refuse.
  var engineValue: LayoutConfiguration? {
    var configuration = LayoutConfiguration()
    configuration.scrollDirection = scrollDirection
    configuration.interSectionSpacing = interSectionSpacing
    var boundaryItems: [BoundarySupplementaryItem] = []
    for item in boundarySupplementaryItems {
      guard let boundary = item.engineBoundary else { return nil }
      boundaryItems.append(boundary)
    }
    configuration.boundarySupplementaryItems = boundaryItems
    configuration.contentInsetsReference = contentInsetsReference
    return configuration
  }
}
