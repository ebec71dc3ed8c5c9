/// The frame and other attributes of one element of a solved layout.
@MainActor open class UICollectionViewLayoutAttributes {
  /// The engine's attributes, read and written through the properties below: making an
  /// object is one allocation, whatever is read of it.
  var attributes: LayoutAttributes

  init(_ attributes: LayoutAttributes) { self.attributes = attributes }

  /// The element's frame in the layout's coordinates.
  public var frame: CGRect {
    get { attributes.frame }
    set { attributes.frame = newValue }
  }
  /// The element's index path.
  public var indexPath: IndexPath {
    get { IndexPath(attributes.indexPath) }
    set { attributes.indexPath = LayoutIndexPath(newValue) }
  }
  /// Whether the element is a cell, a supplementary view or a decoration view.
  public var representedElementCategory: UICollectionView.ElementCategory {
    attributes.representedElementCategory
  }
  /// The kind of a supplementary or decoration view; `nil` for cells.
  public var representedElementKind: String? { attributes.representedElementKind }
  /// The stacking order.
  public var zIndex: Int {
    get { attributes.zIndex }
    set { attributes.zIndex = newValue }
  }
  /// The size of ``frame``.
  public var size: CGSize { frame.size }
  /// The centre of ``frame``.
  public var center: CGPoint { CGPoint(x: frame.midX, y: frame.midY) }
  /// The element's bounds: its size at the origin.
  public var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }
}

/// The base class of layouts: what a collection view asks a layout for.
///
/// A ``UICollectionView`` prepares its layout with its own size, traits, margins and its
/// data source's counts, as UIKit's does; code without a collection view calls
/// ``prepare(collectionViewSize:numberOfItemsInSections:traitCollection:safeAreaInsets:layoutMargins:measuredSizes:)``
/// itself and then asks for frames.
@MainActor open class UICollectionViewLayout {
  /// The solved layout, after a successful ``prepare(collectionViewSize:numberOfItemsInSections:traitCollection:safeAreaInsets:layoutMargins:measuredSizes:)``;
  /// the engine's full answer (orthogonal strips, visible-rect walks).
  public internal(set) var solution: LayoutSolution?

  /// The collection view the layout is installed in, or `nil`.
  public internal(set) weak var collectionView: UICollectionView?

  /// The decoration view classes registered, by element kind.
  var decorationViewClasses: [String: AnyClass] = [:]

  /// A layout with nothing prepared.
  public init() {}

  /// Registers `viewClass` for the decoration views of `elementKind` (such as the
  /// backgrounds `NSCollectionLayoutDecorationItem.background(elementKind:)` adds); `nil`
  /// removes the registration.
  ///
  /// A collection view shows a decoration view only for a registered kind, and reports an
  /// unregistered one with UIKit's message (UIKit raises). Nothing is drawn headless, so
  /// the views it shows are plain `UICollectionReusableView` objects whatever the class.
  ///
  /// ```swift
  /// layout.register(SectionBackgroundView.self, forDecorationViewOfKind: "background")
  /// ```
  open func register(_ viewClass: AnyClass?, forDecorationViewOfKind elementKind: String) {
    decorationViewClasses[elementKind] = viewClass
    collectionView?.setNeedsLayout()
  }

  /// Solves the layout for a collection view of `size` showing `counts` items per
  /// section. A subclass does the work; this base class solves nothing.
  ///
  /// `measuredSizes` stands in for self-sizing cells: the sizes the host measured for
  /// items whose dimensions are estimated.
  ///
  /// - Returns: Whether the layout could be solved. When it cannot, the failure is
  ///   reported with UIKit's message (see `UIKitCompatFailure`) and the previous
  ///   solution is kept.
  @discardableResult
  open func prepare(
    collectionViewSize size: CGSize,
    numberOfItemsInSections counts: [Int],
    traitCollection: UITraitCollection = UITraitCollection(),
    safeAreaInsets: NSDirectionalEdgeInsets = .zero,
    layoutMargins: NSDirectionalEdgeInsets = .zero,
    measuredSizes: MeasuredSizes = MeasuredSizes()
  ) -> Bool {
    false
  }

