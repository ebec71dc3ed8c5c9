import PokedexKit
import Synchronization
import Testing

/// `LazyTable`: the name table of `PokedexIndex` is built once, on first use.
@Suite struct LazyTableTests {
  /// Concurrent first callers build the table once and all see it.
  @Test func buildsOnceUnderConcurrentFirstCalls() async {
    let table = LazyTable<[Int]>()
    let builds = BuildCount()
    let results = await withTaskGroup(of: [Int].self) { group in
      for _ in 0..<8 {
        group.addTask {
          table.table {
            builds.increment()
            return Array(0..<100)
          }
        }
      }
      return await group.reduce(into: [[Int]]()) { $0.append($1) }
    }
    #expect(builds.value == 1)
    #expect(results.allSatisfy { $0 == Array(0..<100) })
  }
}

/// How many times a table was built, counted from any task.
private final class BuildCount: Sendable {
  private let count = Mutex(0)
  var value: Int { count.withLock { $0 } }
  func increment() { count.withLock { $0 += 1 } }
}
