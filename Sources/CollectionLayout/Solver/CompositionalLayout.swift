import Foundation

/// A compositional layout: sections built from items and groups, solved into frames.
///
/// The counterpart of `UICollectionViewCompositionalLayout`. Solving is a pure function of
/// the layout, an environment, the item counts and any measured sizes; the result is a
/// ``LayoutSolution`` value.
///
/// ```swift
/// let item = LayoutItem(layoutSize: LayoutSize(
///   widthDimension: .fractionalWidth(0.2), heightDimension: .fractionalHeight(1)))
/// let group = LayoutGroup.horizontal(
///   layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalWidth(0.2)),
///   subitems: [item])
/// let layout = CompositionalLayout(section: LayoutSection(group: group))
/// let solution = try layout.solve(
///   in: LayoutEnvironment(containerSize: CGSize(width: 375, height: 667)), itemCounts: [12])
/// solution.contentSize  // 375 x 225
/// ```
public struct CompositionalLayout: Sendable {
  enum Source: Sendable {
    case section(LayoutSection)
    case provider(@Sendable (Int, LayoutEnvironment) -> LayoutSection?)
  }

  let source: Source
  /// The layout-wide options.
  public var configuration: LayoutConfiguration

  /// A layout that uses `section` for every section.
  public init(section: LayoutSection, configuration: LayoutConfiguration = LayoutConfiguration()) {
    self.source = .section(section)
    self.configuration = configuration
  }

  /// A layout that asks `sectionProvider` for each section, given its index and the
  /// environment (whose container is inset by the content insets reference).
  ///
  /// Returning `nil` is an error (``LayoutError/missingSectionDefinition(section:)``).
  public init(
    sectionProvider: @escaping @Sendable (Int, LayoutEnvironment) -> LayoutSection?,
    configuration: LayoutConfiguration = LayoutConfiguration()
  ) {
    self.source = .provider(sectionProvider)
    self.configuration = configuration
  }

  /// Solves the layout: every frame, the content size and the orthogonal strips.
  ///
  /// Estimated dimensions take their measured sizes from `measuredSizes` (estimated axes
  /// only) and everything after them moves; see `Guides/Layout.md`.
  ///
  /// - Parameters:
  ///   - environment: The container, display scale and layout direction.
  ///   - itemCounts: The number of items of each section.
  ///   - measuredSizes: Sizes reported by fitted cells.
  /// - Returns: The solved layout.
  /// - Throws: ``LayoutError`` naming the section, group or item that cannot be laid out.
  /// - Complexity: O(s + t) for `s` sections and `t` template nodes when nothing is
  ///   estimated (frames are computed on demand); O(s + n) for `n` items otherwise.
  public func solve(
    in environment: LayoutEnvironment,
    itemCounts: [Int],
    measuredSizes: MeasuredSizes = MeasuredSizes()
  ) throws(LayoutError) -> LayoutSolution {
    let source = source
    return try Self.solve(
      configuration: configuration,
      in: environment,
      itemCounts: itemCounts,
      measuredSizes: measuredSizes
    ) { index, environment in
      switch source {
      case .section(let section): return section
      case .provider(let provider): return provider(index, environment)
      }
    }
  }

  /// Solves a layout whose sections `sectionProvider` gives during this call only.
  ///
  /// The provider is called once per section, in order, on the caller's thread, with the
  /// environment the section is laid out in (its container inset by the configuration's
  /// content insets reference). Because it does not escape, it needs not be `Sendable`: a
  /// main-actor view controller can pass a closure that reads its own state. Returning `nil`
  /// is ``LayoutError/missingSectionDefinition(section:)``.
  ///
  /// ```swift
  /// let solution = try CompositionalLayout.solve(
  ///   configuration: LayoutConfiguration(), in: environment, itemCounts: [12, 3]
  /// ) { index, environment in
  ///   index == 0 ? gridSection(columns: environment.container.effectiveContentSize.width > 500 ? 4 : 2)
  ///              : listSection()
  /// }
  /// ```
  ///
  /// - Complexity: as ``solve(in:itemCounts:measuredSizes:)``.
  public static func solve(
    configuration: LayoutConfiguration,
    in environment: LayoutEnvironment,
    itemCounts: [Int],
    measuredSizes: MeasuredSizes = MeasuredSizes(),
    sectionProvider: (Int, LayoutEnvironment) -> LayoutSection?
  ) throws(LayoutError) -> LayoutSolution {
    var solver = try LayoutSolver(configuration: configuration, environment: environment)
    return try solver.solve(
      itemCounts: itemCounts,
      measuredSizes: measuredSizes,
      sectionProvider: sectionProvider
    )
  }
}

