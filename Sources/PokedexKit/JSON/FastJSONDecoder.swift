import Foundation

/// Decodes `Decodable` values from JSON bytes, several times faster than
/// Foundation's `JSONDecoder`.
///
/// The input is parsed once into a flat tape of nodes; decoding then walks the
/// tape, converting strings and numbers only when asked. Errors say where the
/// problem is, as a JSON path and a line and column:
///
/// ```swift
/// let dex = try FastJSONDecoder().decode(Pokedex.self, from: bytes)
/// // throws JSONError: "3:18: pokemon[12].stats.hp: expected a number, found "x""
/// ```
///
/// Keys are matched exactly (no key strategies); numbers decode to any integer
/// or floating-point type that can represent them exactly (integers) or to the
/// nearest value (floating point); `null` decodes only as an absent optional.
///
/// - Complexity: O(n) in the size of the input, plus the cost of building the values.
public struct FastJSONDecoder: Sendable {
  public init() {}

  /// Decodes a value of `type` from `bytes`, a complete UTF-8 JSON document.
  ///
  /// - Throws: ``JSONError`` with the location of the first problem.
  public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws(JSONError) -> T {
    try decode(type, from: try JSONTape(bytes: bytes))
  }

  /// Decodes a value of `type` from a parsed document.
  func decode<T: Decodable>(_ type: T.Type, from tape: JSONTape) throws(JSONError) -> T {
    let storage = TapeStorage(tape: tape)
    do {
      return try T(from: TapeDecoder(storage: storage, index: 0))
    } catch let error as TapeError {
      throw storage.jsonError(error)
    } catch let error as DecodingError {
      throw storage.jsonError(error)
    } catch let error as JSONError {
      throw error
    } catch {
      throw JSONError(.decoding, "\(error)", at: (1, 1))
    }
  }

  /// Decodes a value of `type` from `data`, a complete UTF-8 JSON document.
  public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(JSONError) -> T {
    try decode(type, from: [UInt8](data))
  }
}

/// An error raised while walking the tape, located at a node.
struct TapeError: Error {
  var node: Int
  var message: String
  /// A key appended to the node's path (for a missing key).
  var key: String?
}

/// The parsed document shared by every decoder and container of one decode.
final class TapeStorage: @unchecked Sendable {
  let tape: JSONTape
  let bytes: UnsafeMutableBufferPointer<UInt8>
  let nodes: UnsafeMutablePointer<JSONTape.Node>

  init(tape: JSONTape) {
    self.tape = tape
    bytes = tape.bytes
    nodes = tape.nodes
  }

  /// The index of the node after `index`'s subtree.
  @inline(__always) func next(_ index: Int) -> Int {
    let node = nodes[index]
    return node.kind == .object || node.kind == .array ? Int(node.end) : index + 1
  }

  // MARK: Values

  @inline(__always) func kind(_ index: Int) -> JSONTape.Kind { nodes[index].kind }

  func string(_ index: Int) throws -> String {
    let node = nodes[index]
    guard node.kind == .string else { throw mismatch(index, "a string") }
    let raw = UnsafeBufferPointer(rebasing: bytes[Int(node.start)..<Int(node.end)])
    guard node.hasEscapes else { return try validated(raw, node: index) }
    return try unescape(raw, node: index)
  }

  /// `raw` as a String, or an error when it is not well-formed UTF-8.
  ///
  /// (`String(validating:)` would do, but it instantiates generic metadata on every
  /// call, which costs more than the validation itself.)
  private func validated(_ raw: UnsafeBufferPointer<UInt8>, node: Int) throws -> String {
    guard isASCII(raw) || isValidUTF8(raw) else {
      throw TapeError(node: node, message: "invalid UTF-8 in a string")
    }
    return String(decoding: raw, as: UTF8.self)
  }

