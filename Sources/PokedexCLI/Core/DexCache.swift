import Foundation
import PokedexKit
import Synchronization

/// The data files decoded in this process, by ``FileStamp``.
///
/// It holds at most eight entries, so a list searched in order does, without hashing stamps.
final class DexCache: Sendable {
  static let shared = DexCache()
  private let entries = Mutex<[(stamp: FileStamp, file: any DexDataFile)]>([])

  func value(for stamp: FileStamp) -> (any DexDataFile)? {
    entries.withLock { entries in entries.first { $0.stamp == stamp }?.file }
  }

  func store(_ file: any DexDataFile, for stamp: FileStamp) {
    entries.withLock { entries in
      entries.removeAll { $0.stamp == stamp }
      if entries.count >= 8 { entries.removeAll() }
      entries.append((stamp, file))
    }
  }
}
