extension UICollectionViewCompositionalLayout {
  /// A layout whose every section is a list with `configuration` (see
  /// ``NSCollectionLayoutSection/list(using:layoutEnvironment:)``).
  ///
  /// ```swift
  /// let layout = UICollectionViewCompositionalLayout.list(
  ///   using: UICollectionLayoutListConfiguration(appearance: .insetGrouped))
  /// ```
  public static func list(
    using configuration: UICollectionLayoutListConfiguration
  ) -> UICollectionViewCompositionalLayout {
    // A list section does not depend on its environment: it is built once, as for
    // `init(section:)`.
    let environment = CompatLayoutEnvironment(LayoutEnvironment(containerSize: .zero))
    return UICollectionViewCompositionalLayout(
      section: .list(using: configuration, layoutEnvironment: environment)
    )
  }
}
