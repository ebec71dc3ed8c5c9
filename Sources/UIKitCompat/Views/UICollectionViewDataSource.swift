/// What a collection view asks for the contents it shows: UIKit's protocol, adopted by
/// ``UICollectionViewDiffableDataSource`` or written by hand.
///
/// The methods UIKit marks optional have default implementations here: one section, no
/// supplementary view (reported, as UIKit raises when a layout asks for one), and items
/// that cannot move.
///
/// ```swift
/// extension EventCollectionVC: UICollectionViewDataSource {
///   func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
///     events.count
///   }
///   func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
///     let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "EventCell", for: indexPath)
///     …
///   }
/// }
/// ```
@MainActor public protocol UICollectionViewDataSource: AnyObject {
  /// The number of items in `section`.
  func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int)
    -> Int
  /// The cell for the item at `indexPath`, from `dequeueReusableCell(withReuseIdentifier:for:)`.
  func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
    -> UICollectionViewCell
  /// The number of sections (1 by default).
  func numberOfSections(in collectionView: UICollectionView) -> Int
  /// The view for a supplementary element of the layout, from
  /// `dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)`.
  func collectionView(
    _ collectionView: UICollectionView,
    viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> UICollectionReusableView
  /// Whether the user may move the item at `indexPath` (`false` by default).
  func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath)
    -> Bool
  /// Called when the user has moved an item from `sourceIndexPath` to
  /// `destinationIndexPath`: update the model to match (the default does nothing).
  func collectionView(
    _ collectionView: UICollectionView,
    moveItemAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath
  )
}

extension UICollectionViewDataSource {
  /// One section.
  public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }

  /// Reports that the data source makes no supplementary views (UIKit raises), and
  /// returns a plain view.
  public func collectionView(
    _ collectionView: UICollectionView,
    viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> UICollectionReusableView {
    UIKitCompatFailure.report(
      UIKitCompatFailure(
        api: "UICollectionViewDataSource",
        message:
          "the data source does not implement "
          + "collectionView(_:viewForSupplementaryElementOfKind:at:), but the layout has a "
          + "supplementary view of kind \(kind) at \(indexPath)"
      )
    )
    return UICollectionReusableView()
  }

  /// No item can move.
  public func collectionView(
    _ collectionView: UICollectionView,
    canMoveItemAt indexPath: IndexPath
  ) -> Bool { false }

  /// Does nothing.
  public func collectionView(
    _ collectionView: UICollectionView,
    moveItemAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath
  ) {}
}
