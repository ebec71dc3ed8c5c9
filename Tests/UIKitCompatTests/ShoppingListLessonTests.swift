import Testing

// The diffable data source table lesson's shopping list, written as the lesson writes it (a
// `UITableViewDiffableDataSource` subclass that titles sections, deletes rows on a swipe and
// reorders them in four cases) and compiled with only the import changed. The lesson's
// `UIViewController` becomes a main-actor class with a `view`: view controllers are out of
// scope.
#if canImport(UIKit)
  import UIKit
#else
  import UIKitCompat
#endif

enum Category: String, CaseIterable, Hashable, Sendable {
  case produce = "Produce"
  case dairy = "Dairy"
  case bakery = "Bakery"
  case shoppingCart = "Shopping Cart"
}

struct Item: Hashable, Sendable {
  let name: String
  let price: Double
  let category: Category
  let identifier = UUID()

  func hash(into hasher: inout Hasher) {
    hasher.combine(identifier)
  }

  static let testItems = [
    Item(name: "Apples", price: 3.20, category: .produce),
    Item(name: "Bananas", price: 1.10, category: .produce),
    Item(name: "Cherries", price: 6.50, category: .produce),
    Item(name: "Milk", price: 0.99, category: .dairy),
    Item(name: "Cheese", price: 4.75, category: .dairy),
    Item(name: "Bread", price: 2.30, category: .bakery),
  ]
}

class DataSource: UITableViewDiffableDataSource<Category, Item> {
  override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String?
  {
    let category = Category.allCases[section]
    return category == .shoppingCart ? "🛒 " + category.rawValue : category.rawValue
  }

  override func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
    return true
  }

  override func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool {
    return true
  }

  override func tableView(
    _ tableView: UITableView,
    commit editingStyle: UITableViewCell.EditingStyle,
    forRowAt indexPath: IndexPath
  ) {
    if editingStyle == .delete {
      var snapshot = self.snapshot()
      if let item = itemIdentifier(for: indexPath) {
        snapshot.deleteItems([item])
        apply(snapshot, animatingDifferences: true)
      }
    }
  }

  override func tableView(
    _ tableView: UITableView,
    moveRowAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath
  ) {
    // Case 1: dropped where it was.
    guard let sourceItem = itemIdentifier(for: sourceIndexPath),
      sourceIndexPath != destinationIndexPath
    else { return }
    var snapshot = self.snapshot()
    if let destinationItem = itemIdentifier(for: destinationIndexPath) {
      guard let sourceIndex = snapshot.indexOfItem(sourceItem),
        let destinationIndex = snapshot.indexOfItem(destinationItem)
      else { return }
      let movingDownItsSection =
        destinationIndex > sourceIndex
        && snapshot.sectionIdentifier(containingItem: sourceItem)
          == snapshot.sectionIdentifier(containingItem: destinationItem)
      snapshot.deleteItems([sourceItem])
      if movingDownItsSection {
        // Case 2: after the item it was dropped on.
        snapshot.insertItems([sourceItem], afterItem: destinationItem)
      } else {
        // Case 3: before it.
        snapshot.insertItems([sourceItem], beforeItem: destinationItem)
      }
    } else {
      // Case 4: past the last row of a section.
      let destinationSection = snapshot.sectionIdentifiers[destinationIndexPath.section]
      snapshot.deleteItems([sourceItem])
      snapshot.appendItems([sourceItem], toSection: destinationSection)
    }
    apply(snapshot, animatingDifferences: false)
  }
}

@MainActor final class ItemFeedViewController {
  let view = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
  var tableView = UITableView(frame: .zero, style: .insetGrouped)
  var dataSource: DataSource?
  var editButtonTitle = "Edit"

  func viewDidLoad() {
    configureTableView()
    configureDataSource()
  }

  private func configureTableView() {
    tableView = UITableView(frame: view.bounds, style: .insetGrouped)
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
    view.addSubview(tableView)
  }

  private func configureDataSource() {
    dataSource = DataSource(
      tableView: tableView,
      cellProvider: { (tableView, indexPath, item) -> UITableViewCell? in
        let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
        cell.textLabel?.text = "\(item.name)"
        return cell
      }
    )
    dataSource?.defaultRowAnimation = .fade
    var snapshot = NSDiffableDataSourceSnapshot<Category, Item>()
    for category in Category.allCases {
      let items = Item.testItems.filter { $0.category == category }
      snapshot.appendSections([category])
      snapshot.appendItems(items)
    }
    dataSource?.apply(snapshot, animatingDifferences: false)
  }

  func toggleEditState() {
    tableView.setEditing(!tableView.isEditing, animated: true)
    editButtonTitle = tableView.isEditing ? "Done" : "Edit"
  }

  func didAddNewItem(_ item: Item) {
    guard var snapshot = dataSource?.snapshot() else { return }
    snapshot.appendItems([item], toSection: item.category)
    dataSource?.apply(snapshot, animatingDifferences: true)
  }
}

/// The rows a table shows, section by section, by the text of their cells.
@MainActor func shownRows(_ tableView: UITableView) -> [[String]] {
  var rows = Array(repeating: [String](), count: tableView.numberOfSections)
  for indexPath in tableView.indexPathsForVisibleRows ?? [] {
    rows[indexPath.section].append(tableView.cellForRow(at: indexPath)?.textLabel?.text ?? "?")
  }
  return rows
}

