import Foundation
import PokedexTestSupport
import Testing

@testable import CollectionStore

typealias Store = CollectionStore<EmptyInfo, String>
typealias Document = CollectionDocument<EmptyInfo, String>

/// A fixed moment, so that dates in tests are reproducible: `at(60)` is a minute later.
func at(_ seconds: Int) -> Date {
  Date(timeIntervalSince1970: 1_790_000_000 + Double(seconds))
}

/// A fresh collection file in a fresh directory.
struct Sandbox {
  let directory: TemporaryDirectory
  let path: String

  init(_ name: String = "list.jsonl") throws {
    directory = try TemporaryDirectory(prefix: "collection-test")
    path = directory.path(name)
  }

  func store(kind: String = "test", historyLimit: Int = 20) -> Store {
    Store(path: path, kind: kind, historyLimit: historyLimit, durable: false)
  }

  /// The file's bytes (empty when it is missing).
  func bytes(_ path: String? = nil) -> [UInt8] {
    FileManager.default.contents(atPath: path ?? self.path).map { [UInt8]($0) } ?? []
  }

  func write(_ bytes: [UInt8], to path: String? = nil) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path ?? self.path))
  }

  /// The names in the sandbox's directory, sorted.
  func names() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.url.path)) ?? []).sorted()
  }

  /// The quarantined copies of the file.
  func quarantined() -> [String] {
    names().filter { $0.hasPrefix("list.jsonl.corrupt-") }
  }

  /// The directory beside the file that holds its sections and history entries.
  var dataDirectory: CollectionDataDirectory { CollectionDataDirectory(manifest: path) }

  /// The names in the data directory but its sweep mark, sorted.
  func storedNames() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: dataDirectory.path)) ?? [])
      .filter { $0 != CollectionDataDirectory.sweepMark }.sorted()
  }

  /// Makes every file of the data directory, and the sweep mark, older than the grace
  /// period: the next commit sweeps, and may remove any file no manifest names.
  func ageStoredFiles() throws {
    let old = Date().addingTimeInterval(-10 * Double(CollectionDataDirectory.gracePeriod))
    for name in storedNames() + [CollectionDataDirectory.sweepMark] {
      try FileManager.default.setAttributes(
        [.modificationDate: old],
        ofItemAtPath: dataDirectory.path(of: name)
      )
    }
  }

  /// The file as a commit parses it.
  func contents(kind: String = "test") throws -> CollectionFileFormat.Contents<EmptyInfo, String> {
    try CollectionFileFormat.parse(
      bytes(),
      kind: kind,
      files: CollectionFiles(directory: dataDirectory)
    )
  }

  /// Writes `contents` as a commit would, without the lock, the backup or the sweep.
  func write(_ contents: CollectionFileFormat.Contents<EmptyInfo, String>, singleFile: Bool = false)
    throws
  {
    let serialized = try CollectionFileFormat.serialize(
      contents,
      kind: "test",
      singleFile: singleFile
    )
    try dataDirectory.write(serialized.files, durable: false)
    try write(serialized.bytes)
  }
}

/// Everything a document shows, comparable: its sections in order with their items.
struct Shape<Info: Codable & Hashable & Sendable, Value: Codable & Hashable & Sendable>: Equatable {
  var sections: [CollectionSection<Info>]
  var items: [[CollectionItem<Value>]]

  init(_ document: CollectionDocument<Info, Value>) throws {
    sections = document.sections
    items = try document.sections.map { try document.items(in: $0.id) }
  }
}

/// A document as names and values only: what the property test's model holds.
struct Named: Equatable, CustomStringConvertible {
  var name: String
  var values: [String]

  var description: String { "\(name)\(values)" }

  static func of(_ document: Document) throws -> [Named] {
    try document.sections.map {
      Named(name: $0.name, values: try document.items(in: $0.id).map(\.value))
    }
  }
}

extension CollectionDocument {
  /// The identifier of the section named `name` (a test's setup made it).
  func id(of name: String) throws(CollectionStoreError) -> Int {
    guard let section = sections.first(where: { $0.name == name }) else {
      throw .invalidChange("no section '\(name)'")
    }
    return section.id
  }

  /// The values of the section named `name`.
  func values(of name: String) throws(CollectionStoreError) -> [Value] {
    try items(in: id(of: name)).map(\.value)
  }
}

extension Store {
  /// Appends sections named as given, with their values, in one change made at `date`.
  @discardableResult
  func add(_ sections: KeyValuePairs<String, [String]>, date: Date = at(0)) throws -> Commit<Void> {
    try perform("add \(sections.map(\.key))", date: date) {
      (document) throws(CollectionStoreError) in
      for (name, values) in sections {
        let section = document.appendSection(named: name, info: EmptyInfo(), date: date)
        try document.append(values, to: section.id, date: date)
      }
    }
  }

  /// The committed document's names and values.
  func named() throws -> [Named] { try Named.of(read().document) }
}

/// The `collection-stress` helper executable, built by `swift build`/`swift test` into the
/// same products directory as the test bundle.
enum StressHelper {
  static let name = "collection-stress"

  /// Where it was found, or the places searched.
  static let location: Result<URL, LookupFailure> = find()

  struct LookupFailure: Error, CustomStringConvertible {
    var searched: [String]
    var description: String {
      "cannot find the \(name) helper; build it with 'swift build --product \(name)' "
        + "or set COLLECTION_STRESS_PATH (searched: \(searched.joined(separator: ", ")))"
    }
  }

  /// `COLLECTION_STRESS_PATH`, else the products directory of this build.
  private static func find() -> Result<URL, LookupFailure> {
    if let explicit = ProcessInfo.processInfo.environment["COLLECTION_STRESS_PATH"],
      !explicit.isEmpty
    {
      guard FileManager.default.isExecutableFile(atPath: explicit) else {
        return .failure(LookupFailure(searched: [explicit]))
      }
      return .success(URL(fileURLWithPath: explicit))
    }
    guard let path = builtProductPath(name) else {
      return .failure(LookupFailure(searched: ["the test bundle's directory and its parents"]))
    }
    return .success(URL(fileURLWithPath: path))
  }

  /// Starts the helper with `arguments`, capturing its standard output.
  static func start(_ arguments: [String]) throws -> (Process, Pipe) {
    let process = Process()
    process.executableURL = try location.get()
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    return (process, output)
  }

  /// Runs the helper to completion.
  static func run(_ arguments: [String]) throws -> ProcessResult {
    try runProcess(try location.get().path, arguments)
  }
}
