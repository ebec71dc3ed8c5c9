import Foundation

/// A temporary directory for one test, removed by ``remove()``.
///
/// ```swift
/// let dir = try TemporaryDirectory()
/// defer { dir.remove() }
/// let file = dir.url.appendingPathComponent("prefs.plist")
/// ```
public struct TemporaryDirectory: Sendable {
  /// The directory's location.
  public let url: URL

  /// Creates a fresh, empty directory under the system's temporary directory.
  public init(prefix: String = "pokedex-test") throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// The path of `name` inside the directory.
  public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  /// Deletes the directory and everything in it.
  public func remove() { try? FileManager.default.removeItem(at: url) }
}

/// The package's root directory, found from a test file's `#filePath`.
public func packageRoot(filePath: String = #filePath) -> URL {
  var url = URL(fileURLWithPath: filePath).deletingLastPathComponent()
  while url.path != "/" {
    if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
      return url
    }
    url.deleteLastPathComponent()
  }
  return url
}
