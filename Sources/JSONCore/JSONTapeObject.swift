/// One object of a parsed document, read member by member as a `Decodable` type's keyed
/// container reads it, without the `Codable` machinery: for a format's hot path, such as a
/// teams file's header with an entry per section. Values and errors are the decoder's
/// (``FastJSONDecoder``): the same conversions, and each error located by its line,
/// column and JSON path.
///
/// ```swift
/// let tape = try JSONTape(bytes: Array(#"{"id": 3, "name": "Sand", "tags": []}"#.utf8))
/// var object = try JSONTapeObject(tape)
/// try object.integer("id")                // 3
/// try object.string("name")               // "Sand"
/// try object.stringIfPresent("folder")    // nil
/// try object.integer("size")              // throws: 1:1: missing key 'size'
/// ```
///
/// Keys are looked up from the member after the last one found, so reading them in the
/// order they are written costs O(1) each; a key written twice gives its first value.
package struct JSONTapeObject {
  private let storage: TapeStorage
  /// The object's node in the tape.
  package let node: Int
  private let end: Int
  private var cursor: Int

  /// The object at `node` (default: the root) of `tape`.
  ///
  /// - Throws: ``JSONError`` if that node is not an object.
  package init(_ tape: JSONTape, node: Int = 0) throws(JSONError) {
    try self.init(storage: TapeStorage(tape: tape), node: node)
  }

  private init(storage: TapeStorage, node: Int) throws(JSONError) {
    guard storage.kind(node) == .object else {
      throw storage.jsonError(storage.mismatch(node, "an object"))
    }
    self.storage = storage
    self.node = node
    end = Int(storage.nodes[node].end)
    cursor = node + 1
  }

  /// The tape the object is in.
  package var tape: JSONTape { storage.tape }

  /// The node of the value of `key`, or `nil` if the object has no such member.
  package mutating func value(_ key: String) -> Int? {
    storage.member(key, inObject: node, end: end, cursor: &cursor)
  }

  /// The integer value of `key`.
  package mutating func integer(_ key: String) throws(JSONError) -> Int {
    let index = try require(key)
    return try reading { () throws in try storage.integer(index) }
  }

  /// The integer value of `key`, or `nil` if it is missing or `null`.
  package mutating func integerIfPresent(_ key: String) throws(JSONError) -> Int? {
    guard let index = presentValue(key) else { return nil }
    return try reading { () throws in try storage.integer(index) }
  }

  /// The string value of `key`, escapes decoded.
  package mutating func string(_ key: String) throws(JSONError) -> String {
    let index = try require(key)
    return try reading { () throws in try storage.string(index) }
  }

  /// The string value of `key`, or `nil` if it is missing or `null`.
  package mutating func stringIfPresent(_ key: String) throws(JSONError) -> String? {
    guard let index = presentValue(key) else { return nil }
    return try reading { () throws in try storage.string(index) }
  }

  /// The object value of `key`.
  package mutating func object(_ key: String) throws(JSONError) -> JSONTapeObject {
    try JSONTapeObject(storage: storage, node: try require(key))
  }

  /// The object value of `key`, or `nil` if it is missing or `null`.
  package mutating func objectIfPresent(_ key: String) throws(JSONError) -> JSONTapeObject? {
    guard let index = presentValue(key) else { return nil }
    return try JSONTapeObject(storage: storage, node: index)
  }

  /// The objects of the array value of `key`, in order.
  package mutating func objects(_ key: String) throws(JSONError) -> [JSONTapeObject] {
    let index = try require(key)
    guard storage.kind(index) == .array else {
      throw storage.jsonError(storage.mismatch(index, "an array"))
    }
    var objects: [JSONTapeObject] = []
    objects.reserveCapacity(Int(storage.nodes[index].count))
    var position = index + 1
    while position < Int(storage.nodes[index].end) {
      objects.append(try JSONTapeObject(storage: storage, node: position))
      position = storage.next(position)
    }
    return objects
  }

  /// The value of `key` decoded as `type` by ``FastJSONDecoder`` (for a value whose type
  /// the format does not know, such as a generic parameter's).
  package mutating func decode<T: Decodable>(_ type: T.Type, _ key: String) throws(JSONError) -> T {
    let index = try require(key)
    return try storage.locatingErrors(at: index) { () throws in
      try T(from: TapeDecoder(storage: storage, index: index))
    }
  }

  /// An error about the value of `key` (or, if it is missing, the object), located as the
  /// others: for a value of the right JSON type that the format does not accept.
  package mutating func error(_ message: String, key: String) -> JSONError {
    storage.jsonError(JSONTapeError(node: value(key) ?? node, message: message))
  }

  // MARK: Helpers

  private mutating func require(_ key: String) throws(JSONError) -> Int {
    guard let index = value(key) else {
      throw storage.jsonError(JSONTapeError(node: node, message: "missing key '\(key)'"))
    }
    return index
  }

  /// The node of `key`'s value unless it is missing or `null`, as `decodeIfPresent` reads.
  private mutating func presentValue(_ key: String) -> Int? {
    guard let index = value(key), storage.kind(index) != .null else { return nil }
    return index
  }

  private func reading<Value>(_ body: () throws -> Value) throws(JSONError) -> Value {
    try storage.locatingErrors(at: node, body)
  }
}
