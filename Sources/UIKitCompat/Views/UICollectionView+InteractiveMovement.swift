// Moving an item as the user drags it: UIKit's interactive-movement methods, which a view
// controller calls from a gesture recognizer, and which a test calls directly.

extension UICollectionView {
  /// Starts moving the item at `indexPath`, if the data source allows it
  /// (`collectionView(_:canMoveItemAt:)`).
  ///
  /// - Returns: Whether the movement started.
  @discardableResult
  public func beginInteractiveMovementForItem(at indexPath: IndexPath) -> Bool {
    items.loadIfNeeded()
    guard interactiveMovement == nil, items.contains(ItemPath(indexPath)),
      dataSource?.collectionView(self, canMoveItemAt: indexPath) == true
    else { return false }
    interactiveMovement = (indexPath, indexPath)
    return true
  }

  /// Moves the target of the movement to the item under `targetPosition` (in content
  /// coordinates); a point over no item leaves the target where it was.
  public func updateInteractiveMovementTargetPosition(_ targetPosition: CGPoint) {
    guard interactiveMovement != nil, let target = indexPathForItem(at: targetPosition) else {
      return
    }
    interactiveMovement?.target = target
  }

  /// Drops the item at the target: the view moves it there, then tells the data source
  /// (`collectionView(_:moveItemAt:to:)`).
  public func endInteractiveMovement() {
    guard let movement = interactiveMovement else { return }
    interactiveMovement = nil
    guard movement.source != movement.target else { return }
    items.performUserMove(from: ItemPath(movement.source), to: ItemPath(movement.target)) {
      dataSource?.collectionView(self, moveItemAt: movement.source, to: movement.target)
    }
  }

  /// Puts the item back where it was.
  public func cancelInteractiveMovement() {
    interactiveMovement = nil
  }
}
