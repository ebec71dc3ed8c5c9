/// A view whose content is larger than its frame and scrolls: the content offset is the
/// origin of its bounds.
///
/// ```swift
/// collectionView.contentOffset = CGPoint(x: 0, y: 2_000)   // what is on screen changes
/// ```
@MainActor open class UIScrollView: UIView {
  /// The size of the scrollable content.
  open var contentSize = CGSize.zero

  /// The point of the content shown at the view's top-left corner: the origin of
  /// ``UIView/bounds``.
  open var contentOffset: CGPoint {
    get { bounds.origin }
    set { bounds.origin = newValue }
  }

  /// Scrolls to `contentOffset`; headless, `animated` makes no difference.
  open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
    self.contentOffset = contentOffset
  }
}
