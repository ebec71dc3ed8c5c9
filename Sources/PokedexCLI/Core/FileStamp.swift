import Foundation
import PokedexKit
import Synchronization

/// What identifies a file's contents cheaply: its path, size and modification time.
struct FileStamp: Equatable {
  var path: String
  var size: Int
  var modifiedSeconds: Int
  var modifiedNanoseconds: Int

  /// The stamp of the file at `path` (symbolic links followed), or `nil` when it cannot be read.
  init?(path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    self.path = path
    size = Int(info.st_size)
    #if canImport(Darwin)
      modifiedSeconds = Int(info.st_mtimespec.tv_sec)
      modifiedNanoseconds = Int(info.st_mtimespec.tv_nsec)
    #else
      modifiedSeconds = Int(info.st_mtim.tv_sec)
      modifiedNanoseconds = Int(info.st_mtim.tv_nsec)
    #endif
  }
}