  /// Drops the solved layout; the next `prepare` solves it again, and the collection view
  /// showing the layout lays itself out again.
  open func invalidateLayout() {
    solution = nil
    collectionView?.setNeedsLayout()
  }

  /// The size of everything the layout lays out (zero before it is prepared).
  open var collectionViewContentSize: CGSize { solution?.contentSize ?? .zero }

  /// The attributes of every element that intersects `rect`.
  ///
  /// - Complexity: O(log n + k) for k elements in a regular section.
  open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
    guard let solution else { return nil }
    var elements: [UICollectionViewLayoutAttributes] = []
    solution.forEachElement(in: rect) { elements.append(UICollectionViewLayoutAttributes($0)) }
    return elements
  }

  /// The attributes of the cell at `indexPath`, or `nil` when there is none.
  open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    solution?.layoutAttributesForItem(at: LayoutIndexPath(indexPath))
      .map(UICollectionViewLayoutAttributes.init)
  }

  /// The attributes of the supplementary view of `elementKind` at `indexPath`.
  open func layoutAttributesForSupplementaryView(
    ofKind elementKind: String,
    at indexPath: IndexPath
  ) -> UICollectionViewLayoutAttributes? {
    solution?.layoutAttributesForSupplementaryElement(
      ofKind: elementKind,
      at: LayoutIndexPath(indexPath)
    ).map(UICollectionViewLayoutAttributes.init)
  }

  /// The attributes of the decoration view of `elementKind` at `indexPath`.
  open func layoutAttributesForDecorationView(
    ofKind elementKind: String,
    at indexPath: IndexPath
  ) -> UICollectionViewLayoutAttributes? {
    solution?.layoutAttributesForDecorationElement(
      ofKind: elementKind,
      at: LayoutIndexPath(indexPath)
    ).map(UICollectionViewLayoutAttributes.init)
  }
}

