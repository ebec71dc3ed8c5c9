import Foundation

/// Solves one section (section 5 of the guide) in scroll-axis (`s`) and cross-axis (`c`)
/// coordinates.
struct SectionSolver {
  let layout: LayoutSolver
  let section: LayoutSection
  let index: Int
  /// The cross-axis length the section needs (a group wider than the container widens
  /// the content).
  var crossNeeded: Double = 0

  init(layout: LayoutSolver, section: LayoutSection, index: Int) {
    self.layout = layout
    self.section = section
    self.index = index
  }

  var path: LayoutElementPath { LayoutElementPath([.section(index)]) }

  /// Solves the section starting at `start` along the scroll axis: its container, its group
  /// template, where the instances go and the section-level elements.
  mutating func solve(
    start: Double,
    itemCount: Int,
    measured: MeasuredSizes
  ) throws(LayoutError) -> SolvedSection {
    let axes = try SectionAxes(layout: layout, section: section, path: path)
    var solved = SolvedSection()
    solved.itemCount = itemCount
    solved.template = try buildTemplate(in: axes)
    let leafCount = solved.template.leafCount
    solved.groupCount = leafCount > 0 ? (itemCount + leafCount - 1) / leafCount : 0
    let boundary = try boundaryPlan(in: axes)
    let root = RootEdges(solved.template.root, vertical: layout.vertical)
    solved.groupAxisIsX = layout.vertical == axes.orthogonal
    let preA = axes.orthogonal ? root.preC : root.preS
    let postA = axes.orthogonal ? root.postC : root.postS
    solved.gap = postA.minimum + section.interGroupSpacing + preA.minimum
    let run = try runOfInstances(
      &solved,
      root: root,
      orthogonal: axes.orthogonal,
      measured: measured
    )
    let contentStartS = start + boundary.headerExtent + axes.sectionPreS
    let placement = place(run, root: root, axes: axes, contentStartS: contentStartS)
    var extentS =
      boundary.headerExtent + axes.sectionPreS + placement.lengthS + axes.sectionPostS
      + boundary.footerExtent
    if itemCount == 0 && section.boundarySupplementaryItems.isEmpty { extentS = 0 }
    crossNeeded = placement.crossNeeded
    solved.orthogonal = placement.orthogonal
    solved.start = start
    solved.extent = extentS
    solved.originX = layout.vertical ? placement.originC : placement.originS
    solved.originY = layout.vertical ? placement.originS : placement.originC
    solved.supplementaries = boundary.place(
      start: start,
      extent: extentS,
      headerExtent: boundary.headerExtent,
      footerExtent: boundary.footerExtent,
      crossOrigin: axes.supplementaryCrossOrigin,
      crossLength: axes.supplementaryCrossLength,
      solver: layout
    )
    solved.decorations = try decorations(start: start, extent: extentS, lengthC: axes.lengthC)
    solved.itemZIndex = section.decorationItems.isEmpty ? 0 : 1
    solved.bounds = Self.bounds(of: solved, itemBounds: run.itemBounds(of: solved))
    return solved
  }

  /// Validates the group's size and solves its template in the section's container
  /// (section 4).
  private func buildTemplate(in axes: SectionAxes) throws(LayoutError) -> GroupTemplate {
    let groupPath = path.appending(.group)
    let groupSize = section.group.layoutSize
    try TemplateBuilder.validate(groupSize, path: groupPath)
    let scale = layout.environment.displayScale
    let groupWidth = resolve(
      groupSize.widthDimension,
      width: axes.effectiveWidth,
      height: axes.effectiveHeight,
      scale: scale
    )
    let groupHeight = resolve(
      groupSize.heightDimension,
      width: axes.effectiveWidth,
      height: axes.effectiveHeight,
      scale: scale
    )
    return try TemplateBuilder.build(
      group: section.group,
      width: groupWidth,
      height: groupHeight,
      environment: layout.environment,
      path: groupPath
    )
  }

  /// The section's boundary items (5.6), against the region the supplementaries span.
  private func boundaryPlan(in axes: SectionAxes) throws(LayoutError) -> BoundaryPlan {
    let vertical = layout.vertical
    return try BoundaryPlan(
      items: section.boundarySupplementaryItems,
      containerWidth: vertical ? axes.supplementaryCrossLength : layout.width,
      containerHeight: vertical ? layout.height : axes.supplementaryCrossLength,
      vertical: vertical,
      scale: layout.environment.displayScale,
      path: path
    )
  }