  private func unescape(_ raw: UnsafeBufferPointer<UInt8>, node: Int) throws -> String {
    var output: [UInt8] = []
    output.reserveCapacity(raw.count)
    var position = 0
    func hex4(_ at: Int) -> UInt32 {
      var value: UInt32 = 0
      for offset in 0..<4 {
        let byte = raw[at + offset] | 0x20
        value =
          value << 4
          | UInt32(
            byte >= UInt8(ascii: "a") ? byte - UInt8(ascii: "a") + 10 : byte - UInt8(ascii: "0")
          )
      }
      return value
    }
    while position < raw.count {
      let byte = raw[position]
      guard byte == UInt8(ascii: "\\") else {
        output.append(byte)
        position += 1
        continue
      }
      let escaped = raw[position + 1]
      position += 2
      switch escaped {
      case UInt8(ascii: "b"): output.append(0x08)
      case UInt8(ascii: "f"): output.append(0x0C)
      case UInt8(ascii: "n"): output.append(0x0A)
      case UInt8(ascii: "r"): output.append(0x0D)
      case UInt8(ascii: "t"): output.append(0x09)
      case UInt8(ascii: "u"):
        var scalar = hex4(position)
        position += 4
        if (0xD800...0xDBFF).contains(scalar) {
          guard position + 6 <= raw.count, raw[position] == UInt8(ascii: "\\"),
            raw[position + 1] == UInt8(ascii: "u")
          else { throw TapeError(node: node, message: "unpaired surrogate in a '\\u' escape") }
          let low = hex4(position + 2)
          guard (0xDC00...0xDFFF).contains(low) else {
            throw TapeError(node: node, message: "unpaired surrogate in a '\\u' escape")
          }
          position += 6
          scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let unicode = Unicode.Scalar(scalar) else {
          throw TapeError(node: node, message: "unpaired surrogate in a '\\u' escape")
        }
        output.append(contentsOf: UTF8.encode(unicode).map { Array($0) } ?? [])
      default: output.append(escaped)  // \" \\ \/
      }
    }
    return try output.withUnsafeBufferPointer { try validated($0, node: node) }
  }

  func bool(_ index: Int) throws -> Bool {
    switch nodes[index].kind {
    case .true: return true
    case .false: return false
    default: throw mismatch(index, "true or false")
    }
  }

  func integer<I: FixedWidthInteger>(_ index: Int, as type: I.Type = I.self) throws -> I {
    let node = nodes[index]
    guard node.kind == .number else { throw mismatch(index, "an integer") }
    var position = Int(node.start)
    let end = Int(node.end)
    let negative = bytes[position] == UInt8(ascii: "-")
    if negative { position += 1 }
    var value: I = 0
    while position < end {
      let byte = bytes[position]
      guard byte.isDigit else { throw mismatch(index, "an integer") }
      let digit = I(byte - UInt8(ascii: "0"))
      let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (added, overflow2) =
        negative
        ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
      guard !overflow1, !overflow2 else {
        throw TapeError(node: index, message: "\(tape.excerpt(index)) does not fit in \(I.self)")
      }
      value = added
      position += 1
    }
    return value
  }

  func double(_ index: Int) throws -> Double {
    let node = nodes[index]
    guard node.kind == .number else { throw mismatch(index, "a number") }
    let start = Int(node.start)
    let end = Int(node.end)
    // Fast path: at most 15 significant digits and a small decimal exponent are exact.
    var position = start
    let negative = bytes[position] == UInt8(ascii: "-")
    if negative { position += 1 }
    var mantissa: UInt64 = 0
    var digits = 0
    var scale = 0
    var simple = true
    while position < end {
      let byte = bytes[position]
      if byte.isDigit {
        mantissa = mantissa &* 10 &+ UInt64(byte - UInt8(ascii: "0"))
        digits += 1
      } else if byte == UInt8(ascii: ".") {
        scale = end - position - 1
      } else {
        simple = false
        break
      }
      position += 1
    }
    if simple, digits <= 15, scale < Self.powersOfTen.count {
      let value = Double(mantissa) / Self.powersOfTen[scale]
      return negative ? -value : value
    }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      throw TapeError(node: index, message: "\(text) is out of range for a Double")
    }
    return value
  }

  static let powersOfTen: [Double] = [
    1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]

  func mismatch(_ index: Int, _ expected: String) -> TapeError {
    TapeError(node: index, message: "expected \(expected), found \(tape.excerpt(index))")
  }

  // MARK: Errors

  /// The coding path of the node at `index`, rebuilt from the parent links.
  func codingPath(of index: Int) -> [any CodingKey] {
    var path: [any CodingKey] = []
    var child = index
    var parent = Int(nodes[child].parent)
    while parent != Int(UInt32.max) {
      var position = parent + 1
      var element = 0
      if nodes[parent].kind == .object {
        while position < child {
          let value = next(position)
          if value == child || next(value) > child {
            path.append(AnyCodingKey(stringValue: (try? string(position)) ?? "?"))
            break
          }
          position = next(value)
        }
      } else {
        while position < child {
          position = next(position)
          element += 1
        }
        path.append(AnyCodingKey(intValue: element))
      }
      child = parent
      parent = Int(nodes[child].parent)
    }
    return path.reversed()
  }

  /// The node at `codingPath`, or the deepest node that exists along it.
  func node(at codingPath: [any CodingKey]) -> Int {
    var index = 0
    for key in codingPath {
      let node = nodes[index]
      var position = index + 1
      var found: Int?
      if node.kind == .object {
        while position < Int(node.end) {
          let value = next(position)
          if (try? string(position)) == key.stringValue { found = value; break }
          position = next(value)
        }
      } else if node.kind == .array, let wanted = key.intValue {
        var element = 0
        while position < Int(node.end) {
          if element == wanted { found = position; break }
          position = next(position)
          element += 1
        }
      }
      guard let found else { break }
      index = found
    }
    return index
  }

  func jsonError(_ error: TapeError) -> JSONError {
    var path = JSONError.pathString(codingPath(of: error.node))
    if let key = error.key { path += path.isEmpty ? key : ".\(key)" }
    return JSONError(.decoding, error.message, at: tape.location(ofNode: error.node), path: path)
  }

