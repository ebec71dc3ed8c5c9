/// Places one instance of a group template: sizes bottom-up (measured estimated axes,
/// estimated groups sized by their content), then positions top-down (rules 3.3, 4.6,
/// 4.8 to 4.10). Scratch storage is reused across instances.
///
/// The template is in depth-first preorder (every child's node index is greater than its
/// parent's), so sizing walks the nodes backwards and positioning forwards.
struct InstanceArranger {
  var widths: [Double]
  var heights: [Double]
  var xs: [Double]
  var ys: [Double]

  init(nodeCount: Int) {
    widths = Array(repeating: 0, count: nodeCount)
    heights = widths
    xs = widths
    ys = widths
  }

  /// The root's size after ``arrange(_:measuredWidths:measuredHeights:firstItem:itemCount:)``.
  var rootSize: (width: Double, height: Double) { (widths[0], heights[0]) }

  /// The reported frame of leaf `t` (slot inset by its content insets), relative to the group.
  func leafFrame(_ template: GroupTemplate, leaf t: Int) -> Rect {
    let n = Int(template.leafNodes[t])
    let insets = template.nodes[n].insets
    return Rect(
      x: xs[n] + insets.leading,
      y: ys[n] + insets.top,
      width: widths[n] - insets.leading - insets.trailing,
      height: heights[n] - insets.top - insets.bottom
    )
  }

  /// Calls `body` with each badge of leaf `t` and its frame against `host` (rule 3.4).
  func forEachSupplementary(
    _ template: GroupTemplate,
    leaf t: Int,
    host: Rect,
    _ body: (SupplementaryItem, Rect) -> Void
  ) {
    let node = template.nodes[Int(template.leafNodes[t])]
    let start = Int(node.supplementaryStart)
    for s in start..<start + Int(node.supplementaryCount) {
      let supplementary = template.supplementaries[s]
      body(supplementary, Self.frame(of: supplementary, host: host, scale: template.scale))
    }
  }

  static func frame(of supplementary: SupplementaryItem, host: Rect, scale: Double) -> Rect {
    let width = resolve(
      supplementary.layoutSize.widthDimension,
      width: host.width,
      height: host.height,
      scale: scale
    )
    let height = resolve(
      supplementary.layoutSize.heightDimension,
      width: host.width,
      height: host.height,
      scale: scale
    )
    let container = supplementary.containerAnchor
    let itemAnchor = supplementary.itemAnchor ?? LayoutAnchor(edges: container.edges)
    let hostPoint = container.unitPoint
    let itemPoint = itemAnchor.unitPoint
    var x = host.x + host.width * hostPoint.x - width * itemPoint.x
    var y = host.y + host.height * hostPoint.y - height * itemPoint.y
    let offset = container.offset
    x += Double(offset.x) * (container.isFractionalOffset ? width : 1)
    y += Double(offset.y) * (container.isFractionalOffset ? height : 1)
    if supplementary.itemAnchor != nil {
      x -= Double(itemAnchor.offset.x) * (itemAnchor.isFractionalOffset ? width : 1)
      y -= Double(itemAnchor.offset.y) * (itemAnchor.isFractionalOffset ? height : 1)
    }
    return Rect(x: x, y: y, width: width, height: height)
  }
}