  /// Lays the instances out along the group axis: each instance arranged with its measured
  /// sizes for estimated templates, a constant step otherwise.
  private func runOfInstances(
    _ solved: inout SolvedSection,
    root: RootEdges,
    orthogonal: Bool,
    measured: MeasuredSizes
  ) throws(LayoutError) -> InstanceRun {
    let template = solved.template
    let groupCount = solved.groupCount
    let spacing = section.interGroupSpacing
    let groupAxisIsS = !orthogonal
    var run = InstanceRun(crossLength: groupAxisIsS ? root.lengthC : root.lengthS)
    guard template.hasEstimates else {
      let rootLength = groupAxisIsS ? root.lengthS : root.lengthC
      solved.step = rootLength + solved.gap
      run.primary = groupCount > 0 ? Double(groupCount) * solved.step - spacing : 0
      return run
    }
    if template.anyLeafEstimatesWidth {
      solved.measuredWidths = try Self.measuredLengths(
        measured.widths,
        section: index,
        itemCount: solved.itemCount,
        axis: "width"
      )
    }
    if template.anyLeafEstimatesHeight {
      solved.measuredHeights = try Self.measuredLengths(
        measured.heights,
        section: index,
        itemCount: solved.itemCount,
        axis: "height"
      )
    }
    let pass = EstimatedPass.run(solved)
    solved.starts = pass.starts
    solved.reachBefore = pass.reach.before
    solved.reachAfter = pass.reach.after
    let position = pass.position
    if pass.reach.crossLow <= pass.reach.crossHigh {
      run.estimatedBounds = (
        -pass.reach.before, position - solved.gap + pass.reach.after, pass.reach.crossLow,
        pass.reach.crossHigh
      )
    }
    run.primary = groupCount > 0 ? position - spacing : 0
    run.crossLength = groupCount > 0 ? pass.maxCross : run.crossLength
    return run
  }

  /// Where instance 0 goes, the section's length along the scroll axis without its
  /// boundary items and insets, and the cross length it needs (5.2, 5.5).
  private func place(
    _ run: InstanceRun,
    root: RootEdges,
    axes: SectionAxes,
    contentStartS: Double
  ) -> InstancePlacement {
    let crossLength = run.crossLength
    guard axes.orthogonal else {
      let crossFlexible = (root.preC.isFlexible ? 1 : 0) + (root.postC.isFlexible ? 1 : 0)
      let crossShare =
        crossFlexible > 0
        ? (axes.effectiveC - (crossLength + root.preC.minimum + root.postC.minimum))
          / Double(crossFlexible)
        : 0
      let originC =
        axes.referencePreC + axes.sectionPreC + root.preC.minimum
        + (root.preC.isFlexible ? crossShare : 0)
      return InstancePlacement(
        originS: contentStartS + root.preS.minimum,
        originC: originC,
        lengthS: run.primary,
        crossNeeded: originC + crossLength + root.postC.minimum + axes.sectionPostC
          + axes.referencePostC
      )
    }
    let lengthC = axes.lengthC
    let centring =
      section.orthogonalScrollingBehavior == .groupPagingCentered
      ? max(
        0,
        (lengthC - axes.referencePreC - axes.referencePostC - axes.sectionPreC - axes.sectionPostC
          - root.lengthC) / 2
      )
      : 0
    let stripLength = root.preS.minimum + crossLength + root.postS.minimum
    let scrollLength =
      axes.referencePreC + axes.sectionPreC + 2 * centring + run.primary + axes.sectionPostC
      + axes.referencePostC
    let strip = layout.rect(s: contentStartS, c: 0, lengthS: stripLength, lengthC: lengthC)
    let scrollSize = layout.vertical ? (scrollLength, stripLength) : (stripLength, scrollLength)
    var placement = InstancePlacement(
      originS: contentStartS + root.preS.minimum,
      originC: axes.referencePreC + axes.sectionPreC + centring + root.preC.minimum,
      lengthS: stripLength,
      crossNeeded: lengthC
    )
    placement.orthogonal = OrthogonalSectionGeometry(
      section: index,
      behavior: section.orthogonalScrollingBehavior,
      stripFrame: strip.cgRect,
      scrollContentSize: CGSize(width: scrollSize.0, height: scrollSize.1)
    )
    return placement
  }

