/// A collection view without a screen: it asks its data source and its layout what to
/// show, as UIKit's does, and answers what is on screen for its frame.
///
/// Code written for a `UICollectionView` drives it unchanged: register cells, give it a
/// data source (a ``UICollectionViewDiffableDataSource`` or your own), apply snapshots or
/// batch updates, then ask what is visible:
///
/// ```swift
/// let collectionView = UICollectionView(
///   frame: CGRect(x: 0, y: 0, width: 390, height: 844),
///   collectionViewLayout: UICollectionViewCompositionalLayout.list(
///     using: UICollectionLayoutListConfiguration(appearance: .plain)))
/// collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "Cell")
/// let dataSource = UICollectionViewDiffableDataSource<Int, String>(collectionView: collectionView) {
///   collectionView, indexPath, name in
///   let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "Cell", for: indexPath)
///   cell.contentView.tag = name.count
///   return cell
/// }
/// var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
/// snapshot.appendSections([0])
/// snapshot.appendItems(["Bulbasaur", "Ivysaur"])
/// dataSource.apply(snapshot)
/// collectionView.indexPathsForVisibleItems  // [[0, 0], [0, 1]]
/// ```
///
/// Layout is deferred as in UIKit: changes mark the view as needing layout, and anything
/// that reads what is on screen (``visibleCells``, ``cellForItem(at:)``,
/// ``layoutAttributesForItem(at:)``, ``UIView/subviews``) lays it out first. Nothing is
/// drawn and nothing animates; ``recordedUpdates`` lists the updates the view applied.
@MainActor open class UICollectionView: UIScrollView {
  /// The direction a layout scrolls in.
  public typealias ScrollDirection = CollectionLayout.ScrollDirection
  /// What a layout element is: a cell, a supplementary view or a decoration view.
  public typealias ElementCategory = CollectionLayout.ElementCategory

  /// The element kind of section headers, as UIKit spells it.
  nonisolated public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
  /// The element kind of section footers, as UIKit spells it.
  nonisolated public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"

  /// The layout that places the items; setting it lays the view out again with it.
  open var collectionViewLayout: UICollectionViewLayout {
    didSet {
      oldValue.collectionView = nil
      collectionViewLayout.collectionView = self
      setNeedsLayout()
    }
  }

  /// The object that gives the view its contents; setting it reloads the view. The view
  /// does not keep it alive.
  open weak var dataSource: (any UICollectionViewDataSource)? {
    didSet { items.dataSourceDidChange() }
  }

  /// The updates the view applied, oldest first: each `reloadData()` and each batch (from
  /// `performBatchUpdates(_:completion:)`, the single-change methods, or a diffable data
  /// source's `apply`). Not in UIKit: what a test asks the view.
  public var recordedUpdates: [RecordedUpdate] { items.recordedUpdates }

  /// The item counts the view knows, the cells it shows and the cells waiting for reuse.
  @usableFromInline let items = DisplayedItems<UICollectionViewCell>(
    naming: .init(view: "collection view", item: "item", type: "UICollectionView")
  )
  var supplementaryQueues: [String: ReuseQueue<UICollectionReusableView>] = [:]
  /// The supplementary and decoration views on screen.
  var elementViews: [ElementKey: UICollectionReusableView] = [:]
  /// Decoration kinds already reported as unregistered.
  var reportedDecorationKinds: Set<String> = []
  /// The interactive movement in progress.
  var interactiveMovement: (source: IndexPath, target: IndexPath)?

  /// A supplementary or decoration element of the layout.
  struct ElementKey: Hashable {
    var category: ElementCategory
    var kind: String
    var indexPath: IndexPath
  }

