import Testing

// A persistence lesson's `EventCollectionVC`, written as the lesson writes it: a
// collection view controller that is its own `UICollectionViewDataSource` over the events a
// controller saves to a property list, a storyboard prototype cell ("EventCell") of a
// custom class, and `reloadData()` after each change. The storyboard's part (the prototype
// cell) is the one the test does, with a factory registration.
#if canImport(UIKit)
  import UIKit
#else
  import UIKitCompat
#endif

struct Event: Codable, Equatable, Sendable {
  var title: String
  var date: Date
}

@MainActor final class EventController {
  var events: [Event] = []
  let persistentFileURL: URL

  init(persistentFileURL: URL) {
    self.persistentFileURL = persistentFileURL
  }

  func saveToPersistentStore() throws {
    let data = try PropertyListEncoder().encode(events)
    try data.write(to: persistentFileURL, options: .atomic)
  }

  func loadFromPersistentStore() throws {
    guard FileManager.default.fileExists(atPath: persistentFileURL.path) else { return }
    let data = try Data(contentsOf: persistentFileURL)
    events = try PropertyListDecoder().decode([Event].self, from: data)
  }
}

class EventCollectionViewCell: UICollectionViewCell {
  let titleLabel = UILabel()
  var event: Event? {
    didSet { titleLabel.text = event?.title }
  }

  override init(frame: CGRect) {
    super.init(frame: frame)
    contentView.addSubview(titleLabel)
  }

  required init?(coder: NSCoder) {
    super.init(coder: coder)
  }
}

@MainActor final class EventCollectionVC: UICollectionViewDataSource {
  let collectionView: UICollectionView
  let eventController: EventController

  init(eventController: EventController) {
    self.eventController = eventController
    collectionView = UICollectionView(
      frame: CGRect(x: 0, y: 0, width: 390, height: 844),
      collectionViewLayout: Self.createLayout()
    )
  }

  func viewDidLoad() throws {
    collectionView.dataSource = self
    try eventController.loadFromPersistentStore()
    orderEvents()
  }

  static func createLayout() -> UICollectionViewLayout {
    let item = NSCollectionLayoutItem(
      layoutSize: NSCollectionLayoutSize(
        widthDimension: .fractionalWidth(0.5),
        heightDimension: .fractionalHeight(1.0)
      )
    )
    let group = NSCollectionLayoutGroup.horizontal(
      layoutSize: NSCollectionLayoutSize(
        widthDimension: .fractionalWidth(1.0),
        heightDimension: .absolute(150)
      ),
      subitems: [item]
    )
    return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
  }

  func orderEvents() {
    eventController.events.sort(by: { $0.date < $1.date })
  }

  func didAddEvent(event: Event) throws {
    eventController.events.append(event)
    try eventController.saveToPersistentStore()
    orderEvents()
    collectionView.reloadData()
  }

  func deleteAll() throws {
    eventController.events.removeAll()
    try eventController.saveToPersistentStore()
    collectionView.reloadData()
  }

  // MARK: UICollectionViewDataSource

  func numberOfSections(in collectionView: UICollectionView) -> Int {
    return 1
  }

  func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int)
    -> Int
  {
    return eventController.events.count
  }

  func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
    -> UICollectionViewCell
  {
    guard
      let cell = collectionView.dequeueReusableCell(
        withReuseIdentifier: "EventCell",
        for: indexPath
      )
        as? EventCollectionViewCell
    else { return UICollectionViewCell() }
    cell.event = eventController.events[indexPath.item]
    return cell
  }
}

@MainActor @Suite final class EventCollectionLessonTests {
  let directory: URL

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("EventCollectionLessonTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: directory)
  }

  func makeController() throws -> EventCollectionVC {
    let controller = EventCollectionVC(
      eventController: EventController(
        persistentFileURL: directory.appendingPathComponent("events.plist")
      )
    )
    // The storyboard's prototype cell.
    controller.collectionView.register(forCellWithReuseIdentifier: "EventCell") {
      EventCollectionViewCell(frame: .zero)
    }
    try controller.viewDidLoad()
    return controller
  }

  func shownTitles(_ collectionView: UICollectionView) -> [String?] {
    collectionView.visibleCells.map { ($0 as? EventCollectionViewCell)?.titleLabel.text }
  }

  let day: TimeInterval = 86_400

