import Foundation

/// A rectangle in doubles, the engine's working type (converted to `CGRect` at the API).
struct Rect: Hashable, Sendable {
  var x: Double
  var y: Double
  var width: Double
  var height: Double

  static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  var maxX: Double { x + width }
  var maxY: Double { y + height }

  var cgRect: CGRect { CGRect(x: x, y: y, width: width, height: height) }

  init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  init(_ rect: CGRect) {
    self.init(
      x: Double(rect.origin.x),
      y: Double(rect.origin.y),
      width: Double(rect.size.width),
      height: Double(rect.size.height)
    )
  }

  /// Whether the two rectangles overlap in an area (touching edges do not count).
  @inline(__always)
  func intersects(_ other: Rect) -> Bool {
    x < other.x + other.width && other.x < x + width && y < other.y + other.height
      && other.y < y + height
  }

  func offsetBy(dx: Double, dy: Double) -> Rect {
    Rect(x: x + dx, y: y + dy, width: width, height: height)
  }

  /// The horizontal mirror image in a container of width `containerWidth`.
  @inline(__always)
  func mirrored(in containerWidth: Double) -> Rect {
    Rect(x: containerWidth - x - width, y: y, width: width, height: height)
  }

  func inset(by insets: DirectionalEdgeInsets) -> Rect {
    Rect(
      x: x + insets.leading,
      y: y + insets.top,
      width: width - insets.leading - insets.trailing,
      height: height - insets.top - insets.bottom
    )
  }
}

/// Floors `value` to the pixel grid of `scale` (no flooring when `scale <= 0`).
///
/// Values within 1e-9 (relative) of a pixel boundary snap to it, so binary noise such as
/// `(1.0 / 3) * 375` does not lose a whole pixel.
@inline(__always)
func floorToPixel(_ value: Double, scale: Double) -> Double {
  guard scale > 0 else { return value }
  let scaled = value * scale
  let nearest = scaled.rounded()
  if abs(scaled - nearest) <= 1e-9 * max(1, abs(scaled)) { return nearest / scale }
  return scaled.rounded(.down) / scale
}

/// Resolves a dimension against a container's effective size.
@inline(__always)
func resolve(_ dimension: LayoutDimension, width: Double, height: Double, scale: Double) -> Double {
  switch dimension {
  case .absolute(let v), .estimated(let v): return v
  case .fractionalWidth(let f): return floorToPixel(f * width, scale: scale)
  case .fractionalHeight(let f): return floorToPixel(f * height, scale: scale)
  }
}
