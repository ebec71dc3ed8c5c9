// The geometry types UIKit's layout API takes. On Apple platforms Foundation declares
// `NSDirectionalEdgeInsets`, `NSDirectionalRectEdge` and `NSRectAlignment`; elsewhere
// they are declared here, over the engine's types. Either way, `engine(_:)` and
// `compat(_:)` convert them.

#if canImport(Darwin)
  func engine(_ insets: NSDirectionalEdgeInsets) -> DirectionalEdgeInsets {
    DirectionalEdgeInsets(
      top: insets.top,
      leading: insets.leading,
      bottom: insets.bottom,
      trailing: insets.trailing
    )
  }

  func engine(_ edges: NSDirectionalRectEdge) -> DirectionalRectEdge {
    var result: DirectionalRectEdge = []
    if edges.contains(.top) { result.insert(.top) }
    if edges.contains(.leading) { result.insert(.leading) }
    if edges.contains(.bottom) { result.insert(.bottom) }
    if edges.contains(.trailing) { result.insert(.trailing) }
    return result
  }

  func compat(_ insets: DirectionalEdgeInsets) -> NSDirectionalEdgeInsets {
    NSDirectionalEdgeInsets(
      top: insets.top,
      leading: insets.leading,
      bottom: insets.bottom,
      trailing: insets.trailing
    )
  }

  func compat(_ edges: DirectionalRectEdge) -> NSDirectionalRectEdge {
    var result: NSDirectionalRectEdge = []
    if edges.contains(.top) { result.insert(.top) }
    if edges.contains(.leading) { result.insert(.leading) }
    if edges.contains(.bottom) { result.insert(.bottom) }
    if edges.contains(.trailing) { result.insert(.trailing) }
    return result
  }

#else
  /// Edge insets that follow the layout direction: UIKit's name for the engine's
  /// `DirectionalEdgeInsets`.
  public typealias NSDirectionalEdgeInsets = DirectionalEdgeInsets

  /// The edges of a rectangle, following the layout direction: UIKit's name for the
  /// engine's `DirectionalRectEdge`.
  public typealias NSDirectionalRectEdge = DirectionalRectEdge

  extension DirectionalRectEdge {
    /// All four edges.
    public static let all: DirectionalRectEdge = [.top, .leading, .bottom, .trailing]
  }

  /// Where a boundary supplementary item sits on its section or layout: Foundation's
  /// `NSRectAlignment`.
  public enum NSRectAlignment: Int, Hashable, Sendable {
    /// No alignment: invalid for a boundary item (UIKit raises).
    case none
    /// Centred on the top edge.
    case top
    /// The top leading corner.
    case topLeading
    /// Centred on the leading edge.
    case leading
    /// The bottom leading corner.
    case bottomLeading
    /// Centred on the bottom edge.
    case bottom
    /// The bottom trailing corner.
    case bottomTrailing
    /// Centred on the trailing edge.
    case trailing
    /// The top trailing corner.
    case topTrailing
  }

  func engine(_ insets: NSDirectionalEdgeInsets) -> DirectionalEdgeInsets { insets }

  func engine(_ edges: NSDirectionalRectEdge) -> DirectionalRectEdge { edges }

  func compat(_ insets: DirectionalEdgeInsets) -> NSDirectionalEdgeInsets { insets }

  func compat(_ edges: DirectionalRectEdge) -> NSDirectionalRectEdge { edges }

#endif

/// The engine's alignment, or `nil` for `.none` (which UIKit refuses).
func engine(_ alignment: NSRectAlignment) -> RectAlignment? {
  switch alignment {
  case .top: return .top
  case .topLeading: return .topLeading
  case .leading: return .leading
  case .bottomLeading: return .bottomLeading
  case .bottom: return .bottom
  case .bottomTrailing: return .bottomTrailing
  case .trailing: return .trailing
  case .topTrailing: return .topTrailing
  default: return nil
  }
}
