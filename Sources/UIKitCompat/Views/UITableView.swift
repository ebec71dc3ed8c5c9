/// A table view without a screen: it asks its data source for rows, section titles and
/// edits, lays them out as UIKit's table styles do, and answers what is on screen for its
/// frame.
///
/// ```swift
/// let tableView = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), style: .insetGrouped)
/// tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Item")
/// tableView.dataSource = shoppingList
/// tableView.visibleCells.map { $0.textLabel?.text }  // ["Apples", "Bananas", …]
/// tableView.headerView(forSection: 0)?.textLabel?.text  // "Fruit"
/// ```
///
/// Rows are laid out by a list layout of the table's style (see
/// ``UICollectionLayoutListConfiguration``): 44-point rows unless ``rowHeight`` says
/// otherwise, and a header or footer for each section whose data source gives it a title.
/// As for ``UICollectionView``, layout is deferred until something reads what is on
/// screen, nothing is drawn or animated, and ``recordedUpdates`` lists what was applied.
@MainActor open class UITableView: UIScrollView {
  /// The look of a table.
  public enum Style: Int, Hashable, Sendable {
    /// Rows edge to edge; headers marked to stay on screen while their section scrolls by.
    case plain
    /// Rows in groups with space between them.
    case grouped
    /// Groups inset from the edges by the layout margins.
    case insetGrouped
  }

  /// How rows animate in and out: headless, only whether they animate (anything but
  /// `.none`) is kept, in ``recordedUpdates``.
  public enum RowAnimation: Int, Hashable, Sendable {
    /// Fade.
    case fade
    /// Slide from or to the right.
    case right
    /// Slide from or to the left.
    case left
    /// Slide from or to the top.
    case top
    /// Slide from or to the bottom.
    case bottom
    /// No animation.
    case none
    /// Keep the cell centred while it appears or disappears.
    case middle
    /// The system's choice.
    case automatic = 100
  }

  /// The value of ``rowHeight`` that lets rows size themselves (44 points here, as
  /// estimated; see ``UICollectionLayoutListConfiguration``).
  nonisolated public static let automaticDimension: CGFloat = -1

  /// The table's style.
  public let style: Style

  /// The object that gives the table its rows; setting it reloads the table. The table
  /// does not keep it alive.
  open weak var dataSource: (any UITableViewDataSource)? {
    didSet { items.dataSourceDidChange() }
  }

  /// The height of every row in points, or ``automaticDimension`` (the default).
  open var rowHeight = UITableView.automaticDimension {
    didSet { setNeedsLayout() }
  }

  /// Whether the table is in editing mode, where rows the data source allows show reorder
  /// controls.
  open var isEditing = false

  /// The updates the table applied, oldest first (see ``UICollectionView/recordedUpdates``).
  /// Not in UIKit: what a test asks the table.
  public var recordedUpdates: [RecordedUpdate] { items.recordedUpdates }

  /// The row counts the table knows, the cells it shows and the cells waiting for reuse.
  @usableFromInline let items = DisplayedItems<UITableViewCell>(
    naming: .init(view: "table view", item: "row", type: "UITableView")
  )
  var headerFooterQueue = ReuseQueue<UITableViewHeaderFooterView>()
  /// The header and footer views on screen, by element kind and section.
  var headerFooterViews: [HeaderFooterKey: UITableViewHeaderFooterView] = [:]
  /// How deep `beginUpdates()` calls are nested.
  var updatesDepth = 0

  /// A section's header or footer.
  struct HeaderFooterKey: Hashable {
    var kind: String
    var section: Int
  }

  /// The list layout that places the rows, for the table's style, row height and titles.
  lazy var layout: UICollectionViewCompositionalLayout = UICollectionViewCompositionalLayout {
    [unowned self] section, _ in
    listSection(section)
  }

