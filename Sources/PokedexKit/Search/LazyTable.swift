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

/// Values built once per key, on first use, safely from any thread: a ``LazyTable`` for
/// each key, keeping at most `limit` tables (the oldest built is let go first).
///
/// ```swift
/// let lengths = LazyTables<String, Int>(limit: 2)
/// lengths.table(for: "pikachu") { 7 }   // 7, built now
/// lengths.table(for: "pikachu") { 0 }   // 7, the table built before
/// ```
package final class LazyTables<Key: Hashable & Sendable, Table: Sendable>: Sendable {
  private struct Built: ~Copyable {
    var tables: [Key: Table] = [:]
    /// The keys of `tables`, oldest first.
    var order: [Key] = []
  }

  private let built = Mutex(Built())
  /// The most tables kept.
  package let limit: Int

  /// No tables, each built on the first call to ``table(for:_:)`` with its key; at most
  /// `limit` (at least 1) are kept.
  package init(limit: Int) {
    self.limit = max(1, limit)
  }

  /// The table of `key`, built by `build` on the first call with `key` (or the first
  /// after it was let go); later calls return it and ignore `build`.
  ///
  /// `build` runs with the lock held, so concurrent first calls build once.
  ///
  /// - Complexity: O(1) expected after the first call with `key`, O(`limit`) when a table
  ///   is built.
  package func table(for key: Key, _ build: () -> Table) -> Table {
    built.withLock { built in
      if let table = built.tables[key] { return table }
      let table = build()
      if built.order.count >= limit {
        built.tables[built.order.removeFirst()] = nil
      }
      built.tables[key] = table
      built.order.append(key)
      return table
    }
  }

  /// The number of tables kept.
  package var count: Int { built.withLock { $0.tables.count } }
}
