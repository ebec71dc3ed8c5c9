import CollectionLayout
import Foundation
import PokedexTestSupport
import Testing

/// Invariants over random layouts from a seeded generator.
@Suite struct LayoutPropertyTests {
  struct Scenario {
    var layout: CompositionalLayout
    var environment: LayoutEnvironment
    var itemCounts: [Int]
    var measured: MeasuredSizes
    var orthogonalSections: Set<Int>
  }

  static func pick<T>(_ values: [T], _ rng: inout SplitMix64) -> T {
    values[Int.random(in: 0..<values.count, using: &rng)]
  }

  static func randomSection(_ rng: inout SplitMix64, estimated: Bool) -> LayoutSection {
    let columns = Int.random(in: 1...6, using: &rng)
    let cell = item(
      .fractionalWidth(1 / Double(columns)),
      estimated ? .estimated(40) : .fractionalHeight(1)
    ).with {
      if Bool.random(using: &rng) {
        $0.contentInsets = DirectionalEdgeInsets(all: Double(Int.random(in: 0...3, using: &rng)))
      }
      if Bool.random(using: &rng) {
        $0.supplementaryItems = [
          SupplementaryItem(
            layoutSize: size(.absolute(8), .absolute(8)),
            elementKind: "badge",
            containerAnchor: LayoutAnchor(
              edges: [.top, .trailing],
              absoluteOffset: CGPoint(x: 2, y: -2)
            )
          )
        ]
      }
    }
    let rowHeight: LayoutDimension =
      estimated
      ? .estimated(40) : pick([.absolute(44), .fractionalWidth(0.25), .absolute(80)], &rng)
    var group: LayoutGroup
    switch Int.random(in: 0..<4, using: &rng) {
    case 0 where !estimated:
      let large = item(.fractionalWidth(0.5), .fractionalHeight(1))
      let column = LayoutGroup.vertical(
        layoutSize: size(.fractionalWidth(0.5), .fractionalHeight(1)),
        subitems: [item(.fractionalWidth(1), .fractionalHeight(0.5))]
      )
      group = .horizontal(
        layoutSize: size(.fractionalWidth(1), .absolute(120)),
        subitems: [large, column]
      )
    case 1:
      group = .horizontal(
        layoutSize: size(.fractionalWidth(1), rowHeight),
        subitem: cell,
        count: columns
      )
    case 2 where !estimated:
      group = .custom(layoutSize: size(.fractionalWidth(1), .absolute(60))) { environment in
        let width = Double(environment.container.contentSize.width)
        return [
          GroupCustomItem(frame: CGRect(x: 0, y: 0, width: width / 2, height: 60)),
          GroupCustomItem(frame: CGRect(x: width / 2, y: 10, width: width / 2, height: 40)),
        ]
      }
    default:
      group = .horizontal(layoutSize: size(.fractionalWidth(1), rowHeight), subitems: [cell])
    }
    if Bool.random(using: &rng) {
      group.interItemSpacing = .fixed(Double(Int.random(in: 0...8, using: &rng)))
    }
    var section = LayoutSection(group: group)
    section.interGroupSpacing = Double(Int.random(in: 0...10, using: &rng))
    section.contentInsets = DirectionalEdgeInsets(
      top: Double(Int.random(in: 0...20, using: &rng)),
      leading: Double(Int.random(in: 0...20, using: &rng)),
      bottom: Double(Int.random(in: 0...20, using: &rng)),
      trailing: Double(Int.random(in: 0...20, using: &rng))
    )
    if Bool.random(using: &rng) {
      section.boundarySupplementaryItems = [
        BoundarySupplementaryItem(
          layoutSize: size(.fractionalWidth(1), .absolute(30)),
          elementKind: "header",
          alignment: .top
        ),
        BoundarySupplementaryItem(
          layoutSize: size(.fractionalWidth(0.5), .absolute(20)),
          elementKind: "footer",
          alignment: .bottomTrailing
        ),
      ]
    }
    if Bool.random(using: &rng) {
      section.decorationItems = [.background(elementKind: "background")]
    }
    return section
  }

