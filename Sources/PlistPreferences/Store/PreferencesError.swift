#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Everything that can go wrong while locating or changing preferences.
///
/// Every mutation of a ``PreferencesStore`` throws this type and nothing else;
/// reads never throw. Messages are lower-case, say where (a path or a key) and
/// what to do.
///
/// ```swift
/// do {
///   try store.set(3, for: .columns)
/// } catch {
///   print("error: \(error)")  // error: cannot fsync '/home/me/.config/app/.prefs.plist.tmp-…': …
/// }
/// ```
public enum PreferencesError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A system call failed; `operation` is its name (`open`, `fsync`, `rename`, …),
  /// `path` the file it was applied to and `code` the `errno` it set.
  case systemCall(operation: String, path: String, code: Int32)
  /// Another process held the lock file longer than the store's lock timeout.
  case lockTimeout(path: String, milliseconds: Int)
  /// The file was written by a newer program (`found` > `supported`) and is read-only here.
  case newerSchema(path: String, found: Int, supported: Int)
  /// An application, suite or file name is not a single path component.
  case invalidName(String, reason: String)
  /// A location variable holds a relative path where an absolute one is required.
  case relativePath(variable: String, value: String)
  /// No location variable is set and the home directory is unknown.
  case noHomeDirectory
  /// A key is empty, reserved or holds forbidden characters.
  case invalidKey(String, reason: String)
  /// A value cannot be stored: a forbidden character, a non-finite real in JSON,
  /// or an `Encodable` value that does not encode to a property list.
  case unencodableValue(key: String, reason: String)
  /// A raw value does not decode as the key's type, or its text does not parse.
  case typeMismatch(key: String, expected: String, reason: String)
  /// A key's validator refused a value.
  case invalidValue(key: String, reason: String)
  /// A migration to `version` threw.
  case migrationFailed(version: Int, reason: String)
  /// Serialized bytes did not read back as the document that was serialized.
  case verificationFailed(path: String, reason: String)
  /// Imported bytes are not a property list or JSON document with a dictionary root.
  case invalidDocument(source: String, reason: String)

  /// The `errno` of a failed system call, for mapping to exit codes.
  ///
  /// ```swift
  /// if error.code == ENOSPC { exit(74) }
  /// ```
  public var code: Int32? {
    if case .systemCall(_, _, let code) = self { return code }
    return nil
  }

  public var description: String {
    switch self {
    case .systemCall(let operation, let path, let code):
      return
        "cannot \(operation) '\(path)': \(Self.systemMessage(code)) (errno \(code))\(Self.hint(code))"
    case .lockTimeout(let path, let milliseconds):
      return "timed out after \(milliseconds) ms waiting for the lock '\(path)'; "
        + "another process is changing the preferences, retry"
    case .newerSchema(let path, let found, let supported):
      return "'\(path)' has schema version \(found) but this program supports up to \(supported); "
        + "the file is read-only here, upgrade the program to change it"
    case .invalidName(let name, let reason):
      return "invalid name '\(name)': \(reason)"
    case .relativePath(let variable, let value):
      return "\(variable) must be an absolute path, got '\(value)'"
    case .noHomeDirectory:
      return "cannot find the preferences directory: HOME is not set and the user has no home "
        + "directory; set HOME or XDG_CONFIG_HOME"
    case .invalidKey(let key, let reason):
      return "invalid key '\(key.debugDescriptionBody)': \(reason)"
    case .unencodableValue(let key, let reason):
      return "cannot store the value of '\(key)': \(reason)"
    case .typeMismatch(let key, let expected, let reason):
      return "the value of '\(key)' must be \(expected): \(reason)"
    case .invalidValue(let key, let reason):
      return "invalid value for '\(key)': \(reason)"
    case .migrationFailed(let version, let reason):
      return
        "the migration to schema version \(version) failed: \(reason); the file was not changed"
    case .verificationFailed(let path, let reason):
      return "refusing to write '\(path)': the serialized document does not read back (\(reason))"
    case .invalidDocument(let source, let reason):
      return "cannot import '\(source)': \(reason)"
    }
  }

  static func systemMessage(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
  }

  private static func hint(_ code: Int32) -> String {
    switch code {
    case ENOSPC, EDQUOT: "; the previous file is intact, free some space and retry"
    case EROFS: "; the file system is read-only, the previous file is intact"
    case EACCES, EPERM:
      "; check the permissions of the file and its directory, the previous file is intact"
    case EIO: "; the device reported an input/output error, the previous file is intact"
    case ENXIO: "; it is a FIFO nobody reads, point the preferences at a regular file"
    default: ""
    }
  }
}
