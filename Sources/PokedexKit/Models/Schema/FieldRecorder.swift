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
