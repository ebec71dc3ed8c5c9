/// The encoding of a preferences file on disk.
///
/// Both are read automatically; ``xml`` is written unless a store is asked for
/// ``binary`` or the existing file is already binary.
///
/// ```swift
/// let store = PreferencesStore(path: "/tmp/prefs.plist", options: .init(format: .binary))
/// ```
public enum PreferencesFileFormat: String, Sendable, CaseIterable {
  /// An XML property list, human-editable, keys sorted.
  case xml
  /// A binary property list (`bplist00`).
  case binary
}

/// The encodings ``PreferencesStore/exportData(format:)`` can produce.
public enum PreferencesExportFormat: String, Sendable, CaseIterable {
  /// An XML property list with sorted keys.
  case xml
  /// A binary property list.
  case binary
  /// JSON with sorted keys; data becomes Base64 strings and dates ISO 8601 strings.
  case json
}

/// How ``PreferencesStore/importData(_:mode:)`` combines the imported keys with the stored ones.
public enum PreferencesImportMode: String, Sendable, CaseIterable {
  /// Imported keys overwrite stored keys of the same name; other stored keys stay.
  case merge
  /// The imported document replaces the stored one.
  case replace
}