/// The layout-wide pass (sections 6 and 8 of the guide).
struct LayoutSolver {
  let configuration: LayoutConfiguration
  var environment: LayoutEnvironment
  let vertical: Bool
  let width: Double
  let height: Double

  init(configuration: LayoutConfiguration, environment: LayoutEnvironment) throws(LayoutError) {
    let size = environment.container.contentSize
    let width = Double(size.width)
    let height = Double(size.height)
    guard width.isFinite, height.isFinite, width >= 0, height >= 0 else {
      throw .invalidEnvironment(
        reason:
          "invalid container size \(formatNumber(width))x\(formatNumber(height)); use finite sizes of zero or more"
      )
    }
    guard environment.displayScale.isFinite else {
      throw .invalidEnvironment(reason: "invalid display scale; use a finite number")
    }
    guard environment.safeAreaInsets.isFinite, environment.layoutMargins.isFinite else {
      throw .invalidEnvironment(
        reason: "safe area insets and layout margins must be finite numbers"
      )
    }
    guard configuration.interSectionSpacing.isFinite, configuration.interSectionSpacing >= 0 else {
      throw .invalidSpacing(
        path: LayoutElementPath([.configuration]),
        value: configuration.interSectionSpacing
      )
    }
    self.configuration = configuration
    self.vertical = configuration.scrollDirection == .vertical
    self.width = width
    self.height = height
    var environment = environment
    environment.container.contentInsets = Self.crossInsets(
      environment.insets(for: configuration.contentInsetsReference),
      vertical: vertical
    )
    self.environment = environment
  }

  /// Keeps only the insets on the cross axis of the scroll direction.
  static func crossInsets(_ insets: DirectionalEdgeInsets, vertical: Bool) -> DirectionalEdgeInsets
  {
    vertical
      ? DirectionalEdgeInsets(top: 0, leading: insets.leading, bottom: 0, trailing: insets.trailing)
      : DirectionalEdgeInsets(top: insets.top, leading: 0, bottom: insets.bottom, trailing: 0)
  }

  /// Builds a rect from scroll-axis (`s`) and cross-axis (`c`) coordinates.
  @inline(__always)
  func rect(s: Double, c: Double, lengthS: Double, lengthC: Double) -> Rect {
    vertical
      ? Rect(x: c, y: s, width: lengthC, height: lengthS)
      : Rect(x: s, y: c, width: lengthS, height: lengthC)
  }

  mutating func solve(
    itemCounts: [Int],
    measuredSizes: MeasuredSizes,
    sectionProvider: (Int, LayoutEnvironment) -> LayoutSection?
  ) throws(LayoutError) -> LayoutSolution {
    let lengthC = vertical ? width : height
    // Layout-wide boundary items (6.5): against the full container.
    let globalPath = LayoutElementPath([.configuration])
    let global = try BoundaryPlan(
      items: configuration.boundarySupplementaryItems,
      containerWidth: width,
      containerHeight: height,
      vertical: vertical,
      scale: environment.displayScale,
      path: globalPath
    )
    var cursor = global.headerExtent
    var sections: [SolvedSection] = []
    sections.reserveCapacity(itemCounts.count)
    var crossNeeded = lengthC
    for (index, count) in itemCounts.enumerated() {
      guard count >= 0 else { throw .invalidItemCount(section: index, count: count) }
      guard let definition = sectionProvider(index, environment) else {
        throw .missingSectionDefinition(section: index)
      }
      var sectionSolver = SectionSolver(layout: self, section: definition, index: index)
      let solved = try sectionSolver.solve(start: cursor, itemCount: count, measured: measuredSizes)
      crossNeeded = max(crossNeeded, sectionSolver.crossNeeded)
      cursor += solved.extent
      if index < itemCounts.count - 1 { cursor += configuration.interSectionSpacing }
      sections.append(solved)
    }
    cursor += global.footerExtent
    let globalElements = global.place(
      start: 0,
      extent: cursor,
      headerExtent: global.headerExtent,
      footerExtent: global.footerExtent,
      crossOrigin: 0,
      crossLength: lengthC,
      solver: self
    )
    let contentSize = vertical ? (crossNeeded, cursor) : (cursor, crossNeeded)
    return LayoutSolution(
      contentWidth: contentSize.0,
      contentHeight: contentSize.1,
      vertical: vertical,
      rightToLeft: environment.layoutDirection == .rightToLeft,
      sections: sections,
      globalSupplementaries: globalElements
    )
  }
}

