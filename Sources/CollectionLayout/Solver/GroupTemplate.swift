import Foundation

/// One edge of resolved edge spacing.
struct ResolvedEdge: Hashable, Sendable {
  var minimum: Double = 0
  var isFlexible = false
}

/// A node of a solved group template: a leaf (item or custom frame) or a group.
struct TemplateNode: Sendable {
  var isLeaf = true
  var isCustom = false
  var axisIsX = true
  /// The slot size in the template (estimated axes at their estimate).
  var width: Double = 0
  var height: Double = 0
  var estimatedWidth = false
  var estimatedHeight = false
  /// Effective content insets (zero on estimated axes).
  var insets = DirectionalEdgeInsets.zero
  var leading = ResolvedEdge()
  var top = ResolvedEdge()
  var trailing = ResolvedEdge()
  var bottom = ResolvedEdge()
  var spacing: Double = 0
  var spacingIsFlexible = false
  var childStart: Int32 = 0
  var childCount: Int32 = 0
  /// The position inside a custom parent group.
  var customX: Double = 0
  var customY: Double = 0
  var zIndex = 0
  /// For leaves: the depth-first ordinal.
  var leafOrdinal: Int32 = -1
  var supplementaryStart: Int32 = 0
  var supplementaryCount: Int32 = 0
}

/// A group solved once: its node tree, and the bounds of its frames at the template sizes.
///
/// Item `k` of a section is leaf `k % leafCount` of group instance `k / leafCount`.
struct GroupTemplate: Sendable {
  var nodes: [TemplateNode] = []
  var children: [Int32] = []
  var leafNodes: [Int32] = []
  var supplementaries: [SupplementaryItem] = []
  /// Whether any node has an estimated axis.
  var hasEstimates = false
  var anyLeafEstimatesWidth = false
  var anyLeafEstimatesHeight = false
  var scale: Double = 1
  /// The union of all reported frames at the template sizes, relative to the group's origin.
  var bounds = Rect.zero

  var leafCount: Int { leafNodes.count }
  var root: TemplateNode { nodes[0] }
}

/// Solves group templates: the fit test (4.2 to 4.5) and the recursive build.
struct TemplateBuilder {
  var template = GroupTemplate()
  let scale: Double
  let environment: LayoutEnvironment
  static let maximumLeaves = 1_000_000
  static let fitTolerance = 0.25

  init(scale: Double, environment: LayoutEnvironment) {
    self.scale = scale
    self.environment = environment
    template.scale = scale
  }

  /// Builds the template for a section's group in its slot.
  static func build(
    group: LayoutGroup,
    width: Double,
    height: Double,
    environment: LayoutEnvironment,
    path: LayoutElementPath
  ) throws(LayoutError) -> GroupTemplate {
    var builder = TemplateBuilder(scale: environment.displayScale, environment: environment)
    _ = try builder.add(.group(group), width: width, height: height, path: path)
    var template = builder.template
    template.finish()
    return template
  }

  mutating func add(
    _ subitem: LayoutSubitem,
    width: Double,
    height: Double,
    path: LayoutElementPath
  ) throws(LayoutError) -> Int32 {
    let size = subitem.layoutSize
    var node = TemplateNode()
    node.width = width
    node.height = height
    node.estimatedWidth = size.widthDimension.isEstimated
    node.estimatedHeight = size.heightDimension.isEstimated
    if node.estimatedWidth || node.estimatedHeight { template.hasEstimates = true }
    try Self.resolveEdges(subitem.edgeSpacing, into: &node, path: path)
    let index = Int32(template.nodes.count)
    guard template.nodes.count < Self.maximumLeaves * 2 else {
      throw .templateTooLarge(path: path, limit: Self.maximumLeaves)
    }
    switch subitem {
    case .item(let item):
      node.insets = try Self.effectiveInsets(item.contentInsets, of: node, path: path)
      if width - node.insets.leading - node.insets.trailing < 0
        || height - node.insets.top - node.insets.bottom < 0
      {
        throw .invalidInsets(
          path: path,
          reason: "the content insets are larger than the item; reduce them"
        )
      }
      node.leafOrdinal = Int32(template.leafNodes.count)
      node.supplementaryStart = Int32(template.supplementaries.count)
      node.supplementaryCount = Int32(item.supplementaryItems.count)
      var kinds = Set<String>()
      for (offset, supplementary) in item.supplementaryItems.enumerated() {
        let supplementaryPath = path.appending(.supplementaryItem(offset))
        try validate(supplementary.layoutSize, path: supplementaryPath)
        guard kinds.insert(supplementary.elementKind).inserted else {
          throw .duplicateSupplementaryKind(
            path: supplementaryPath,
            elementKind: supplementary.elementKind
          )
        }
        try Self.validate(supplementary.containerAnchor, path: supplementaryPath)
        if let anchor = supplementary.itemAnchor {
          try Self.validate(anchor, path: supplementaryPath)
        }
      }
      template.supplementaries += item.supplementaryItems
      if node.estimatedWidth { template.anyLeafEstimatesWidth = true }
      if node.estimatedHeight { template.anyLeafEstimatesHeight = true }
      template.nodes.append(node)
      template.leafNodes.append(index)
      return index
    case .group(let group):
      node.isLeaf = false
      node.insets = try Self.effectiveInsets(group.contentInsets, of: node, path: path)
      template.nodes.append(node)
      try addChildren(of: group, node: &node, path: path)
      template.nodes[Int(index)] = node
      return index
    }
  }