  /// The section's decorations, each covering the section inset by its content insets.
  private func decorations(
    start: Double,
    extent: Double,
    lengthC: Double
  ) throws(LayoutError) -> [PlacedElement] {
    var placed: [PlacedElement] = []
    var decorationKinds = Set<String>()
    for (offset, decoration) in section.decorationItems.enumerated() {
      let decorationPath = path.appending(.decorationItem(offset))
      guard decorationKinds.insert(decoration.elementKind).inserted else {
        throw .duplicateSupplementaryKind(path: decorationPath, elementKind: decoration.elementKind)
      }
      guard decoration.contentInsets.isFinite else {
        throw .invalidInsets(path: decorationPath, reason: "content insets must be finite numbers")
      }
      let frame = layout.rect(s: start, c: 0, lengthS: extent, lengthC: lengthC)
        .inset(by: decoration.contentInsets)
      placed.append(
        PlacedElement(
          kind: decoration.elementKind,
          frame: Rect(
            x: frame.x,
            y: frame.y,
            width: max(0, frame.width),
            height: max(0, frame.height)
          ),
          zIndex: decoration.zIndex
        )
      )
    }
    return placed
  }

  /// The measured lengths of one axis for a section, NaN where not measured.
  static func measuredLengths(
    _ bySection: [[Double]],
    section: Int,
    itemCount: Int,
    axis: String
  ) throws(LayoutError) -> [Double] {
    var lengths = section < bySection.count ? bySection[section] : []
    if lengths.count > itemCount {
      lengths.removeLast(lengths.count - itemCount)
    } else if lengths.count < itemCount {
      lengths.append(contentsOf: repeatElement(.nan, count: itemCount - lengths.count))
    }
    for (item, value) in lengths.enumerated() where !value.isNaN && !(value.isFinite && value >= 0)
    {
      throw .invalidMeasuredSize(section: section, item: item, axis: axis, value: value)
    }
    return lengths
  }

  /// The union of every element of a solved section.
  static func bounds(of solved: SolvedSection, itemBounds: Rect?) -> Rect? {
    var union: Rect?
    func add(_ rect: Rect) { union = union.map { $0.union(rect) } ?? rect }
    for element in solved.supplementaries { add(element.frame) }
    for element in solved.decorations { add(element.frame) }
    guard solved.groupCount > 0 else { return union }
    if let itemBounds {
      add(itemBounds)
    } else if !solved.isEstimated {
      let bounds = solved.template.bounds
      let last = solved.instanceStart(solved.groupCount - 1)
      add(bounds.offsetBy(dx: solved.originX, dy: solved.originY))
      add(
        bounds.offsetBy(
          dx: solved.originX + (solved.groupAxisIsX ? last : 0),
          dy: solved.originY + (solved.groupAxisIsX ? 0 : last)
        )
      )
    }
    return union
  }
}

/// The instances of a section laid out along the group axis, before they are placed.
struct InstanceRun {
  /// The run's length along the group axis: slots, their fixed edges and spacing.
  var primary = 0.0
  /// The slot length across the group axis.
  var crossLength: Double
  /// Estimated sections: the items' reach along the group axis (from instance 0's start)
  /// and across it, relative to instance 0's origin.
  var estimatedBounds: (low: Double, high: Double, crossLow: Double, crossHigh: Double)?

  init(crossLength: Double) {
    self.crossLength = crossLength
  }

  /// The union of the items' frames of an estimated section, once `solved` is placed.
  func itemBounds(of solved: SolvedSection) -> Rect? {
    guard let (low, high, crossLow, crossHigh) = estimatedBounds else { return nil }
    return solved.groupAxisIsX
      ? Rect(
        x: solved.originX + low,
        y: solved.originY + crossLow,
        width: high - low,
        height: crossHigh - crossLow
      )
      : Rect(
        x: solved.originX + crossLow,
        y: solved.originY + low,
        width: crossHigh - crossLow,
        height: high - low
      )
  }
}

/// Where a section's instance 0 goes and how much room the section takes.
struct InstancePlacement {
  var originS: Double
  var originC: Double
  /// The section's length along the scroll axis between its insets.
  var lengthS: Double
  /// The cross-axis length the section needs.
  var crossNeeded: Double
  var orthogonal: OrthogonalSectionGeometry?
}
