import Foundation
import Testing

@testable import CollectionLayout
@testable import UIKitCompat

/// Every rule table of the engine's tests, spelled with UIKit's classes and solved through
/// `UICollectionViewCompositionalLayout`: the compatibility layer must lay out exactly what
/// the engine does, element for element.
@MainActor enum UIKitSpelling {
  static func dimension(_ value: LayoutDimension) -> NSCollectionLayoutDimension {
    switch value {
    case .absolute(let points): return .absolute(points)
    case .fractionalWidth(let fraction): return .fractionalWidth(fraction)
    case .fractionalHeight(let fraction): return .fractionalHeight(fraction)
    case .estimated(let points): return .estimated(points)
    }
  }

  static func size(_ value: LayoutSize) -> NSCollectionLayoutSize {
    NSCollectionLayoutSize(
      widthDimension: dimension(value.widthDimension),
      heightDimension: dimension(value.heightDimension)
    )
  }

  static func spacing(_ value: LayoutSpacing?) -> NSCollectionLayoutSpacing? {
    switch value {
    case .fixed(let points): return .fixed(points)
    case .flexible(let points): return .flexible(points)
    case nil: return nil
    }
  }

  static func edgeSpacing(_ value: EdgeSpacing?) -> NSCollectionLayoutEdgeSpacing? {
    value.map {
      NSCollectionLayoutEdgeSpacing(
        leading: spacing($0.leading),
        top: spacing($0.top),
        trailing: spacing($0.trailing),
        bottom: spacing($0.bottom)
      )
    }
  }

  static func anchor(_ value: LayoutAnchor) -> NSCollectionLayoutAnchor {
    value.isFractionalOffset
      ? NSCollectionLayoutAnchor(edges: compat(value.edges), fractionalOffset: value.offset)
      : NSCollectionLayoutAnchor(edges: compat(value.edges), absoluteOffset: value.offset)
  }

  static func alignment(_ value: RectAlignment) -> NSRectAlignment {
    switch value {
    case .top: return .top
    case .topLeading: return .topLeading
    case .leading: return .leading
    case .bottomLeading: return .bottomLeading
    case .bottom: return .bottom
    case .bottomTrailing: return .bottomTrailing
    case .trailing: return .trailing
    case .topTrailing: return .topTrailing
    }
  }

  static func boundary(_ value: BoundarySupplementaryItem)
    -> NSCollectionLayoutBoundarySupplementaryItem
  {
    let item = NSCollectionLayoutBoundarySupplementaryItem(
      layoutSize: size(value.layoutSize),
      elementKind: value.elementKind,
      alignment: alignment(value.alignment),
      absoluteOffset: value.absoluteOffset
    )
    item.extendsBoundary = value.extendsBoundary
    item.pinToVisibleBounds = value.pinToVisibleBounds
    item.zIndex = value.zIndex
    return item
  }

  static func subitem(_ value: LayoutSubitem) -> NSCollectionLayoutItem {
    switch value {
    case .group(let group): return self.group(group)
    case .item(let value):
      let item = NSCollectionLayoutItem(
        layoutSize: size(value.layoutSize),
        supplementaryItems: value.supplementaryItems.map { value in
          let badge = NSCollectionLayoutSupplementaryItem(
            layoutSize: size(value.layoutSize),
            elementKind: value.elementKind,
            containerAnchor: anchor(value.containerAnchor),
            itemAnchor: value.itemAnchor.map(anchor)
          )
          badge.zIndex = value.zIndex
          return badge
        }
      )
      item.contentInsets = compat(value.contentInsets)
      item.edgeSpacing = edgeSpacing(value.edgeSpacing)
      return item
    }
  }

