import Dispatch
import Foundation

/// Types that build themselves straight from a parsed JSON object, without
/// Codable's containers. Used for the dex schema, where decoding speed matters;
/// each conformance must read exactly what the synthesized `Decodable` reads
/// (a test decodes the bundled data both ways and compares).
protocol TapeDecodable {
  init(from object: inout TapeObject) throws
}

/// A cursor over one JSON object's members, looked up by key in written order.
struct TapeObject: @unchecked Sendable {
  let storage: TapeStorage
  let index: Int
  private let end: Int
  private var cursor: Int

  init(storage: TapeStorage, index: Int) throws {
    guard storage.kind(index) == .object else { throw storage.mismatch(index, "an object") }
    self.storage = storage
    self.index = index
    end = Int(storage.nodes[index].end)
    cursor = index + 1
  }

  /// The node index of `key`'s value, or `nil` when absent (or `null`).
  mutating func find(_ key: StaticString) -> Int? {
    let wanted = UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount)
    guard let value = storage.member(wanted, inObject: index, end: end, cursor: &cursor) else {
      return nil
    }
    return storage.kind(value) == .null ? nil : value
  }

  mutating func require(_ key: StaticString) throws -> Int {
    guard let value = find(key) else {
      throw TapeError(node: index, message: "missing key '\(key)'")
    }
    return value
  }

  mutating func string(_ key: StaticString) throws -> String { try storage.string(require(key)) }
  mutating func int(_ key: StaticString) throws -> Int { try storage.integer(require(key)) }
  mutating func double(_ key: StaticString) throws -> Double { try storage.double(require(key)) }
  mutating func bool(_ key: StaticString) throws -> Bool { try storage.bool(require(key)) }

  mutating func optionalString(_ key: StaticString) throws -> String? {
    try find(key).map { try storage.string($0) }
  }
  mutating func optionalInt(_ key: StaticString) throws -> Int? {
    try find(key).map { try storage.integer($0) }
  }

  mutating func strings(_ key: StaticString) throws -> [String] {
    try storage.array(require(key)) { try storage.string($0) }
  }
  mutating func names(_ key: StaticString) throws -> LocalizedNames {
    let index = try require(key)
    guard storage.kind(index) == .object else { throw storage.mismatch(index, "an object") }
    let node = storage.nodes[index]
    var pairs: [(String, String)] = []
    pairs.reserveCapacity(Int(node.count) / 2)
    var position = index + 1
    while position < Int(node.end) {
      pairs.append((try storage.string(position), try storage.string(position + 1)))
      position = storage.next(position + 1)
    }
    return LocalizedNames(sortedPairs: pairs)
  }
  mutating func ints(_ key: StaticString) throws -> [String: Int] {
    try storage.dictionary(require(key)) { try storage.integer($0, as: Int.self) }
  }

  mutating func decode<T: TapeDecodable>(_ key: StaticString, as type: T.Type = T.self) throws -> T
  {
    try storage.object(require(key))
  }
  mutating func optional<T: TapeDecodable>(_ key: StaticString, as type: T.Type = T.self) throws
    -> T?
  {
    try find(key).map { try storage.object($0) }
  }
  mutating func array<T: TapeDecodable>(_ key: StaticString, of type: T.Type = T.self) throws -> [T]
  {
    try storage.array(require(key)) { try storage.object($0) }
  }
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

  func object<T: TapeDecodable>(_ index: Int) throws -> T {
    var object = try TapeObject(storage: self, index: index)
    return try T(from: &object)
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

extension FastJSONDecoder {
  /// Decodes a `TapeDecodable` type through its direct path.
  func decodeDirect<T: TapeDecodable>(_ type: T.Type, from bytes: [UInt8]) throws(JSONError) -> T {
    try decodeDirect(type, from: try JSONTape(bytes: bytes))
  }

  /// Decodes a `TapeDecodable` type from a parsed tape.
  func decodeDirect<T: TapeDecodable>(_ type: T.Type, from tape: JSONTape) throws(JSONError) -> T {
    let storage = TapeStorage(tape: tape)
    do {
      return try storage.object(0)
    } catch let error as TapeError {
      throw storage.jsonError(error)
    } catch {
      throw JSONError(.decoding, "\(error)", at: (1, 1))
    }
  }

  /// The integer at `key` of the root object, if there is one.
  func rootInteger(_ key: StaticString, in tape: JSONTape) -> Int? {
    guard var object = try? TapeObject(storage: TapeStorage(tape: tape), index: 0) else {
      return nil
    }
    return try? object.optionalInt(key)
  }
}

extension TapeObject {
  /// Decodes a large array of objects on every available core, in order.
  ///
  /// The tape is read-only while decoding, so halves of the array decode independently.
  mutating func concurrentArray<T: TapeDecodable & Sendable>(
    _ key: StaticString,
    of type: T.Type = T.self
  ) throws -> [T] {
    let index = try require(key)
    let storage = self.storage
    guard storage.kind(index) == .array else { throw storage.mismatch(index, "an array") }
    var positions: [Int] = []
    positions.reserveCapacity(Int(storage.nodes[index].count))
    var position = index + 1
    while position < Int(storage.nodes[index].end) {
      positions.append(position)
      position = storage.next(position)
    }
    let elements = positions
    let chunks = elements.count < 256 ? 1 : min(ProcessInfo.processInfo.activeProcessorCount, 8)
    guard chunks > 1 else { return try elements.map { try storage.object($0) } }
    let results = ChunkResults<T>(count: chunks)
    DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
      let lower = elements.count * chunk / chunks
      let upper = elements.count * (chunk + 1) / chunks
      do {
        results.set(chunk, .success(try elements[lower..<upper].map { try storage.object($0) }))
      } catch {
        results.set(chunk, .failure(error))
      }
    }
    return try results.joined()
  }
}

/// One result slot per chunk, each written by exactly one thread.
private final class ChunkResults<T>: @unchecked Sendable {
  private var slots: [Result<[T], any Error>?]

  init(count: Int) { slots = Array(repeating: nil, count: count) }

  func set(_ chunk: Int, _ result: Result<[T], any Error>) {
    slots.withUnsafeMutableBufferPointer { $0[chunk] = result }
  }

  /// The chunks in order, or the error of the first chunk that failed.
  func joined() throws -> [T] {
    var all: [T] = []
    for slot in slots {
      guard let slot else { continue }
      all += try slot.get()
    }
    return all
  }
}
