import Foundation

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
    var items: [String] = []
    var supplementaries: [String] = []
    var decorations: [String] = []
    solution.forEachElement(in: nil) { attributes in
      let path = attributes.indexPath
      switch attributes.representedElementCategory {
      case .cell:
        var entry = "{\"section\": \(path.section), \"item\": \(path.item)"
        for field in itemFields(path) { entry += ", " + Self.encode(field) }
        items.append(entry + ", \"frame\": \(Self.encode(attributes.frame))}")
      case .supplementaryView, .decorationView:
        let entry =
          "{\"elementKind\": \(Self.quote(attributes.representedElementKind ?? "")), \"section\": \(path.section), \"item\": \(path.item), \"frame\": \(Self.encode(attributes.frame))}"
        if attributes.representedElementCategory == .supplementaryView {
          supplementaries.append(entry)
        } else {
          decorations.append(entry)
        }
      }
    }
    var sections: [String] = []
    for index in 0..<solution.numberOfSections {
      let fields = sectionFields(index)
      guard !fields.isEmpty else { continue }
      sections.append(
        "{\"section\": \(index), " + fields.map(Self.encode).joined(separator: ", ") + "}"
      )
    }
    let strips = solution.orthogonalSections.map { strip in
      "{\"section\": \(strip.section), \"stripFrame\": \(Self.encode(strip.stripFrame)), \"scrollContentSize\": \(Self.encode(strip.scrollContentSize))}"
    }
    var text = "{\n"
    text += "  \"formatVersion\": \(Self.formatVersion),\n"
    text += "  \"contentSize\": \(Self.encode(solution.contentSize)),\n"
    if !sections.isEmpty { text += "  \"sections\": " + Self.list(sections) + ",\n" }
    text += "  \"items\": " + Self.list(items) + ",\n"
    text += "  \"supplementaries\": " + Self.list(supplementaries) + ",\n"
    text += "  \"decorations\": " + Self.list(decorations) + ",\n"
    text += "  \"orthogonalSections\": " + Self.list(strips) + "\n"
    text += "}\n"
    return text
  }

  static func list(_ entries: [String]) -> String {
    guard !entries.isEmpty else { return "[]" }
    return "[\n    " + entries.joined(separator: ",\n    ") + "\n  ]"
  }

  static func encode(_ rect: CGRect) -> String {
    "{\"x\": \(formatNumber(Double(rect.origin.x))), \"y\": \(formatNumber(Double(rect.origin.y))), \"width\": \(formatNumber(Double(rect.size.width))), \"height\": \(formatNumber(Double(rect.size.height)))}"
  }

  static func encode(_ size: CGSize) -> String {
    "{\"width\": \(formatNumber(Double(size.width))), \"height\": \(formatNumber(Double(size.height)))}"
  }

  static func encode(_ field: Field) -> String {
    let value: String
    switch field.value {
    case .string(let string): value = quote(string)
    case .int(let int): value = String(int)
    case .number(let number): value = number.isFinite ? formatNumber(number) : "null"
    case .bool(let bool): value = bool ? "true" : "false"
    }
    return "\(quote(field.key)): \(value)"
  }

  /// A JSON string literal.
  static func quote(_ string: String) -> String {
    var text = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      case "\u{0}"..."\u{1F}":
        let hex = String(scalar.value, radix: 16)
        text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: text.unicodeScalars.append(scalar)
      }
    }
    return text + "\""
  }
}
