/// A view that shows one row of a table view: a content view with a text label and, for
/// the styles that have one, a detail label.
///
/// ```swift
/// let cell = tableView.dequeueReusableCell(withIdentifier: "Item", for: indexPath)
/// cell.textLabel?.text = item.name
/// cell.accessoryType = item.isDone ? .checkmark : .none
/// ```
@MainActor open class UITableViewCell: UIView, ReusableView {
  /// The built-in arrangements of a cell's labels.
  public enum CellStyle: Int, Hashable, Sendable {
    /// A text label only.
    case `default`
    /// A text label, and a detail label on the trailing side.
    case value1
    /// A detail label, then a text label (the Phone app's contact details).
    case value2
    /// A text label above a detail label.
    case subtitle
  }

  /// What editing a row does.
  public enum EditingStyle: Int, Hashable, Sendable {
    /// Nothing.
    case none
    /// Deletes the row.
    case delete
    /// Inserts a row.
    case insert
  }

  /// The control shown at the trailing edge of a row.
  public enum AccessoryType: Int, Hashable, Sendable {
    /// None.
    case none
    /// A chevron.
    case disclosureIndicator
    /// An info button and a chevron.
    case detailDisclosureButton
    /// A checkmark.
    case checkmark
    /// An info button.
    case detailButton
  }

  /// The cell's arrangement of labels.
  public let style: CellStyle
  /// The identifier the cell was made or dequeued with.
  public internal(set) var reuseIdentifier: String?
  /// The view that holds the cell's content; it always fills the cell.
  public let contentView: UIView
  /// The cell's main label (every style has one).
  public let textLabel: UILabel?
  /// The secondary label; `nil` for the default style, as in UIKit.
  public let detailTextLabel: UILabel?
  /// The control shown at the trailing edge.
  open var accessoryType = AccessoryType.none

  /// The cell's frame; setting it resizes the content view with it.
  open override var frame: CGRect {
    didSet { contentView.frame = CGRect(origin: .zero, size: frame.size) }
  }

  /// A cell of `style`, with `reuseIdentifier`.
  public init(style: CellStyle, reuseIdentifier: String?) {
    self.style = style
    self.reuseIdentifier = reuseIdentifier
    contentView = UIView()
    textLabel = UILabel()
    detailTextLabel = style == .default ? nil : UILabel()
    super.init(frame: .zero)
    addSubview(contentView)
    if let textLabel { contentView.addSubview(textLabel) }
    if let detailTextLabel { contentView.addSubview(detailTextLabel) }
  }

  /// Fails: there are no archives to decode here (see ``UIView/init(coder:)``).
  public required init?(coder: NSCoder) {
    return nil
  }

  /// A default-style cell with `frame`.
  public convenience override init(frame: CGRect) {
    self.init(style: .default, reuseIdentifier: nil)
    self.frame = frame
  }

  /// Called just before the table view hands the cell out again. The base implementation
  /// does nothing (the table view's data source sets the content); override it to reset
  /// what the last use set.
  open func prepareForReuse() {}
}
