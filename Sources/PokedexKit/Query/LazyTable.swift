import Synchronization

/// A value built once, on first use, safely from any thread.
///
/// A class, so that copies of the value that holds it (a ``PokedexIndex``)
/// share one table and build it once; the `Mutex` makes it `Sendable` with the
/// compiler's check.
///
/// ```swift
/// let names = LazyTable<[String: Int]>()
/// names.table { ["pikachu": 25] }["pikachu"]  // 25, built now
/// names.table { [:] }["pikachu"]              // 25, the table built before
/// ```
package final class LazyTable<Table: Sendable>: Sendable {
  private let built = Mutex<Table?>(nil)

  /// An empty table, built on the first call to ``table(_:)``.
  package init() {}

  /// The table, built by `build` on the first call; later calls return it and ignore `build`.
  ///
  /// `build` runs with the lock held, so concurrent first calls build once.
  ///
  /// - Complexity: O(1) after the first call.
  package func table(_ build: () -> Table) -> Table {
    built.withLock { built in
      if let built { return built }
      let table = build()
      built = table
      return table
    }
  }
}
