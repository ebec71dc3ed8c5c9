/// A view that a headless collection or table view makes from a registration, hands out
/// from its `dequeue…` methods, and takes back when it leaves the screen.
@usableFromInline @MainActor protocol ReusableView: UIView {
  /// The identifier the view was registered and dequeued with.
  var reuseIdentifier: String? { get set }
  /// Resets the view before it is handed out again.
  func prepareForReuse()
}