  func jsonError(_ error: DecodingError) -> JSONError {
    let context: DecodingError.Context
    let message: String
    switch error {
    case .typeMismatch(let type, let c):
      context = c
      message = "expected \(type), \(c.debugDescription)"
    case .valueNotFound(let type, let c):
      context = c
      message = "expected \(type), found null"
    case .keyNotFound(let key, let c):
      context = c
      message = "missing key '\(key.stringValue)'"
    case .dataCorrupted(let c):
      context = c
      message = c.debugDescription
    @unknown default:
      return JSONError(.decoding, "\(error)", at: (1, 1))
    }
    let index = node(at: context.codingPath)
    return JSONError(
      .decoding,
      message,
      at: tape.location(ofNode: index),
      path: JSONError.pathString(context.codingPath)
    )
  }
}

/// A coding key built at run time, for paths and dictionary keys.
struct AnyCodingKey: CodingKey {
  var stringValue: String
  var intValue: Int?
  init(stringValue: String) { self.stringValue = stringValue }
  init(intValue: Int) {
    stringValue = "\(intValue)"
    self.intValue = intValue
  }
}

@inline(__always)
func cast<T>(_ value: some Any, to type: T.Type) -> T { unsafeBitCast(value, to: T.self) }

/// Decodes `T` from the node at `index`, bypassing `init(from:)` for the common leaf types.
@inline(__always)
func decodeValue<T: Decodable>(_ type: T.Type, storage: TapeStorage, index: Int) throws -> T {
  if T.self == String.self { return cast(try storage.string(index), to: T.self) }
  if T.self == Int.self { return cast(try storage.integer(index, as: Int.self), to: T.self) }
  if T.self == Double.self { return cast(try storage.double(index), to: T.self) }
  if T.self == Bool.self { return cast(try storage.bool(index), to: T.self) }
  if T.self == [String].self { return cast(try stringArray(storage, index), to: T.self) }
  if T.self == [String: String].self {
    return cast(try stringDictionary(storage, index), to: T.self)
  }
  if T.self == [String: Int].self { return cast(try intDictionary(storage, index), to: T.self) }
  guard storage.kind(index) != .null else {
    throw TapeError(node: index, message: "expected \(T.self), found null")
  }
  return try T(from: TapeDecoder(storage: storage, index: index))
}

private func stringArray(_ storage: TapeStorage, _ index: Int) throws -> [String] {
  try storage.array(index) { try storage.string($0) }
}

private func stringDictionary(_ storage: TapeStorage, _ index: Int) throws -> [String: String] {
  try storage.dictionary(index) { try storage.string($0) }
}

private func intDictionary(_ storage: TapeStorage, _ index: Int) throws -> [String: Int] {
  try storage.dictionary(index) { try storage.integer($0, as: Int.self) }
}

extension TapeStorage {
  /// The index of the value of the member named `wanted` in the object at `object`, searching
  /// from `cursor` (the position after the last member found) and wrapping around once, so
  /// that reading members in written order costs O(1) each. Moves `cursor` past the member.
  func member(
    _ wanted: UnsafeBufferPointer<UInt8>,
    inObject object: Int,
    end: Int,
    cursor: inout Int
  ) -> Int? {
    var position = cursor
    var wrapped = false
    while true {
      if position >= end {
        if wrapped { return nil }
        wrapped = true
        position = object + 1
      }
      if wrapped && position >= cursor { return nil }
      if keyEquals(position, wanted) {
        let value = position + 1
        cursor = next(value)
        return value
      }
      position = next(position + 1)
    }
  }

  /// Whether the key string at `index` is `wanted`.
  private func keyEquals(_ index: Int, _ wanted: UnsafeBufferPointer<UInt8>) -> Bool {
    let node = nodes[index]
    if node.hasEscapes {
      return (try? string(index)).map { $0.utf8.elementsEqual(wanted) } ?? false
    }
    let start = Int(node.start)
    guard Int(node.end) - start == wanted.count else { return false }
    for offset in 0..<wanted.count where bytes[start + offset] != wanted[offset] {
      return false
    }
    return true
  }

  func array<T>(_ index: Int, element: (Int) throws -> T) throws -> [T] {
    guard kind(index) == .array else { throw mismatch(index, "an array") }
    let node = nodes[index]
    var result: [T] = []
    result.reserveCapacity(Int(node.count))
    var position = index + 1
    while position < Int(node.end) {
      result.append(try element(position))
      position = next(position)
    }
    return result
  }

  func dictionary<V>(_ index: Int, value: (Int) throws -> V) throws -> [String: V] {
    guard kind(index) == .object else { throw mismatch(index, "an object") }
    let node = nodes[index]
    var result: [String: V] = [:]
    result.reserveCapacity(Int(node.count) / 2)
    var position = index + 1
    while position < Int(node.end) {
      let key = try string(position)
      result[key] = try value(position + 1)
      position = next(position + 1)
    }
    return result
  }
}
