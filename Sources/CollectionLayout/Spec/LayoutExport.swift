import Foundation
import JSONCore

/// The frames export of a solved layout: deterministic JSON bytes.
///
/// Keys come in a fixed order, numbers in their shortest round-trip form (`75`, not
/// `75.0`), one element per line, so exports diff cleanly. Callers can attach extra
/// fields to items and sections (the `pokedex layout` command adds each Pokémon's `id`
/// and `name`, and each section's title).
///
/// ```swift
/// let export = LayoutExport(solution: solution)
/// FileHandle.standardOutput.write(export.jsonData())
/// ```
public struct LayoutExport: Sendable {
  /// A value an extra field can hold.
  public enum Value: Hashable, Sendable {
    /// A string.
    case string(String)
    /// An integer.
    case int(Int)
    /// A number.
    case number(Double)
    /// A boolean.
    case bool(Bool)
  }

  /// An extra key-value pair written into an item or section entry.
  public struct Field: Hashable, Sendable {
    /// The key.
    public var key: String
    /// The value.
    public var value: Value

    /// Creates a field.
    public init(_ key: String, _ value: Value) {
      self.key = key
      self.value = value
    }
  }

  /// The version written as `formatVersion`.
  public static let formatVersion = 1

  /// The solution to export.
  public var solution: LayoutSolution
  /// Extra fields for each item, written after `item` and before `frame`.
  public var itemFields: @Sendable (LayoutIndexPath) -> [Field]
  /// Extra fields for each section; when any section has some, a `sections` array is written.
  public var sectionFields: @Sendable (Int) -> [Field]

  /// Creates an export of `solution` with no extra fields.
  public init(
    solution: LayoutSolution,
    itemFields: @escaping @Sendable (LayoutIndexPath) -> [Field] = { _ in [] },
    sectionFields: @escaping @Sendable (Int) -> [Field] = { _ in [] }
  ) {
    self.solution = solution
    self.itemFields = itemFields
    self.sectionFields = sectionFields
  }

  /// The export as UTF-8 JSON, ending with a newline.
  ///
  /// - Complexity: O(n) for `n` elements.
  public func jsonData() -> Data { Data(jsonString().utf8) }

  /// The export as JSON text, ending with a newline.
  ///
  /// - Complexity: O(n) for `n` elements.
  public func jsonString() -> String {
    var elements = ElementLists()
    solution.forEachElement(in: nil) { attributes in
      switch attributes.representedElementCategory {
      case .cell: writeItem(attributes, to: &elements.items)
      case .supplementaryView: Self.writeElement(attributes, to: &elements.supplementaries)
      case .decorationView: Self.writeElement(attributes, to: &elements.decorations)
      }
    }
    var text = ExportText()
    text.write("{\n  \"formatVersion\": ")
    text.write(Self.formatVersion)
    text.write(",\n  \"contentSize\": ")
    text.write(solution.contentSize)
    text.write(",\n")
    let sections = sectionEntries()
    if !sections.isEmpty {
      text.write("  \"sections\": ")
      text.append(sections)
      text.write(",\n")
    }
    text.write("  \"items\": ")
    text.append(elements.items)
    text.write(",\n  \"supplementaries\": ")
    text.append(elements.supplementaries)
    text.write(",\n  \"decorations\": ")
    text.append(elements.decorations)
    text.write(",\n  \"orthogonalSections\": ")
    text.append(stripEntries())
    text.write("\n}\n")
    return String(decoding: text.bytes, as: UTF8.self)
  }

  /// The element lists of an export, filled in one pass over the solution.
  private struct ElementLists {
    var items = EntryList()
    var supplementaries = EntryList()
    var decorations = EntryList()
  }

  /// Writes a cell: its index path, the extra item fields, its frame.
  private func writeItem(_ attributes: LayoutAttributes, to list: inout EntryList) {
    let path = attributes.indexPath
    list.begin()
    list.text.write("{\"section\": ")
    list.text.write(path.section)
    list.text.write(", \"item\": ")
    list.text.write(path.item)
    for field in itemFields(path) {
      list.text.write(", ")
      list.text.write(field)
    }
    list.text.write(", \"frame\": ")
    list.text.write(attributes.frame)
    list.text.write("}")
  }

