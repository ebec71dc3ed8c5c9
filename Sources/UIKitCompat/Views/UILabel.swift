/// A view that shows a line of text: the label of a table cell or header, or one a cell
/// adds to its content view.
///
/// ```swift
/// cell.textLabel?.text = item.name
/// ```
@MainActor open class UILabel: UIView {
  /// The text shown, or `nil`.
  open var text: String?
  /// The number of lines the text may wrap to (0: as many as needed; 1 by default).
  open var numberOfLines = 1
}