  /// A chosen child slot: which subitem, at what size.
  typealias Slot = (index: Int, width: Double, height: Double)

  /// The room inside a stacking group: its inner size, axis and spacing.
  struct StackSpace {
    let innerWidth: Double
    let innerHeight: Double
    let axisIsX: Bool
    let spacing: Double

    var innerAxis: Double { axisIsX ? innerWidth : innerHeight }

    /// The container for `count` children once the spacing between them is taken out.
    func reduced(_ count: Int) -> (Double, Double) {
      let length = innerAxis - spacing * Double(count - 1)
      return axisIsX ? (length, innerHeight) : (innerWidth, length)
    }
  }

  /// Adds the children of `group`, whose node is `node`, and links them to it.
  private mutating func addChildren(
    of group: LayoutGroup,
    node: inout TemplateNode,
    path: LayoutElementPath
  ) throws(LayoutError) {
    if case .custom(let provider) = group.arrangement {
      try addCustomLeaves(provider, node: &node, path: path)
      return
    }
    let chosen = try stackSlots(of: group, node: &node, path: path)
    var ids: [Int32] = []
    ids.reserveCapacity(chosen.count)
    for choice in chosen {
      let subitem = group.subitems[choice.index]
      ids.append(
        try add(
          subitem,
          width: choice.width,
          height: choice.height,
          path: path.appending(.subitem(choice.index))
        )
      )
    }
    node.childStart = Int32(template.children.count)
    node.childCount = Int32(ids.count)
    template.children += ids
  }

  /// Adds the leaves a custom group's provider returns for its container (4.10).
  private mutating func addCustomLeaves(
    _ provider: @Sendable (LayoutEnvironment) -> [GroupCustomItem],
    node: inout TemplateNode,
    path: LayoutElementPath
  ) throws(LayoutError) {
    node.isCustom = true
    node.axisIsX = false
    var customEnvironment = environment
    customEnvironment.container = LayoutContainer(
      contentSize: CGSize(width: node.width, height: node.height),
      contentInsets: node.insets
    )
    let items = provider(customEnvironment)
    guard !items.isEmpty else { throw .customGroupWithoutFrames(path: path) }
    var ids: [Int32] = []
    for (offset, item) in items.enumerated() {
      let frame = Rect(item.frame)
      guard frame.x.isFinite, frame.y.isFinite, frame.width.isFinite, frame.height.isFinite,
        frame.width >= 0, frame.height >= 0
      else { throw .invalidCustomFrame(path: path.appending(.customItem(offset))) }
      guard template.leafNodes.count < Self.maximumLeaves else {
        throw .templateTooLarge(path: path, limit: Self.maximumLeaves)
      }
      var leaf = TemplateNode()
      leaf.width = frame.width
      leaf.height = frame.height
      leaf.customX = frame.x
      leaf.customY = frame.y
      leaf.zIndex = item.zIndex
      leaf.leafOrdinal = Int32(template.leafNodes.count)
      leaf.supplementaryStart = Int32(template.supplementaries.count)
      let id = Int32(template.nodes.count)
      template.nodes.append(leaf)
      template.leafNodes.append(id)
      ids.append(id)
    }
    node.childStart = Int32(template.children.count)
    node.childCount = Int32(ids.count)
    template.children += ids
  }

