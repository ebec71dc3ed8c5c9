import PokedexKit
import Synchronization
import Testing

/// `LazyTable`: the name table of `PokedexIndex` is built once, on first use.
@Suite struct LazyTableTests {
  /// Concurrent first callers build the table once and all see it.
  @Test func buildsOnceUnderConcurrentFirstCalls() async {
    let table = LazyTable<[Int]>()
    let builds = Mutex(0)
    let results = await withTaskGroup(of: [Int].self) { group in
      for _ in 0..<8 {
        group.addTask {
          table.table {
            builds.withLock { $0 += 1 }
            return Array(0..<100)
          }
        }
      }
      return await group.reduce(into: [[Int]]()) { $0.append($1) }
    }
    #expect(builds.withLock { $0 } == 1)
    #expect(results.allSatisfy { $0 == Array(0..<100) })
  }
}
