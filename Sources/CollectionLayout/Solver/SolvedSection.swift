/// A section-level element: a boundary supplementary item or a decoration.
struct PlacedElement: Sendable {
  var kind: String
  var frame: Rect
  var zIndex: Int
}

/// One solved section: the template, where its instances go, and its own elements.
///
/// Regular sections store no per-item data; estimated sections store each instance's
/// start (8 bytes per group) and the measured lengths of the estimated axes (8 bytes per
/// item and axis).
struct SolvedSection: Sendable {
  var itemCount = 0
  var template = GroupTemplate()
  var groupCount = 0
  var groupAxisIsX = false
  /// The origin of instance 0's slot.
  var originX: Double = 0
  var originY: Double = 0
  /// Regular sections: instance `g` starts `g * step` after instance 0.
  var step: Double = 0
  /// Estimated sections: `starts[g]` is instance `g`'s start after instance 0; one extra
  /// sentinel entry; `gap` separates an instance's end from the next start.
  var starts: [Double] = []
  var gap: Double = 0
  var measuredWidths: [Double]?
  var measuredHeights: [Double]?
  /// How far elements reach before an instance's start and after its end, along the
  /// group axis.
  var reachBefore: Double = 0
  var reachAfter: Double = 0
  var itemZIndex = 0
  var supplementaries: [PlacedElement] = []
  var decorations: [PlacedElement] = []
  /// The section's extent along the scroll axis.
  var start: Double = 0
  var extent: Double = 0
  /// The union of every element's frame, for skipping sections in rect queries.
  var bounds: Rect?
  var orthogonal: OrthogonalSectionGeometry?

  var isEstimated: Bool { template.hasEstimates }

  /// Instance `g`'s slot start along the group axis, relative to the origin.
  @inline(__always)
  func instanceStart(_ g: Int) -> Double {
    isEstimated ? starts[g] : Double(g) * step
  }

  /// Instance `g`'s slot length along the group axis.
  @inline(__always)
  func instanceLength(_ g: Int) -> Double {
    if isEstimated { return starts[g + 1] - starts[g] - gap }
    let root = template.nodes[0]
    return groupAxisIsX ? root.width : root.height
  }

  /// Calls `body(item, leaf, frame, arranger)` for each item of instance `g` (LTR frames),
  /// after arranging the instance; badges are read from the arranger afterwards.
  @inline(__always)
  func forEachItem(
    inInstance g: Int,
    arranger: inout InstanceArranger,
    _ body: (_ item: Int, _ leaf: Int, _ frame: Rect, _ arranger: InstanceArranger) -> Void
  ) {
    let n = template.leafCount
    let first = g * n
    let last = min(first + n, itemCount)
    let offset = instanceStart(g)
    let dx = originX + (groupAxisIsX ? offset : 0)
    let dy = originY + (groupAxisIsX ? 0 : offset)
    arranger.arrange(
      template,
      measuredWidths: measuredWidths,
      measuredHeights: measuredHeights,
      firstItem: first,
      itemCount: itemCount
    )
    for item in first..<last {
      let frame = arranger.leafFrame(template, leaf: item - first).offsetBy(dx: dx, dy: dy)
      body(item, item - first, frame, arranger)
    }
  }

  /// The range of instances whose elements may reach into `[low, high)` along the group axis.
  func instanceRange(low: Double, high: Double) -> Range<Int> {
    guard groupCount > 0 else { return 0..<0 }
    let origin = groupAxisIsX ? originX : originY
    if isEstimated {
      // First instance whose reach ends after `low`: ends are monotone.
      var lo = 0
      var hi = groupCount
      while lo < hi {
        let mid = (lo + hi) / 2
        if origin + starts[mid + 1] - gap + reachAfter > low { hi = mid } else { lo = mid + 1 }
      }
      var end = lo
      while end < groupCount, origin + starts[end] - reachBefore < high { end += 1 }
      return lo..<end
    }
    let bounds = template.bounds
    let minimum = groupAxisIsX ? bounds.x : bounds.y
    let maximum = groupAxisIsX ? bounds.maxX : bounds.maxY
    guard step > 0 else { return 0..<groupCount }
    let first = ((low - origin - maximum) / step).rounded(.down)
    let last = ((high - origin - minimum) / step).rounded(.up)
    guard first.isFinite, last.isFinite else { return 0..<groupCount }
    let lower = Int(max(0, min(Double(groupCount), first)))
    let upper = Int(max(0, min(Double(groupCount), last + 1)))
    return lower..<max(lower, upper)
  }
}