  /// A collection view of `frame` laid out by `layout`.
  ///
  /// Its layout margins start at 16 points leading and trailing and 8 at the top and bottom
  /// (UIKit's minimum margins for a view controller's view on an iPhone in portrait; set
  /// ``UIView/directionalLayoutMargins`` to 20 for a regular-width screen).
  public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
    collectionViewLayout = layout
    super.init(frame: frame)
    layout.collectionView = self
    directionalLayoutMargins = NSDirectionalEdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16)
    items.dataSourceCounts = { [unowned self] in
      guard let dataSource else { return [] }
      return (0..<max(0, dataSource.numberOfSections(in: self))).map {
        max(0, dataSource.collectionView(self, numberOfItemsInSection: $0))
      }
    }
    items.didChange = { [unowned self] in
      dropElementViews()
      collectionViewLayout.invalidateLayout()
      setNeedsLayout()
    }
  }

  /// Fails: there are no archives to decode here (see ``UIView/init(coder:)``).
  public required init?(coder: NSCoder) {
    return nil
  }

  /// Replaces the layout; headless, `animated` makes no difference.
  open func setCollectionViewLayout(_ layout: UICollectionViewLayout, animated: Bool) {
    collectionViewLayout = layout
  }

  // MARK: Registering and dequeuing

  /// Registers `cellClass` for cells of `identifier`; `nil` removes the registration.
  ///
  /// Only `UICollectionViewCell` itself can be made from a class here (Swift makes an
  /// object from a class value only through a `required` initializer); another class is
  /// reported, and plain cells stand in for it. Register a factory for your own cell
  /// classes with ``register(forCellWithReuseIdentifier:make:)``.
  open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
    items.cellQueue.register(
      cellClass,
      for: identifier,
      plainClass: UICollectionViewCell.self,
      makePlain: { UICollectionViewCell(frame: .zero) },
      api: "UICollectionView.register(_:forCellWithReuseIdentifier:)",
      factoryMethod: "register(forCellWithReuseIdentifier:make:)"
    )
  }

  /// Registers a factory for cells of `identifier`: what a storyboard's prototype cell or a
  /// nib does in UIKit. Not in UIKit.
  ///
  /// ```swift
  /// collectionView.register(forCellWithReuseIdentifier: "EventCell") { EventCell(frame: .zero) }
  /// ```
  open func register(
    forCellWithReuseIdentifier identifier: String,
    make: @escaping @MainActor () -> UICollectionViewCell
  ) {
    items.cellQueue.register(make, for: identifier)
  }

  /// Registers `viewClass` for supplementary views of `elementKind` and `identifier`;
  /// `nil` removes the registration. As for cells, only `UICollectionReusableView` itself
  /// can be made from a class (see
  /// ``register(forSupplementaryViewOfKind:withReuseIdentifier:make:)``).
  open func register(
    _ viewClass: AnyClass?,
    forSupplementaryViewOfKind elementKind: String,
    withReuseIdentifier identifier: String
  ) {
    supplementaryQueues[elementKind, default: ReuseQueue()].register(
      viewClass,
      for: identifier,
      plainClass: UICollectionReusableView.self,
      makePlain: { UICollectionReusableView(frame: .zero) },
      api: "UICollectionView.register(_:forSupplementaryViewOfKind:withReuseIdentifier:)",
      factoryMethod: "register(forSupplementaryViewOfKind:withReuseIdentifier:make:)"
    )
  }

  /// Registers a factory for supplementary views of `elementKind` and `identifier`. Not in
  /// UIKit.
  open func register(
    forSupplementaryViewOfKind elementKind: String,
    withReuseIdentifier identifier: String,
    make: @escaping @MainActor () -> UICollectionReusableView
  ) {
    supplementaryQueues[elementKind, default: ReuseQueue()].register(make, for: identifier)
  }

  /// A cell for `identifier`: one that scrolled off screen (after its
  /// `prepareForReuse()`), or a new one; while the data source reconfigures an item, that
  /// item's cell.
  ///
  /// An identifier nobody registered is reported with UIKit's message (UIKit raises), and a
  /// plain cell is returned.
  open func dequeueReusableCell(
    withReuseIdentifier identifier: String,
    for indexPath: IndexPath
  ) -> UICollectionViewCell {
    if let cell = items.dequeue(identifier, at: ItemPath(indexPath)) { return cell }
    Self.reportUnregistered(kind: "UICollectionElementKindCell", identifier: identifier)
    let cell = UICollectionViewCell(frame: .zero)
    cell.reuseIdentifier = identifier
    return cell
  }

  /// A supplementary view of `elementKind` for `identifier`, reused or new; an
  /// unregistered one is reported (UIKit raises) and a plain view returned.
  open func dequeueReusableSupplementaryView(
    ofKind elementKind: String,
    withReuseIdentifier identifier: String,
    for indexPath: IndexPath
  ) -> UICollectionReusableView {
    if let view = supplementaryQueues[elementKind]?.dequeue(identifier) { return view }
    Self.reportUnregistered(kind: elementKind, identifier: identifier)
    let view = UICollectionReusableView(frame: .zero)
    view.reuseIdentifier = identifier
    return view
  }

  static func reportUnregistered(kind: String, identifier: String) {
    UIKitCompatFailure.report(
      UIKitCompatFailure(
        api: "UICollectionView.dequeueReusable",
        message:
          "could not dequeue a view of kind: \(kind) with identifier \(identifier) - must "
          + "register a nib or a class for the identifier or connect a prototype cell in a "
          + "storyboard"
      )
    )
  }

  // MARK: Contents

  /// The number of sections, as the view last learned it from its data source.
  open var numberOfSections: Int {
    items.loadIfNeeded()
    return items.counts.count
  }

  /// The number of items of `section`, as the view last learned it; 0 for a section that
  /// does not exist (where UIKit raises).
  open func numberOfItems(inSection section: Int) -> Int {
    items.numberOfItems(inSection: section)
  }

  // MARK: What is on screen

  /// The cells on screen, in index-path order (UIKit leaves the order unspecified).
  open var visibleCells: [UICollectionViewCell] {
    layoutIfNeeded()
    return items.positionsOnScreen.compactMap { items[$0] }
  }

  /// The index paths of the cells on screen, in order.
  open var indexPathsForVisibleItems: [IndexPath] {
    layoutIfNeeded()
    return items.positionsOnScreen.map(IndexPath.init)
  }

  /// The cell of the item at `indexPath` if it is on screen.
  open func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? {
    layoutIfNeeded()
    return items[ItemPath(indexPath)]
  }

  /// Where `cell` is shown, or `nil` when it is not on screen.
  open func indexPath(for cell: UICollectionViewCell) -> IndexPath? {
    layoutIfNeeded()
    return items.positionsOnScreen.first { items[$0] === cell }.map(IndexPath.init)
  }

  /// The item whose frame contains `point` (in content coordinates), or `nil`.
  open func indexPathForItem(at point: CGPoint) -> IndexPath? {
    layoutIfNeeded()
    let probe = CGRect(x: point.x, y: point.y, width: 1, height: 1)
    let hits = collectionViewLayout.layoutAttributesForElements(in: probe) ?? []
    return hits.first {
      $0.representedElementCategory == .cell && $0.frame.contains(point)
    }?.indexPath
  }

  /// The supplementary views of `elementKind` on screen, in index-path order.
  open func visibleSupplementaryViews(ofKind elementKind: String) -> [UICollectionReusableView] {
    layoutIfNeeded()
    return elementViews.filter {
      $0.key.category == .supplementaryView && $0.key.kind == elementKind
    }
    .sorted { ItemPath($0.key.indexPath) < ItemPath($1.key.indexPath) }.map(\.value)
  }

  /// The index paths of the supplementary views of `elementKind` on screen, in order.
  open func indexPathsForVisibleSupplementaryElements(ofKind elementKind: String) -> [IndexPath] {
    layoutIfNeeded()
    return elementViews.keys.filter {
      $0.category == .supplementaryView && $0.kind == elementKind
    }.map(\.indexPath).sorted { ItemPath($0) < ItemPath($1) }
  }

  /// The supplementary view of `elementKind` at `indexPath` if it is on screen.
  open func supplementaryView(
    forElementKind elementKind: String,
    at indexPath: IndexPath
  ) -> UICollectionReusableView? {
    layoutIfNeeded()
    return elementViews[
      ElementKey(category: .supplementaryView, kind: elementKind, indexPath: indexPath)
    ]
  }

  /// The layout attributes of the item at `indexPath`, from the layout after laying out.
  open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    layoutIfNeeded()
    return collectionViewLayout.layoutAttributesForItem(at: indexPath)
  }

  /// The layout attributes of the supplementary view of `kind` at `indexPath`.
  open func layoutAttributesForSupplementaryElement(
    ofKind kind: String,
    at indexPath: IndexPath
  ) -> UICollectionViewLayoutAttributes? {
    layoutIfNeeded()
    return collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
  }

  /// The cells, supplementary and decoration views on screen (and any view added), after
  /// laying out.
  open override var subviews: [UIView] {
    layoutIfNeeded()
    return super.subviews
  }

  /// Solves the layout for the view's size and counts, and shows the elements that
  /// intersect its bounds: cells the data source makes (or reconfigures), supplementary
  /// views it makes, decoration views of the kinds registered on the layout. Views that
  /// left the screen wait for reuse.
  open override func layoutSubviews() {
    super.layoutSubviews()
    items.loadIfNeeded()
    let layout = collectionViewLayout
    layout.prepare(
      collectionViewSize: bounds.size,
      numberOfItemsInSections: items.counts,
      traitCollection: traitCollection,
      layoutMargins: directionalLayoutMargins
    )
    contentSize = layout.collectionViewContentSize
    let onScreen = layout.layoutAttributesForElements(in: bounds) ?? []
    items.showCells(
      for: onScreen.filter { $0.representedElementCategory == .cell },
      in: self,
      make: makeCell(at:),
      place: { cell, attributes in
        cell.frame = attributes.frame
        cell.apply(attributes)
      }
    )
    showElements(onScreen.filter { $0.representedElementCategory != .cell })
  }

  /// Asks the data source for the cell at `indexPath`, and reports a cell that was not
  /// dequeued (UIKit raises).
  func makeCell(at indexPath: IndexPath) -> UICollectionViewCell? {
    guard let dataSource else { return nil }
    let cell = dataSource.collectionView(self, cellForItemAt: indexPath)
    if cell.reuseIdentifier == nil {
      UIKitCompatFailure.report(
        UIKitCompatFailure(
          api: "UICollectionView",
          message:
            "the cell returned from -collectionView:cellForItemAtIndexPath: does not have a "
            + "reuseIdentifier - cells must be retrieved by calling "
            + "-dequeueReusableCellWithReuseIdentifier:forIndexPath:"
        )
      )
    }
    return cell
  }

  func showElements(_ attributes: [UICollectionViewLayoutAttributes]) {
    var shown: [ElementKey: UICollectionReusableView] = [:]
    for attribute in attributes {
      let kind = attribute.representedElementKind ?? ""
      let key = ElementKey(
        category: attribute.representedElementCategory,
        kind: kind,
        indexPath: attribute.indexPath
      )
      var view = elementViews.removeValue(forKey: key)
      if view == nil {
        view =
          key.category == .decorationView
          ? makeDecorationView(ofKind: kind)
          : dataSource?.collectionView(
            self,
            viewForSupplementaryElementOfKind: kind,
            at: attribute.indexPath
          )
      }
      guard let view else { continue }
      view.frame = attribute.frame
      view.apply(attribute)
      if view.superview !== self { addSubview(view) }
      shown[key] = view
    }
    dropElementViews()
    elementViews = shown
  }

  /// A decoration view for `kind` if the layout registered it; an unregistered kind is
  /// reported once (UIKit raises).
  ///
  /// Decoration views are plain `UICollectionReusableView` objects whatever class was
  /// registered: nothing is drawn, so the class would only draw.
  func makeDecorationView(ofKind kind: String) -> UICollectionReusableView? {
    guard collectionViewLayout.decorationViewClasses[kind] != nil else {
      if reportedDecorationKinds.insert(kind).inserted {
        Self.reportUnregistered(kind: kind, identifier: kind)
      }
      return nil
    }
    let view = UICollectionReusableView(frame: .zero)
    view.reuseIdentifier = kind
    return view
  }

  /// Takes the supplementary and decoration views off screen (supplementary views wait for
  /// reuse), so that the next layout asks for them again.
  func dropElementViews() {
    for (key, view) in elementViews {
      if key.category == .supplementaryView {
        supplementaryQueues[key.kind]?.enqueue(view)
      } else {
        view.removeFromSuperview()
      }
    }
    elementViews = [:]
  }
}
