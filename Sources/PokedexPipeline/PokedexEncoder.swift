import FileKit
import Foundation
import JSONCore
import PokedexKit

/// Writes a ``Pokedex`` (or any `Encodable` value) as deterministic, diff-friendly JSON.
///
/// Two encodings of equal values are byte-identical:
/// - Struct keys come in the models' declaration order (the order of their
///   synthesized `CodingKeys`); `nil` optionals are left out.
/// - Dictionary keys (names by language, damage factors, dex numbers) are
///   sorted by their UTF-8 bytes.
/// - Integers are written plainly. A `Double` that is a whole number of tenths
///   (every height and weight) is written in its shortest decimal form, `0.7`,
///   `90.5`, `1000`; any other finite `Double` uses Swift's shortest
///   round-tripping form. Non-finite numbers are an error.
/// - Strings are UTF-8; only `"`, `\` and control characters are escaped.
/// - Layout: a value nested at most two levels deep (a scalar, an array or
///   object of scalars, or one of those inside another) is written on one
///   line; anything deeper puts one member per line, indented by two spaces.
///   The file ends with a line feed.
///
/// ```swift
/// let bytes = try PokedexEncoder().encode(dex)
/// let again = try JSONDecoder().decode(Pokedex.self, from: Data(bytes))  // == dex
/// ```
///
/// - Complexity: O(*n* log *n*) in the size of the value (dictionary keys are sorted).
public struct PokedexEncoder: Sendable {
  /// Creates an encoder.
  public init() {}

  /// Encodes `value` as JSON bytes.
  ///
  /// - Throws: ``DataPipelineError/nonFiniteNumber(path:)`` for an infinite or NaN number.
  public func encode<Value: Encodable>(_ value: Value) throws(DataPipelineError) -> [UInt8] {
    let root = JSONNode()
    do {
      try value.encode(to: TreeEncoder(node: root, codingPath: []))
    } catch let error as NonFiniteNumber {
      throw .nonFiniteNumber(path: error.path)
    } catch {
      throw .fileError(path: "<json>", reason: "cannot encode the value (\(error))")
    }
    var output = JSONOutput(capacity: 1 << 20)
    root.write(to: &output, indent: 0)
    output.append(0x0A)
    return output.bytes
  }

  /// Encodes `dex` and writes it to `url` atomically and durably (``AtomicFile``): a
  /// temporary file in the same directory is written and synced, then renamed over the
  /// destination; a device is written in place, never replaced.
  ///
  /// - Throws: ``DataPipelineError/nonFiniteNumber(path:)`` or
  ///   ``DataPipelineError/fileError(path:reason:)`` when the file cannot be written.
  public func write<Value: Encodable>(_ value: Value, to url: URL) throws(DataPipelineError) {
    let bytes = try encode(value)
    do {
      try AtomicFile.replace(atPath: url.path, with: bytes, options: .init(durable: true))
    } catch {
      throw .fileError(
        path: url.path,
        reason: "cannot write the file (\(error.systemMessage))"
      )
    }
  }
}

/// Thrown inside the encoder for an infinite or NaN number at a JSON path.
private struct NonFiniteNumber: Error {
  var path: String
}

/// Marks string-keyed dictionaries, whose keys the encoder sorts.
private protocol StringKeyedDictionary {}
extension Dictionary: StringKeyedDictionary where Key == String {}

/// One value of the JSON tree the encoder builds before writing it.
private final class JSONNode {
  /// A scalar's JSON text.
  var scalar: [UInt8]?
  var elements: [JSONNode]?
  var members: [(key: String, node: JSONNode)]?
  var sortsKeys = false

  private var cachedHeight = -1

  /// 0 for a scalar, 1 plus the deepest child's height for a container (computed once).
  var height: Int {
    if cachedHeight >= 0 { return cachedHeight }
    var result = 0
    if let elements {
      result = 1 + (elements.map(\.height).max() ?? 0)
    } else if let members {
      result = 1 + (members.map(\.node.height).max() ?? 0)
    }
    cachedHeight = result
    return result
  }

  func write(to output: inout JSONOutput, indent: Int) {
    if let scalar {
      output.append(contentsOf: scalar)
      return
    }
    let inline = height <= 2
    if let elements {
      output.append(0x5B)
      for (index, element) in elements.enumerated() {
        if index > 0 { output.append(inline ? ", " : ",") }
        if !inline { output.newline(indent: indent + 2) }
        element.write(to: &output, indent: indent + 2)
      }
      if !inline && !elements.isEmpty { output.newline(indent: indent) }
      output.append(0x5D)
      return
    }
    var members = self.members ?? []
    if sortsKeys { members.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) } }
    output.append(0x7B)
    for (index, member) in members.enumerated() {
      if index > 0 { output.append(inline ? ", " : ",") }
      if !inline { output.newline(indent: indent + 2) }
      output.string(member.key)
      output.append(": ")
      member.node.write(to: &output, indent: indent + 2)
    }
    if !inline && !members.isEmpty { output.newline(indent: indent) }
    output.append(0x7D)
  }

  static func string(_ string: String) -> [UInt8] {
    var output = JSONOutput()
    output.string(string)
    return output.bytes
  }

  /// The JSON text of a finite `Double`: tenths in fixed notation, otherwise Swift's shortest form.
  static func number(_ value: Double) -> [UInt8] {
    var output = JSONOutput()
    output.number(value)
    return output.bytes
  }
}

/// The JSON path of a coding path: `pokemon[12].stats.hp`.
private func jsonPath(_ codingPath: [any CodingKey]) -> String {
  var path = ""
  for key in codingPath {
    if let index = key.intValue {
      path += "[\(index)]"
    } else {
      path += path.isEmpty ? key.stringValue : "." + key.stringValue
    }
  }
  return path.isEmpty ? "<root>" : path
}

