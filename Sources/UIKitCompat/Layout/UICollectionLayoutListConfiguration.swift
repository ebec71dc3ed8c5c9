/// How a list section looks: the appearance of a table view (plain, grouped, inset grouped)
/// or a sidebar, and whether sections have headers and footers.
///
/// ```swift
/// var configuration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
/// configuration.headerMode = .supplementary
/// let layout = UICollectionViewCompositionalLayout.list(using: configuration)
/// ```
///
/// ``NSCollectionLayoutSection/list(using:layoutEnvironment:)`` turns it into a section;
/// Guides/PortingFromUIKit.md gives the row heights and insets of each appearance and where
/// each number comes from.
public struct UICollectionLayoutListConfiguration: Hashable, Sendable {
  /// The look of a list.
  public enum Appearance: Int, Hashable, Sendable {
    /// Rows edge to edge; headers marked to stay on screen while their section scrolls by
    /// (`pinToVisibleBounds`).
    case plain
    /// Rows edge to edge, in groups with space between them.
    case grouped
    /// Groups inset from the edges by the layout margins, with space between them.
    case insetGrouped
    /// An iPad sidebar: rows inset by the layout margins.
    case sidebar
    /// A sidebar whose rows run edge to edge.
    case sidebarPlain
  }

  /// Where a section's header comes from.
  public enum HeaderMode: Int, Hashable, Sendable {
    /// No header.
    case none
    /// A supplementary view of kind `UICollectionView.elementKindSectionHeader`, from the
    /// data source's supplementary view provider.
    case supplementary
    /// The section's first item, shown as its header (a row of the list).
    case firstItemInSection
  }

  /// Where a section's footer comes from.
  public enum FooterMode: Int, Hashable, Sendable {
    /// No footer.
    case none
    /// A supplementary view of kind `UICollectionView.elementKindSectionFooter`.
    case supplementary
  }

  /// The look of the list.
  public private(set) var appearance: Appearance
  /// Whether rows show separators (`true` by default). UIKit draws separators inside its
  /// list cells, so they take no room in the layout; the headless views draw nothing, so
  /// this changes no frame here either.
  public var showsSeparators = true
  /// Where section headers come from (none by default).
  public var headerMode = HeaderMode.none
  /// Where section footers come from (none by default).
  public var footerMode = FooterMode.none

  /// A configuration with `appearance`, separators, and no headers or footers.
  public init(appearance: Appearance) {
    self.appearance = appearance
  }
}
