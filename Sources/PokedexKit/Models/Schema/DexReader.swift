import JSONCore

/// Reads JSON of the dex schema straight into models, in one pass, with ``JSONScanner``.
///
/// This is the fast path of ``PokedexLoader``. It accepts the JSON our writer produces (any
/// whitespace, members in any order, `null` or a missing member for absent optionals;
/// escapes in strings, except in names and keys) and fails, saying only where, on anything
/// else: unknown or repeated keys,
/// numbers with exponents or too many digits, names out of order. The loader then decodes
/// the file with ``FastJSONDecoder``, which accepts every JSON document and explains a
/// problem with its JSON path, line and column. So this reader never explains an error; it
/// only has to be strict, accepting nothing that the full decoder would decode differently.
///
/// Everything it returns owns its memory: strings are made (and shared, through an
/// interner, when the same bytes come again), and names are copied into their own storage.
///
/// ```swift
/// let dex = try DexReader.reading(bytes) { reader throws(DexReader.Failure) in
///   try Pokedex.read(from: &reader)
/// }
/// ```
///
/// - Complexity: O(n) in the bytes read.
struct DexReader {
  /// The reader met something outside the subset it reads (or invalid JSON) at `offset`.
  struct Failure: Error {
    var offset: Int
  }

  var scanner: JSONScanner
  private var interner = StringInterner()
  /// Room in which names are packed before they get storage of their own.
  private var nameBytes: [UInt8] = []
  private var nameEnds: [Int32] = []
  /// Room in which a learnset's moves are gathered before they get storage of their own.
  private var movesBuilder = LearnedMoves.Builder()
  init(_ scanner: JSONScanner) {
    self.scanner = scanner
    self.scanner.skipByteOrderMark()
  }

  /// Reads `bytes` with `body`, which must read the whole document (only whitespace may
  /// follow what it reads).
  static func reading<Result>(
    _ bytes: [UInt8],
    _ body: (inout DexReader) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try JSONScanner.scan(bytes) { scanner throws(Failure) in
      var reader = DexReader(scanner)
      let result = try body(&reader)
      guard reader.scanner.isAtEnd() else { throw reader.failure() }
      return result
    }
  }

  private func failure() -> Failure { Failure(offset: scanner.position) }

  // MARK: Structure

  @inline(__always)
  private mutating func expect(_ byte: UInt8) throws(Failure) {
    guard scanner.consume(byte) else { throw failure() }
  }

  /// After a member or element: consumes `,` and returns `true`, or consumes `close` and
  /// returns `false`.
  @inline(__always)
  private mutating func separator(_ close: UInt8) throws(Failure) -> Bool {
    if scanner.consume(UInt8(ascii: ",")) { return true }
    try expect(close)
    return false
  }

  /// Reads an object of a model: calls `body` once per member with its field's index in
  /// `keys`; fails on an unknown or repeated key, and on a missing required one.
  mutating func readObject(
    _ keys: JSONKeyTable,
    required: UInt64,
    _ body: (inout DexReader, Int) throws(Failure) -> Void
  ) throws(Failure) {
    try expect(UInt8(ascii: "{"))
    var seen: UInt64 = 0
    if !scanner.consume(UInt8(ascii: "}")) {
      var hint = 0
      repeat {
        let index = try key(in: keys, hint: hint)
        guard seen & (1 << index) == 0 else { throw failure() }
        seen |= 1 << index
        hint = index + 1
        try expect(UInt8(ascii: ":"))
        try body(&self, index)
      } while try separator(UInt8(ascii: "}"))
    }
    guard seen & required == required else { throw failure() }
  }

  /// The index in `keys` of the next member's key; members in written order cost one
  /// comparison each.
  @inline(__always)
  private mutating func key(in keys: JSONKeyTable, hint: Int) throws(Failure) -> Int {
    guard scanner.peek() == 0x22 else { throw failure() }
    if hint < keys.count, let end = scanner.quotedKey(hint, of: keys, at: scanner.position) {
      scanner.position = end
      return hint
    }
    let key = try plainString()
    guard let index = keys.index(of: key, in: scanner, hint: hint) else { throw failure() }
    return index
  }

  /// Reads an array, one `element` per value.
  @inline(__always)
  mutating func readArray<T>(
    _ element: (inout DexReader) throws(Failure) -> T
  ) throws(Failure) -> [T] {
    try expect(UInt8(ascii: "["))
    var result: [T] = []
    if scanner.consume(UInt8(ascii: "]")) { return result }
    // Room for the one or two elements of most arrays in a record, in one allocation.
    result.reserveCapacity(2)
    repeat {
      result.append(try element(&self))
    } while try separator(UInt8(ascii: "]"))
    return result
  }

  // MARK: Values

  /// The contents of the next string, which must have no escapes and be valid UTF-8.
  @inline(__always)
  private mutating func plainString() throws(Failure) -> Range<Int> {
    guard let range = scanner.plainString() else { throw failure() }
    return range
  }

