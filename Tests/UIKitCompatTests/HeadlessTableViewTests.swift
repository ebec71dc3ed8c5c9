import Testing
import UIKitCompat

/// A table data source written by hand: fruit and vegetables, titled, reorderable.
@MainActor final class ProduceDataSource: UITableViewDataSource {
  var sections = [["Apple", "Banana"], ["Kale"]]
  var titles: [String?] = ["Fruit", nil]
  var footers: [String?] = [nil, "Greens last"]
  var moves: [(IndexPath, IndexPath)] = []
  var commits: [(UITableViewCell.EditingStyle, IndexPath)] = []

  func numberOfSections(in tableView: UITableView) -> Int { sections.count }

  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    sections[section].count
  }

  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    // The old pattern: dequeue without an index path, make a cell when none is registered.
    let cell =
      tableView.dequeueReusableCell(withIdentifier: "Produce")
      ?? UITableViewCell(style: .subtitle, reuseIdentifier: "Produce")
    cell.textLabel?.text = sections[indexPath.section][indexPath.row]
    cell.detailTextLabel?.text = "\(indexPath)"
    return cell
  }

  func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
    titles[section]
  }

  func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
    footers[section]
  }

  func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }

  func tableView(
    _ tableView: UITableView,
    moveRowAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath
  ) {
    let row = sections[sourceIndexPath.section].remove(at: sourceIndexPath.row)
    sections[destinationIndexPath.section].insert(row, at: destinationIndexPath.row)
    moves.append((sourceIndexPath, destinationIndexPath))
  }

  func tableView(
    _ tableView: UITableView,
    commit editingStyle: UITableViewCell.EditingStyle,
    forRowAt indexPath: IndexPath
  ) {
    commits.append((editingStyle, indexPath))
    sections[indexPath.section].remove(at: indexPath.row)
    tableView.deleteRows(at: [indexPath], with: .none)
  }
}

