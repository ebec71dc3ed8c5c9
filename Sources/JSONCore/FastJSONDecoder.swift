import Foundation

/// Decodes `Decodable` values from JSON bytes, about twice as fast as Foundation's
/// `JSONDecoder` (the bundled dex, `pokedex-bench decode`).
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
/// By default a member whose key the type does not decode is skipped, as `JSONDecoder`
/// does. A format that must not lose data silently rejects it instead:
///
/// ```swift
/// let strict = FastJSONDecoder(unknownKeys: .reject)
/// try strict.decode(Stats.self, from: Array(#"{"hp": 45, "colour": 1}"#.utf8))
/// // throws JSONError: "1:12: colour: unknown key 'colour'"
/// ```
///
/// - Complexity: O(n) in the size of the input, plus the cost of building the values.
public struct FastJSONDecoder: Sendable {
  /// What decoding does with an object member that the decoded type has no key for.
  public enum UnknownKeyPolicy: Hashable, Sendable {
    /// Skip it, as `JSONDecoder` does.
    case ignore
    /// Throw a ``JSONError`` naming it. So does a key that is not valid UTF-8 (which could
    /// match no key) or that appears twice in one object (of which only one would be read).
    case reject
  }

  /// What decoding does with a member the type has no key for.
  public var unknownKeys: UnknownKeyPolicy

  /// A decoder; `unknownKeys` says what to do with members the type does not decode.
  public init(unknownKeys: UnknownKeyPolicy = .ignore) {
    self.unknownKeys = unknownKeys
  }

  /// Decodes a value of `type` from `bytes`, a complete UTF-8 JSON document.
  ///
  /// - Throws: ``JSONError`` with the location of the first problem.
  public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws(JSONError) -> T {
    try decode(type, from: try JSONTape(bytes: bytes))
  }

  /// Decodes a value of `type` from a parsed document.
  package func decode<T: Decodable>(_ type: T.Type, from tape: JSONTape) throws(JSONError) -> T {
    let storage = TapeStorage(tape: tape, rejectsUnknownKeys: unknownKeys == .reject)
    return try storage.locatingErrors(at: 0) { () throws in
      try T(from: TapeDecoder(storage: storage, index: 0))
    }
  }

  /// Decodes a value of `type` from `data`, a complete UTF-8 JSON document.
  public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(JSONError) -> T {
    try decode(type, from: [UInt8](data))
  }
}

/// The parsed document shared by every decoder and container of one decode.
final class TapeStorage: Sendable {
  let tape: JSONTape
  let nodes: [JSONTape.Node]
  /// Whether an object's keys must all be known to the type decoded from it, valid UTF-8 and
  /// unique (``FastJSONDecoder/UnknownKeyPolicy/reject``).
  let rejectsUnknownKeys: Bool

  init(tape: JSONTape, rejectsUnknownKeys: Bool = false) {
    self.tape = tape
    nodes = tape.nodes
    self.rejectsUnknownKeys = rejectsUnknownKeys
  }

  /// The index of the node after `index`'s subtree.
  @inline(__always) func next(_ index: Int) -> Int { tape.next(index) }

  // MARK: Values

  @inline(__always) func kind(_ index: Int) -> JSONTape.Kind { nodes[index].kind }

  func string(_ index: Int) throws -> String {
    guard nodes[index].kind == .string else { throw mismatch(index, "a string") }
    return try tape.stringValue(index)
  }

  func bool(_ index: Int) throws -> Bool {
    switch nodes[index].kind {
    case .true: return true
    case .false: return false
    default: throw mismatch(index, "true or false")
    }
  }

  func integer<I: FixedWidthInteger>(_ index: Int, as type: I.Type = I.self) throws -> I {
    guard nodes[index].kind == .number else { throw mismatch(index, "an integer") }
    guard let value = tape.integer(index, as: I.self) else {
      let text = tape.numberText(index)
      if text.utf8.allSatisfy({ $0.isDigit || $0 == UInt8(ascii: "-") }) {
        throw JSONTapeError(
          node: index,
          message: "\(tape.excerpt(index)) does not fit in \(I.self)"
        )
      }
      throw mismatch(index, "an integer")
    }
    return value
  }

  func double(_ index: Int) throws -> Double {
    guard nodes[index].kind == .number else { throw mismatch(index, "a number") }
    guard let value = tape.double(index) else {
      throw JSONTapeError(
        node: index,
        message: "\(tape.numberText(index)) is out of range for a Double"
      )
    }
    return value
  }

  func mismatch(_ index: Int, _ expected: String) -> JSONTapeError {
    JSONTapeError(node: index, message: "expected \(expected), found \(tape.excerpt(index))")
  }

  // MARK: Errors

  /// Runs `body`, turning what decoding throws into a located ``JSONError`` (an error of
  /// another kind is placed at `node`).
  func locatingErrors<Value>(at node: Int, _ body: () throws -> Value) throws(JSONError) -> Value {
    do {
      return try body()
    } catch let error as JSONTapeError {
      throw jsonError(error)
    } catch let error as DecodingError {
      throw jsonError(error)
    } catch let error as JSONError {
      throw error
    } catch {
      throw JSONError(.decoding, "\(error)", at: tape.location(ofNode: node))
    }
  }

