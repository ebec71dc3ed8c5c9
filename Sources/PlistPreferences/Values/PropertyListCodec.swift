import Foundation

/// Reading and writing whole preferences documents.
enum PropertyListCodec {
  /// A document read from bytes, with the format it was in.
  struct Parsed: Equatable {
    var document: [String: PropertyListValue]
    var format: PreferencesFileFormat
  }

  /// Parses XML or binary plist bytes whose root is a dictionary.
  ///
  /// Anything else (empty bytes, JSON, OpenStep text, an array root) is a
  /// failure with a lower-case reason, never a crash.
  static func parse(_ bytes: Data) -> Result<Parsed, ParseFailure> {
    let format: PreferencesFileFormat
    switch sniff(bytes) {
    case .binary: format = .binary
    case .xml: format = .xml
    case .empty: return .failure(ParseFailure(reason: "the file is empty"))
    case .json:
      return .failure(ParseFailure(reason: "the file looks like JSON, not a property list"))
    case .unknown:
      return .failure(
        ParseFailure(reason: "the file is neither an XML nor a binary property list")
      )
    }
    if format == .binary, let problem = BinaryPlistCheck.problem(in: bytes) {
      return .failure(ParseFailure(reason: problem))
    }
    let object: Any
    do {
      object = try PropertyListSerialization.propertyList(from: bytes, format: nil)
    } catch {
      let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
      return .failure(
        ParseFailure(
          reason: "the \(format.rawValue) property list does not parse: \(detail ?? "\(error)")"
        )
      )
    }
    guard let root = PropertyListValue(foundation: object) else {
      return .failure(
        ParseFailure(
          reason:
            "the property list holds an unsupported object or a date outside years 1 to 9999"
        )
      )
    }
    guard case .dictionary(let document) = root else {
      return .failure(
        ParseFailure(reason: "the root of the property list is \(root.typeName), not a dictionary")
      )
    }
    return .success(Parsed(document: document, format: format))
  }

  /// Why bytes are not a preferences document.
  struct ParseFailure: Error, Equatable {
    var reason: String
  }

  private enum Sniffed { case binary, xml, json, empty, unknown }

  private static func sniff(_ bytes: Data) -> Sniffed {
    if bytes.starts(with: Array("bplist00".utf8)) { return .binary }
    var index = bytes.startIndex
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index += 3 }
    while index < bytes.endIndex, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    guard index < bytes.endIndex else { return .empty }
    let rest = bytes[index...]
    for prefix in ["<?xml", "<!DOCTYPE plist", "<plist"] where rest.starts(with: Array(prefix.utf8))
    {
      return .xml
    }
    if rest.first == UInt8(ascii: "{") || rest.first == UInt8(ascii: "[") { return .json }
    return .unknown
  }

  /// Serializes a document; strings are validated first (see ``validate(_:key:)``).
  static func serialize(
    _ document: [String: PropertyListValue],
    format: PreferencesFileFormat
  ) throws(PreferencesError) -> Data {
    for key in document.keys.sorted() {
      try validateKey(key)
      if let value = document[key] { try validate(value, key: key) }
    }
    switch format {
    case .xml:
      var writer = XMLWriter()
      writer.writeDocument(document)
      return Data(writer.output.utf8)
    case .binary:
      do {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        return try encoder.encode(PropertyListValue.dictionary(document))
      } catch {
        throw .unencodableValue(key: "", reason: "binary serialization failed: \(error)")
      }
    }
  }

  /// Refuses strings that an XML plist cannot hold or that would surprise a
  /// reader: C0 and C1 control characters other than tab, line feed and
  /// carriage return, DEL, U+FFFE and U+FFFF.
  static func validate(_ value: PropertyListValue, key: String) throws(PreferencesError) {
    try validate(value, key: key, path: key)
  }

  private static func validate(
    _ value: PropertyListValue,
    key: String,
    path: String
  ) throws(PreferencesError) {
    switch value {
    case .string(let string):
      if let problem = firstForbiddenCharacter(in: string) {
        throw .unencodableValue(key: key, reason: "the string at '\(path)' \(problem)")
      }
    case .array(let items):
      for (index, item) in items.enumerated() {
        try validate(item, key: key, path: "\(path)[\(index)]")
      }
    case .dictionary(let entries):
      for name in entries.keys.sorted() {
        if let problem = firstForbiddenCharacter(in: name) {
          throw .unencodableValue(key: key, reason: "the dictionary key at '\(path)' \(problem)")
        }
        if let item = entries[name] { try validate(item, key: key, path: "\(path).\(name)") }
      }
    case .integer, .real, .boolean, .date, .data:
      break
    }
  }

  /// Checks a top-level key: not empty, no forbidden characters.
  static func validateKey(_ key: String) throws(PreferencesError) {
    if key.isEmpty { throw .invalidKey(key, reason: "a key cannot be empty") }
    if let problem = firstForbiddenCharacter(in: key) {
      throw .invalidKey(key, reason: "it \(problem)")
    }
  }

  static func firstForbiddenCharacter(in string: String) -> String? {
    guard mayContainForbiddenCharacter(string) else { return nil }
    // Foundation's XML parser drops a leading U+FEFF, written as itself or as a reference,
    // so such a key or string would not read back as it was written.
    if string.unicodeScalars.first == "\u{FEFF}" {
      return "starts with U+FEFF (a byte order mark), which an XML property list does not keep"
    }
    for (offset, scalar) in string.unicodeScalars.enumerated() {
      let v = scalar.value
      let forbidden =
        (v < 0x20 && v != 0x09 && v != 0x0A && v != 0x0D) || (0x7F...0x9F).contains(v)
        || v == 0xFFFE || v == 0xFFFF
      if forbidden {
        let name = v == 0 ? " (NUL)" : ""
        return String(
          format: "contains the control character U+%04X%@ at position %d; ",
          v,
          name,
          offset + 1
        )
          + "only tab, line feed and carriage return are allowed"
      }
    }
    return nil
  }
}