/// An array index as a coding key.
private struct IndexKey: CodingKey {
  var intValue: Int?
  var stringValue: String { "\(intValue ?? 0)" }
  init(intValue: Int) { self.intValue = intValue }
  init?(stringValue: String) { nil }
}

/// Encodes into a ``JSONNode`` tree.
private struct TreeEncoder: Encoder {
  let node: JSONNode
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    if node.members == nil { node.members = [] }
    return KeyedEncodingContainer(KeyedContainer<Key>(node: node, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    if node.elements == nil { node.elements = [] }
    return UnkeyedContainer(node: node, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleValueContainer(node: node, codingPath: codingPath)
  }

  /// Encodes `value` into a new child node at `path`.
  static func child<T: Encodable>(_ value: T, path: [any CodingKey]) throws -> JSONNode {
    let child = JSONNode()
    if value is StringKeyedDictionary { child.sortsKeys = true }
    try value.encode(to: TreeEncoder(node: child, codingPath: path))
    if child.scalar == nil && child.elements == nil && child.members == nil {
      child.members = []
    }
    return child
  }
}

private struct SingleValueContainer: SingleValueEncodingContainer {
  let node: JSONNode
  let codingPath: [any CodingKey]

  mutating func encodeNil() throws { node.scalar = Array("null".utf8) }
  mutating func encode(_ value: Bool) throws {
    node.scalar = Array((value ? "true" : "false").utf8)
  }
  mutating func encode(_ value: String) throws { node.scalar = JSONNode.string(value) }
  mutating func encode(_ value: Double) throws {
    guard value.isFinite else { throw NonFiniteNumber(path: jsonPath(codingPath)) }
    node.scalar = JSONNode.number(value)
  }
  mutating func encode(_ value: Float) throws {
    guard value.isFinite else { throw NonFiniteNumber(path: jsonPath(codingPath)) }
    node.scalar = Array(value.description.utf8)
  }
  mutating func encode(_ value: Int) throws { node.scalar = Array(String(value).utf8) }
  mutating func encode(_ value: Int8) throws { node.scalar = Array(String(value).utf8) }
  mutating func encode(_ value: Int16) throws { node.scalar = Array(String(value).utf8) }
  mutating func encode(_ value: Int32) throws { node.scalar = Array(String(value).utf8) }
  mutating func encode(_ value: Int64) throws { node.scalar = Array(String(value).utf8) }
  mutating func encode(_ value: UInt) throws { node.scalar = Array(String(value).utf8) }
  mutating func encode(_ value: UInt8) throws { node.scalar = Array(String(value).utf8) }
  mutating func encode(_ value: UInt16) throws { node.scalar = Array(String(value).utf8) }
  mutating func encode(_ value: UInt32) throws { node.scalar = Array(String(value).utf8) }
  mutating func encode(_ value: UInt64) throws { node.scalar = Array(String(value).utf8) }
  mutating func encode<T: Encodable>(_ value: T) throws {
    let child = try TreeEncoder.child(value, path: codingPath)
    node.scalar = child.scalar
    node.elements = child.elements
    node.members = child.members
    node.sortsKeys = child.sortsKeys
  }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
  let node: JSONNode
  let codingPath: [any CodingKey]
  var count: Int { node.elements?.count ?? 0 }

  private func append(_ child: JSONNode) { node.elements?.append(child) }
  private var nextPath: [any CodingKey] { codingPath + [IndexKey(intValue: count)] }

  mutating func encodeNil() throws {
    let child = JSONNode()
    child.scalar = Array("null".utf8)
    append(child)
  }
  mutating func encode<T: Encodable>(_ value: T) throws {
    append(try TreeEncoder.child(value, path: nextPath))
  }
  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type
  ) -> KeyedEncodingContainer<NestedKey> {
    let child = JSONNode()
    let path = nextPath
    append(child)
    return TreeEncoder(node: child, codingPath: path).container(keyedBy: keyType)
  }
  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let child = JSONNode()
    let path = nextPath
    append(child)
    return TreeEncoder(node: child, codingPath: path).unkeyedContainer()
  }
  mutating func superEncoder() -> any Encoder {
    let child = JSONNode()
    let path = nextPath
    append(child)
    return TreeEncoder(node: child, codingPath: path)
  }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let node: JSONNode
  let codingPath: [any CodingKey]

  /// Adds a member; synthesized `Codable` and dictionaries never repeat a key.
  private func set(_ key: String, _ child: JSONNode) {
    node.members?.append((key, child))
  }

  mutating func encodeNil(forKey key: Key) throws {
    let child = JSONNode()
    child.scalar = Array("null".utf8)
    set(key.stringValue, child)
  }
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    set(key.stringValue, try TreeEncoder.child(value, path: codingPath + [key]))
  }
  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type,
    forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let child = JSONNode()
    set(key.stringValue, child)
    return TreeEncoder(node: child, codingPath: codingPath + [key]).container(keyedBy: keyType)
  }
  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let child = JSONNode()
    set(key.stringValue, child)
    return TreeEncoder(node: child, codingPath: codingPath + [key]).unkeyedContainer()
  }
  mutating func superEncoder() -> any Encoder {
    let child = JSONNode()
    set("super", child)
    return TreeEncoder(node: child, codingPath: codingPath)
  }
  mutating func superEncoder(forKey key: Key) -> any Encoder {
    let child = JSONNode()
    set(key.stringValue, child)
    return TreeEncoder(node: child, codingPath: codingPath + [key])
  }
}
