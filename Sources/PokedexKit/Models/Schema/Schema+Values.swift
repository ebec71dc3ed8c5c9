import JSONCore

// How each kind of field value is read, written and compared. Scalars and lists of scalars
// are written inline; see `SchemaModel` for objects.

/// A scalar field value: compared as a whole.
protocol SchemaScalar: SchemaValue {
  /// The value as a change shows it.
  var fieldValue: FieldValue { get }
}

extension SchemaScalar {
  static func compare(_ path: String, _ old: Self, _ new: Self, into changes: inout FieldRecorder) {
    if old != new { changes.record(path, old.fieldValue, new.fieldValue) }
  }
}

extension Int: SchemaScalar {
  static func read(from reader: inout DexReader) throws(DexReader.Failure) -> Int {
    try reader.int()
  }
  func write(to output: inout JSONOutput, indent: Int?) { output.integer(self) }
  var fieldValue: FieldValue { .integer(self) }

  static var needsBounds: Bool { true }
  func isWithin(_ bounds: ClosedRange<Int>?) -> Bool { bounds?.contains(self) ?? true }
  func boundsViolation(_ bounds: ClosedRange<Int>?) -> BoundsViolation? {
    guard let bounds, !bounds.contains(self) else { return nil }
    return BoundsViolation(found: "\(self)", expected: "an integer \(describeBounds(bounds))")
  }
}

/// `in 0...255`, or `of at least 1` for a range open above.
func describeBounds(_ bounds: ClosedRange<Int>) -> String {
  bounds.upperBound == Int.max ? "of at least \(bounds.lowerBound)" : "in \(bounds)"
}

/// `0...1000000`: whole bounds without a fraction.
func describeBounds(_ bounds: ClosedRange<Double>) -> String {
  func text(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? "\(Int64(value))" : "\(value)"
  }
  return "\(text(bounds.lowerBound))...\(text(bounds.upperBound))"
}

extension Double: SchemaScalar {
  static func read(from reader: inout DexReader) throws(DexReader.Failure) -> Double {
    try reader.double()
  }
  func write(to output: inout JSONOutput, indent: Int?) { output.number(self) }
  var fieldValue: FieldValue { .number(self) }

  static var needsBounds: Bool { true }
  /// A number must be finite as well as within its bounds.
  func isWithin(_ bounds: ClosedRange<Double>?) -> Bool {
    bounds.map { isFinite && $0.contains(self) } ?? true
  }
  func boundsViolation(_ bounds: ClosedRange<Double>?) -> BoundsViolation? {
    guard let bounds, !(isFinite && bounds.contains(self)) else { return nil }
    return BoundsViolation(found: "\(self)", expected: "a number in \(describeBounds(bounds))")
  }
}

extension Bool: SchemaScalar {
  static func read(from reader: inout DexReader) throws(DexReader.Failure) -> Bool {
    try reader.bool()
  }
  func write(to output: inout JSONOutput, indent: Int?) { output.bool(self) }
  var fieldValue: FieldValue { .bool(self) }
}

extension String: SchemaScalar {
  static func read(from reader: inout DexReader) throws(DexReader.Failure) -> String {
    try reader.string()
  }
  func write(to output: inout JSONOutput, indent: Int?) { output.string(self) }
  var fieldValue: FieldValue { .string(self) }
}

extension Optional: SchemaValue where Wrapped: SchemaValue {
  static func read(from reader: inout DexReader) throws(DexReader.Failure) -> Wrapped? {
    reader.null() ? nil : try Wrapped.read(from: &reader)
  }

  var isAbsent: Bool { self == nil }
  static var mayBeAbsent: Bool { true }
  var jsonHeight: Int { self?.jsonHeight ?? 0 }

  static var needsBounds: Bool { Wrapped.needsBounds }
  static var hasBoundedFields: Bool { Wrapped.hasBoundedFields }
  func isWithin(_ bounds: Wrapped.Bounds?) -> Bool { self?.isWithin(bounds) ?? true }
  func boundsViolation(_ bounds: Wrapped.Bounds?) -> BoundsViolation? {
    self?.boundsViolation(bounds)
  }

  func write(to output: inout JSONOutput, indent: Int?) {
    if let self { self.write(to: &output, indent: indent) } else { output.null() }
  }

  static func compare(
    _ path: String,
    _ old: Wrapped?,
    _ new: Wrapped?,
    into changes: inout FieldRecorder
  ) {
    switch (old, new) {
    case (let old?, let new?): Wrapped.compare(path, old, new, into: &changes)
    case (nil, let new?): changes.record(path, .absent, changeValue(new))
    case (let old?, nil): changes.record(path, changeValue(old), .absent)
    case (nil, nil): break
    }
  }

  /// How a value that appears or disappears as a whole shows in a change.
  private static func changeValue(_ value: Wrapped) -> FieldValue {
    if let scalar = value as? any SchemaScalar { return scalar.fieldValue }
    if let model = value as? any SchemaModel { return .string(model.changeDescription) }
    return .absent
  }
}

extension Array: SchemaValue where Element: SchemaValue {
  static func read(from reader: inout DexReader) throws(DexReader.Failure) -> [Element] {
    try reader.readArray { (reader: inout DexReader) throws(DexReader.Failure) in
      try Element.read(from: &reader)
    }
  }