/// Boundary supplementary items resolved for one section or the layout (5.6, 6.5).
struct BoundaryPlan {
  struct Entry {
    var item: BoundarySupplementaryItem
    var lengthS: Double
    var lengthC: Double
    var unitS: Double
    var unitC: Double
  }
  var entries: [Entry] = []
  var headerExtent: Double = 0
  var footerExtent: Double = 0

  init(
    items: [BoundarySupplementaryItem],
    containerWidth: Double,
    containerHeight: Double,
    vertical: Bool,
    scale: Double,
    path: LayoutElementPath
  ) throws(LayoutError) {
    var kinds = Set<String>()
    for (offset, item) in items.enumerated() {
      let itemPath = path.appending(.boundarySupplementaryItem(offset))
      try TemplateBuilder.validate(item.layoutSize, path: itemPath)
      guard kinds.insert(item.elementKind).inserted else {
        throw .duplicateSupplementaryKind(path: itemPath, elementKind: item.elementKind)
      }
      guard Double(item.absoluteOffset.x).isFinite, Double(item.absoluteOffset.y).isFinite else {
        throw .invalidSpacing(path: itemPath, value: .nan)
      }
      let w = resolve(
        item.layoutSize.widthDimension,
        width: containerWidth,
        height: containerHeight,
        scale: scale
      )
      let h = resolve(
        item.layoutSize.heightDimension,
        width: containerWidth,
        height: containerHeight,
        scale: scale
      )
      let unit = item.alignment.unitPoint
      let entry = Entry(
        item: item,
        lengthS: vertical ? h : w,
        lengthC: vertical ? w : h,
        unitS: vertical ? unit.y : unit.x,
        unitC: vertical ? unit.x : unit.y
      )
      if item.extendsBoundary && entry.unitS == 0 {
        headerExtent = max(headerExtent, entry.lengthS)
      }
      if item.extendsBoundary && entry.unitS == 1 {
        footerExtent = max(footerExtent, entry.lengthS)
      }
      entries.append(entry)
    }
  }

  /// The frames, given the section's extent along the scroll axis and the cross container.
  func place(
    start: Double,
    extent: Double,
    headerExtent: Double,
    footerExtent: Double,
    crossOrigin: Double,
    crossLength: Double,
    solver: LayoutSolver
  ) -> [PlacedElement] {
    entries.map { entry in
      let s: Double
      if entry.item.extendsBoundary && entry.unitS == 0 {
        s = start
      } else if entry.item.extendsBoundary && entry.unitS == 1 {
        s = start + extent - footerExtent
      } else {
        let regionStart = start + headerExtent
        let regionLength = extent - headerExtent - footerExtent
        s = regionStart + entry.unitS * (regionLength - entry.lengthS)
      }
      let c = crossOrigin + entry.unitC * (crossLength - entry.lengthC)
      let frame = solver.rect(s: s, c: c, lengthS: entry.lengthS, lengthC: entry.lengthC)
        .offsetBy(dx: Double(entry.item.absoluteOffset.x), dy: Double(entry.item.absoluteOffset.y))
      return PlacedElement(kind: entry.item.elementKind, frame: frame, zIndex: entry.item.zIndex)
    }
  }
}