  /// The next string; equal strings without escapes read from one document share their
  /// storage. A string with escapes (the long texts of moves and abilities have line breaks)
  /// is decoded exactly as ``JSONTape`` decodes it, and fails where the tape fails.
  mutating func string() throws(Failure) -> String {
    let start = scanner.position
    if let range = scanner.plainString() { return interner.string(range, in: scanner) }
    scanner.position = start
    guard let token = try? scanner.string(), token.isValidUTF8,
      let unescaped = JSONEscapes.unescape(scanner.bytes[token.range]),
      UTF8Validation.isValid(unescaped)
    else { throw Failure(offset: start) }
    return String(decoding: unescaped, as: UTF8.self)
  }

  /// An integer without fraction or exponent, of at most 18 digits.
  mutating func int() throws(Failure) -> Int {
    let start = scanner.position
    guard let token = try? scanner.number(), token.isInteger, token.range.count <= 19,
      let value = scanner.integer(token.range)
    else { throw Failure(offset: start) }
    return value
  }

  /// A number of at most 15 significant digits and no exponent: exactly the values whose
  /// decimal-to-binary conversion is one correctly rounded division, as in ``FastJSONDecoder``.
  mutating func double() throws(Failure) -> Double {
    let start = scanner.position
    guard let token = try? scanner.number(),
      let value = scanner.simpleDouble(token.range)
    else { throw Failure(offset: start) }
    return value
  }

  mutating func bool() throws(Failure) -> Bool {
    switch scanner.literal() {
    case .true: return true
    case .false: return false
    default: throw failure()
    }
  }

  /// Consumes `null` if it comes next.
  @inline(__always) mutating func null() -> Bool { scanner.null() }

  /// Names keyed by language, copied into storage of their own. The keys must be in sorted
  /// order without repeats, as written.
  mutating func names() throws(Failure) -> LocalizedNames {
    nameBytes.removeAll(keepingCapacity: true)
    nameEnds.removeAll(keepingCapacity: true)
    guard scanner.sortedPlainStringObject(into: &nameBytes, ends: &nameEnds) else {
      throw failure()
    }
    return LocalizedNames(utf8: Array(nameBytes), ends: Array(nameEnds))
  }

  /// Pokédex numbers keyed by Pokédex. The keys must be in sorted order without repeats.
  mutating func dexNumbers() throws(Failure) -> DexNumbers {
    var entries: [DexNumbers.Entry] = []
    var previous: Range<Int>?
    try expect(UInt8(ascii: "{"))
    if !scanner.consume(UInt8(ascii: "}")) {
      repeat {
        let key = try sortedKey(after: previous)
        previous = key
        try expect(UInt8(ascii: ":"))
        entries.append(DexNumbers.Entry(key: interner.string(key, in: scanner), value: try int()))
      } while try separator(UInt8(ascii: "}"))
    }
    return DexNumbers(sortedEntries: entries)
  }

  /// A learnset's moves: an object of source codes separated by spaces (`"9M 8L36"`) keyed
  /// by move identifier, in sorted order without repeats.
  mutating func learnedMoves() throws(Failure) -> LearnedMoves {
    var previous: Range<Int>?
    try expect(UInt8(ascii: "{"))
    if !scanner.consume(UInt8(ascii: "}")) {
      repeat {
        let key = try sortedKey(after: previous)
        previous = key
        // Identifiers of up to 15 bytes are stored in the `String` itself: making one is
        // cheaper than looking it up in the interner.
        movesBuilder.startMove(
          key.count <= 15 ? scanner.text(key) : interner.string(key, in: scanner)
        )
        try expect(UInt8(ascii: ":"))
        let codes = try plainString()
        guard MoveSource.forEach(in: scanner.bytes, codes, { movesBuilder.append($0) }) else {
          throw Failure(offset: codes.lowerBound)
        }
      } while try separator(UInt8(ascii: "}"))
    }
    return movesBuilder.build()
  }

  /// The next key, which must sort strictly after `previous` (byte by byte).
  private mutating func sortedKey(after previous: Range<Int>?) throws(Failure) -> Range<Int> {
    let key = try plainString()
    if let previous, !scanner.bytes(previous, precede: key) {
      throw Failure(offset: key.lowerBound)
    }
    return key
  }

  /// An object of integers with any keys (each once).
  mutating func intMembers() throws(Failure) -> [String: Int] {
    try expect(UInt8(ascii: "{"))
    var result: [String: Int] = [:]
    if scanner.consume(UInt8(ascii: "}")) { return result }
    repeat {
      let key = interner.string(try plainString(), in: scanner)
      try expect(UInt8(ascii: ":"))
      guard result.updateValue(try int(), forKey: key) == nil else { throw failure() }
    } while try separator(UInt8(ascii: "}"))
    return result
  }
}
