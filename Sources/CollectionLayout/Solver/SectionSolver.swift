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

  mutating func solve(
    start: Double,
    itemCount: Int,
    measured: MeasuredSizes
  ) throws(LayoutError) -> SolvedSection {
    let vertical = layout.vertical
    let environment = layout.environment
    let width = layout.width
    let height = layout.height
    let scale = environment.displayScale
    let insets = section.contentInsets
    guard insets.isFinite else {
      throw .invalidInsets(path: path, reason: "content insets must be finite numbers")
    }
    guard section.interGroupSpacing.isFinite, section.interGroupSpacing >= 0 else {
      throw .invalidSpacing(path: path, value: section.interGroupSpacing)
    }
    let reference: DirectionalEdgeInsets
    if section.contentInsetsReference == .automatic {
      reference = environment.container.contentInsets
    } else {
      reference = LayoutSolver.crossInsets(
        environment.insets(for: section.contentInsetsReference),
        vertical: vertical
      )
    }
    // Scroll/cross decomposition of the insets.
    let sectionPreS = vertical ? insets.top : insets.leading
    let sectionPostS = vertical ? insets.bottom : insets.trailing
    let sectionPreC = vertical ? insets.leading : insets.top
    let sectionPostC = vertical ? insets.trailing : insets.bottom
    let referencePreC = vertical ? reference.leading : reference.top
    let referencePostC = vertical ? reference.trailing : reference.bottom
    let lengthS = vertical ? height : width
    let lengthC = vertical ? width : height
    let orthogonal = section.orthogonalScrollingBehavior != .none

    // The section container (2.3): the section's insets count on its cross axis only.
    var effectiveS = lengthS
    var effectiveC = lengthC - referencePreC - referencePostC
    if orthogonal {
      effectiveS -= sectionPreS + sectionPostS
    } else {
      effectiveC -= sectionPreC + sectionPostC
    }
    let effectiveWidth = vertical ? effectiveC : effectiveS
    let effectiveHeight = vertical ? effectiveS : effectiveC
    guard effectiveWidth >= 0, effectiveHeight >= 0 else {
      throw .negativeEffectiveSize(path: path, width: effectiveWidth, height: effectiveHeight)
    }

    // The template (section 4).
    let groupPath = path.appending(.group)
    let groupSize = section.group.layoutSize
    try TemplateBuilder.validate(groupSize, path: groupPath)
    let groupWidth = resolve(
      groupSize.widthDimension,
      width: effectiveWidth,
      height: effectiveHeight,
      scale: scale
    )
    let groupHeight = resolve(
      groupSize.heightDimension,
      width: effectiveWidth,
      height: effectiveHeight,
      scale: scale
    )
    var solved = SolvedSection()
    solved.itemCount = itemCount
    solved.template = try TemplateBuilder.build(
      group: section.group,
      width: groupWidth,
      height: groupHeight,
      environment: environment,
      path: groupPath
    )
    let template = solved.template
    let root = template.nodes[0]
    let leafCount = template.leafCount
    solved.groupCount = leafCount > 0 ? (itemCount + leafCount - 1) / leafCount : 0
    let groupCount = solved.groupCount

    // Boundary items (5.6).
    let follows = section.supplementariesFollowContentInsets
    let supplementaryCrossOrigin = referencePreC + (follows ? sectionPreC : 0)
    let supplementaryCrossLength =
      lengthC - referencePreC - referencePostC - (follows ? sectionPreC + sectionPostC : 0)
    let boundary = try BoundaryPlan(
      items: section.boundarySupplementaryItems,
      containerWidth: vertical ? supplementaryCrossLength : width,
      containerHeight: vertical ? height : supplementaryCrossLength,
      vertical: vertical,
      scale: scale,
      path: path
    )

    // Group axis, edges and spacing.
    solved.groupAxisIsX = vertical == orthogonal
    let groupAxisIsS = !orthogonal
    let rootPreS = vertical ? root.top : root.leading
    let rootPostS = vertical ? root.bottom : root.trailing
    let rootPreC = vertical ? root.leading : root.top
    let rootPostC = vertical ? root.trailing : root.bottom
    let rootLengthS = vertical ? root.height : root.width
    let rootLengthC = vertical ? root.width : root.height
    let spacing = section.interGroupSpacing
    let contentStartS = start + boundary.headerExtent + sectionPreS

    // Measured sizes of the estimated axes, and the instance pass for estimated templates.
    var primary = 0.0  // along the group axis: slots, their fixed edges and spacing
    var estimatedBounds: (Double, Double, Double, Double)?
    var crossLength = groupAxisIsS ? rootLengthC : rootLengthS  // slot length across the group axis
    let preA = groupAxisIsS ? rootPreS : rootPreC
    let postA = groupAxisIsS ? rootPostS : rootPostC
    solved.gap = postA.minimum + spacing + preA.minimum
    if template.hasEstimates {
      if template.anyLeafEstimatesWidth {
        solved.measuredWidths = try Self.measuredLengths(
          measured.widths,
          section: index,
          itemCount: itemCount,
          axis: "width"
        )
      }
      if template.anyLeafEstimatesHeight {
        solved.measuredHeights = try Self.measuredLengths(
          measured.heights,
          section: index,
          itemCount: itemCount,
          axis: "height"
        )
      }
      var arranger = InstanceArranger(nodeCount: template.nodes.count)
      var starts: [Double] = []
      starts.reserveCapacity(groupCount + 1)
      var position = 0.0
      var maxCross = 0.0
      var before = 0.0
      var after = 0.0
      var crossLow = Double.infinity
      var crossHigh = -Double.infinity
      let axisIsX = solved.groupAxisIsX
      let gap = solved.gap
      let hasBadges = !template.supplementaries.isEmpty
      let noMeasurements: [Double] = []
      // The hot loop: one arrangement per instance in raw buffers, no allocation.
      (solved.measuredWidths ?? noMeasurements).withUnsafeBufferPointer { mw in
        (solved.measuredHeights ?? noMeasurements).withUnsafeBufferPointer { mh in
          template.nodes.withUnsafeBufferPointer { nodes in
            template.children.withUnsafeBufferPointer { children in
              template.leafNodes.withUnsafeBufferPointer { leafNodes in
                arranger.withBuffers { buffers in
                  for g in 0..<groupCount {
                    InstanceArranger.arrange(
                      nodes: nodes,
                      children: children,
                      buffers: buffers,
                      measuredWidths: mw,
                      measuredHeights: mh,
                      firstItem: g * leafCount,
                      itemCount: itemCount
                    )
                    let along = axisIsX ? buffers.w[0] : buffers.h[0]
                    let cross = axisIsX ? buffers.h[0] : buffers.w[0]
                    starts.append(position)
                    maxCross = max(maxCross, cross)
                    let lastLeaf = min(leafCount, itemCount - g * leafCount)
                    for t in 0..<lastLeaf {
                      let n = Int(leafNodes[t])
                      let insets = nodes[n].insets
                      let frame = Rect(
                        x: buffers.x[n] + insets.leading,
                        y: buffers.y[n] + insets.top,
                        width: buffers.w[n] - insets.leading - insets.trailing,
                        height: buffers.h[n] - insets.top - insets.bottom
                      )
                      before = max(before, -(axisIsX ? frame.x : frame.y))
                      after = max(after, (axisIsX ? frame.maxX : frame.maxY) - along)
                      crossLow = min(crossLow, axisIsX ? frame.y : frame.x)
                      crossHigh = max(crossHigh, axisIsX ? frame.maxY : frame.maxX)
                      guard hasBadges else { continue }
                      let node = nodes[n]
                      let first = Int(node.supplementaryStart)
                      for s in first..<first + Int(node.supplementaryCount) {
                        let badge = InstanceArranger.frame(
                          of: template.supplementaries[s],
                          host: frame,
                          scale: template.scale
                        )
                        before = max(before, -(axisIsX ? badge.x : badge.y))
                        after = max(after, (axisIsX ? badge.maxX : badge.maxY) - along)
                        crossLow = min(crossLow, axisIsX ? badge.y : badge.x)
                        crossHigh = max(crossHigh, axisIsX ? badge.maxY : badge.maxX)
                      }
                    }
                    position += along + gap
                  }
                }
              }
            }
          }
        }
      }
      starts.append(position)
      solved.starts = starts
      solved.reachBefore = before
      solved.reachAfter = after
      if crossLow <= crossHigh {
        estimatedBounds = (-before, position - solved.gap + after, crossLow, crossHigh)
      }
      primary = groupCount > 0 ? position - spacing : 0
      crossLength = groupCount > 0 ? maxCross : crossLength
    } else {
      let rootLength = groupAxisIsS ? rootLengthS : rootLengthC
      solved.step = rootLength + solved.gap
      primary = groupCount > 0 ? Double(groupCount) * solved.step - spacing : 0
    }

    // Instance origins and the section's extent (5.2, 5.5).
    let empty = itemCount == 0 && section.boundarySupplementaryItems.isEmpty
    var extentS: Double
    var originS: Double
    var originC: Double
    if !orthogonal {
      let crossFlexible = (rootPreC.isFlexible ? 1 : 0) + (rootPostC.isFlexible ? 1 : 0)
      let crossShare =
        crossFlexible > 0
        ? (effectiveC - (crossLength + rootPreC.minimum + rootPostC.minimum))
          / Double(crossFlexible)
        : 0
      originS = contentStartS + rootPreS.minimum
      originC =
        referencePreC + sectionPreC + rootPreC.minimum + (rootPreC.isFlexible ? crossShare : 0)
      extentS = boundary.headerExtent + sectionPreS + primary + sectionPostS + boundary.footerExtent
      crossNeeded = originC + crossLength + rootPostC.minimum + sectionPostC + referencePostC
    } else {
      let centring =
        section.orthogonalScrollingBehavior == .groupPagingCentered
        ? max(
          0,
          (lengthC - referencePreC - referencePostC - sectionPreC - sectionPostC - rootLengthC) / 2
        )
        : 0
      originS = contentStartS + rootPreS.minimum
      originC = referencePreC + sectionPreC + centring + rootPreC.minimum
      let stripLength = rootPreS.minimum + crossLength + rootPostS.minimum
      extentS =
        boundary.headerExtent + sectionPreS + stripLength + sectionPostS + boundary.footerExtent
      let scrollLength =
        referencePreC + sectionPreC + 2 * centring + primary + sectionPostC + referencePostC
      let strip = layout.rect(s: contentStartS, c: 0, lengthS: stripLength, lengthC: lengthC)
      let scrollSize = vertical ? (scrollLength, stripLength) : (stripLength, scrollLength)
      solved.orthogonal = OrthogonalSectionGeometry(
        section: index,
        behavior: section.orthogonalScrollingBehavior,
        stripFrame: strip.cgRect,
        scrollContentSize: CGSize(width: scrollSize.0, height: scrollSize.1)
      )
      crossNeeded = lengthC
    }
    if empty { extentS = 0 }
    solved.start = start
    solved.extent = extentS
    solved.originX = vertical ? originC : originS
    solved.originY = vertical ? originS : originC

    // Section-level elements.
    solved.supplementaries = boundary.place(
      start: start,
      extent: extentS,
      headerExtent: boundary.headerExtent,
      footerExtent: boundary.footerExtent,
      crossOrigin: supplementaryCrossOrigin,
      crossLength: supplementaryCrossLength,
      solver: layout
    )
    var decorationKinds = Set<String>()
    for (offset, decoration) in section.decorationItems.enumerated() {
      let decorationPath = path.appending(.decorationItem(offset))
      guard decorationKinds.insert(decoration.elementKind).inserted else {
        throw .duplicateSupplementaryKind(path: decorationPath, elementKind: decoration.elementKind)
      }
      guard decoration.contentInsets.isFinite else {
        throw .invalidInsets(path: decorationPath, reason: "content insets must be finite numbers")
      }
      let frame = layout.rect(s: start, c: 0, lengthS: extentS, lengthC: lengthC)
        .inset(by: decoration.contentInsets)
      solved.decorations.append(
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
    solved.itemZIndex = section.decorationItems.isEmpty ? 0 : 1
    var itemBounds: Rect?
    if let (low, high, crossLow, crossHigh) = estimatedBounds {
      itemBounds =
        solved.groupAxisIsX
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
    solved.bounds = Self.bounds(of: solved, itemBounds: itemBounds)
    return solved
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
