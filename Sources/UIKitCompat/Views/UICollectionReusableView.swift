/// A view a collection view shows for a supplementary element (a header, a footer, a
/// badge) or a decoration, and reuses when it scrolls off screen.
///
/// A headless ``UICollectionView`` makes these from the class or factory registered for
/// their reuse identifier (see
/// ``UICollectionView/register(_:forSupplementaryViewOfKind:withReuseIdentifier:)``).
@MainActor open class UICollectionReusableView: UIView, ReusableView {
  /// The identifier the view was dequeued with; `nil` for a view made directly.
  public internal(set) var reuseIdentifier: String?

  /// Called just before the collection view hands the view out again. The base
  /// implementation does nothing; override it to reset what the last use set.
  open func prepareForReuse() {}

  /// Called with the view's layout attributes each time the collection view places it. The
  /// base implementation does nothing (the collection view sets the frame itself).
  open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {}
}
