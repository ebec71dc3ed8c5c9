// The numbers a list section is built from. Guides/PortingFromUIKit.md ("List layouts")
// gives the source of each; the ones marked as estimates there are not measured from UIKit.

extension UICollectionLayoutListConfiguration {
  /// The estimated height of a row: the 44-point minimum tap target of Apple's Human
  /// Interface Guidelines. UIKit's list rows size themselves from their content, and so do
  /// rows here when a measured height is given.
  static let estimatedRowHeight: CGFloat = 44

  /// The estimated height of a supplementary header or footer: the estimate Apple's
  /// documentation uses for them (`UICollectionViewCompositionalLayoutConfiguration`).
  static let estimatedSupplementaryHeight: CGFloat = 44

  /// The space above a grouped section that has no supplementary header (an estimate: the
  /// 35 points reported for grouped table views). A header carries that space itself.
  static let groupSpacing: CGFloat = 35
}

extension UICollectionLayoutListConfiguration.Appearance {
  /// Whether rows, headers and footers are inset from the leading and trailing edges by the
  /// layout margins.
  var insetsByLayoutMargins: Bool {
    switch self {
    case .insetGrouped, .sidebar: return true
    case .plain, .grouped, .sidebarPlain: return false
    }
  }

  /// Whether sections are groups with space above them.
  var isGrouped: Bool { self == .grouped || self == .insetGrouped }

  /// Whether headers are marked to stay on screen while their section scrolls by, as a
  /// plain table's do.
  var pinsHeaders: Bool { self == .plain }
}
