/// The arrangement of one instance, on the arranger's arrays.
extension InstanceArranger {
  /// Arranges the instance whose first item is `firstItem`: sizes, then positions.
  /// `measured*` are indexed by item and hold NaN where nothing was measured.
  mutating func arrange(
    _ template: GroupTemplate,
    measuredWidths: [Double]?,
    measuredHeights: [Double]?,
    firstItem: Int,
    itemCount: Int
  ) {
    sizes(
      template,
      measuredWidths: measuredWidths,
      measuredHeights: measuredHeights,
      firstItem: firstItem,
      itemCount: itemCount
    )
    positions(template)
  }

  /// Length `item` of `lengths`, NaN when it was not measured.
  private static func measured(_ lengths: [Double]?, _ item: Int) -> Double {
    guard let lengths, item >= 0, item < lengths.count else { return .nan }
    return lengths[item]
  }

  /// Sizes every node bottom-up (children come after their parent in the template):
  /// measured estimated axes of leaves, estimated groups sized by their content.
  private mutating func sizes(
    _ template: GroupTemplate,
    measuredWidths: [Double]?,
    measuredHeights: [Double]?,
    firstItem: Int,
    itemCount: Int
  ) {
    for i in template.nodes.indices.reversed() {
      let node = template.nodes[i]
      var width = node.width
      var height = node.height
      if node.isLeaf {
        let item = firstItem + Int(node.leafOrdinal)
        if item < itemCount {
          if node.estimatedWidth {
            let measured = Self.measured(measuredWidths, item)
            if !measured.isNaN { width = measured }
          }
          if node.estimatedHeight {
            let measured = Self.measured(measuredHeights, item)
            if !measured.isNaN { height = measured }
          }
        }
      } else if !node.isCustom && (node.estimatedWidth || node.estimatedHeight) {
        (width, height) = contentSize(of: node, in: template, width: width, height: height)
      }
      widths[i] = width
      heights[i] = height
    }
  }

  /// The size of an estimated group from its children's sizes, edges and spacing.
  private func contentSize(
    of node: TemplateNode,
    in template: GroupTemplate,
    width: Double,
    height: Double
  ) -> (Double, Double) {
    var along = 0.0
    var cross = 0.0
    let children = Int(node.childStart)..<Int(node.childStart) + Int(node.childCount)
    for k in children {
      let c = Int(template.children[k])
      let child = template.nodes[c]
      if node.axisIsX {
        along += widths[c] + child.leading.minimum + child.trailing.minimum
        cross = max(cross, heights[c] + child.top.minimum + child.bottom.minimum)
      } else {
        along += heights[c] + child.top.minimum + child.bottom.minimum
        cross = max(cross, widths[c] + child.leading.minimum + child.trailing.minimum)
      }
    }
    along += node.spacing * Double(max(0, children.count - 1))
    let insetX = node.insets.leading + node.insets.trailing
    let insetY = node.insets.top + node.insets.bottom
    var width = width
    var height = height
    if node.axisIsX {
      if node.estimatedWidth { width = along + insetX }
      if node.estimatedHeight { height = cross + insetY }
    } else {
      if node.estimatedHeight { height = along + insetY }
      if node.estimatedWidth { width = cross + insetX }
    }
    return (width, height)
  }

  /// Positions every node top-down (parents come before their children), relative to the
  /// root at the origin.
  private mutating func positions(_ template: GroupTemplate) {
    xs[0] = 0
    ys[0] = 0
    for (i, node) in template.nodes.enumerated() where !node.isLeaf {
      if node.isCustom {
        for k in Int(node.childStart)..<Int(node.childStart) + Int(node.childCount) {
          let c = Int(template.children[k])
          xs[c] = xs[i] + template.nodes[c].customX
          ys[c] = ys[i] + template.nodes[c].customY
        }
      } else {
        positionChildren(of: node, at: i, in: template)
      }
    }
  }

  /// Places the children of stacking group `i` along its axis (4.6) and each across it (3.3).
  private mutating func positionChildren(
    of node: TemplateNode,
    at i: Int,
    in template: GroupTemplate
  ) {
    let children = Int(node.childStart)..<Int(node.childStart) + Int(node.childCount)
    let innerX = xs[i] + node.insets.leading
    let innerY = ys[i] + node.insets.top
    let innerWidth = widths[i] - node.insets.leading - node.insets.trailing
    let innerHeight = heights[i] - node.insets.top - node.insets.bottom
    let axisIsX = node.axisIsX
    // Along the axis (4.6).
    var used = node.spacing * Double(children.count - 1)
    var flexible = node.spacingIsFlexible ? children.count - 1 : 0
    for k in children {
      let c = Int(template.children[k])
      let child = template.nodes[c]
      let pre = axisIsX ? child.leading : child.top
      let post = axisIsX ? child.trailing : child.bottom
      used += (axisIsX ? widths[c] : heights[c]) + pre.minimum + post.minimum
      if pre.isFlexible { flexible += 1 }
      if post.isFlexible { flexible += 1 }
    }
    let innerAxis = axisIsX ? innerWidth : innerHeight
    let share = flexible > 0 ? (innerAxis - used) / Double(flexible) : 0
    let gap = node.spacing + (node.spacingIsFlexible ? share : 0)
    var position = axisIsX ? innerX : innerY
    for k in children {
      let c = Int(template.children[k])
      let child = template.nodes[c]
      let pre = axisIsX ? child.leading : child.top
      let post = axisIsX ? child.trailing : child.bottom
      position += pre.minimum + (pre.isFlexible ? share : 0)
      // Across the axis (3.3): each child on its own.
      let crossPre = axisIsX ? child.top : child.leading
      let crossPost = axisIsX ? child.bottom : child.trailing
      let crossSize = axisIsX ? heights[c] : widths[c]
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
        xs[c] = position
        ys[c] = cross
        position += widths[c]
      } else {
        ys[c] = position
        xs[c] = cross
        position += heights[c]
      }
      position += post.minimum + (post.isFlexible ? share : 0)
      if k < children.upperBound - 1 { position += gap }
    }
  }
}
