/// The value of one field of a model, as ``DexComparison`` reports it.
///
/// ```swift
/// FieldValue.integer(35).description              // "35"
/// FieldValue.string("Pikachu").description        // "\"Pikachu\""
/// FieldValue.list(["fire", "flying"]).description // "[fire, flying]"
/// FieldValue.absent.description                   // "none"
/// ```
public enum FieldValue: Hashable, Sendable, CustomStringConvertible {
  /// The field is missing: an optional that is `nil`, a name in a language
  /// the other side lacks, a table entry that does not exist.
  case absent
  /// A flag.
  case bool(Bool)
  /// A whole number.
  case integer(Int)
  /// A measurement (height in metres, weight in kilograms).
  case number(Double)
  /// Text: a name, an identifier.
  case string(String)
  /// An ordered list of identifiers or short phrases: types, egg groups,
  /// abilities (`"levitate (hidden)"`), evolution steps.
  case list([String])

  /// The value as it reads in a diff: numbers plainly, strings quoted, lists
  /// in brackets, `none` for an absent value.
  public var description: String {
    switch self {
    case .absent: "none"
    case .bool(let value): value ? "true" : "false"
    case .integer(let value): String(value)
    case .number(let value): Self.format(value)
    case .string(let value): "\"\(value)\""
    case .list(let values): "[\(values.joined(separator: ", "))]"
    }
  }

  /// `0.7`, `1000` (a whole number without `.0`), as the data file writes it.
  static func format(_ value: Double) -> String {
    if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
      return String(Int(value))
    }
    return String(value)
  }
}

/// One field that differs between two versions of a model: its path and
/// both values.
///
/// Paths use the data file's key names with `.` between levels; a
/// dictionary's key is a path component (`names.fr`, `dexNumbers.kanto`),
/// and table entries are named by their identifier (`types.fire.names.de`).
///
/// ```swift
/// change.description  // "stats.hp: 35 -> 40"
/// ```
public struct FieldChange: Hashable, Sendable, CustomStringConvertible {
  /// Where the field is: `stats.hp`, `names.fr`, `types`.
  public var path: String
  /// The value in the old version.
  public var old: FieldValue
  /// The value in the new version.
  public var new: FieldValue

  /// Creates a change.
  public init(path: String, old: FieldValue, new: FieldValue) {
    self.path = path
    self.old = old
    self.new = new
  }

  /// `path: old -> new`.
  public var description: String { "\(path): \(old) -> \(new)" }
}

/// Collects the fields that differ, in the order they are compared.
struct FieldRecorder {
  var changes: [FieldChange] = []

  mutating func record(_ path: String, _ old: FieldValue, _ new: FieldValue) {
    if old != new { changes.append(FieldChange(path: path, old: old, new: new)) }
  }

  mutating func compare(_ path: String, _ old: Int, _ new: Int) {
    if old != new { record(path, .integer(old), .integer(new)) }
  }

  mutating func compare(_ path: String, _ old: Int?, _ new: Int?) {
    if old != new {
      record(path, old.map(FieldValue.integer) ?? .absent, new.map(FieldValue.integer) ?? .absent)
    }
  }

  mutating func compare(_ path: String, _ old: Double, _ new: Double) {
    if old != new { record(path, .number(old), .number(new)) }
  }

  mutating func compare(_ path: String, _ old: Bool, _ new: Bool) {
    if old != new { record(path, .bool(old), .bool(new)) }
  }

  mutating func compare(_ path: String, _ old: String, _ new: String) {
    if old != new { record(path, .string(old), .string(new)) }
  }

  mutating func compare(_ path: String, _ old: String?, _ new: String?) {
    if old != new {
      record(path, old.map(FieldValue.string) ?? .absent, new.map(FieldValue.string) ?? .absent)
    }
  }

  mutating func compare(_ path: String, _ old: [String], _ new: [String]) {
    if old != new { record(path, .list(old), .list(new)) }
  }

  /// Compares two dictionaries key by key, in sorted key order.
  mutating func compare<Value: Equatable>(
    _ path: String,
    _ old: [String: Value],
    _ new: [String: Value],
    value: (Value) -> FieldValue
  ) {
    guard old != new else { return }
    for key in Set(old.keys).union(new.keys).sorted() where old[key] != new[key] {
      record("\(path).\(key)", old[key].map(value) ?? .absent, new[key].map(value) ?? .absent)
    }
  }

  /// Compares names language by language, in sorted language order.
  mutating func compare(_ path: String, _ old: LocalizedNames, _ new: LocalizedNames) {
    guard old != new else { return }
    for language in Set(old.keys).union(new.keys).sorted() where old[language] != new[language] {
      record(
        "\(path).\(language)",
        old[language].map(FieldValue.string) ?? .absent,
        new[language].map(FieldValue.string) ?? .absent
      )
    }
  }

  /// Compares two tables whose entries are named by `key`: entries only on
  /// one side are reported as `path.key: none -> "key"` (or back), common
  /// ones field by field with `fields`.
  mutating func compareTable<Entry: Equatable>(
    _ path: String,
    _ old: [Entry],
    _ new: [Entry],
    key: (Entry) -> String,
    fields: (inout FieldRecorder, String, Entry, Entry) -> Void
  ) {
    guard old != new else { return }
    var oldByKey: [String: Entry] = [:]
    for entry in old { oldByKey[key(entry)] = entry }
    var newByKey: [String: Entry] = [:]
    for entry in new { newByKey[key(entry)] = entry }
    var keys: [String] = []
    var seen = Set<String>()
    for name in old.map(key) + new.map(key) where seen.insert(name).inserted { keys.append(name) }
    for name in keys {
      switch (oldByKey[name], newByKey[name]) {
      case (let before?, let after?):
        if before != after { fields(&self, "\(path).\(name)", before, after) }
      case (nil, _?): record("\(path).\(name)", .absent, .string(name))
      case (_?, nil): record("\(path).\(name)", .string(name), .absent)
      case (nil, nil): break
      }
    }
  }
}