  /// A table view of `frame` with `style`. Its layout margins start at 16 points leading
  /// and trailing, as ``UICollectionView/init(frame:collectionViewLayout:)``'s do.
  public init(frame: CGRect, style: Style) {
    self.style = style
    super.init(frame: frame)
    directionalLayoutMargins = NSDirectionalEdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16)
    items.dataSourceCounts = { [unowned self] in
      guard let dataSource else { return [] }
      return (0..<max(0, dataSource.numberOfSections(in: self))).map {
        max(0, dataSource.tableView(self, numberOfRowsInSection: $0))
      }
    }
    items.didChange = { [unowned self] in
      dropHeaderFooterViews()
      setNeedsLayout()
    }
  }

  /// Fails: there are no archives to decode here (see ``UIView/init(coder:)``).
  public required init?(coder: NSCoder) {
    return nil
  }

  /// A plain table view of `frame`.
  public convenience override init(frame: CGRect) {
    self.init(frame: frame, style: .plain)
  }

  /// Turns editing mode on or off; headless, `animated` makes no difference.
  open func setEditing(_ editing: Bool, animated: Bool) {
    isEditing = editing
  }

  // MARK: Registering and dequeuing

  /// Registers `cellClass` for cells of `identifier`; `nil` removes the registration.
  ///
  /// Only `UITableViewCell` itself can be made from a class here (Swift makes an object
  /// from a class value only through a `required` initializer); another class is reported,
  /// and plain cells stand in for it. Register a factory for your own cell classes, or for
  /// a storyboard prototype's style, with ``register(forCellReuseIdentifier:make:)``.
  open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
    items.cellQueue.register(
      cellClass,
      for: identifier,
      plainClass: UITableViewCell.self,
      makePlain: { UITableViewCell(style: .default, reuseIdentifier: identifier) },
      api: "UITableView.register(_:forCellReuseIdentifier:)",
      factoryMethod: "register(forCellReuseIdentifier:make:)"
    )
  }

  /// Registers a factory for cells of `identifier`: what a storyboard's prototype cell or a
  /// nib does in UIKit. Not in UIKit.
  ///
  /// ```swift
  /// tableView.register(forCellReuseIdentifier: "Item") {
  ///   UITableViewCell(style: .subtitle, reuseIdentifier: "Item")
  /// }
  /// ```
  open func register(
    forCellReuseIdentifier identifier: String,
    make: @escaping @MainActor () -> UITableViewCell
  ) {
    items.cellQueue.register(make, for: identifier)
  }

  /// Registers `aClass` for header and footer views of `identifier` (only
  /// `UITableViewHeaderFooterView` itself can be made from a class, as for cells).
  open func register(_ aClass: AnyClass?, forHeaderFooterViewReuseIdentifier identifier: String) {
    headerFooterQueue.register(
      aClass,
      for: identifier,
      plainClass: UITableViewHeaderFooterView.self,
      makePlain: { UITableViewHeaderFooterView(reuseIdentifier: identifier) },
      api: "UITableView.register(_:forHeaderFooterViewReuseIdentifier:)",
      factoryMethod: "register(forHeaderFooterViewReuseIdentifier:make:)"
    )
  }

  /// Registers a factory for header and footer views of `identifier`. Not in UIKit.
  open func register(
    forHeaderFooterViewReuseIdentifier identifier: String,
    make: @escaping @MainActor () -> UITableViewHeaderFooterView
  ) {
    headerFooterQueue.register(make, for: identifier)
  }

  /// A cell for `identifier`, reused or new. An identifier nobody registered is reported
  /// with UIKit's message (UIKit raises), and a default-style cell is returned.
  open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath)
    -> UITableViewCell
  {
    if let cell = items.dequeue(identifier, at: ItemPath(indexPath)) { return cell }
    UIKitCompatFailure.report(
      UIKitCompatFailure(
        api: "UITableView.dequeueReusableCell(withIdentifier:for:)",
        message:
          "unable to dequeue a cell with identifier \(identifier) - must register a nib or a "
          + "class for the identifier or connect a prototype cell in a storyboard"
      )
    )
    return UITableViewCell(style: .default, reuseIdentifier: identifier)
  }

  /// A cell for `identifier`, reused or new; `nil` when `identifier` is not registered
  /// (the caller then makes one, as in UIKit).
  open func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
    items.cellQueue.dequeue(identifier)
  }

  /// A header or footer view for `identifier`, reused or new; `nil` when `identifier` is
  /// not registered.
  open func dequeueReusableHeaderFooterView(withIdentifier identifier: String)
    -> UITableViewHeaderFooterView?
  {
    headerFooterQueue.dequeue(identifier)
  }

  // MARK: Contents

  /// The number of sections, as the table last learned it from its data source.
  open var numberOfSections: Int {
    items.loadIfNeeded()
    return items.counts.count
  }

  /// The number of rows of `section`, as the table last learned it; 0 for a section that
  /// does not exist.
  open func numberOfRows(inSection section: Int) -> Int {
    items.numberOfItems(inSection: section)
  }

  // MARK: What is on screen

  /// The cells on screen, in row order.
  open var visibleCells: [UITableViewCell] {
    layoutIfNeeded()
    return items.positionsOnScreen.compactMap { items[$0] }
  }

  /// The index paths of the rows on screen, in order.
  open var indexPathsForVisibleRows: [IndexPath]? {
    layoutIfNeeded()
    return items.positionsOnScreen.map(IndexPath.init)
  }

  /// The cell of the row at `indexPath` if it is on screen.
  open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? {
    layoutIfNeeded()
    return items[ItemPath(indexPath)]
  }

  /// Where `cell` is shown, or `nil` when it is not on screen.
  open func indexPath(for cell: UITableViewCell) -> IndexPath? {
    layoutIfNeeded()
    return items.positionsOnScreen.first { items[$0] === cell }.map(IndexPath.init)
  }

  /// The frame of the row at `indexPath` in the table's content; `.zero` for no such row.
  open func rectForRow(at indexPath: IndexPath) -> CGRect {
    layoutIfNeeded()
    return layout.layoutAttributesForItem(at: indexPath)?.frame ?? .zero
  }

  /// The row whose frame contains `point` (in content coordinates), or `nil`.
  open func indexPathForRow(at point: CGPoint) -> IndexPath? {
    layoutIfNeeded()
    let probe = CGRect(x: point.x, y: point.y, width: 1, height: 1)
    return (layout.layoutAttributesForElements(in: probe) ?? []).first {
      $0.representedElementCategory == .cell && $0.frame.contains(point)
    }?.indexPath
  }

  /// The header of `section` if it is on screen; its text label shows the section's title.
  open func headerView(forSection section: Int) -> UITableViewHeaderFooterView? {
    layoutIfNeeded()
    return headerFooterViews[
      HeaderFooterKey(kind: UICollectionView.elementKindSectionHeader, section: section)
    ]
  }

  /// The footer of `section` if it is on screen.
  open func footerView(forSection section: Int) -> UITableViewHeaderFooterView? {
    layoutIfNeeded()
    return headerFooterViews[
      HeaderFooterKey(kind: UICollectionView.elementKindSectionFooter, section: section)
    ]
  }

  /// The cells and header and footer views on screen (and any view added), after laying
  /// out.
  open override var subviews: [UIView] {
    layoutIfNeeded()
    return super.subviews
  }

  /// Lays the rows out for the table's width, style and titles, and shows those that
  /// intersect its bounds: cells the data source makes, and a header or footer view for
  /// each titled section. Cells that left the screen wait for reuse.
  open override func layoutSubviews() {
    super.layoutSubviews()
    items.loadIfNeeded()
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
      make: { indexPath in dataSource?.tableView(self, cellForRowAt: indexPath) },
      place: { cell, attributes in cell.frame = attributes.frame }
    )
    showHeadersAndFooters(onScreen.filter { $0.representedElementCategory == .supplementaryView })
  }

  /// The list section of `index`, with a header or footer when the data source gives the
  /// section a title.
  func listSection(_ index: Int) -> NSCollectionLayoutSection {
    let appearance: UICollectionLayoutListConfiguration.Appearance
    switch style {
    case .plain: appearance = .plain
    case .grouped: appearance = .grouped
    case .insetGrouped: appearance = .insetGrouped
    }
    var configuration = UICollectionLayoutListConfiguration(appearance: appearance)
    if dataSource?.tableView(self, titleForHeaderInSection: index) != nil {
      configuration.headerMode = .supplementary
    }
    if dataSource?.tableView(self, titleForFooterInSection: index) != nil {
      configuration.footerMode = .supplementary
    }
    let height: NSCollectionLayoutDimension =
      rowHeight == Self.automaticDimension
      ? .estimated(UICollectionLayoutListConfiguration.estimatedRowHeight)
      : .absolute(rowHeight)
    return .list(using: configuration, rowHeight: height)
  }

  func showHeadersAndFooters(_ attributes: [UICollectionViewLayoutAttributes]) {
    var shown: [HeaderFooterKey: UITableViewHeaderFooterView] = [:]
    for attribute in attributes {
      let kind = attribute.representedElementKind ?? ""
      let key = HeaderFooterKey(kind: kind, section: attribute.indexPath.section)
      let view =
        headerFooterViews.removeValue(forKey: key)
        ?? UITableViewHeaderFooterView(reuseIdentifier: nil)
      view.textLabel?.text =
        kind == UICollectionView.elementKindSectionHeader
        ? dataSource?.tableView(self, titleForHeaderInSection: key.section)
        : dataSource?.tableView(self, titleForFooterInSection: key.section)
      view.frame = attribute.frame
      if view.superview !== self { addSubview(view) }
      shown[key] = view
    }
    dropHeaderFooterViews()
    headerFooterViews = shown
  }

  /// Takes the header and footer views off screen, so that the next layout reads the titles
  /// again.
  func dropHeaderFooterViews() {
    for view in headerFooterViews.values { view.removeFromSuperview() }
    headerFooterViews = [:]
  }
}
