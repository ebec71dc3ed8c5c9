import JSONCore

/// A value that the dex's schema can read from JSON, write as JSON and compare field by
/// field: every type a model's field can have.
///
/// Models conform through ``SchemaModel``; scalars, optionals, arrays and the name and number
/// tables conform in `Schema+Values.swift`.
protocol SchemaValue: Equatable, SendableMetatype {
  /// Reads a value from the next JSON value.
  static func read(from reader: inout DexReader) throws(DexReader.Failure) -> Self

  /// Whether the value is absent from the JSON object (a `nil` optional).
  var isAbsent: Bool { get }

  /// 0 for a scalar, 1 plus the deepest child's for a container: a value of at most 2 is
  /// written on one line (the rule ``PokedexEncoder`` follows).
  var jsonHeight: Int { get }

  /// Writes the value; `indent` is the indentation of the line it starts on, or `nil` to
  /// write it all on one line.
  func write(to output: inout JSONOutput, indent: Int?)

  /// Records how the value at `path` changed from `old` to `new`.
  static func compare(_ path: String, _ old: Self, _ new: Self, into changes: inout FieldRecorder)
}

extension SchemaValue {
  var isAbsent: Bool { false }
  var jsonHeight: Int { 0 }
}

/// One field of a model: its JSON key, and how to read, write and compare it.
struct SchemaField<Model>: Sendable {
  /// The member's key in the JSON object.
  let key: String
  /// Whether the member may be missing (an optional).
  let isOptional: Bool
  /// The property, to tell which field a table is keyed by.
  let keyPath: PartialKeyPath<Model> & Sendable
  let read: @Sendable (inout DexReader, inout Model) throws(DexReader.Failure) -> Void
  let value: @Sendable (Model) -> any SchemaValue
  private(set) var compare: @Sendable (String, Model, Model, inout FieldRecorder) -> Void

  /// The field `key` stored at `keyPath`.
  init<Value: SchemaValue>(_ key: String, _ keyPath: WritableKeyPath<Model, Value> & Sendable) {
    self.key = key
    self.keyPath = keyPath
    isOptional = Value.self is any OptionalSchemaValue.Type
    read = { reader, model throws(DexReader.Failure) in
      model[keyPath: keyPath] = try Value.read(from: &reader)
    }
    value = { $0[keyPath: keyPath] }
    compare = { path, old, new, changes in
      Value.compare(path, old[keyPath: keyPath], new[keyPath: keyPath], into: &changes)
    }
  }
}

extension SchemaField {
  /// A table of entries `keyPath`, each named by its `entryKey`: a change lists the
  /// entries added and removed by name, and the other fields of the entries kept
  /// (`types.fire.names.fr: "Feu" -> "Fuego"`).
  init<Entry: SchemaModel, EntryKey: CustomStringConvertible>(
    _ key: String,
    _ keyPath: WritableKeyPath<Model, [Entry]> & Sendable,
    table entryKey: KeyPath<Entry, EntryKey> & Sendable
  ) {
    self.init(key, keyPath)
    compare = { path, old, new, changes in
      changes.compareTable(
        path,
        old[keyPath: keyPath],
        new[keyPath: keyPath],
        key: { $0[keyPath: entryKey].description }
      ) { changes, path, before, after in
        for field in Entry.schema.fields where field.keyPath != entryKey as AnyKeyPath {
          field.compare("\(path).\(field.key)", before, after, &changes)
        }
      }
    }
  }
}

/// Marks optionals, whose members may be missing.
protocol OptionalSchemaValue {}
extension Optional: OptionalSchemaValue {}

/// A model's fields, in the order they are written: the one place their JSON keys are named.
struct Schema<Model>: Sendable {
  let fields: [SchemaField<Model>]
  /// The keys, for matching members read.
  let keys: JSONKeyTable
  /// A bit per field that must be present.
  let required: UInt64

  init(_ fields: [SchemaField<Model>]) {
    assert(fields.count <= 64, "a schema of more than 64 fields needs a wider mask")
    self.fields = fields
    keys = JSONKeyTable(fields.map(\.key))
    var required: UInt64 = 0
    for (index, field) in fields.enumerated() where !field.isOptional { required |= 1 << index }
    self.required = required
  }
}

/// A model read, written and compared through its ``Schema``.
protocol SchemaModel: SchemaValue, Sendable {
  /// The fields, in written order.
  static var schema: Schema<Self> { get }
  /// The value fields are read into; every required field is then overwritten.
  static var placeholder: Self { get }
  /// How the model reads in a list of changes (`overgrow (slot 1)`), or when it appears or
  /// disappears as a whole.
  var changeDescription: String { get }
}

extension SchemaModel {
  static func read(from reader: inout DexReader) throws(DexReader.Failure) -> Self {
    var model = placeholder
    let fields = schema.fields
    try reader.readObject(schema.keys, required: schema.required) {
      reader,
      index throws(DexReader.Failure) in
      try fields[index].read(&reader, &model)
    }
    return model
  }

  var jsonHeight: Int {
    1
      + Self.schema.fields.reduce(0) { height, field in
        let value = field.value(self)
        return value.isAbsent ? height : max(height, value.jsonHeight)
      }
  }

  func write(to output: inout JSONOutput, indent: Int?) {
    let inline = indent == nil || jsonHeight <= 2
    output.append(UInt8(ascii: "{"))
    var first = true
    for field in Self.schema.fields {
      let value = field.value(self)
      guard !value.isAbsent else { continue }
      if !first { output.append(inline ? ", " : ",") }
      first = false
      if let indent, !inline { output.newline(indent: indent + 2) }
      output.string(field.key)
      output.append(": ")
      value.write(to: &output, indent: inline ? nil : indent.map { $0 + 2 })
    }
    if let indent, !inline, !first { output.newline(indent: indent) }
    output.append(UInt8(ascii: "}"))
  }

  static func compare(_ path: String, _ old: Self, _ new: Self, into changes: inout FieldRecorder) {
    guard old != new else { return }
    let prefix = path.isEmpty ? "" : path + "."
    for field in schema.fields {
      field.compare(prefix + field.key, old, new, &changes)
    }
  }

  var changeDescription: String { "" }
}