  static func group(_ value: LayoutGroup) -> NSCollectionLayoutGroup {
    let layoutSize = size(value.layoutSize)
    let subitems = value.subitems.map(subitem)
    let group: NSCollectionLayoutGroup
    switch (value.arrangement, value.repetition) {
    case (.custom(let provider), _):
      group = .custom(layoutSize: layoutSize) { environment in
        guard let environment = environment as? CompatLayoutEnvironment else { return [] }
        return provider(environment.value).map {
          NSCollectionLayoutGroupCustomItem(frame: $0.frame, zIndex: $0.zIndex)
        }
      }
    case (.horizontal, .fit): group = .horizontal(layoutSize: layoutSize, subitems: subitems)
    case (.vertical, .fit): group = .vertical(layoutSize: layoutSize, subitems: subitems)
    case (.horizontal, .count(let count)):
      group = .horizontal(layoutSize: layoutSize, subitem: subitems[0], count: count)
    case (.vertical, .count(let count)):
      group = .vertical(layoutSize: layoutSize, subitem: subitems[0], count: count)
    case (.horizontal, .repeating(let count)):
      group = .horizontal(layoutSize: layoutSize, repeatingSubitem: subitems[0], count: count)
    case (.vertical, .repeating(let count)):
      group = .vertical(layoutSize: layoutSize, repeatingSubitem: subitems[0], count: count)
    }
    group.interItemSpacing = spacing(value.interItemSpacing)
    group.contentInsets = compat(value.contentInsets)
    group.edgeSpacing = edgeSpacing(value.edgeSpacing)
    return group
  }

  static func section(_ value: LayoutSection) -> NSCollectionLayoutSection {
    let section = NSCollectionLayoutSection(group: group(value.group))
    section.contentInsets = compat(value.contentInsets)
    section.interGroupSpacing = value.interGroupSpacing
    section.orthogonalScrollingBehavior = value.orthogonalScrollingBehavior
    section.boundarySupplementaryItems = value.boundarySupplementaryItems.map(boundary)
    section.supplementariesFollowContentInsets = value.supplementariesFollowContentInsets
    section.decorationItems = value.decorationItems.map {
      let decoration = NSCollectionLayoutDecorationItem.background(elementKind: $0.elementKind)
      decoration.contentInsets = compat($0.contentInsets)
      decoration.zIndex = $0.zIndex
      return decoration
    }
    section.contentInsetsReference = value.contentInsetsReference
    return section
  }

  static func layout(_ value: CompositionalLayout) -> UICollectionViewCompositionalLayout {
    let configuration = UICollectionViewCompositionalLayoutConfiguration()
    configuration.scrollDirection = value.configuration.scrollDirection
    configuration.interSectionSpacing = value.configuration.interSectionSpacing
    configuration.boundarySupplementaryItems =
      value.configuration.boundarySupplementaryItems.map(boundary)
    configuration.contentInsetsReference = value.configuration.contentInsetsReference
    switch value.source {
    case .section(let value):
      return UICollectionViewCompositionalLayout(
        section: section(value),
        configuration: configuration
      )
    case .provider(let provider):
      return UICollectionViewCompositionalLayout(
        sectionProvider: { index, environment in
          guard let environment = environment as? CompatLayoutEnvironment else { return nil }
          return provider(index, environment.value).map(section)
        },
        configuration: configuration
      )
    }
  }
}

@Suite struct UIKitSpellingTests {
  static let cases =
    GuideExampleTests.cases + ItemAndGroupRuleTests.cases + SectionAndLayoutRuleTests.cases
    + EstimatedAndErrorTests.cases

  @MainActor @Test(arguments: cases)
  func theUIKitSpellingLaysOutWhatTheEngineDoes(_ rule: RuleCase) throws {
    let environment = rule.environment
    let layout = UIKitSpelling.layout(rule.layout)
    let failures = UIKitCompatFailure.Recorder()
    let prepared = UIKitCompatFailure.$handler.withValue(failures.record) {
      layout.prepare(
        collectionViewSize: environment.container.contentSize,
        numberOfItemsInSections: rule.itemCounts,
        traitCollection: UITraitCollection(
          displayScale: environment.displayScale,
          layoutDirection: environment.layoutDirection == .rightToLeft ? .rightToLeft : .leftToRight
        ),
        safeAreaInsets: compat(environment.safeAreaInsets),
        layoutMargins: compat(environment.layoutMargins),
        measuredSizes: rule.measuredSizes
      )
    }
    let expected = try rule.layout.solve(
      in: environment,
      itemCounts: rule.itemCounts,
      measuredSizes: rule.measuredSizes
    )
    #expect(prepared)
    #expect(failures.failures.isEmpty)
    let solution = try #require(layout.solution)
    #expect(solution.allLayoutAttributes() == expected.allLayoutAttributes())
    #expect(solution.orthogonalSections == expected.orthogonalSections)
    #expect(layout.collectionViewContentSize == expected.contentSize)
    for frame in rule.frames {
      let attributes = layout.layoutAttributesForItem(
        at: IndexPath(item: frame.item, section: frame.section)
      )
      #expect(attributes?.frame == frame.frame, "\(frame)")
    }
  }
}
