extension NSCollectionLayoutSection {
  /// A section laid out as a list with `configuration`: one full-width row per item, of
  /// estimated height, with the appearance's insets and the headers and footers the
  /// configuration asks for.
  ///
  /// ```swift
  /// UICollectionViewCompositionalLayout { sectionIndex, environment in
  ///   var configuration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
  ///   configuration.headerMode = sectionIndex == 0 ? .none : .supplementary
  ///   return .list(using: configuration, layoutEnvironment: environment)
  /// }
  /// ```
  ///
  /// Rows are estimated at 44 points (the Human Interface Guidelines' minimum tap target)
  /// and, as in UIKit, take their measured height when there is one. Inset grouped lists
  /// and sidebars are inset by the collection view's layout margins; grouped and inset
  /// grouped sections without a header have 35 points above them (an estimate); plain
  /// lists mark their headers pinned (`pinToVisibleBounds`), which the engine stores but
  /// does not apply while scrolling. Guides/PortingFromUIKit.md gives the source of each
  /// number.
  ///
  /// - Complexity: O(1); the layout then solves the section as any estimated section.
  public static func list(
    using configuration: UICollectionLayoutListConfiguration,
    layoutEnvironment: any NSCollectionLayoutEnvironment
  ) -> NSCollectionLayoutSection {
    list(
      using: configuration,
      rowHeight: .estimated(UICollectionLayoutListConfiguration.estimatedRowHeight)
    )
  }

  /// A list section whose rows are `rowHeight` high (a table view's `rowHeight`).
  static func list(
    using configuration: UICollectionLayoutListConfiguration,
    rowHeight: NSCollectionLayoutDimension
  ) -> NSCollectionLayoutSection {
    let row = NSCollectionLayoutSize(
      widthDimension: .fractionalWidth(1),
      heightDimension: rowHeight
    )
    let section = NSCollectionLayoutSection(
      group: .vertical(layoutSize: row, subitems: [NSCollectionLayoutItem(layoutSize: row)])
    )
    let appearance = configuration.appearance
    section.contentInsetsReference = appearance.insetsByLayoutMargins ? .layoutMargins : .none
    let supplementarySize = NSCollectionLayoutSize(
      widthDimension: .fractionalWidth(1),
      heightDimension: .estimated(UICollectionLayoutListConfiguration.estimatedSupplementaryHeight)
    )
    if configuration.headerMode == .supplementary {
      let header = NSCollectionLayoutBoundarySupplementaryItem(
        layoutSize: supplementarySize,
        elementKind: UICollectionView.elementKindSectionHeader,
        alignment: .top
      )
      header.pinToVisibleBounds = appearance.pinsHeaders
      section.boundarySupplementaryItems.append(header)
    } else if appearance.isGrouped {
      section.contentInsets.top = UICollectionLayoutListConfiguration.groupSpacing
    }
    if configuration.footerMode == .supplementary {
      section.boundarySupplementaryItems.append(
        NSCollectionLayoutBoundarySupplementaryItem(
          layoutSize: supplementarySize,
          elementKind: UICollectionView.elementKindSectionFooter,
          alignment: .bottom
        )
      )
    }
    return section
  }
}
