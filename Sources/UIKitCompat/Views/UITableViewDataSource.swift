/// What a table view asks for the rows it shows: UIKit's protocol, adopted by
/// ``UITableViewDiffableDataSource`` or written by hand.
///
/// The methods UIKit marks optional have default implementations here: one section, no
/// titles, rows that can be edited but not moved, and commits and moves that change
/// nothing.
///
/// ```swift
/// func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
///   let cell = tableView.dequeueReusableCell(withIdentifier: "Item", for: indexPath)
///   cell.textLabel?.text = items[indexPath.row].name
///   return cell
/// }
/// ```
@MainActor public protocol UITableViewDataSource: AnyObject {
  /// The number of rows in `section`.
  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
  /// The cell for the row at `indexPath`.
  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
  /// The number of sections (1 by default).
  func numberOfSections(in tableView: UITableView) -> Int
  /// The title of `section`'s header; `nil` (the default) shows none.
  func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String?
  /// The title of `section`'s footer; `nil` (the default) shows none.
  func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String?
  /// Whether the row at `indexPath` may be edited (deleted by a swipe); `true` by default,
  /// as UIKit assumes when the method is missing.
  func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool
  /// Whether the row at `indexPath` shows a reorder control in editing mode (`false` by
  /// default).
  func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool
  /// Called when the user deletes or inserts the row at `indexPath` (the default does
  /// nothing).
  func tableView(
    _ tableView: UITableView,
    commit editingStyle: UITableViewCell.EditingStyle,
    forRowAt indexPath: IndexPath
  )
  /// Called when the user has moved a row from `sourceIndexPath` to
  /// `destinationIndexPath`: update the model to match (the default does nothing).
  func tableView(
    _ tableView: UITableView,
    moveRowAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath
  )
}

extension UITableViewDataSource {
  /// One section.
  public func numberOfSections(in tableView: UITableView) -> Int { 1 }

  /// No header title.
  public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
    nil
  }

  /// No footer title.
  public func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
    nil
  }

  /// Every row can be edited.
  public func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
    true
  }

  /// No row can move.
  public func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool {
    false
  }

  /// Does nothing.
  public func tableView(
    _ tableView: UITableView,
    commit editingStyle: UITableViewCell.EditingStyle,
    forRowAt indexPath: IndexPath
  ) {}

  /// Does nothing.
  public func tableView(
    _ tableView: UITableView,
    moveRowAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath
  ) {}
}