@MainActor @Suite struct ShoppingListLessonTests {
  let initialRows = [["Apples", "Bananas", "Cherries"], ["Milk", "Cheese"], ["Bread"], []]

  func loadedController() -> ItemFeedViewController {
    let controller = ItemFeedViewController()
    controller.viewDidLoad()
    return controller
  }

  @Test func theListShowsTitledSectionsOfRows() throws {
    let controller = loadedController()
    let tableView = controller.tableView
    #expect(shownRows(tableView) == initialRows)
    #expect(
      (0..<4).map { tableView.headerView(forSection: $0)?.textLabel?.text }
        == ["Produce", "Dairy", "Bakery", "🛒 Shopping Cart"]
    )
    // Inset grouped: rows inset by the 16-point layout margins, 44 points high, under a
    // 44-point header.
    #expect(
      tableView.rectForRow(at: IndexPath(row: 0, section: 0))
        == CGRect(x: 16, y: 44, width: 358, height: 44)
    )
    #expect(
      tableView.rectForRow(at: IndexPath(row: 0, section: 1)).minY == CGFloat(44 + 3 * 44 + 44)
    )
    #expect(tableView.recordedUpdates == [.reloadData])
  }

  struct Move: Sendable, CustomTestStringConvertible {
    var name: String
    var from: IndexPath
    var to: IndexPath
    var rows: [[String]]
    var testDescription: String { name }
  }

  nonisolated static let moves = [
    Move(
      name: "down its section",
      from: [0, 0],
      to: [0, 2],
      rows: [["Bananas", "Cherries", "Apples"], ["Milk", "Cheese"], ["Bread"], []]
    ),
    Move(
      name: "up its section",
      from: [0, 2],
      to: [0, 0],
      rows: [["Cherries", "Apples", "Bananas"], ["Milk", "Cheese"], ["Bread"], []]
    ),
    Move(
      name: "into another section",
      from: [0, 1],
      to: [1, 1],
      rows: [["Apples", "Cherries"], ["Milk", "Bananas", "Cheese"], ["Bread"], []]
    ),
    Move(
      name: "to the end of another section",
      from: [1, 0],
      to: [2, 1],
      rows: [["Apples", "Bananas", "Cherries"], ["Cheese"], ["Bread", "Milk"], []]
    ),
    Move(
      name: "into the empty cart",
      from: [2, 0],
      to: [3, 0],
      rows: [["Apples", "Bananas", "Cherries"], ["Milk", "Cheese"], [], ["Bread"]]
    ),
  ]

  @Test(arguments: moves)
  func theUserReordersRows(_ move: Move) throws {
    let controller = loadedController()
    let tableView = controller.tableView
    let movedCell = tableView.cellForRow(at: move.from)
    #expect(!tableView.simulateMoveRow(at: move.from, to: move.to))  // not editing yet
    controller.toggleEditState()
    #expect(controller.editButtonTitle == "Done")
    #expect(tableView.simulateMoveRow(at: move.from, to: move.to))
    #expect(shownRows(tableView) == move.rows)
    // The data source's snapshot is where the engine's own table-style move puts it, and
    // the table got the move from the data source without animation.
    let dataSource = try #require(controller.dataSource)
    let before = try Snapshot<Category, Item>(
      sections: Category.allCases.map { category in
        (category, Item.testItems.filter { $0.category == category })
      }
    )
    var expected = before
    try expected.moveItem(at: ItemPath(move.from), to: ItemPath(move.to))
    #expect(dataSource.snapshot().base == expected)
    guard case .batch(let update, animated: false) = tableView.recordedUpdates.last else {
      Issue.record("no batch: \(tableView.recordedUpdates)")
      return
    }
    #expect(
      update.movedItems == [BatchUpdate.Move(from: ItemPath(move.from), to: ItemPath(move.to))]
    )
    // The row kept its cell: the table moved it, not made a new one.
    #expect(tableView.cellForRow(at: move.to) === movedCell)
  }

  @Test func aSwipeDeletesTheRow() {
    let controller = loadedController()
    let tableView = controller.tableView
    #expect(tableView.simulateCommit(.delete, forRowAt: IndexPath(row: 0, section: 1)))
    #expect(
      shownRows(tableView) == [["Apples", "Bananas", "Cherries"], ["Cheese"], ["Bread"], []]
    )
    var deletion = BatchUpdate()
    deletion.deletedItems = [ItemPath(section: 1, item: 0)]
    #expect(tableView.recordedUpdates.last == .batch(deletion, animated: true))
  }

  @Test func anAddedItemAppearsInItsSection() {
    let controller = loadedController()
    controller.didAddNewItem(Item(name: "Bagels", price: 3, category: .shoppingCart))
    #expect(shownRows(controller.tableView).last == ["Bagels"])
    controller.dataSource?.defaultRowAnimation = .none
    controller.didAddNewItem(Item(name: "Butter", price: 2, category: .dairy))
    var insertion = BatchUpdate()
    insertion.insertedItems = [ItemPath(section: 1, item: 2)]
    #expect(controller.tableView.recordedUpdates.last == .batch(insertion, animated: false))
  }
}