  /// Validates a stacking group and chooses its child slots: counted or repeated subitems,
  /// or as many as fit (4.2 to 4.5).
  private func stackSlots(
    of group: LayoutGroup,
    node: inout TemplateNode,
    path: LayoutElementPath
  ) throws(LayoutError) -> [Slot] {
    let innerWidth = node.width - node.insets.leading - node.insets.trailing
    let innerHeight = node.height - node.insets.top - node.insets.bottom
    let axisIsX: Bool
    if case .horizontal = group.arrangement { axisIsX = true } else { axisIsX = false }
    node.axisIsX = axisIsX
    let innerAxis = axisIsX ? innerWidth : innerHeight
    let innerCross = axisIsX ? innerHeight : innerWidth
    guard innerAxis > 0, innerCross >= 0 else {
      throw .noRoomForGroup(path: path, effectiveWidth: innerWidth, effectiveHeight: innerHeight)
    }
    if let spacing = group.interItemSpacing {
      guard spacing.spacing.isFinite, spacing.spacing >= 0 else {
        throw .invalidSpacing(path: path, value: spacing.spacing)
      }
      node.spacing = spacing.spacing
      node.spacingIsFlexible = spacing.isFlexible
    }
    guard !group.subitems.isEmpty else { throw .emptyGroup(path: path) }
    for (offset, subitem) in group.subitems.enumerated() {
      try validate(subitem.layoutSize, path: path.appending(.subitem(offset)))
    }
    let space = StackSpace(
      innerWidth: innerWidth,
      innerHeight: innerHeight,
      axisIsX: axisIsX,
      spacing: node.spacing
    )
    switch group.repetition {
    case .count(let count), .repeating(let count):
      return try repeatedSlots(of: group, count: count, in: space, path: path)
    case .fit:
      if axisIsX ? node.estimatedWidth : node.estimatedHeight {
        return group.subitems.enumerated().map { offset, subitem in
          let size = subitem.layoutSize
          return (
            offset,
            resolve(size.widthDimension, width: innerWidth, height: innerHeight, scale: scale),
            resolve(size.heightDimension, width: innerWidth, height: innerHeight, scale: scale)
          )
        }
      }
      return try fittedSlots(of: group, in: space, path: path)
    }
  }

  /// `count` copies of the first subitem; with `count:` each takes an equal share (4.3).
  private func repeatedSlots(
    of group: LayoutGroup,
    count: Int,
    in space: StackSpace,
    path: LayoutElementPath
  ) throws(LayoutError) -> [Slot] {
    guard count >= 1 else { throw .invalidRepetitionCount(path: path, count: count) }
    guard count <= Self.maximumLeaves else {
      throw .templateTooLarge(path: path, limit: Self.maximumLeaves)
    }
    var size = group.subitems[0].layoutSize
    var dependent = Self.dependsOnContainer(size, alongX: space.axisIsX)
    if case .count = group.repetition {
      let fraction = 1 / Double(count)
      if space.axisIsX {
        size.widthDimension = .fractionalWidth(fraction)
      } else {
        size.heightDimension = .fractionalHeight(fraction)
      }
      dependent = true
    }
    let (cw, ch) =
      dependent && count >= 2 && space.spacing != 0
      ? space.reduced(count) : (space.innerWidth, space.innerHeight)
    let w = resolve(size.widthDimension, width: cw, height: ch, scale: scale)
    let h = resolve(size.heightDimension, width: cw, height: ch, scale: scale)
    return Array(repeating: (0, w, h), count: count)
  }

  /// As many subitems as fit, cycling; fitted again without the spacing when a
  /// container-dependent subitem was chosen (4.2, two-pass spacing shrink).
  private func fittedSlots(
    of group: LayoutGroup,
    in space: StackSpace,
    path: LayoutElementPath
  ) throws(LayoutError) -> [Slot] {
    let first = try fit(
      group,
      axisIsX: space.axisIsX,
      length: space.innerAxis,
      container: (space.innerWidth, space.innerHeight),
      spacing: space.spacing,
      spacingAlways: false,
      limit: nil,
      path: path
    )
    guard space.spacing != 0, first.count >= 2,
      first.contains(where: {
        Self.dependsOnContainer(group.subitems[$0.index].layoutSize, alongX: space.axisIsX)
      })
    else { return first }
    return try fit(
      group,
      axisIsX: space.axisIsX,
      length: space.innerAxis,
      container: space.reduced(first.count),
      spacing: space.spacing,
      spacingAlways: true,
      limit: first.count,
      path: path
    )
  }