/// A fast scan of the UTF-8 bytes: `false` proves the string clean.
///
/// C0 controls and DEL are single bytes below 0x20 or 0x7F; C1 controls start
/// with 0xC2 and U+FEFF, U+FFFE and U+FFFF with 0xEF, so only those lead bytes need a
/// closer look.
private func mayContainForbiddenCharacter(_ string: String) -> Bool {
  var copy = string
  return copy.withUTF8 { bytes in
    for byte in bytes where byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xEF {
      if byte == 0x09 || byte == 0x0A || byte == 0x0D { continue }
      return true
    }
    return false
  }
}

/// Whether a string needs XML escaping (`&`, `<`, `>` or a carriage return).
private func needsEscaping(_ string: String) -> Bool {
  var copy = string
  return copy.withUTF8 { bytes in
    bytes.contains { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x0D }
  }
}

/// An XML plist writer with sorted keys and Apple's layout (tab indentation).
struct XMLWriter {
  private(set) var output = ""

  mutating func writeDocument(_ document: [String: PropertyListValue]) {
    output += """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">

      """
    write(.dictionary(document), depth: 0)
    output += "</plist>\n"
  }

  private mutating func write(_ value: PropertyListValue, depth: Int) {
    let indent = String(repeating: "\t", count: depth)
    switch value {
    case .string(let string): output += "\(indent)<string>\(escape(string))</string>\n"
    case .integer(let number): output += "\(indent)<integer>\(number)</integer>\n"
    case .real(let number): output += "\(indent)<real>\(realText(number))</real>\n"
    case .boolean(let flag): output += "\(indent)<\(flag ? "true" : "false")/>\n"
    case .date(let date): output += "\(indent)<date>\(ISO8601.string(from: date))</date>\n"
    case .data(let data): output += "\(indent)<data>\(data.base64EncodedString())</data>\n"
    case .array(let items):
      if items.isEmpty {
        output += "\(indent)<array/>\n"
        return
      }
      output += "\(indent)<array>\n"
      for item in items { write(item, depth: depth + 1) }
      output += "\(indent)</array>\n"
    case .dictionary(let entries):
      if entries.isEmpty {
        output += "\(indent)<dict/>\n"
        return
      }
      output += "\(indent)<dict>\n"
      for key in entries.keys.sorted() {
        guard let item = entries[key] else { continue }
        output += "\(indent)\t<key>\(escape(key))</key>\n"
        write(item, depth: depth + 1)
      }
      output += "\(indent)</dict>\n"
    }
  }

  private func realText(_ number: Double) -> String {
    if number.isNaN { return "nan" }
    if number.isInfinite { return number < 0 ? "-infinity" : "+infinity" }
    return String(number)
  }

  private func escape(_ string: String) -> String {
    guard needsEscaping(string) else { return string }
    var result = ""
    result.reserveCapacity(string.utf8.count)
    for scalar in string.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\r": result += "&#13;"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