  static func scenario(seed: UInt64) -> Scenario {
    var rng = SplitMix64(seed: seed)
    let sectionCount = Int.random(in: 1...4, using: &rng)
    var sections: [LayoutSection] = []
    var counts: [Int] = []
    var orthogonal: Set<Int> = []
    var measured = MeasuredSizes()
    var configuration = LayoutConfiguration()
    configuration.interSectionSpacing = Double(Int.random(in: 0...12, using: &rng))
    let horizontal = Int.random(in: 0..<4, using: &rng) == 0
    if horizontal { configuration.scrollDirection = .horizontal }
    for index in 0..<sectionCount {
      let estimated = !horizontal && Int.random(in: 0..<3, using: &rng) == 0
      var section = randomSection(&rng, estimated: estimated)
      if !horizontal, Int.random(in: 0..<4, using: &rng) == 0 {
        section.orthogonalScrollingBehavior = pick(
          [
            .continuous, .paging, .groupPaging, .groupPagingCentered,
            .continuousGroupLeadingBoundary,
          ],
          &rng
        )
        section.group = .horizontal(
          layoutSize: size(.fractionalWidth(0.8), .absolute(100)),
          subitems: [item(.fractionalWidth(1), .fractionalHeight(1))]
        )
        orthogonal.insert(index)
      }
      if horizontal {
        section.group = .vertical(
          layoutSize: size(
            .absolute(Double(Int.random(in: 40...150, using: &rng))),
            .fractionalHeight(1)
          ),
          subitems: [
            item(
              .fractionalWidth(1),
              .fractionalHeight(1.0 / Double(Int.random(in: 1...4, using: &rng)))
            )
          ]
        )
      }
      let count = Int.random(in: 0...300, using: &rng)
      if estimated {
        for item in 0..<count where Bool.random(using: &rng) {
          measured[LayoutIndexPath(section: index, item: item)] = CGSize(
            width: 1,
            height: Double(Int.random(in: 10...120, using: &rng))
          )
        }
      }
      sections.append(section)
      counts.append(count)
    }
    let provided = sections
    let layout = CompositionalLayout(
      sectionProvider: { index, _ in index < provided.count ? provided[index] : nil },
      configuration: configuration
    )
    let environment = LayoutEnvironment(
      containerSize: CGSize(
        width: Double(Int.random(in: 200...1000, using: &rng)),
        height: Double(Int.random(in: 300...900, using: &rng))
      ),
      displayScale: Double(Int.random(in: 1...3, using: &rng)),
      layoutDirection: Bool.random(using: &rng) ? .rightToLeft : .leftToRight
    )
    return Scenario(
      layout: layout,
      environment: environment,
      itemCounts: counts,
      measured: measured,
      orthogonalSections: orthogonal
    )
  }

  static let seeds: [UInt64] = Array(1...40)

  @Test(arguments: seeds)
  func invariants(seed: UInt64) throws {
    let scenario = Self.scenario(seed: seed)
    let solution = try scenario.layout.solve(
      in: scenario.environment,
      itemCounts: scenario.itemCounts,
      measuredSizes: scenario.measured
    )
    let content = solution.contentSize
    #expect(
      content.width.isFinite && content.height.isFinite && content.width >= 0 && content.height >= 0
    )
    let all = solution.allLayoutAttributes()
    #expect(
      all.filter { $0.representedElementCategory == .cell }.count
        == scenario.itemCounts.reduce(0, +)
    )
    for attributes in all {
      let frame = attributes.frame
      #expect(
        frame.origin.x.isFinite && frame.origin.y.isFinite && frame.width.isFinite
          && frame.height.isFinite
          && frame.width >= 0 && frame.height >= 0,
        "seed \(seed): \(attributes)"
      )
      if attributes.representedElementCategory == .cell,
        !scenario.orthogonalSections.contains(attributes.indexPath.section)
      {
        let tolerance = 1e-9 * max(1, content.width, content.height)
        #expect(
          frame.minX >= -tolerance && frame.minY >= -tolerance
            && frame.maxX <= content.width + tolerance
            && frame.maxY <= content.height + tolerance,
          "seed \(seed): \(attributes) outside \(content)"
        )
      }
      // Index-path lookups agree with the scan.
      if attributes.representedElementCategory == .cell {
        #expect(solution.frameForItem(at: attributes.indexPath) == frame)
      }
    }
  }

  @Test(arguments: seeds)
  func rightToLeftMirrorsLeftToRight(seed: UInt64) throws {
    let scenario = Self.scenario(seed: seed)
    var ltr = scenario.environment
    ltr.layoutDirection = .leftToRight
    var rtl = scenario.environment
    rtl.layoutDirection = .rightToLeft
    let left = try scenario.layout.solve(
      in: ltr,
      itemCounts: scenario.itemCounts,
      measuredSizes: scenario.measured
    )
    let right = try scenario.layout.solve(
      in: rtl,
      itemCounts: scenario.itemCounts,
      measuredSizes: scenario.measured
    )
    #expect(left.contentSize == right.contentSize)
    let width = left.contentSize.width
    let mirrored = left.allLayoutAttributes().map { attributes in
      var copy = attributes
      copy.frame.origin.x = width - attributes.frame.origin.x - attributes.frame.width
      return copy
    }
    #expect(mirrored == right.allLayoutAttributes(), "seed \(seed)")
  }

  @Test(arguments: seeds)
  func rectQueryEqualsFullScan(seed: UInt64) throws {
    let scenario = Self.scenario(seed: seed)
    let solution = try scenario.layout.solve(
      in: scenario.environment,
      itemCounts: scenario.itemCounts,
      measuredSizes: scenario.measured
    )
    let all = solution.allLayoutAttributes()
    var rng = SplitMix64(seed: seed &+ 1000)
    let content = solution.contentSize
    for _ in 0..<20 {
      let x = Double.random(in: -50...(Double(content.width) + 50), using: &rng)
      let y = Double.random(in: -50...(Double(content.height) + 50), using: &rng)
      let rect = CGRect(
        x: x,
        y: y,
        width: Double.random(in: 0...600, using: &rng),
        height: Double.random(in: 0...900, using: &rng)
      )
      let expected = all.filter {
        $0.frame.minX < rect.maxX && rect.minX < $0.frame.maxX && $0.frame.minY < rect.maxY
          && rect.minY < $0.frame.maxY
      }
      #expect(solution.layoutAttributesForElements(in: rect) == expected, "seed \(seed): \(rect)")
    }
  }
}
