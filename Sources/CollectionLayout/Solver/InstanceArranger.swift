/// Places one instance of a group template: sizes bottom-up (measured estimated axes,
/// estimated groups sized by their content), then positions top-down (rules 3.3, 4.6,
/// 4.8 to 4.10). Scratch storage is reused across instances.
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

  /// Arranges the instance whose first item is `firstItem`; `measured*` are indexed by
  /// item and hold NaN where nothing was measured.
  mutating func arrange(
    _ template: GroupTemplate,
    measuredWidths: [Double]?,
    measuredHeights: [Double]?,
    firstItem: Int,
    itemCount: Int
  ) {
    let noMeasurements: [Double] = []
    (measuredWidths ?? noMeasurements).withUnsafeBufferPointer { mw in
      (measuredHeights ?? noMeasurements).withUnsafeBufferPointer { mh in
        template.nodes.withUnsafeBufferPointer { nodes in
          template.children.withUnsafeBufferPointer { children in
            withBuffers { buffers in
              Self.arrange(
                nodes: nodes,
                children: children,
                buffers: buffers,
                measuredWidths: mw,
                measuredHeights: mh,
                firstItem: firstItem,
                itemCount: itemCount
              )
            }
          }
        }
      }
    }
  }

  /// The scratch buffers: widths, heights, xs, ys.
  struct Buffers {
    var w: UnsafeMutableBufferPointer<Double>
    var h: UnsafeMutableBufferPointer<Double>
    var x: UnsafeMutableBufferPointer<Double>
    var y: UnsafeMutableBufferPointer<Double>
  }

  mutating func withBuffers<R>(_ body: (Buffers) -> R) -> R {
    widths.withUnsafeMutableBufferPointer { w in
      heights.withUnsafeMutableBufferPointer { h in
        xs.withUnsafeMutableBufferPointer { x in
          ys.withUnsafeMutableBufferPointer { y in
            body(Buffers(w: w, h: h, x: x, y: y))
          }
        }
      }
    }
  }

  /// Arranges one instance in raw buffers; `measured*` may be empty (no measurements).
  @inline(__always)
  static func arrange(
    nodes: UnsafeBufferPointer<TemplateNode>,
    children: UnsafeBufferPointer<Int32>,
    buffers: Buffers,
    measuredWidths: UnsafeBufferPointer<Double>,
    measuredHeights: UnsafeBufferPointer<Double>,
    firstItem: Int,
    itemCount: Int
  ) {
    sizes(
      nodes: nodes,
      children: children,
      w: buffers.w,
      h: buffers.h,
      measuredWidths: measuredWidths,
      measuredHeights: measuredHeights,
      firstItem: firstItem,
      itemCount: itemCount
    )
    positions(
      nodes: nodes,
      children: children,
      w: buffers.w,
      h: buffers.h,
      x: buffers.x,
      y: buffers.y
    )
  }

  @inline(__always)
  static func sizes(
    nodes: UnsafeBufferPointer<TemplateNode>,
    children: UnsafeBufferPointer<Int32>,
    w: UnsafeMutableBufferPointer<Double>,
    h: UnsafeMutableBufferPointer<Double>,
    measuredWidths: UnsafeBufferPointer<Double>,
    measuredHeights: UnsafeBufferPointer<Double>,
    firstItem: Int,
    itemCount: Int
  ) {
    var i = nodes.count - 1
    while i >= 0 {
      let node = nodes[i]
      var width = node.width
      var height = node.height
      if node.isLeaf {
        let item = firstItem + Int(node.leafOrdinal)
        if item < itemCount {
          if node.estimatedWidth, item < measuredWidths.count, !measuredWidths[item].isNaN {
            width = measuredWidths[item]
          }
          if node.estimatedHeight, item < measuredHeights.count, !measuredHeights[item].isNaN {
            height = measuredHeights[item]
          }
        }
      } else if !node.isCustom && (node.estimatedWidth || node.estimatedHeight) {
        var along = 0.0
        var cross = 0.0
        let start = Int(node.childStart)
        let end = start + Int(node.childCount)
        for k in start..<end {
          let c = Int(children[k])
          let child = nodes[c]
          if node.axisIsX {
            along += w[c] + child.leading.minimum + child.trailing.minimum
            cross = max(cross, h[c] + child.top.minimum + child.bottom.minimum)
          } else {
            along += h[c] + child.top.minimum + child.bottom.minimum
            cross = max(cross, w[c] + child.leading.minimum + child.trailing.minimum)
          }
        }
        along += node.spacing * Double(max(0, end - start - 1))
        let insetX = node.insets.leading + node.insets.trailing
        let insetY = node.insets.top + node.insets.bottom
        if node.axisIsX {
          if node.estimatedWidth { width = along + insetX }
          if node.estimatedHeight { height = cross + insetY }
        } else {
          if node.estimatedHeight { height = along + insetY }
          if node.estimatedWidth { width = cross + insetX }
        }
      }
      w[i] = width
      h[i] = height
      i -= 1
    }
  }

  @inline(__always)
  static func positions(
    nodes: UnsafeBufferPointer<TemplateNode>,
    children: UnsafeBufferPointer<Int32>,
    w: UnsafeMutableBufferPointer<Double>,
    h: UnsafeMutableBufferPointer<Double>,
    x: UnsafeMutableBufferPointer<Double>,
    y: UnsafeMutableBufferPointer<Double>
  ) {
    x[0] = 0
    y[0] = 0
    for i in 0..<nodes.count {
      let node = nodes[i]
      if node.isLeaf { continue }
      let start = Int(node.childStart)
      let end = start + Int(node.childCount)
      if node.isCustom {
        for k in start..<end {
          let c = Int(children[k])
          x[c] = x[i] + nodes[c].customX
          y[c] = y[i] + nodes[c].customY
        }
        continue
      }
      let innerX = x[i] + node.insets.leading
      let innerY = y[i] + node.insets.top
      let innerWidth = w[i] - node.insets.leading - node.insets.trailing
      let innerHeight = h[i] - node.insets.top - node.insets.bottom
      let axisIsX = node.axisIsX
      // Along the axis (4.6).
      var used = node.spacing * Double(end - start - 1)
      var flexible = node.spacingIsFlexible ? end - start - 1 : 0
      for k in start..<end {
        let c = Int(children[k])
        let child = nodes[c]
        let pre = axisIsX ? child.leading : child.top
        let post = axisIsX ? child.trailing : child.bottom
        used += (axisIsX ? w[c] : h[c]) + pre.minimum + post.minimum
        if pre.isFlexible { flexible += 1 }
        if post.isFlexible { flexible += 1 }
      }
      let innerAxis = axisIsX ? innerWidth : innerHeight
      let share = flexible > 0 ? (innerAxis - used) / Double(flexible) : 0
      let gap = node.spacing + (node.spacingIsFlexible ? share : 0)
      var position = axisIsX ? innerX : innerY
      for k in start..<end {
        let c = Int(children[k])
        let child = nodes[c]
        let pre = axisIsX ? child.leading : child.top
        let post = axisIsX ? child.trailing : child.bottom
        position += pre.minimum + (pre.isFlexible ? share : 0)
        // Across the axis (3.3): each child on its own.
        let crossPre = axisIsX ? child.top : child.leading
        let crossPost = axisIsX ? child.bottom : child.trailing
        let crossSize = axisIsX ? h[c] : w[c]
        let crossAvailable = axisIsX ? innerHeight : innerWidth
        let crossFlexible = (crossPre.isFlexible ? 1 : 0) + (crossPost.isFlexible ? 1 : 0)
        let crossShare =
          crossFlexible > 0
          ? (crossAvailable - (crossSize + crossPre.minimum + crossPost.minimum))
            / Double(crossFlexible)
          : 0
        let cross =
          (axisIsX ? innerY : innerX) + crossPre.minimum + (crossPre.isFlexible ? crossShare : 0)
        if axisIsX {
          x[c] = position
          y[c] = cross
          position += w[c]
        } else {
          y[c] = position
          x[c] = cross
          position += h[c]
        }
        position += post.minimum + (post.isFlexible ? share : 0)
        if k < end - 1 { position += gap }
      }
    }
  }

  /// The root's size after ``arrange``.
  var rootSize: (width: Double, height: Double) { (widths[0], heights[0]) }

  /// The reported frame of leaf `t` (slot inset by its content insets), relative to the group.
  @inline(__always)
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
