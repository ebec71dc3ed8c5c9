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
  /// written on one line (the rule ``PokedexEncoder`` follows). Only whether it is over 2
  /// matters, so containers stop counting at 3.
  var jsonHeight: Int { get }

  /// Writes the value; `indent` is the indentation of the line it starts on, or `nil` to
  /// write it all on one line.
  func write(to output: inout JSONOutput, indent: Int?)

  /// Records how the value at `path` changed from `old` to `new`.
  static func compare(_ path: String, _ old: Self, _ new: Self, into changes: inout FieldRecorder)

  /// Whether a member of this type may be missing from its object (optionals).
  static var mayBeAbsent: Bool { get }

  /// The values a field of this type may hold: `ClosedRange<Int>` for integers (and
  /// optionals, lists and tables of them), `ClosedRange<Double>` for numbers, `Never` for
  /// types without numbers of their own.
  associatedtype Bounds: Sendable = Never

  /// Whether a field of this type holds numbers, so the schema must give its ``Bounds``.
  static var needsBounds: Bool { get }

  /// Whether values of this type have fields with bounds of their own (models).
  static var hasBoundedFields: Bool { get }

  /// Whether every number in the value is within `bounds` (`nil`: no bounds given) and every
  /// field with bounds of its own within those: the fast check run on every load.
  func isWithin(_ bounds: Bounds?) -> Bool

  /// The first number in the value outside `bounds` (`nil`: no bounds given), or in a
  /// field with bounds of its own, with its path below the value; `nil` when all are in range.
  /// The slow twin of ``isWithin(_:)``, run only to explain a failure.
  func boundsViolation(_ bounds: Bounds?) -> BoundsViolation?
}

extension SchemaValue {
  var isAbsent: Bool { false }
  static var mayBeAbsent: Bool { false }
  var jsonHeight: Int { 0 }
  static var needsBounds: Bool { false }
  static var hasBoundedFields: Bool { false }
}

extension SchemaValue where Bounds == Never {
  func isWithin(_ bounds: Never?) -> Bool { true }
  func boundsViolation(_ bounds: Never?) -> BoundsViolation? { nil }
}

extension SchemaValue {
  /// ``isWithin(_:)`` and ``boundsViolation(_:)`` of a value whose bounds apply to each of
  /// its `numbers`, found by `key` (tables keyed by identifier).
  func firstViolation<Key>(
    of numbers: some Sequence<(Key, Int)>,
    in bounds: ClosedRange<Int>?,
    at component: (Key) -> JSONPathComponent
  ) -> BoundsViolation? {
    guard let bounds else { return nil }
    for (key, number) in numbers where !bounds.contains(number) {
      return number.boundsViolation(bounds)?.inside(component(key))
    }
    return nil
  }
}

/// A number in the dex outside its field's bounds: where it is, and what was expected.
package struct BoundsViolation: Error, Hashable, Sendable {
  /// Where the number is, below the value checked (the outermost component first).
  package var path: [JSONPathComponent] = []
  /// The number, as Swift prints it.
  package var found: String
  /// What the field holds: `an integer in 0...255`.
  package var expected: String

  /// The violation as seen from the value holding this one at `component`.
  func inside(_ component: JSONPathComponent) -> BoundsViolation {
    var outer = self
    outer.path.insert(component, at: 0)
    return outer
  }
}

/// One field of a model: its JSON key, and how to read, write and compare it.
struct SchemaField<Model>: Sendable {
  /// The member's key in the JSON object.
  let key: String
  /// Whether the member may be missing (an optional, or a list that reads as empty when
  /// missing).
  private(set) var isOptional: Bool
  /// The property, to tell which field a table is keyed by.
  let keyPath: PartialKeyPath<Model> & Sendable
  var read: @Sendable (inout DexReader, inout Model) throws(DexReader.Failure) -> Void
  let isAbsent: @Sendable (Model) -> Bool
  let height: @Sendable (Model) -> Int
  let write: @Sendable (Model, inout JSONOutput, Int?) -> Void
  private(set) var compare: @Sendable (String, Model, Model, inout FieldRecorder) -> Void
  /// Whether the field's type holds numbers (so it must have bounds).
  let holdsNumbers: Bool
  /// Whether the field's numbers are in bounds, or `nil` for a field that holds no numbers.
  let isWithinBounds: (@Sendable (Model) -> Bool)?
  /// The field's first number out of bounds (`nil` for a field that holds no numbers).
  let check: (@Sendable (Model) -> BoundsViolation?)?

  /// The field `key` stored at `keyPath`, of a type that holds no numbers of its own (a
  /// model's own fields carry their bounds).
  init<Value: SchemaValue>(_ key: String, _ keyPath: WritableKeyPath<Model, Value> & Sendable) {
    assert(!Value.needsBounds, "the field '\(key)' holds numbers: give it bounds")
    self.init(key, keyPath, bounds: nil)
  }

  /// The field `key` stored at `keyPath`, whose numbers must lie in `bounds`: a number
  /// outside them is malformed data (see `Guides/DataFormat.md`, "Bounds").
  init<Value: SchemaValue>(
    _ key: String,
    _ keyPath: WritableKeyPath<Model, Value> & Sendable,
    in bounds: Value.Bounds
  ) {
    self.init(key, keyPath, bounds: bounds)
  }

