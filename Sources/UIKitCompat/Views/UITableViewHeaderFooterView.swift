/// The view a table view shows as a section's header or footer; for a section with a
/// title (`tableView(_:titleForHeaderInSection:)`), its text label shows the title.
///
/// ```swift
/// tableView.headerView(forSection: 0)?.textLabel?.text  // "Fruit"
/// ```
@MainActor open class UITableViewHeaderFooterView: UIView, ReusableView {
  /// The identifier the view was made or dequeued with.
  public internal(set) var reuseIdentifier: String?
  /// The view that holds the header's content; it always fills the view.
  public let contentView: UIView
  /// The title's label.
  public let textLabel: UILabel?

  /// The view's frame; setting it resizes the content view with it.
  open override var frame: CGRect {
    didSet { contentView.frame = CGRect(origin: .zero, size: frame.size) }
  }

  /// A header or footer view with `reuseIdentifier`.
  public init(reuseIdentifier: String?) {
    self.reuseIdentifier = reuseIdentifier
    contentView = UIView()
    textLabel = UILabel()
    super.init(frame: .zero)
    addSubview(contentView)
    if let textLabel { contentView.addSubview(textLabel) }
  }

  /// Fails: there are no archives to decode here (see ``UIView/init(coder:)``).
  public required init?(coder: NSCoder) {
    return nil
  }

  /// A header or footer view with `frame` and no reuse identifier.
  public convenience override init(frame: CGRect) {
    self.init(reuseIdentifier: nil)
    self.frame = frame
  }

  /// Called just before the table view hands the view out again. The base implementation
  /// does nothing; override it to reset what the last use set.
  open func prepareForReuse() {}
}
