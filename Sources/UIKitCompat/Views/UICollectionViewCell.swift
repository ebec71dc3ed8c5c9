/// A view that shows one item of a collection view, with a content view to add
/// subviews to.
///
/// ```swift
/// let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "Cell", for: indexPath)
/// let label = UILabel(frame: cell.contentView.bounds)
/// cell.contentView.addSubview(label)
/// ```
@MainActor open class UICollectionViewCell: UICollectionReusableView {
  /// The view to add the cell's content to; it always fills the cell.
  public let contentView: UIView
  /// The cell's frame; setting it resizes the content view with it.
  open override var frame: CGRect {
    didSet { contentView.frame = CGRect(origin: .zero, size: frame.size) }
  }

  /// A cell with `frame`, and a content view that fills it.
  public override init(frame: CGRect) {
    contentView = UIView(frame: CGRect(origin: .zero, size: frame.size))
    super.init(frame: frame)
    addSubview(contentView)
  }

  /// Fails: there are no archives to decode here (see ``UIView/init(coder:)``).
  public required init?(coder: NSCoder) {
    return nil
  }
}
