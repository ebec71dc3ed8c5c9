/// A `Decoder` positioned at one node of a ``TapeStorage``.
struct TapeDecoder: Decoder {
  let storage: TapeStorage
  let index: Int

  var codingPath: [any CodingKey] { storage.codingPath(of: index) }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard storage.kind(index) == .object else { throw storage.mismatch(index, "an object") }
    if storage.rejectsUnknownKeys { try storage.checkKeys(of: index, as: Key.self) }
    return KeyedDecodingContainer(TapeKeyedContainer<Key>(storage: storage, object: index))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard storage.kind(index) == .array else { throw storage.mismatch(index, "an array") }
    return TapeUnkeyedContainer(storage: storage, array: index)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    TapeSingleValueContainer(storage: storage, index: index)
  }
}

/// An object's members. Looks keys up starting after the last key found, so
/// decoding keys in the order they were written costs O(1) per key.
final class TapeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let storage: TapeStorage
  let object: Int
  private let end: Int
  private var cursor: Int

  init(storage: TapeStorage, object: Int) {
    self.storage = storage
    self.object = object
    end = Int(storage.nodes[object].end)
    cursor = object + 1
  }

  var codingPath: [any CodingKey] { storage.codingPath(of: object) }

  var allKeys: [Key] {
    var keys: [Key] = []
    var position = object + 1
    while position < end {
      if let name = try? storage.string(position), let key = Key(stringValue: name) {
        keys.append(key)
      }
      position = storage.next(position + 1)
    }
    return keys
  }

  /// The index of the value for `key`, or `nil` when the object has no such member.
  private func valueIndex(_ key: Key) -> Int? {
    storage.member(key.stringValue, inObject: object, end: end, cursor: &cursor)
  }

  private func require(_ key: Key) throws -> Int {
    guard let index = valueIndex(key) else {
      throw JSONTapeError(node: object, message: "missing key '\(key.stringValue)'")
    }
    return index
  }

  func contains(_ key: Key) -> Bool { valueIndex(key) != nil }

  func decodeNil(forKey key: Key) throws -> Bool { storage.kind(try require(key)) == .null }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try decodeValue(type, storage: storage, index: try require(key))
  }

  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    guard let index = valueIndex(key), storage.kind(index) != .null else { return nil }
    return try decodeValue(type, storage: storage, index: index)
  }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    try storage.bool(try require(key))
  }
  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    try storage.string(try require(key))
  }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    try storage.double(try require(key))
  }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
    Float(try storage.double(try require(key)))
  }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
    try storage.integer(try require(key))
  }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
    try storage.integer(try require(key))
  }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
    try storage.integer(try require(key))
  }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
    try storage.integer(try require(key))
  }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
    try storage.integer(try require(key))
  }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
    try storage.integer(try require(key))
  }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
    try storage.integer(try require(key))
  }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
    try storage.integer(try require(key))
  }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
    try storage.integer(try require(key))
  }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
    try storage.integer(try require(key))
  }

  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
    guard let index = valueIndex(key), storage.kind(index) != .null else { return nil }
    return try storage.string(index)
  }
  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
    guard let index = valueIndex(key), storage.kind(index) != .null else { return nil }
    return try storage.integer(index)
  }
  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
    guard let index = valueIndex(key), storage.kind(index) != .null else { return nil }
    return try storage.double(index)
  }
  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
    guard let index = valueIndex(key), storage.kind(index) != .null else { return nil }
    return try storage.bool(index)
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type,
    forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try TapeDecoder(storage: storage, index: try require(key)).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try TapeDecoder(storage: storage, index: try require(key)).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder {
    guard let key = Key(stringValue: "super"), let index = valueIndex(key) else {
      throw JSONTapeError(node: object, message: "missing key 'super'")
    }
    return TapeDecoder(storage: storage, index: index)
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    TapeDecoder(storage: storage, index: try require(key))
  }
}

/// An array's elements, in order.
struct TapeUnkeyedContainer: UnkeyedDecodingContainer {
  let storage: TapeStorage
  let array: Int
  private var position: Int
  private(set) var currentIndex = 0

  init(storage: TapeStorage, array: Int) {
    self.storage = storage
    self.array = array
    position = array + 1
  }

  var codingPath: [any CodingKey] { storage.codingPath(of: array) }
  var count: Int? { Int(storage.nodes[array].count) }
  var isAtEnd: Bool { position >= Int(storage.nodes[array].end) }

  private mutating func advance() throws -> Int {
    guard !isAtEnd else {
      throw JSONTapeError(node: array, message: "expected more than \(currentIndex) elements")
    }
    let index = position
    position = storage.next(index)
    currentIndex += 1
    return index
  }

  mutating func decodeNil() throws -> Bool {
    guard !isAtEnd, storage.kind(position) == .null else { return false }
    _ = try advance()
    return true
  }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try decodeValue(type, storage: storage, index: try advance())
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try TapeDecoder(storage: storage, index: try advance()).container(keyedBy: type)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try TapeDecoder(storage: storage, index: try advance()).unkeyedContainer()
  }

  mutating func superDecoder() throws -> any Decoder {
    TapeDecoder(storage: storage, index: try advance())
  }
}

/// A single value.
struct TapeSingleValueContainer: SingleValueDecodingContainer {
  let storage: TapeStorage
  let index: Int

  var codingPath: [any CodingKey] { storage.codingPath(of: index) }

  func decodeNil() -> Bool { storage.kind(index) == .null }
  func decode(_ type: Bool.Type) throws -> Bool { try storage.bool(index) }
  func decode(_ type: String.Type) throws -> String { try storage.string(index) }
  func decode(_ type: Double.Type) throws -> Double { try storage.double(index) }
  func decode(_ type: Float.Type) throws -> Float { Float(try storage.double(index)) }
  func decode(_ type: Int.Type) throws -> Int { try storage.integer(index) }
  func decode(_ type: Int8.Type) throws -> Int8 { try storage.integer(index) }
  func decode(_ type: Int16.Type) throws -> Int16 { try storage.integer(index) }
  func decode(_ type: Int32.Type) throws -> Int32 { try storage.integer(index) }
  func decode(_ type: Int64.Type) throws -> Int64 { try storage.integer(index) }
  func decode(_ type: UInt.Type) throws -> UInt { try storage.integer(index) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try storage.integer(index) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try storage.integer(index) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try storage.integer(index) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try storage.integer(index) }
  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try decodeValue(type, storage: storage, index: index)
  }
}