/// Returns the section at an index for an environment: the compositional layout's
/// section provider.
public typealias UICollectionViewCompositionalLayoutSectionProvider =
  (Int, any NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection?

/// A layout of sections built from items and groups: UIKit's compositional layout, solved
/// by the `CollectionLayout` engine.
///
/// ```swift
/// func createLayout() -> UICollectionViewLayout {
///   let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(
///     widthDimension: .fractionalWidth(1 / 5), heightDimension: .fractionalHeight(1)))
///   let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(
///     widthDimension: .fractionalWidth(1), heightDimension: .fractionalWidth(1 / 5)),
///     subitems: [item])
///   return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
/// }
/// let layout = createLayout()
/// layout.prepare(collectionViewSize: CGSize(width: 390, height: 844), numberOfItemsInSections: [151])
/// layout.layoutAttributesForItem(at: IndexPath(item: 6, section: 0))?.frame  // (78, 78, 78, 78)
/// ```
///
/// As in UIKit, a section given to `init(section:)` is copied when the layout is made: later
/// changes to it do not affect the layout. A section provider is called at each `prepare`,
/// on the main actor, so it may read the state of the view controller that owns it.
@MainActor open class UICollectionViewCompositionalLayout: UICollectionViewLayout {
  enum Source {
    case section(LayoutSection?)
    case provider(UICollectionViewCompositionalLayoutSectionProvider)
  }

  let source: Source
  /// The configuration as the engine takes it; `nil` when UIKit would refuse it.
  var engineConfiguration: LayoutConfiguration?
  /// The engine's layout for a single section, made once.
  var engineLayout: CompositionalLayout?
  /// The layout-wide options. Setting it copies it and invalidates the layout.
  public var configuration: UICollectionViewCompositionalLayoutConfiguration {
    didSet {
      adopt(configuration)
      invalidateLayout()
    }
  }

  /// Converts `configuration` (and, for a single section, the whole layout) for the engine.
  func adopt(_ configuration: UICollectionViewCompositionalLayoutConfiguration) {
    engineConfiguration = configuration.engineValue
    if case .section(let section?) = source, let engineConfiguration {
      engineLayout = CompositionalLayout(section: section, configuration: engineConfiguration)
    } else {
      engineLayout = nil
    }
  }

  /// A layout that uses `section` for every section.
  public convenience init(section: NSCollectionLayoutSection) {
    self.init(section: section, configuration: UICollectionViewCompositionalLayoutConfiguration())
  }

  /// A layout that uses `section` for every section, with layout-wide options.
  public init(
    section: NSCollectionLayoutSection,
    configuration: UICollectionViewCompositionalLayoutConfiguration
  ) {
    source = .section(section.engineValue)
    self.configuration = configuration
    super.init()
    adopt(configuration)
  }

  /// A layout that asks `sectionProvider` for each section.
  public convenience init(
    sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider
  ) {
    self.init(
      sectionProvider: sectionProvider,
      configuration: UICollectionViewCompositionalLayoutConfiguration()
    )
  }

  /// A layout that asks `sectionProvider` for each section, with layout-wide options.
  public init(
    sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider,
    configuration: UICollectionViewCompositionalLayoutConfiguration
  ) {
    source = .provider(sectionProvider)
    self.configuration = configuration
    super.init()
    adopt(configuration)
  }

  /// Solves the layout with the engine; see ``UICollectionViewLayout/prepare(collectionViewSize:numberOfItemsInSections:traitCollection:safeAreaInsets:layoutMargins:measuredSizes:)``.
  ///
  /// - Complexity: The engine's: O(s + t) for s sections and t template nodes when
  ///   nothing is estimated, whatever the number of items.
  @discardableResult
  open override func prepare(
    collectionViewSize size: CGSize,
    numberOfItemsInSections counts: [Int],
    traitCollection: UITraitCollection = UITraitCollection(),
    safeAreaInsets: NSDirectionalEdgeInsets = .zero,
    layoutMargins: NSDirectionalEdgeInsets = .zero,
    measuredSizes: MeasuredSizes = MeasuredSizes()
  ) -> Bool {
    guard let configuration = engineConfiguration else { return false }
    let environment = LayoutEnvironment(
      containerSize: size,
      displayScale: traitCollection.displayScale,
      layoutDirection: traitCollection.layoutDirection == .rightToLeft
        ? .rightToLeft : .leftToRight,
      safeAreaInsets: engine(safeAreaInsets),
      layoutMargins: engine(layoutMargins)
    )
    TraitsInEffect.current = traitCollection
    do {
      switch source {
      case .section:
        guard let engineLayout else { return false }
        solution = try engineLayout.solve(
          in: environment,
          itemCounts: counts,
          measuredSizes: measuredSizes
        )
      case .provider(let provider):
        solution = try CompositionalLayout.solve(
          configuration: configuration,
          in: environment,
          itemCounts: counts,
          measuredSizes: measuredSizes
        ) { index, environment in
          provider(index, CompatLayoutEnvironment(environment))?.engineValue
        }
      }
      return true
    } catch {
      UIKitCompatFailure.report(
        UIKitCompatFailure(
          api: "UICollectionViewCompositionalLayout",
          message: Self.message(for: error)
        )
      )
      return false
    }
  }

  /// UIKit's message for a layout it cannot solve, where UIKit has one.
  static func message(for error: LayoutError) -> String {
    switch error {
    case .missingSectionDefinition(let section):
      return
        "Invalid section definition. Please specify a valid section definition when content "
        + "is to be rendered for a section. This is a client error. (section \(section))"
    default:
      return "\(error)"
    }
  }
}
