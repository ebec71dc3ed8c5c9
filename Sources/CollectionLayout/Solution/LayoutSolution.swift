import Foundation

/// A solved layout: the content size, and every element's frame on demand.
///
/// Frames of repeated group templates are computed from the template when asked for, so a
/// solution of a million regular items stores no per-item frames. Right-to-left layouts
/// report mirrored frames.
///
/// ```swift
/// let solution = try layout.solve(in: environment, itemCounts: [1_000_000])
/// let frame = solution.frameForItem(at: LayoutIndexPath(section: 0, item: 42))
/// let visible = solution.layoutAttributesForElements(
///   in: CGRect(x: 0, y: 5_000, width: 375, height: 667))
/// ```
public struct LayoutSolution: Sendable {
  let sections: [SolvedSection]
  let globalSupplementaries: [PlacedElement]
  let contentWidth: Double
  let contentHeight: Double
  let vertical: Bool
  let rightToLeft: Bool
  /// For each section, the largest scroll-axis end of any section up to it (monotone),
  /// for the binary search of rect queries.
  let runningEnds: [Double]
  /// How far any section's elements reach before its start along the scroll axis.
  let maximumReachBefore: Double

  init(
    contentWidth: Double,
    contentHeight: Double,
    vertical: Bool,
    rightToLeft: Bool,
    sections: [SolvedSection],
    globalSupplementaries: [PlacedElement]
  ) {
    self.contentWidth = contentWidth
    self.contentHeight = contentHeight
    self.vertical = vertical
    self.rightToLeft = rightToLeft
    self.sections = sections
    self.globalSupplementaries = globalSupplementaries
    var ends: [Double] = []
    var running = -Double.infinity
    var reach = 0.0
    for section in sections {
      if let bounds = section.bounds {
        running = max(running, vertical ? bounds.maxY : bounds.maxX)
        reach = max(reach, section.start - (vertical ? bounds.y : bounds.x))
      }
      ends.append(running)
    }
    runningEnds = ends
    maximumReachBefore = reach
  }

  /// The size of the scrollable content.
  public var contentSize: CGSize { CGSize(width: contentWidth, height: contentHeight) }

  /// The number of sections.
  public var numberOfSections: Int { sections.count }

  /// The number of items in `section`, or 0 when there is no such section.
  public func numberOfItems(inSection section: Int) -> Int {
    section >= 0 && section < sections.count ? sections[section].itemCount : 0
  }

  /// The geometry of every orthogonally scrolling section, in section order.
  public var orthogonalSections: [OrthogonalSectionGeometry] {
    sections.compactMap(\.orthogonal).map { strip in
      var strip = strip
      strip.stripFrame = mirror(Rect(strip.stripFrame)).cgRect
      return strip
    }
  }

  @inline(__always)
  func mirror(_ rect: Rect) -> Rect { rightToLeft ? rect.mirrored(in: contentWidth) : rect }

  /// The frame of the item at `indexPath`, or `nil` when there is no such item.
  ///
  /// - Complexity: O(t) for the `t` nodes of the section's group (its instance is
  ///   arranged).
  public func frameForItem(at indexPath: LayoutIndexPath) -> CGRect? {
    layoutAttributesForItem(at: indexPath)?.frame
  }

  /// The attributes of the item at `indexPath`, or `nil` when there is no such item.
  ///
  /// - Complexity: O(t) for the `t` nodes of the section's group.
  public func layoutAttributesForItem(at indexPath: LayoutIndexPath) -> LayoutAttributes? {
    guard indexPath.section >= 0, indexPath.section < sections.count else { return nil }
    let section = sections[indexPath.section]
    guard indexPath.item >= 0, indexPath.item < section.itemCount else { return nil }
    let n = section.template.leafCount
    let g = indexPath.item / n
    var result: LayoutAttributes?
    var arranger = InstanceArranger(nodeCount: section.template.nodes.count)
    section.forEachItem(inInstance: g, arranger: &arranger) { item, leaf, frame, _ in
      guard item == indexPath.item else { return }
      result = cellAttributes(
        section: section,
        index: indexPath.section,
        item: item,
        leaf: leaf,
        frame: frame
      )
    }
    return result
  }

