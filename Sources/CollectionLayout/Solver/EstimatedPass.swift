/// The instance pass of an estimated section: arranges every group instance with its
/// measured sizes, once, and records where each starts and how far its elements reach.
struct EstimatedPass {
  /// How far elements reach beyond their instance's slot: before its start and after its
  /// end along the group axis, and their extent across it.
  struct Reach {
    var before = 0.0
    var after = 0.0
    var crossLow = Double.infinity
    var crossHigh = -Double.infinity

    /// Widens the reach to cover `frame`, in an instance `along` long.
    @inline(__always)
    mutating func include(_ frame: Rect, along: Double, axisIsX: Bool) {
      before = max(before, -(axisIsX ? frame.x : frame.y))
      after = max(after, (axisIsX ? frame.maxX : frame.maxY) - along)
      crossLow = min(crossLow, axisIsX ? frame.y : frame.x)
      crossHigh = max(crossHigh, axisIsX ? frame.maxY : frame.maxX)
    }
  }

  /// Each instance's start after instance 0, plus one sentinel entry.
  var starts: [Double] = []
  /// Where the instance after the last one would start.
  var position = 0.0
  /// The longest instance across the group axis.
  var maxCross = 0.0
  var reach = Reach()

  /// Runs the pass over `solved`'s instances (its template, counts, gap and measured
  /// lengths must be set).
  ///
  /// - Complexity: O(n) for `n` items; one arrangement per instance, no allocation per
  ///   instance.
  static func run(_ solved: SolvedSection) -> EstimatedPass {
    let template = solved.template
    let leafCount = template.leafCount
    let itemCount = solved.itemCount
    let groupCount = solved.groupCount
    let axisIsX = solved.groupAxisIsX
    let gap = solved.gap
    let hasBadges = !template.supplementaries.isEmpty
    var pass = EstimatedPass()
    pass.starts.reserveCapacity(groupCount + 1)
    var arranger = InstanceArranger(nodeCount: template.nodes.count)
    for g in 0..<groupCount {
      arranger.arrange(
        template,
        measuredWidths: solved.measuredWidths,
        measuredHeights: solved.measuredHeights,
        firstItem: g * leafCount,
        itemCount: itemCount
      )
      let (width, height) = arranger.rootSize
      let (along, cross) = axisIsX ? (width, height) : (height, width)
      pass.starts.append(pass.position)
      pass.maxCross = max(pass.maxCross, cross)
      let lastLeaf = min(leafCount, itemCount - g * leafCount)
      for t in 0..<lastLeaf {
        let frame = arranger.leafFrame(template, leaf: t)
        pass.reach.include(frame, along: along, axisIsX: axisIsX)
        guard hasBadges else { continue }
        arranger.forEachSupplementary(template, leaf: t, host: frame) { _, badge in
          pass.reach.include(badge, along: along, axisIsX: axisIsX)
        }
      }
      pass.position += along + gap
    }
    pass.starts.append(pass.position)
    return pass
  }
}