  @Test func addedEventsAreShownInDateOrderAndSaved() throws {
    let controller = try makeController()
    #expect(controller.collectionView.visibleCells.isEmpty)
    try controller.didAddEvent(
      event: Event(title: "Barbecue", date: Date(timeIntervalSince1970: 3 * day))
    )
    try controller.didAddEvent(
      event: Event(title: "Picnic", date: Date(timeIntervalSince1970: 1 * day))
    )
    try controller.didAddEvent(
      event: Event(title: "Party", date: Date(timeIntervalSince1970: 2 * day))
    )
    #expect(shownTitles(controller.collectionView) == ["Picnic", "Party", "Barbecue"])
    #expect(
      controller.collectionView.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame
        == CGRect(x: 0, y: 150, width: 195, height: 150)
    )
    // A new screen over the same file shows the same events.
    let reopened = try makeController()
    #expect(shownTitles(reopened.collectionView) == ["Picnic", "Party", "Barbecue"])
    try reopened.deleteAll()
    #expect(reopened.collectionView.visibleCells.isEmpty)
    #expect(reopened.collectionView.recordedUpdates == [.reloadData])
    #expect(try makeController().eventController.events.isEmpty)
  }

  @Test func cellsScrolledOffScreenAreReused() throws {
    let controller = try makeController()
    for day in 0..<40 {
      try controller.didAddEvent(
        event: Event(
          title: "Event \(day)",
          date: Date(timeIntervalSince1970: Double(day) * self.day)
        )
      )
    }
    let collectionView = controller.collectionView
    let first = collectionView.visibleCells
    #expect(first.count == 12)  // six rows of 150 points meet a frame of 844
    collectionView.contentOffset = CGPoint(x: 0, y: 1_500)
    let second = collectionView.visibleCells
    #expect(shownTitles(collectionView).first == "Event 20")
    #expect(Set(second.map(ObjectIdentifier.init)) == Set(first.map(ObjectIdentifier.init)))
  }

  @Test func aMissingPrototypeCellIsReportedAsUIKitRaisesIt() throws {
    let controller = EventCollectionVC(
      eventController: EventController(
        persistentFileURL: directory.appendingPathComponent("none.plist")
      )
    )
    try controller.viewDidLoad()
    controller.eventController.events = [Event(title: "Picnic", date: Date())]
    let reported = messages { _ = controller.collectionView.visibleCells }
    #expect(
      reported == [
        "could not dequeue a view of kind: UICollectionElementKindCell with identifier EventCell - "
          + "must register a nib or a class for the identifier or connect a prototype cell in a "
          + "storyboard",
        "the cell returned from -collectionView:cellForItemAtIndexPath: does not have a "
          + "reuseIdentifier - cells must be retrieved by calling "
          + "-dequeueReusableCellWithReuseIdentifier:forIndexPath:",
      ]
    )
  }

  @Test func insertingWithoutUpdatingTheModelIsReportedAndTheViewReloads() throws {
    let controller = try makeController()
    try controller.didAddEvent(event: Event(title: "Picnic", date: Date(timeIntervalSince1970: 0)))
    let collectionView = controller.collectionView
    #expect(collectionView.numberOfItems(inSection: 0) == 1)
    // Right: the model first, then the insertion.
    controller.eventController.events.append(
      Event(title: "Party", date: Date(timeIntervalSince1970: day))
    )
    collectionView.insertItems(at: [IndexPath(item: 1, section: 0)])
    #expect(shownTitles(collectionView) == ["Picnic", "Party"])
    // Wrong: an insertion the model does not have.
    let reported = messages { collectionView.insertItems(at: [IndexPath(item: 2, section: 0)]) }
    #expect(
      reported == [
        "attempt to insert item 2 into section 0, but there are only 2 items in section 0 after "
          + "the update"
      ]
    )
    controller.eventController.events.removeFirst()
    let countMismatch = messages {
      collectionView.performBatchUpdates({
        collectionView.reloadItems(at: [IndexPath(item: 0, section: 0)])
      })
    }
    #expect(
      countMismatch == [
        "Invalid update: invalid number of items in section 0. The number of items contained in an "
          + "existing section after the update (1) must be equal to the number of items contained in "
          + "that section before the update (2), plus or minus the number of items inserted or "
          + "deleted from that section (0 inserted, 0 deleted) and plus or minus the number of items "
          + "moved into or out of that section (0 moved in, 0 moved out)."
      ]
    )
    // The view loaded what the data source has.
    #expect(shownTitles(collectionView) == ["Party"])
    #expect(collectionView.recordedUpdates.suffix(2) == [.reloadData, .reloadData])
  }
}
