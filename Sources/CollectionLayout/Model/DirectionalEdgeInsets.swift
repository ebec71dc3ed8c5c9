/// Insets whose leading and trailing edges follow the layout direction.
///
/// The counterpart of `NSDirectionalEdgeInsets`: in a right-to-left layout, `leading` is
/// on the right.
///
/// ```swift
/// var item = LayoutItem(layoutSize: size)
/// item.contentInsets = DirectionalEdgeInsets(top: 2, leading: 2, bottom: 2, trailing: 2)
/// ```
public struct DirectionalEdgeInsets: Hashable, Sendable {
  /// The top inset.
  public var top: Double
  /// The inset on the leading side (left in left-to-right layouts).
  public var leading: Double
  /// The bottom inset.
  public var bottom: Double
  /// The inset on the trailing side (right in left-to-right layouts).
  public var trailing: Double

  /// Creates insets; every edge defaults to zero.
  public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }

  /// No insets.
  public static let zero = DirectionalEdgeInsets()

  /// The same inset on every edge.
  public init(all value: Double) {
    self.init(top: value, leading: value, bottom: value, trailing: value)
  }

  var isFinite: Bool { top.isFinite && leading.isFinite && bottom.isFinite && trailing.isFinite }
}
