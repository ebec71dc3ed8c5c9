/// One axis of an element's size: absolute, a fraction of its container, or an estimate.
///
/// The counterpart of `NSCollectionLayoutDimension`. Fractions resolve against the
/// *effective* content size of the container the element sits in (a group's size minus
/// its `contentInsets`, or the section container) and are floored to the display scale.
///
/// ```swift
/// let square = LayoutSize(
///   widthDimension: .fractionalWidth(0.2),
///   heightDimension: .fractionalWidth(0.2))  // 20% of the container width, both ways
/// ```
public enum LayoutDimension: Hashable, Sendable {
  /// Exactly `value` points.
  case absolute(Double)
  /// `value` times the width of the container's effective content size.
  case fractionalWidth(Double)
  /// `value` times the height of the container's effective content size.
  case fractionalHeight(Double)
  /// Starts at `value` points; replaced by the measured size when one is given.
  case estimated(Double)

  /// The number this dimension carries: points, or a fraction.
  public var value: Double {
    switch self {
    case .absolute(let v), .fractionalWidth(let v), .fractionalHeight(let v), .estimated(let v):
      return v
    }
  }

  /// Whether the dimension is `.estimated`.
  public var isEstimated: Bool {
    if case .estimated = self { return true }
    return false
  }

  /// Whether the dimension is `.absolute`.
  public var isAbsolute: Bool {
    if case .absolute = self { return true }
    return false
  }

  /// Whether the dimension is `.fractionalWidth`.
  public var isFractionalWidth: Bool {
    if case .fractionalWidth = self { return true }
    return false
  }

  /// Whether the dimension is `.fractionalHeight`.
  public var isFractionalHeight: Bool {
    if case .fractionalHeight = self { return true }
    return false
  }
}

/// A width and a height, each a ``LayoutDimension``.
///
/// The counterpart of `NSCollectionLayoutSize`.
///
/// ```swift
/// let row = LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44))
/// ```
public struct LayoutSize: Hashable, Sendable {
  /// The width.
  public var widthDimension: LayoutDimension
  /// The height.
  public var heightDimension: LayoutDimension

  /// Creates a size from two dimensions.
  public init(widthDimension: LayoutDimension, heightDimension: LayoutDimension) {
    self.widthDimension = widthDimension
    self.heightDimension = heightDimension
  }
}