  /// The coding path of the node at `index`, rebuilt from the parent links.
  func codingPath(of index: Int) -> [any CodingKey] {
    tape.path(of: index).map { component -> any CodingKey in
      switch component {
      case .key(let key): return AnyCodingKey(stringValue: key)
      case .index(let index): return AnyCodingKey(intValue: index)
      }
    }
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
          if (try? string(position)) == key.stringValue {
            found = value
            break
          }
          position = next(value)
        }
      } else if node.kind == .array, let wanted = key.intValue {
        var element = 0
        while position < Int(node.end) {
          if element == wanted {
            found = position
            break
          }
          position = next(position)
          element += 1
        }
      }
      guard let found else { break }
      index = found
    }
    return index
  }

  func jsonError(_ error: JSONTapeError) -> JSONError {
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

/// Decodes `T` from the node at `index`, bypassing `init(from:)` for the common leaf types.
@inline(__always)
func decodeValue<T: Decodable>(_ type: T.Type, storage: TapeStorage, index: Int) throws -> T {
  if T.self == String.self, let value = try storage.string(index) as? T { return value }
  if T.self == Int.self, let value = try storage.integer(index, as: Int.self) as? T {
    return value
  }
  if T.self == Double.self, let value = try storage.double(index) as? T { return value }
  if T.self == Bool.self, let value = try storage.bool(index) as? T { return value }
  if T.self == [String].self, let value = try stringArray(storage, index) as? T { return value }
  if T.self == [String: String].self, let value = try stringDictionary(storage, index) as? T {
    return value
  }
  if T.self == [String: Int].self, let value = try intDictionary(storage, index) as? T {
    return value
  }
  guard storage.kind(index) != .null else {
    throw JSONTapeError(node: index, message: "expected \(T.self), found null")
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
  func member(_ wanted: String, inObject object: Int, end: Int, cursor: inout Int) -> Int? {
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
  private func keyEquals(_ index: Int, _ wanted: String) -> Bool {
    let node = nodes[index]
    if node.hasEscapes { return (try? string(index)) == wanted }
    return tape.bytes[Int(node.start)..<Int(node.end)].elementsEqual(wanted.utf8)
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
      if result.updateValue(try value(position + 1), forKey: key) != nil, rejectsUnknownKeys {
        throw repeatedKey(position, key)
      }
      position = next(position + 1)
    }
    return result
  }
}

// MARK: Unknown keys

extension TapeStorage {
  /// Checks, for ``FastJSONDecoder/UnknownKeyPolicy/reject``, that every key of the object at
  /// `object` is valid UTF-8, appears once, and is a key of `Key`.
  ///
  /// - Complexity: O(k) in the object's keys.
  func checkKeys<Key: CodingKey>(of object: Int, as type: Key.Type) throws {
    let end = Int(nodes[object].end)
    var seen: Set<String> = []
    var position = object + 1
    while position < end {
      let name: String
      do {
        name = try tape.stringValue(position)
      } catch {
        let shown = Self.escaped(tape.bytes[Int(nodes[position].start)..<Int(nodes[position].end)])
        throw JSONTapeError(
          node: position,
          message: "key '\(shown)' is not valid UTF-8",
          key: shown
        )
      }
      guard Key(stringValue: name) != nil else {
        let shown = Self.escaped(name.utf8)
        throw JSONTapeError(node: position, message: "unknown key '\(shown)'", key: shown)
      }
      guard seen.insert(name).inserted else { throw repeatedKey(position, name) }
      position = next(position + 1)
    }
  }

  /// The error for `name` repeated at `position`; the key is escaped in the path too.
  private func repeatedKey(_ position: Int, _ name: String) -> JSONTapeError {
    let shown = Self.escaped(name.utf8)
    return JSONTapeError(node: position, message: "repeated key '\(shown)'", key: shown)
  }

  /// A key as messages show it: printable ASCII as is, other bytes of an invalid key as
  /// `\xFF`, control characters as `\u{1}`.
  static func escaped(_ bytes: some Collection<UInt8>) -> String {
    let isValid = UTF8Validation.isValid(Array(bytes))
    var result = ""
    if isValid {
      for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
        let value = scalar.value
        result +=
          value < 0x20 || value == 0x7F ? "\\u{\(String(value, radix: 16))}" : String(scalar)
      }
      return result
    }
    for byte in bytes {
      if byte >= 0x20 && byte < 0x7F {
        result.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        let hex = String(byte, radix: 16, uppercase: true)
        result += "\\x" + (hex.count < 2 ? "0" : "") + hex
      }
    }
    return result
  }
}

// MARK: Locating a path

extension JSONTape {
  /// The node at `path` from the root, or the deepest node that exists along it.
  ///
  /// ```swift
  /// let tape = try JSONTape(bytes: Array(#"{"a": [1, {"b": 2}]}"#.utf8))
  /// tape.node(at: [.key("a"), .index(1), .key("b")])  // 6, the number 2
  /// ```
  ///
  /// - Complexity: O(n) in the nodes before it.
  package func node(at path: [JSONPathComponent]) -> Int {
    TapeStorage(tape: self).node(
      at: path.map { component -> any CodingKey in
        switch component {
        case .key(let key): return AnyCodingKey(stringValue: key)
        case .index(let index): return AnyCodingKey(intValue: index)
        }
      }
    )
  }
}