  /// The fit loop of rule 4.2: cycle through the subitems until one does not fit.
  private func fit(
    _ group: LayoutGroup,
    axisIsX: Bool,
    length: Double,
    container: (Double, Double),
    spacing: Double,
    spacingAlways: Bool,
    limit: Int?,
    path: LayoutElementPath
  ) throws(LayoutError) -> [(index: Int, width: Double, height: Double)] {
    let resolved = group.subitems.map { subitem in
      let size = subitem.layoutSize
      let w = resolve(size.widthDimension, width: container.0, height: container.1, scale: scale)
      let h = resolve(size.heightDimension, width: container.0, height: container.1, scale: scale)
      let edges = subitem.edgeSpacing
      let pre = (axisIsX ? edges?.leading : edges?.top)?.spacing ?? 0
      let post = (axisIsX ? edges?.trailing : edges?.bottom)?.spacing ?? 0
      return (
        width: w, height: h, consumed: (axisIsX ? w : h) + pre + post,
        dependent: Self.dependsOnContainer(size, alongX: axisIsX)
      )
    }
    var remaining = length
    var chosen: [(index: Int, width: Double, height: Double)] = []
    var i = 0
    while limit.map({ chosen.count < $0 }) ?? true {
      let index = i % resolved.count
      let s = resolved[index]
      if !chosen.isEmpty, spacing != 0, spacingAlways || !s.dependent { remaining -= spacing }
      remaining -= s.consumed
      if remaining < -Self.fitTolerance { break }
      chosen.append((index, s.width, s.height))
      i += 1
      guard chosen.count <= Self.maximumLeaves else {
        throw .templateTooLarge(path: path, limit: Self.maximumLeaves)
      }
    }
    if chosen.isEmpty {
      throw .groupCannotFitItem(path: path, available: length, required: resolved[0].consumed)
    }
    return chosen
  }

  static func dependsOnContainer(_ size: LayoutSize, alongX: Bool) -> Bool {
    alongX
      ? size.widthDimension.isFractionalWidth || size.heightDimension.isFractionalWidth
      : size.widthDimension.isFractionalHeight || size.heightDimension.isFractionalHeight
  }

  func validate(_ size: LayoutSize, path: LayoutElementPath) throws(LayoutError) {
    try Self.validate(size, path: path)
  }

  static func validate(_ size: LayoutSize, path: LayoutElementPath) throws(LayoutError) {
    for (axis, dimension) in [("width", size.widthDimension), ("height", size.heightDimension)] {
      let value = dimension.value
      guard value.isFinite, value >= 0 else {
        throw .invalidDimension(path: path, axis: axis, value: value)
      }
    }
  }

  static func validate(_ anchor: LayoutAnchor, path: LayoutElementPath) throws(LayoutError) {
    guard Double(anchor.offset.x).isFinite, Double(anchor.offset.y).isFinite else {
      throw .invalidSpacing(path: path, value: Double.nan)
    }
  }

  static func effectiveInsets(
    _ insets: DirectionalEdgeInsets,
    of node: TemplateNode,
    path: LayoutElementPath
  ) throws(LayoutError) -> DirectionalEdgeInsets {
    guard insets.isFinite else {
      throw .invalidInsets(path: path, reason: "content insets must be finite numbers")
    }
    var effective = insets
    if node.estimatedWidth {
      effective.leading = 0
      effective.trailing = 0
    }
    if node.estimatedHeight {
      effective.top = 0
      effective.bottom = 0
    }
    return effective
  }

  static func resolveEdges(
    _ spacing: EdgeSpacing?,
    into node: inout TemplateNode,
    path: LayoutElementPath
  ) throws(LayoutError) {
    guard let spacing else { return }
    func edge(_ value: LayoutSpacing?) throws(LayoutError) -> ResolvedEdge {
      guard let value else { return ResolvedEdge() }
      guard value.spacing.isFinite, value.spacing >= 0 else {
        throw .invalidSpacing(path: path, value: value.spacing)
      }
      return ResolvedEdge(minimum: value.spacing, isFlexible: value.isFlexible)
    }
    node.leading = try edge(spacing.leading)
    node.top = try edge(spacing.top)
    node.trailing = try edge(spacing.trailing)
    node.bottom = try edge(spacing.bottom)
  }
}

extension GroupTemplate {
  /// Computes ``bounds`` from one arrangement at the template sizes.
  mutating func finish() {
    var arranger = InstanceArranger(nodeCount: nodes.count)
    arranger.arrange(self, measuredWidths: nil, measuredHeights: nil, firstItem: 0, itemCount: 0)
    var union: Rect?
    for t in 0..<leafCount {
      let frame = arranger.leafFrame(self, leaf: t)
      union = union.map { $0.union(frame) } ?? frame
      arranger.forEachSupplementary(self, leaf: t, host: frame) { _, badge in
        union = union.map { $0.union(badge) } ?? badge
      }
    }
    let root = nodes[0]
    let slot = Rect(x: 0, y: 0, width: root.width, height: root.height)
    bounds = union.map { $0.union(slot) } ?? slot
  }
}

extension Rect {
  func union(_ other: Rect) -> Rect {
    let minX = Swift.min(x, other.x)
    let minY = Swift.min(y, other.y)
    let maxX = Swift.max(self.maxX, other.maxX)
    let maxY = Swift.max(self.maxY, other.maxY)
    return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }
}