  /// The attributes of a supplementary view: a boundary item at `(section, 0)`, a
  /// layout-wide one at `(0, 0)`, or an item's badge at the item's index path.
  ///
  /// - Complexity: O(b) for `b` boundary items, plus the item lookup for badges.
  public func layoutAttributesForSupplementaryElement(
    ofKind kind: String,
    at indexPath: LayoutIndexPath
  ) -> LayoutAttributes? {
    if indexPath == LayoutIndexPath(section: 0, item: 0),
      let element = globalSupplementaries.first(where: { $0.kind == kind })
    {
      return placedAttributes(element, category: .supplementaryView, section: 0)
    }
    guard indexPath.section >= 0, indexPath.section < sections.count else { return nil }
    let section = sections[indexPath.section]
    if indexPath.item == 0, let element = section.supplementaries.first(where: { $0.kind == kind })
    {
      return placedAttributes(element, category: .supplementaryView, section: indexPath.section)
    }
    guard indexPath.item >= 0, indexPath.item < section.itemCount else { return nil }
    var result: LayoutAttributes?
    var arranger = InstanceArranger(nodeCount: section.template.nodes.count)
    let g = indexPath.item / section.template.leafCount
    section.forEachItem(inInstance: g, arranger: &arranger) { item, leaf, frame, arranger in
      guard item == indexPath.item else { return }
      arranger.forEachSupplementary(section.template, leaf: leaf, host: frame) {
        supplementary,
        badge in
        guard supplementary.elementKind == kind, result == nil else { return }
        result = LayoutAttributes(
          representedElementCategory: .supplementaryView,
          representedElementKind: kind,
          indexPath: indexPath,
          frame: mirror(badge).cgRect,
          zIndex: supplementary.zIndex
        )
      }
    }
    return result
  }

  /// The attributes of a section's decoration view of `kind`, at `(section, 0)`.
  public func layoutAttributesForDecorationElement(
    ofKind kind: String,
    at indexPath: LayoutIndexPath
  ) -> LayoutAttributes? {
    guard indexPath.item == 0, indexPath.section >= 0, indexPath.section < sections.count,
      let element = sections[indexPath.section].decorations.first(where: { $0.kind == kind })
    else { return nil }
    return placedAttributes(element, category: .decorationView, section: indexPath.section)
  }

  /// Every element whose frame overlaps `rect` in an area (touching edges do not count),
  /// in the order of ``allLayoutAttributes()``.
  ///
  /// This is the visible-rect query a scrolling view makes. It finds the first section and
  /// group instance by arithmetic or binary search and never scans the rest.
  ///
  /// ```swift
  /// let visible = solution.layoutAttributesForElements(in: CGRect(x: 0, y: 1_000, width: 375, height: 667))
  /// ```
  ///
  /// - Complexity: O(log s + log g + k) for `s` sections, `g` group instances and `k`
  ///   elements examined near the rect (each visible instance is arranged, in O(t) for
  ///   the `t` nodes of its group).
  public func layoutAttributesForElements(in rect: CGRect) -> [LayoutAttributes] {
    var result: [LayoutAttributes] = []
    result.reserveCapacity(64)
    forEachElement(in: rect) { result.append($0) }
    return result
  }

  /// Every element, section by section: section decorations, boundary items, then each
  /// item followed by its badges; layout-wide boundary items come first.
  ///
  /// - Complexity: O(n) for `n` elements.
  public func allLayoutAttributes() -> [LayoutAttributes] {
    var result: [LayoutAttributes] = []
    forEachElement(in: nil) { result.append($0) }
    return result
  }

  /// Calls `body` with every element overlapping `rect` (or every element when `rect` is
  /// `nil`), without building an array.
  ///
  /// - Complexity: as ``layoutAttributesForElements(in:)``.
  public func forEachElement(in rect: CGRect?, _ body: (LayoutAttributes) -> Void) {
    visitElements(in: rect) { attributes in
      body(attributes)
      return true
    }
  }

  /// Calls `body` with the elements overlapping `rect` (or every element when `rect` is
  /// `nil`), in the order of ``forEachElement(in:_:)``, until `body` returns `false`.
  ///
  /// A renderer with a budget stops here rather than walking a layout of millions of
  /// elements that all overlap the rect (zero-size items, say):
  ///
  /// ```swift
  /// var drawn = 0
  /// solution.visitElements(in: visible) { attributes in
  ///   draw(attributes)
  ///   drawn += 1
  ///   return drawn < 10_000
  /// }
  /// ```
  ///
  /// - Complexity: as ``layoutAttributesForElements(in:)``, with `k` the elements visited
  ///   before `body` returns `false` (plus the rest of the group instance it stopped in).
  public func visitElements(in rect: CGRect?, _ body: (LayoutAttributes) -> Bool) {
    let query = rect.map(Rect.init)
    if let query, !(query.width >= 0 && query.height >= 0 && query.x.isFinite && query.y.isFinite) {
      return
    }
    let filter = ElementFilter(query: query, search: searchRect(for: query))
    var going = true
    func visit(_ attributes: LayoutAttributes) {
      if going { going = body(attributes) }
    }
    for element in globalSupplementaries where going && filter.accepts(mirror(element.frame)) {
      visit(placedAttributes(element, category: .supplementaryView, section: 0))
    }
    for index in firstSection(reaching: filter.search)..<sections.count {
      guard going else { return }
      let section = sections[index]
      if let search = filter.search {
        let high = vertical ? search.maxY : search.maxX
        if section.start - maximumReachBefore >= high { break }
        guard let bounds = section.bounds, bounds.intersects(search) else { continue }
      }
      for element in section.decorations where going && filter.accepts(mirror(element.frame)) {
        visit(placedAttributes(element, category: .decorationView, section: index))
      }
      for element in section.supplementaries where going && filter.accepts(mirror(element.frame)) {
        visit(placedAttributes(element, category: .supplementaryView, section: index))
      }
      forEachItemElement(of: section, at: index, filter: filter, going: { going }, visit)
    }
  }

