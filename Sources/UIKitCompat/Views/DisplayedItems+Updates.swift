// The update methods UICollectionView and UITableView share: loading, reloading, batches,
// single changes, updates from a diffable data source, and the user's moves.

extension DisplayedItems {
  /// Reads the counts from the data source if the view has not yet.
  func loadIfNeeded() {
    if !isLoaded { load(dataSourceCounts()) }
  }

  /// The number of items of `section` the view knows; 0 for a section that does not exist.
  func numberOfItems(inSection section: Int) -> Int {
    loadIfNeeded()
    let counts = counts
    return counts.indices.contains(section) ? counts[section] : 0
  }

  /// Drops what is shown, for a new data source: counts and cells are asked for again at
  /// the next layout (not recorded as a reload).
  func dataSourceDidChange() {
    unload()
    didChange()
  }

  /// Drops what is shown; counts and cells are asked for again at the next layout.
  func reloadData() {
    unload()
    recordedUpdates.append(.reloadData)
    didChange()
  }

  /// Runs `updates`, collecting the changes it makes into one batch, and applies it. As in
  /// UIKit, the counts are read from the data source first if they have not been.
  func performBatchUpdates(_ updates: (() -> Void)?, animated: Bool) {
    loadIfNeeded()
    guard pendingBatch == nil else {
      // Nested inside another batch: part of it.
      updates?()
      return
    }
    pendingBatch = BatchUpdate()
    updates?()
    let batch = pendingBatch ?? BatchUpdate()
    pendingBatch = nil
    commit(batch, animated: animated)
  }

  /// Adds a change to the batch being collected, or applies it as a batch of its own.
  func change(animated: Bool, _ edit: (inout BatchUpdate) -> Void) {
    if var batch = pendingBatch {
      pendingBatch = nil  // one reference, so that the edit does not copy
      edit(&batch)
      pendingBatch = batch
    } else {
      loadIfNeeded()
      var batch = BatchUpdate()
      edit(&batch)
      commit(batch, animated: animated)
    }
  }

  /// Applies a batch a diffable data source sends. A view that has not loaded yet just
  /// loads the new contents, as UIKit's diffable data sources reload a view not yet shown.
  func applyFromDataSource(_ batch: BatchUpdate, animated: Bool) {
    if isLoaded {
      commit(batch, animated: animated)
    } else {
      reloadData()
    }
  }

  /// Applies `batch`; when the data source's counts contradict it, reports UIKit's message
  /// (UIKit raises) and loads the data source's contents instead.
  func commit(_ batch: BatchUpdate, animated: Bool) {
    let newCounts = dataSourceCounts()
    // During the user's move, the data source answers from what it knew before the move.
    let base = shownBeforeUserMove
    if let base {
      state = base
      shownBeforeUserMove = nil
    }
    if let problem = apply(batch, newCounts: newCounts) {
      UIKitCompatFailure.report(
        UIKitCompatFailure(
          api: "\(naming.type).performBatchUpdates(_:completion:)",
          message: problem.message
        )
      )
      load(newCounts)
      recordedUpdates.append(.reloadData)
    } else if base == nil && batch.isEmpty {
      return
    } else {
      recordedUpdates.append(.batch(batch, animated: animated))
    }
    didChange()
  }

  /// Moves the item at `source` to `destination` as the user drops it, then runs `notify`
  /// (the data source's move method). An update the data source applies meanwhile is
  /// checked against what was shown before the move, as the data source knew it, and
  /// replaces the move.
  ///
  /// - Returns: Whether both positions exist (nothing happens otherwise).
  @discardableResult
  func performUserMove(from source: ItemPath, to destination: ItemPath, notify: () -> Void)
    -> Bool
  {
    loadIfNeeded()
    let before = state
    guard moveItem(from: source, to: destination) else { return false }
    shownBeforeUserMove = before
    notify()
    shownBeforeUserMove = nil
    didChange()
    return true
  }
}