  /// Writes a supplementary view or decoration: its kind, index path and frame.
  private static func writeElement(_ attributes: LayoutAttributes, to list: inout EntryList) {
    list.begin()
    list.text.write("{\"elementKind\": ")
    list.text.write(string: attributes.representedElementKind ?? "")
    list.text.write(", \"section\": ")
    list.text.write(attributes.indexPath.section)
    list.text.write(", \"item\": ")
    list.text.write(attributes.indexPath.item)
    list.text.write(", \"frame\": ")
    list.text.write(attributes.frame)
    list.text.write("}")
  }

  /// The sections that have extra fields, each with them.
  private func sectionEntries() -> EntryList {
    var sections = EntryList()
    for index in 0..<solution.numberOfSections {
      let fields = sectionFields(index)
      guard !fields.isEmpty else { continue }
      sections.begin()
      sections.text.write("{\"section\": ")
      sections.text.write(index)
      for field in fields {
        sections.text.write(", ")
        sections.text.write(field)
      }
      sections.text.write("}")
    }
    return sections
  }

  /// The orthogonally scrolling sections' strips.
  private func stripEntries() -> EntryList {
    var strips = EntryList()
    for strip in solution.orthogonalSections {
      strips.begin()
      strips.text.write("{\"section\": ")
      strips.text.write(strip.section)
      strips.text.write(", \"stripFrame\": ")
      strips.text.write(strip.stripFrame)
      strips.text.write(", \"scrollContentSize\": ")
      strips.text.write(strip.scrollContentSize)
      strips.text.write("}")
    }
    return strips
  }
}

/// The UTF-8 of an export, appended piece by piece without intermediate strings.
struct ExportText {
  var bytes: [UInt8] = []

  mutating func write(_ literal: StaticString) {
    literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  mutating func write(_ value: Int) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var digits = 1
    var scale: UInt = 10
    while digits < 19, magnitude >= scale {
      digits += 1
      scale &*= 10
    }
    var position = bytes.count + digits
    bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits))
    while magnitude > 0 {
      position -= 1
      bytes[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
      magnitude /= 10
    }
  }

  /// A number in the shortest form that reads back the same (see `formatNumber`).
  mutating func write(number value: Double) {
    JSONOutput.appendNumber(value, to: &bytes)
  }

  mutating func write(_ rect: CGRect) {
    write("{\"x\": ")
    write(number: Double(rect.origin.x))
    write(", \"y\": ")
    write(number: Double(rect.origin.y))
    write(", \"width\": ")
    write(number: Double(rect.size.width))
    write(", \"height\": ")
    write(number: Double(rect.size.height))
    write("}")
  }

  mutating func write(_ size: CGSize) {
    write("{\"width\": ")
    write(number: Double(size.width))
    write(", \"height\": ")
    write(number: Double(size.height))
    write("}")
  }

  mutating func write(_ field: LayoutExport.Field) {
    write(string: field.key)
    write(": ")
    switch field.value {
    case .string(let string): write(string: string)
    case .int(let int): write(int)
    case .number(let number):
      if number.isFinite { write(number: number) } else { write("null") }
    case .bool(let bool): bool ? write("true") : write("false")
    }
  }

  /// A JSON string literal: quotes, backslashes and control characters escaped.
  mutating func write(string: String) {
    JSONOutput.appendQuoted(string, to: &bytes)
  }

  /// A list of entries, one per line: `[]` when empty.
  mutating func append(_ list: EntryList) {
    if list.isEmpty {
      write("[]")
    } else {
      write("[\n    ")
      bytes.append(contentsOf: list.text.bytes)
      write("\n  ]")
    }
  }
}

/// Entries of one array of an export, separated as they are added.
struct EntryList {
  var text = ExportText()
  private(set) var isEmpty = true

  /// Starts an entry (after a separator, unless it is the first).
  mutating func begin() {
    if !isEmpty { text.write(",\n    ") }
    isEmpty = false
  }
}