  var jsonHeight: Int {
    var height = 0
    for element in self where height < 2 { height = Swift.max(height, element.jsonHeight) }
    return 1 + height
  }

  static var needsBounds: Bool { Element.needsBounds }
  static var hasBoundedFields: Bool { Element.hasBoundedFields }
  func isWithin(_ bounds: Element.Bounds?) -> Bool {
    for index in indices where !self[index].isWithin(bounds) { return false }
    return true
  }
  func boundsViolation(_ bounds: Element.Bounds?) -> BoundsViolation? {
    for (index, element) in enumerated() {
      if let violation = element.boundsViolation(bounds) { return violation.inside(.index(index)) }
    }
    return nil
  }

  func write(to output: inout JSONOutput, indent: Int?) {
    let inline = indent == nil || jsonHeight <= 2
    output.append(UInt8(ascii: "["))
    for (index, element) in enumerated() {
      if index > 0 { output.append(inline ? ", " : ",") }
      if let indent, !inline { output.newline(indent: indent + 2) }
      element.write(to: &output, indent: inline ? nil : indent.map { $0 + 2 })
    }
    if let indent, !inline, !isEmpty { output.newline(indent: indent) }
    output.append(UInt8(ascii: "]"))
  }

  /// A list changes as a whole: `types: [grass, poison] -> [grass]`.
  static func compare(
    _ path: String,
    _ old: [Element],
    _ new: [Element],
    into changes: inout FieldRecorder
  ) {
    guard old != new else { return }
    changes.record(path, .list(old.map(describe)), .list(new.map(describe)))
  }

  private static func describe(_ element: Element) -> String {
    if let model = element as? any SchemaModel { return model.changeDescription }
    if let string = element as? String { return string }
    return (element as? any SchemaScalar)?.fieldValue.description ?? ""
  }
}

extension Dictionary: SchemaValue where Key == String, Value == Int {
  static func read(from reader: inout DexReader) throws(DexReader.Failure) -> [String: Int] {
    try reader.intMembers()
  }

  var jsonHeight: Int { 1 }

  static var needsBounds: Bool { true }
  func isWithin(_ bounds: ClosedRange<Int>?) -> Bool {
    guard let bounds else { return true }
    return values.allSatisfy { bounds.contains($0) }
  }
  /// The value of the first key (in sorted order) out of bounds.
  func boundsViolation(_ bounds: ClosedRange<Int>?) -> BoundsViolation? {
    let sorted = sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    return firstViolation(of: sorted.lazy.map { ($0.key, $0.value) }, in: bounds) { .key($0) }
  }

  func write(to output: inout JSONOutput, indent: Int?) {
    output.append(UInt8(ascii: "{"))
    for (index, (key, value)) in sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) })
      .enumerated()
    {
      if index > 0 { output.append(", ") }
      output.string(key)
      output.append(": ")
      output.integer(value)
    }
    output.append(UInt8(ascii: "}"))
  }

  /// Each key changes on its own: `damageFactors.fire: 100 -> 200`.
  static func compare(
    _ path: String,
    _ old: [String: Int],
    _ new: [String: Int],
    into changes: inout FieldRecorder
  ) {
    changes.compare(path, old, new, value: FieldValue.integer)
  }
}

extension LocalizedNames: SchemaValue {
  static func read(from reader: inout DexReader) throws(DexReader.Failure) -> LocalizedNames {
    try reader.names()
  }

  var jsonHeight: Int { 1 }

  func write(to output: inout JSONOutput, indent: Int?) {
    output.append(UInt8(ascii: "{"))
    var first = true
    forEachUTF8 { language, name in
      if !first { output.append(", ") }
      first = false
      output.string(utf8: language)
      output.append(": ")
      output.string(utf8: name)
    }
    output.append(UInt8(ascii: "}"))
  }

  /// Each language changes on its own: `names.fr: "Pikachu" -> "Pika"`.
  static func compare(
    _ path: String,
    _ old: LocalizedNames,
    _ new: LocalizedNames,
    into changes: inout FieldRecorder
  ) {
    changes.compare(path, old, new)
  }
}

extension DexNumbers: SchemaValue {
  static func read(from reader: inout DexReader) throws(DexReader.Failure) -> DexNumbers {
    try reader.dexNumbers()
  }

  var jsonHeight: Int { 1 }

  static var needsBounds: Bool { true }
  func isWithin(_ bounds: ClosedRange<Int>?) -> Bool {
    guard let bounds else { return true }
    return first(whereNumber: { !bounds.contains($0) }) == nil
  }
  func boundsViolation(_ bounds: ClosedRange<Int>?) -> BoundsViolation? {
    firstViolation(of: lazy.map { ($0.key, $0.value) }, in: bounds) { .key($0) }
  }

  func write(to output: inout JSONOutput, indent: Int?) {
    output.append(UInt8(ascii: "{"))
    for (index, (pokedex, number)) in enumerated() {
      if index > 0 { output.append(", ") }
      output.string(pokedex)
      output.append(": ")
      output.integer(number)
    }
    output.append(UInt8(ascii: "}"))
  }

  /// Each Pokédex changes on its own: `dexNumbers.kanto: 25 -> 26`.
  static func compare(
    _ path: String,
    _ old: DexNumbers,
    _ new: DexNumbers,
    into changes: inout FieldRecorder
  ) {
    changes.compare(path, old.dictionary, new.dictionary, value: FieldValue.integer)
  }
}