  /// A query rect (`nil` for every element) and the left-to-right rect to search.
  struct ElementFilter {
    let query: Rect?
    let search: Rect?

    /// Whether an element with final (mirrored) frame `frame` is reported.
    @inline(__always)
    func accepts(_ frame: Rect) -> Bool {
      query.map { frame.intersects($0) } ?? true
    }
  }

  /// The query in left-to-right space with a little slack; frames are then filtered
  /// exactly.
  private func searchRect(for query: Rect?) -> Rect? {
    let slack = 1e-6 * max(1, contentWidth, contentHeight)
    return query.map { mirror($0) }.map {
      Rect(
        x: $0.x - slack,
        y: $0.y - slack,
        width: $0.width + 2 * slack,
        height: $0.height + 2 * slack
      )
    }
  }

  /// The first section whose extent ends after the start of `search` (0 without one), by
  /// binary search.
  private func firstSection(reaching search: Rect?) -> Int {
    guard let search else { return 0 }
    let low = vertical ? search.y : search.x
    var lo = 0
    var hi = sections.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if runningEnds[mid] > low { hi = mid } else { lo = mid + 1 }
    }
    return lo
  }

  /// Calls `body` with each item of section `index` the filter accepts, each followed by
  /// its accepted badges, visiting only the instances that may reach the search rect.
  @inline(__always)
  private func forEachItemElement(
    of section: SolvedSection,
    at index: Int,
    filter: ElementFilter,
    going: () -> Bool,
    _ body: (LayoutAttributes) -> Void
  ) {
    guard section.groupCount > 0 else { return }
    let instances =
      filter.search.map {
        section.instanceRange(
          low: section.groupAxisIsX ? $0.x : $0.y,
          high: section.groupAxisIsX ? $0.maxX : $0.maxY
        )
      } ?? 0..<section.groupCount
    var arranger = InstanceArranger(nodeCount: section.template.nodes.count)
    let hasBadges = !section.template.supplementaries.isEmpty
    // Instances of a regular section with a zero step all lie in the same place: when the
    // first has nothing in the rect, neither has any other (without this, a zero-height
    // group repeated 100,000,000 times is walked in full for every rect).
    let coincident = filter.query != nil && !section.isEstimated && section.step == 0
    var acceptedAny = false
    for g in instances {
      guard going() else { return }
      if coincident && g > instances.lowerBound && !acceptedAny { return }
      section.forEachItem(inInstance: g, arranger: &arranger) { item, leaf, frame, arranger in
        if filter.accepts(mirror(frame)) {
          acceptedAny = true
          body(cellAttributes(section: section, index: index, item: item, leaf: leaf, frame: frame))
        }
        guard hasBadges else { return }
        arranger.forEachSupplementary(section.template, leaf: leaf, host: frame) {
          supplementary,
          badge in
          let shownBadge = mirror(badge)
          guard filter.accepts(shownBadge) else { return }
          acceptedAny = true
          body(
            LayoutAttributes(
              representedElementCategory: .supplementaryView,
              representedElementKind: supplementary.elementKind,
              indexPath: LayoutIndexPath(section: index, item: item),
              frame: shownBadge.cgRect,
              zIndex: supplementary.zIndex
            )
          )
        }
      }
    }
  }

  @inline(__always)
  func cellAttributes(
    section: SolvedSection,
    index: Int,
    item: Int,
    leaf: Int,
    frame: Rect
  ) -> LayoutAttributes {
    let node = section.template.nodes[Int(section.template.leafNodes[leaf])]
    return LayoutAttributes(
      representedElementCategory: .cell,
      representedElementKind: nil,
      indexPath: LayoutIndexPath(section: index, item: item),
      frame: mirror(frame).cgRect,
      zIndex: max(node.zIndex, section.itemZIndex)
    )
  }

  func placedAttributes(
    _ element: PlacedElement,
    category: ElementCategory,
    section: Int
  ) -> LayoutAttributes {
    LayoutAttributes(
      representedElementCategory: category,
      representedElementKind: element.kind,
      indexPath: LayoutIndexPath(section: section, item: 0),
      frame: mirror(element.frame).cgRect,
      zIndex: element.zIndex
    )
  }

  /// An estimate of the bytes the solution stores, for the memory benchmark.
  package var storageBytes: Int {
    var bytes = 0
    for section in sections {
      bytes += section.template.nodes.count * MemoryLayout<TemplateNode>.stride
      bytes += section.starts.count * 8
      bytes += (section.measuredWidths?.count ?? 0) * 8
      bytes += (section.measuredHeights?.count ?? 0) * 8
    }
    return bytes
  }
}
