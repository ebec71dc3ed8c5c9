/// The arrangement of one instance, written against the handle's checked accessors.
extension InstanceArranger.UnsafeHandle {
  /// Arranges the instance whose first item is `firstItem`: sizes, then positions.
  @inline(__always)
  func arrange(firstItem: Int, itemCount: Int) {
    sizes(firstItem: firstItem, itemCount: itemCount)
    positions()
  }

  /// The root's length along and across `axisIsX` after ``arrange(firstItem:itemCount:)``.
  @inline(__always)
  func rootLengths(axisIsX: Bool) -> (along: Double, cross: Double) {
    axisIsX ? (self[width: 0], self[height: 0]) : (self[height: 0], self[width: 0])
  }

  /// The reported frame of leaf `t` (slot inset by its content insets), relative to the group.
  @inline(__always)
  func leafFrame(_ t: Int) -> (frame: Rect, node: TemplateNode) {
    let n = leafNode(t)
    let node = node(n)
    let insets = node.insets
    let frame = Rect(
      x: self[x: n] + insets.leading,
      y: self[y: n] + insets.top,
      width: self[width: n] - insets.leading - insets.trailing,
      height: self[height: n] - insets.top - insets.bottom
    )
    return (frame, node)
  }

  /// Sizes every node bottom-up: measured estimated axes of leaves, estimated groups sized
  /// by their content.
  @inline(__always)
  private func sizes(firstItem: Int, itemCount: Int) {
    var i = nodeCount - 1
    while i >= 0 {
      let node = node(i)
      var width = node.width
      var height = node.height
      if node.isLeaf {
        let item = firstItem + Int(node.leafOrdinal)
        if item < itemCount {
          if node.estimatedWidth {
            let measured = measuredWidth(item)
            if !measured.isNaN { width = measured }
          }
          if node.estimatedHeight {
            let measured = measuredHeight(item)
            if !measured.isNaN { height = measured }
          }
        }
      } else if !node.isCustom && (node.estimatedWidth || node.estimatedHeight) {
        (width, height) = contentSize(of: node, width: width, height: height)
      }
      self[width: i] = width
      self[height: i] = height
      i -= 1
    }
  }

  /// The size of an estimated group from its children's sizes, edges and spacing.
  @inline(__always)
  private func contentSize(
    of node: TemplateNode,
    width: Double,
    height: Double
  ) -> (Double, Double) {
    var along = 0.0
    var cross = 0.0
    let start = Int(node.childStart)
    let end = start + Int(node.childCount)
    for k in start..<end {
      let c = child(k)
      let child = self.node(c)
      if node.axisIsX {
        along += self[width: c] + child.leading.minimum + child.trailing.minimum
        cross = max(cross, self[height: c] + child.top.minimum + child.bottom.minimum)
      } else {
        along += self[height: c] + child.top.minimum + child.bottom.minimum
        cross = max(cross, self[width: c] + child.leading.minimum + child.trailing.minimum)
      }
    }
    along += node.spacing * Double(max(0, end - start - 1))
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

  /// Positions every node top-down, relative to the root at the origin.
  @inline(__always)
  private func positions() {
    self[x: 0] = 0
    self[y: 0] = 0
    for i in 0..<nodeCount {
      let node = node(i)
      if node.isLeaf { continue }
      if node.isCustom {
        for k in Int(node.childStart)..<Int(node.childStart) + Int(node.childCount) {
          let c = child(k)
          self[x: c] = self[x: i] + self.node(c).customX
          self[y: c] = self[y: i] + self.node(c).customY
        }
      } else {
        positionChildren(of: node, at: i)
      }
    }
  }

  /// Places the children of stacking group `i` along its axis (4.6) and each across it (3.3).
  @inline(__always)
  private func positionChildren(of node: TemplateNode, at i: Int) {
    let start = Int(node.childStart)
    let end = start + Int(node.childCount)
    let innerX = self[x: i] + node.insets.leading
    let innerY = self[y: i] + node.insets.top
    let innerWidth = self[width: i] - node.insets.leading - node.insets.trailing
    let innerHeight = self[height: i] - node.insets.top - node.insets.bottom
    let axisIsX = node.axisIsX
    // Along the axis (4.6).
    var used = node.spacing * Double(end - start - 1)
    var flexible = node.spacingIsFlexible ? end - start - 1 : 0
    for k in start..<end {
      let c = child(k)
      let child = self.node(c)
      let pre = axisIsX ? child.leading : child.top
      let post = axisIsX ? child.trailing : child.bottom
      used += (axisIsX ? self[width: c] : self[height: c]) + pre.minimum + post.minimum
      if pre.isFlexible { flexible += 1 }
      if post.isFlexible { flexible += 1 }
    }
    let innerAxis = axisIsX ? innerWidth : innerHeight
    let share = flexible > 0 ? (innerAxis - used) / Double(flexible) : 0
    let gap = node.spacing + (node.spacingIsFlexible ? share : 0)
    var position = axisIsX ? innerX : innerY
    for k in start..<end {
      let c = child(k)
      let child = self.node(c)
      let pre = axisIsX ? child.leading : child.top
      let post = axisIsX ? child.trailing : child.bottom
      position += pre.minimum + (pre.isFlexible ? share : 0)
      // Across the axis (3.3): each child on its own.
      let crossPre = axisIsX ? child.top : child.leading
      let crossPost = axisIsX ? child.bottom : child.trailing
      let crossSize = axisIsX ? self[height: c] : self[width: c]
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
        self[x: c] = position
        self[y: c] = cross
        position += self[width: c]
      } else {
        self[y: c] = position
        self[x: c] = cross
        position += self[height: c]
      }
      position += post.minimum + (post.isFlexible ? share : 0)
      if k < end - 1 { position += gap }
    }
  }
}