@MainActor @Suite struct HeadlessTableViewTests {
  func makeTable(style: UITableView.Style, _ dataSource: ProduceDataSource) -> UITableView {
    let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 600), style: style)
    table.dataSource = dataSource
    return table
  }

  @Test func titledSectionsGetHeadersAndFooters() {
    let produce = ProduceDataSource()
    let table = makeTable(style: .plain, produce)
    #expect(shownRows(table) == [["Apple", "Banana"], ["Kale"]])
    #expect(table.visibleCells.map { $0.detailTextLabel?.text } == ["[0, 0]", "[0, 1]", "[1, 0]"])
    #expect(table.headerView(forSection: 0)?.textLabel?.text == "Fruit")
    #expect(table.headerView(forSection: 1) == nil && table.footerView(forSection: 0) == nil)
    #expect(table.footerView(forSection: 1)?.textLabel?.text == "Greens last")
    // Plain: edge to edge; a header, two rows, then the next section's row and its footer.
    #expect(
      table.rectForRow(at: IndexPath(row: 1, section: 0))
        == CGRect(x: 0, y: 88, width: 320, height: 44)
    )
    #expect(
      table.rectForRow(at: IndexPath(row: 0, section: 1))
        == CGRect(x: 0, y: 132, width: 320, height: 44)
    )
    #expect(table.footerView(forSection: 1)?.frame == CGRect(x: 0, y: 176, width: 320, height: 44))
    #expect(table.indexPathForRow(at: CGPoint(x: 5, y: 100)) == IndexPath(row: 1, section: 0))
    #expect(table.subviews.count == 5)  // three cells, a header and a footer
  }

  @Test func aFixedRowHeightAndTheGroupedStyles() {
    let produce = ProduceDataSource()
    produce.titles = [nil, nil]
    produce.footers = [nil, nil]
    let grouped = makeTable(style: .grouped, produce)
    grouped.rowHeight = 60
    // Grouped sections without a header have 35 points above them.
    #expect(
      grouped.rectForRow(at: IndexPath(row: 0, section: 0))
        == CGRect(x: 0, y: 35, width: 320, height: 60)
    )
    #expect(grouped.rectForRow(at: IndexPath(row: 0, section: 1)).minY == CGFloat(35 + 120 + 35))
    let inset = makeTable(style: .insetGrouped, produce)
    inset.directionalLayoutMargins.leading = 20
    inset.directionalLayoutMargins.trailing = 20
    #expect(
      inset.rectForRow(at: IndexPath(row: 0, section: 0))
        == CGRect(x: 20, y: 35, width: 280, height: 44)
    )
  }

  @Test func rowsMovedByTheUserStayWhereTheyWereDropped() {
    let produce = ProduceDataSource()
    let table = makeTable(style: .plain, produce)
    let banana = table.cellForRow(at: IndexPath(row: 1, section: 0))
    #expect(
      !table.simulateMoveRow(at: IndexPath(row: 1, section: 0), to: IndexPath(row: 0, section: 1))
    )
    table.setEditing(true, animated: true)
    #expect(
      table.simulateMoveRow(at: IndexPath(row: 1, section: 0), to: IndexPath(row: 0, section: 1))
    )
    #expect(produce.sections == [["Apple"], ["Banana", "Kale"]])
    #expect(shownRows(table) == [["Apple"], ["Banana", "Kale"]])
    #expect(table.cellForRow(at: IndexPath(row: 0, section: 1)) === banana)
    #expect(table.recordedUpdates.isEmpty)  // the data source sent no update: none was needed
    #expect(
      !table.simulateMoveRow(at: IndexPath(row: 0, section: 0), to: IndexPath(row: 5, section: 1))
    )
  }

  @Test func aSwipeCommitsTheDeletionThroughTheDataSource() {
    let produce = ProduceDataSource()
    let table = makeTable(style: .plain, produce)
    #expect(table.simulateCommit(.delete, forRowAt: IndexPath(row: 0, section: 0)))
    #expect(produce.commits.map(\.1) == [IndexPath(row: 0, section: 0)])
    #expect(shownRows(table) == [["Banana"], ["Kale"]])
    var deletion = BatchUpdate()
    deletion.deletedItems = [ItemPath(section: 0, item: 0)]
    #expect(table.recordedUpdates == [.batch(deletion, animated: false)])
    #expect(!table.simulateCommit(.none, forRowAt: IndexPath(row: 0, section: 0)))
  }

  @Test func beginAndEndUpdatesMakeOneBatch() {
    let produce = ProduceDataSource()
    let table = makeTable(style: .plain, produce)
    #expect(table.numberOfRows(inSection: 0) == 2)
    produce.sections = [["Apple", "Banana", "Cherry"], ["Kale", "Leek"]]
    table.beginUpdates()
    table.insertRows(at: [IndexPath(row: 2, section: 0)], with: .fade)
    table.beginUpdates()
    table.insertRows(at: [IndexPath(row: 1, section: 1)], with: .none)
    table.endUpdates()
    #expect(table.recordedUpdates.isEmpty)
    table.endUpdates()
    var batch = BatchUpdate()
    batch.insertedItems = [ItemPath(section: 0, item: 2), ItemPath(section: 1, item: 1)]
    #expect(table.recordedUpdates == [.batch(batch, animated: true)])
    #expect(shownRows(table) == [["Apple", "Banana", "Cherry"], ["Kale", "Leek"]])
    table.reloadData()
    #expect(table.recordedUpdates.last == .reloadData)
  }

  @Test func registeredCellsAndAMissingRegistration() {
    let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 100))
    #expect(table.style == .plain)
    #expect(table.dequeueReusableCell(withIdentifier: "Item") == nil)
    table.register(forCellReuseIdentifier: "Item") {
      UITableViewCell(style: .value1, reuseIdentifier: "Item")
    }
    let cell = table.dequeueReusableCell(withIdentifier: "Item", for: IndexPath(row: 0, section: 0))
    #expect(cell.style == .value1 && cell.detailTextLabel != nil && cell.reuseIdentifier == "Item")
    let reported = messages {
      _ = table.dequeueReusableCell(withIdentifier: "Nothing", for: IndexPath(row: 0, section: 0))
    }
    #expect(
      reported == [
        "unable to dequeue a cell with identifier Nothing - must register a nib or a class for "
          + "the identifier or connect a prototype cell in a storyboard"
      ]
    )
    table.register(UITableViewHeaderFooterView.self, forHeaderFooterViewReuseIdentifier: "Header")
    #expect(
      table.dequeueReusableHeaderFooterView(withIdentifier: "Header")?.reuseIdentifier == "Header"
    )
  }
}
