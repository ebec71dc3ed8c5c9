import Testing

// A Core Data lesson's collection view, written as those lessons write it: a list layout
// with folder headers, a `UICollectionViewDiffableDataSource` whose cell provider reads the
// fetched object at the index path, and a fetched-results controller delegate that applies
// each new snapshot. Core Data itself is the one thing replaced: `FetchedResultsController`
// fetches from memory, and its delegate receives the engine's snapshot where Core Data's
// passes an `NSDiffableDataSourceSnapshotReference` to cast (the only line that differs).
#if canImport(UIKit)
  import UIKit
#else
  import UIKitCompat
#endif

struct Note: Equatable, Sendable {
  let id: Int
  var title: String
  var folder: String
}

/// The label a cell or header shows its text in: the first one in its content, added on
/// first use.
@MainActor func titleLabel(in view: UIView) -> UILabel {
  let content = (view as? UICollectionViewCell)?.contentView ?? view
  if let label = content.subviews.first(where: { $0 is UILabel }) as? UILabel { return label }
  let label = UILabel(frame: content.bounds)
  content.addSubview(label)
  return label
}

@MainActor final class NotesViewController {
  let collectionView: UICollectionView
  let fetchedResultsController: FetchedResultsController<Note, Int>
  var dataSource: UICollectionViewDiffableDataSource<String, Int>?

  init(notes: [Note]) throws {
    collectionView = UICollectionView(
      frame: CGRect(x: 0, y: 0, width: 390, height: 844),
      collectionViewLayout: Self.createLayout()
    )
    let request = FetchRequest<Note>(
      sortDescriptors: [.init(\.folder), .init(\.title)],
      sectionNameKeyPath: \.folder
    )
    fetchedResultsController = try FetchedResultsController(
      elements: notes,
      fetchRequest: request,
      id: \.id
    )
  }

  func viewDidLoad() throws {
    configureDataSource()
    fetchedResultsController.delegate = self
    try fetchedResultsController.performFetch()
  }

  static func createLayout() -> UICollectionViewLayout {
    var configuration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
    configuration.headerMode = .supplementary
    return UICollectionViewCompositionalLayout.list(using: configuration)
  }

  func configureDataSource() {
    collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "NoteCell")
    collectionView.register(
      UICollectionReusableView.self,
      forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
      withReuseIdentifier: "FolderHeader"
    )
    dataSource = UICollectionViewDiffableDataSource<String, Int>(collectionView: collectionView) {
      [unowned self] collectionView, indexPath, noteID in
      let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "NoteCell", for: indexPath)
      guard let note = self.fetchedResultsController.object(at: indexPath) else { return cell }
      titleLabel(in: cell).text = note.title
      return cell
    }
    dataSource?.supplementaryViewProvider = { [unowned self] collectionView, kind, indexPath in
      let header = collectionView.dequeueReusableSupplementaryView(
        ofKind: kind,
        withReuseIdentifier: "FolderHeader",
        for: indexPath
      )
      titleLabel(in: header).text = self.fetchedResultsController.sections[indexPath.section].name
      return header
    }
  }
}

extension NotesViewController: @MainActor FetchedResultsControllerDelegate {
  func controller(
    _ controller: FetchedResultsController<Note, Int>,
    didChangeContentWith change: FetchedResultsChange<Int>
  ) {
    // Core Data: `dataSource.apply(snapshot as NSDiffableDataSourceSnapshot<String, NSManagedObjectID>, …)`.
    dataSource?.apply(NSDiffableDataSourceSnapshot(change.snapshot), animatingDifferences: true)
  }
}

@MainActor @Suite struct NotesLessonTests {
  static let notes = [
    Note(id: 1, title: "Groceries", folder: "Home"),
    Note(id: 2, title: "Ideas", folder: "Work"),
    Note(id: 3, title: "Birthdays", folder: "Home"),
    Note(id: 4, title: "Standup", folder: "Work"),
  ]

  func loaded() throws -> NotesViewController {
    let controller = try NotesViewController(notes: Self.notes)
    try controller.viewDidLoad()
    return controller
  }

  /// The titles on screen, section by section.
  func shownTitles(_ collectionView: UICollectionView) -> [[String]] {
    var titles = Array(repeating: [String](), count: collectionView.numberOfSections)
    for indexPath in collectionView.indexPathsForVisibleItems {
      titles[indexPath.section].append(
        collectionView.cellForItem(at: indexPath).map { titleLabel(in: $0).text ?? "" } ?? "?"
      )
    }
    return titles
  }

  @Test func theFetchedNotesAreShownUnderTheirFolders() throws {
    let controller = try loaded()
    let collectionView = controller.collectionView
    #expect(shownTitles(collectionView) == [["Birthdays", "Groceries"], ["Ideas", "Standup"]])
    let headers = collectionView.visibleSupplementaryViews(
      ofKind: UICollectionView.elementKindSectionHeader
    )
    #expect(headers.map { titleLabel(in: $0).text } == ["Home", "Work"])
    // Inset grouped, with headers: rows inset by the margins, each section under its header.
    #expect(
      collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame
        == CGRect(x: 16, y: 44, width: 358, height: 44)
    )
    #expect(
      collectionView.layoutAttributesForSupplementaryElement(
        ofKind: UICollectionView.elementKindSectionHeader,
        at: IndexPath(item: 0, section: 1)
      )?.frame == CGRect(x: 16, y: 132, width: 358, height: 44)
    )
  }

  @Test func anEditedNoteIsReconfiguredInItsOwnCell() throws {
    let controller = try loaded()
    let collectionView = controller.collectionView
    let cell = collectionView.cellForItem(at: IndexPath(item: 1, section: 0))
    try controller.fetchedResultsController.update(Note(id: 1, title: "Groceries!", folder: "Home"))
    #expect(shownTitles(collectionView)[0] == ["Birthdays", "Groceries!"])
    #expect(collectionView.cellForItem(at: IndexPath(item: 1, section: 0)) === cell)
    var reconfigure = BatchUpdate()
    reconfigure.reconfiguredItems = [ItemPath(section: 0, item: 1)]
    #expect(collectionView.recordedUpdates.last == .batch(reconfigure, animated: true))
  }

  @Test func insertionsDeletionsAndMovesBetweenFolders() throws {
    let controller = try loaded()
    let collectionView = controller.collectionView
    try controller.fetchedResultsController.insert(Note(id: 5, title: "Agenda", folder: "Work"))
    try controller.fetchedResultsController.remove(id: 3)
    try controller.fetchedResultsController.update(Note(id: 2, title: "Ideas", folder: "Home"))
    #expect(shownTitles(collectionView) == [["Groceries", "Ideas"], ["Agenda", "Standup"]])
    try controller.fetchedResultsController.replace(with: [])
    #expect(collectionView.numberOfSections == 0 && collectionView.visibleCells.isEmpty)
    #expect(collectionView.recordedUpdates.count == 5)  // the first load, then four batches
  }
}