  private init<Value: SchemaValue>(
    _ key: String,
    _ keyPath: WritableKeyPath<Model, Value> & Sendable,
    bounds: Value.Bounds?
  ) {
    self.key = key
    self.keyPath = keyPath
    isOptional = Value.mayBeAbsent
    holdsNumbers = Value.needsBounds
    if let bounds {
      // The fast path declines a number out of bounds, as it declines anything it does not
      // read; the full decoder then explains it (`PokedexLoader`).
      read = { reader, model throws(DexReader.Failure) in
        let start = reader.scanner.position
        let value = try Value.read(from: &reader)
        guard value.isWithin(bounds) else { throw DexReader.Failure(offset: start) }
        model[keyPath: keyPath] = value
      }
    } else {
      read = { reader, model throws(DexReader.Failure) in
        model[keyPath: keyPath] = try Value.read(from: &reader)
      }
    }
    isAbsent = { $0[keyPath: keyPath].isAbsent }
    height = { $0[keyPath: keyPath].jsonHeight }
    write = { model, output, indent in model[keyPath: keyPath].write(to: &output, indent: indent) }
    compare = { path, old, new, changes in
      Value.compare(path, old[keyPath: keyPath], new[keyPath: keyPath], into: &changes)
    }
    if bounds != nil || Value.hasBoundedFields {
      isWithinBounds = { (model: Model) -> Bool in model[keyPath: keyPath].isWithin(bounds) }
      check = { (model: Model) -> BoundsViolation? in
        model[keyPath: keyPath].boundsViolation(bounds)
      }
    } else {
      isWithinBounds = nil
      check = nil
    }
  }
}

extension SchemaField {
  /// A list added to the format after files were written without it (`aliases`,
  /// `olderEffects`): always written, and read as empty when missing, so an older file still
  /// loads. The model's placeholder must hold an empty list there, and its `Codable`
  /// decoding must read a missing key as empty too (`Move.init(from:)`).
  static func list<Element: SchemaValue>(
    _ key: String,
    _ keyPath: WritableKeyPath<Model, [Element]> & Sendable,
    missingMeansEmpty: Bool
  ) -> SchemaField {
    var field = SchemaField(key, keyPath)
    field.isOptional = missingMeansEmpty
    return field
  }

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

/// A model's fields, in the order they are written: the one place their JSON keys are named.
struct Schema<Model>: Sendable {
  let fields: [SchemaField<Model>]
  /// Each field's reader, by field index (apart, so reading a member retains one closure).
  let readers: [@Sendable (inout DexReader, inout Model) throws(DexReader.Failure) -> Void]
  /// The keys, for matching members read.
  let keys: JSONKeyTable
  /// A bit per field that must be present.
  let required: UInt64
  /// The fields that hold numbers: what ``SchemaModel/boundsViolation(_:)`` checks.
  let checked: [SchemaField<Model>]
  /// Their ``SchemaField/isWithinBounds`` tests, apart (so a check calls one closure).
  let boundsTests: [@Sendable (Model) -> Bool]

  init(_ fields: [SchemaField<Model>]) {
    assert(fields.count <= 64, "a schema of more than 64 fields needs a wider mask")
    self.fields = fields
    var checked: [SchemaField<Model>] = []
    var boundsTests: [@Sendable (Model) -> Bool] = []
    for field in fields {
      guard let test = field.isWithinBounds else { continue }
      checked.append(field)
      boundsTests.append(test)
    }
    self.checked = checked
    self.boundsTests = boundsTests
    readers = fields.map(\.read)
    keys = JSONKeyTable(fields.map(\.key))
    var required: UInt64 = 0
    for (index, field) in fields.enumerated() where !field.isOptional { required |= 1 << index }
    self.required = required
  }
}

/// A model read, written, compared and range-checked through its ``Schema``.
protocol SchemaModel: SchemaValue, Sendable where Bounds == Never {
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
    let readers = schema.readers
    try reader.readObject(schema.keys, required: schema.required) {
      reader,
      index throws(DexReader.Failure) in
      try readers[index](&reader, &model)
    }
    return model
  }

  var jsonHeight: Int {
    var height = 0
    for field in Self.schema.fields where !field.isAbsent(self) {
      height = max(height, field.height(self))
      if height >= 2 { break }
    }
    return 1 + height
  }

  func write(to output: inout JSONOutput, indent: Int?) {
    let inline = indent == nil || jsonHeight <= 2
    output.append(UInt8(ascii: "{"))
    var first = true
    for field in Self.schema.fields where !field.isAbsent(self) {
      if !first { output.append(inline ? ", " : ",") }
      first = false
      if let indent, !inline { output.newline(indent: indent + 2) }
      output.string(field.key)
      output.append(": ")
      field.write(self, &output, inline ? nil : indent.map { $0 + 2 })
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

  static var hasBoundedFields: Bool { !schema.checked.isEmpty }

  /// Whether every field's numbers are in bounds.
  ///
  /// - Complexity: O(n) in the numbers the model holds.
  func isWithin(_ bounds: Never?) -> Bool {
    for test in Self.schema.boundsTests where !test(self) { return false }
    return true
  }

  /// The first number out of bounds in the fields, in written order.
  ///
  /// - Complexity: O(n) in the numbers the model holds.
  func boundsViolation(_ bounds: Never?) -> BoundsViolation? {
    for field in Self.schema.checked {
      if let violation = field.check?(self) { return violation.inside(.key(field.key)) }
    }
    return nil
  }
}

extension DexDataFile {
  /// The first number in the file outside its field's bounds, with its path; `nil` when
  /// every number is within them (`Guides/DataFormat.md`, "Bounds").
  ///
  /// - Complexity: O(*n*) in the numbers the file holds.
  package var firstNumberOutOfBounds: BoundsViolation? {
    (self as? any SchemaModel)?.boundsViolation(nil)
  }
}
