import FileKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a ``CollectionStore`` operation failed.
public enum CollectionStoreError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A system call failed: the step, the file and `errno`.
  case file(operation: String, path: String, code: Int32)
  /// Another process held the lock for the whole timeout.
  case lockTimeout(path: String)
  /// The file is not a collection of this kind, or is damaged.
  case corruptFile(reason: String)
  /// The file was written by a newer version of the program.
  case newerVersion(found: Int, supported: Int)
  /// The file is another kind of collection (`found`); it is never moved aside.
  case wrongKind(found: String, expected: String)
  /// No section has this identifier.
  case noSuchSection(Int)
  /// A change would put more items in a section than it holds.
  case sectionFull(name: String, capacity: Int)
  /// There is no change to undo or redo.
  case nothingTo(String)
  /// The sections a history entry restores changed since outside the history.
  case historyConflict(label: String)
  /// A change the caller refused, with the caller's message.
  case invalidChange(String)

  /// Whether the file is fine but not for this program (newer, or another kind): such a
  /// file is refused, never moved aside as damaged.
  var isRefusal: Bool {
    switch self {
    case .newerVersion, .wrongKind: true
    default: false
    }
  }

  init(_ error: FileError) {
    if error.operation == .lock && error.code == ETIMEDOUT {
      self = .lockTimeout(path: error.path)
    } else {
      self = .file(operation: error.operation.description, path: error.path, code: error.code)
    }
  }

  public var description: String {
    switch self {
    case .file(let operation, let path, let code):
      "cannot \(operation) '\(path)': \(systemMessage(for: code)) (errno \(code))"
    case .lockTimeout(let path):
      "another process kept '\(path)' locked; try again"
    case .corruptFile(let reason):
      "the file is damaged: \(reason)"
    case .wrongKind(let found, let expected):
      "the file holds '\(found)', not '\(expected)'; point to another file"
    case .newerVersion(let found, let supported):
      "the file has version \(found), newer than this program's \(supported); upgrade pokedex"
    case .noSuchSection(let id):
      "no section \(id)"
    case .sectionFull(let name, let capacity):
      "'\(name)' is full (at most \(capacity))"
    case .nothingTo(let action):
      "nothing to \(action)"
    case .historyConflict(let label):
      "cannot reverse '\(label)': what it changed was changed again since"
    case .invalidChange(let message):
      message
    }
  }
}
