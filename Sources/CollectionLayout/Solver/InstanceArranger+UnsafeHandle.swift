// The only unsafe code in CollectionLayout: raw views of one template and of an
// arranger's scratch arrays, for the hot loop that arranges group instances.
//
// Invariants (checked by `assert` in debug and test builds):
// - A handle exists only inside `InstanceArranger.withHandle(_:measuredWidths:measuredHeights:_:)`.
//   The pointers point into arrays that call keeps alive: the template's and the measured
//   lengths' storage read-only, the arranger's four scratch arrays borrowed exclusively
//   (`inout self`). The handle is never stored or returned, so no pointer outlives them.
// - The four scratch buffers each hold exactly one entry per template node.
// - The template is in depth-first preorder: every child's node index is greater than its
//   parent's and less than the node count, and every leaf node index is a valid node index.
//   Sizing walks the nodes backwards (children before parents) and positioning forwards
//   (parents before children), which is only correct under this order.
// - Measured lengths are indexed by item; an item past their end reads as not measured (NaN).
//
// Every access goes through an accessor below that asserts its index; release builds read
// the buffers directly.

extension InstanceArranger {
  /// Raw, closure-scoped access to one template and to the arranger's scratch storage.
  struct UnsafeHandle {
    private let nodes: UnsafeBufferPointer<TemplateNode>
    private let children: UnsafeBufferPointer<Int32>
    private let leafNodes: UnsafeBufferPointer<Int32>
    private let measuredWidths: UnsafeBufferPointer<Double>
    private let measuredHeights: UnsafeBufferPointer<Double>
    private let widths: UnsafeMutableBufferPointer<Double>
    private let heights: UnsafeMutableBufferPointer<Double>
    private let xs: UnsafeMutableBufferPointer<Double>
    private let ys: UnsafeMutableBufferPointer<Double>

    fileprivate init(
      nodes: UnsafeBufferPointer<TemplateNode>,
      children: UnsafeBufferPointer<Int32>,
      leafNodes: UnsafeBufferPointer<Int32>,
      measuredWidths: UnsafeBufferPointer<Double>,
      measuredHeights: UnsafeBufferPointer<Double>,
      widths: UnsafeMutableBufferPointer<Double>,
      heights: UnsafeMutableBufferPointer<Double>,
      xs: UnsafeMutableBufferPointer<Double>,
      ys: UnsafeMutableBufferPointer<Double>
    ) {
      self.nodes = nodes
      self.children = children
      self.leafNodes = leafNodes
      self.measuredWidths = measuredWidths
      self.measuredHeights = measuredHeights
      self.widths = widths
      self.heights = heights
      self.xs = xs
      self.ys = ys
      assert(
        widths.count == nodes.count && heights.count == nodes.count && xs.count == nodes.count
          && ys.count == nodes.count,
        "the scratch buffers hold one entry per template node"
      )
      assert(checkInvariants(), "the template is not in depth-first preorder")
    }

    /// Whether the template is in depth-first preorder (see the invariants above).
    private func checkInvariants() -> Bool {
      for (parent, node) in nodes.enumerated() where !node.isLeaf {
        let start = Int(node.childStart)
        let end = start + Int(node.childCount)
        guard start >= 0, end <= children.count else { return false }
        for k in start..<end where !(Int(children[k]) > parent && Int(children[k]) < nodes.count) {
          return false
        }
      }
      return leafNodes.allSatisfy { $0 >= 0 && Int($0) < nodes.count }
    }

    /// The number of template nodes.
    var nodeCount: Int { nodes.count }

    /// Template node `i`.
    @inline(__always)
    func node(_ i: Int) -> TemplateNode {
      assert(i >= 0 && i < nodes.count, "node index out of range")
      return nodes[i]
    }

    /// The node index of entry `k` of the template's child list.
    @inline(__always)
    func child(_ k: Int) -> Int {
      assert(k >= 0 && k < children.count, "child entry out of range")
      return Int(children[k])
    }

    /// The node index of leaf `t`.
    @inline(__always)
    func leafNode(_ t: Int) -> Int {
      assert(t >= 0 && t < leafNodes.count, "leaf index out of range")
      return Int(leafNodes[t])
    }

    /// The measured width of `item`, NaN when it was not measured.
    @inline(__always)
    func measuredWidth(_ item: Int) -> Double {
      item >= 0 && item < measuredWidths.count ? measuredWidths[item] : .nan
    }

    /// The measured height of `item`, NaN when it was not measured.
    @inline(__always)
    func measuredHeight(_ item: Int) -> Double {
      item >= 0 && item < measuredHeights.count ? measuredHeights[item] : .nan
    }

    /// Node `i`'s width in the instance being arranged.
    @inline(__always)
    subscript(width i: Int) -> Double {
      get {
        assert(i >= 0 && i < widths.count, "node index out of range")
        return widths[i]
      }
      nonmutating set {
        assert(i >= 0 && i < widths.count, "node index out of range")
        widths[i] = newValue
      }
    }

    /// Node `i`'s height in the instance being arranged.
    @inline(__always)
    subscript(height i: Int) -> Double {
      get {
        assert(i >= 0 && i < heights.count, "node index out of range")
        return heights[i]
      }
      nonmutating set {
        assert(i >= 0 && i < heights.count, "node index out of range")
        heights[i] = newValue
      }
    }

    /// Node `i`'s x relative to the group's origin in the instance being arranged.
    @inline(__always)
    subscript(x i: Int) -> Double {
      get {
        assert(i >= 0 && i < xs.count, "node index out of range")
        return xs[i]
      }
      nonmutating set {
        assert(i >= 0 && i < xs.count, "node index out of range")
        xs[i] = newValue
      }
    }

    /// Node `i`'s y relative to the group's origin in the instance being arranged.
    @inline(__always)
    subscript(y i: Int) -> Double {
      get {
        assert(i >= 0 && i < ys.count, "node index out of range")
        return ys[i]
      }
      nonmutating set {
        assert(i >= 0 && i < ys.count, "node index out of range")
        ys[i] = newValue
      }
    }
  }

  /// Calls `body` with a handle on `template`, the measured lengths (indexed by item, NaN
  /// where not measured) and this arranger's scratch storage; the handle must not escape.
  mutating func withHandle<R>(
    _ template: GroupTemplate,
    measuredWidths: [Double]?,
    measuredHeights: [Double]?,
    _ body: (UnsafeHandle) -> R
  ) -> R {
    assert(widths.count == template.nodes.count, "the arranger was sized for another template")
    let noMeasurements: [Double] = []
    return (measuredWidths ?? noMeasurements).withUnsafeBufferPointer { mw in
      (measuredHeights ?? noMeasurements).withUnsafeBufferPointer { mh in
        template.nodes.withUnsafeBufferPointer { nodes in
          template.children.withUnsafeBufferPointer { children in
            template.leafNodes.withUnsafeBufferPointer { leafNodes in
              widths.withUnsafeMutableBufferPointer { w in
                heights.withUnsafeMutableBufferPointer { h in
                  xs.withUnsafeMutableBufferPointer { x in
                    ys.withUnsafeMutableBufferPointer { y in
                      body(
                        UnsafeHandle(
                          nodes: nodes,
                          children: children,
                          leafNodes: leafNodes,
                          measuredWidths: mw,
                          measuredHeights: mh,
                          widths: w,
                          heights: h,
                          xs: x,
                          ys: y
                        )
                      )
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
  }
}
