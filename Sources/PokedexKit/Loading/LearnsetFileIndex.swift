import JSONCore

/// The learnsets file read once and indexed by Pokémon before anyone knows which learnsets
/// are wanted. A command that checks a team's moves reads it while the dex loads, then
/// decodes the few learnsets the members' evolution lines need (``learnsets(of:)``) once
/// the dex has named them, instead of reading the file only then.
///
/// ```swift
/// let file = try LearnsetFileIndex()   // meanwhile, the dex loads
/// let owners = MoveLearners.learnsetOwners(of: [raichu], in: dex)
/// let family = try file.learnsets(of: owners)   // raichu, pikachu, pichu
/// ```
///
/// The learnsets it answers with are those ``PokedexLoader/loadLearnsets(_:path:)`` gives
/// for ``LearnsetSelection/owners(_:)``: every record is checked to be JSON when the file is
/// indexed, the ones wanted are decoded by the loader's reader, and an error in one is the
/// loader's, located in the file. (A file in another shape, with an escaped key say, is
/// left to the loader, which reads it again for each call.)
public struct LearnsetFileIndex: Sendable {
  /// The file's path, for errors.
  public let path: String
  private let bytes: [UInt8]
  /// The learnsets array (the offset after its `[`, and the offset of its `]`) and its
  /// records: each one's bytes, and its Pokémon when it opens with a plain
  /// `"pokemon": "<slug>"` (otherwise it is always decoded, as the loader's filter does).
  /// `nil` for a file the loader reads but this index does not.
  private let index: (array: (start: Int, end: Int), records: [Record])?

  private typealias Record = (pokemon: String?, range: Range<Int>)

  /// Reads the learnsets file at `path` (default: the bundled one) and indexes it.
  ///
  /// - Complexity: O(n) in the file's size: one pass that checks the grammar without
  ///   decoding.
  /// - Throws: what ``PokedexLoader/loadLearnsets(_:path:)`` throws for a file it cannot
  ///   read or that is not JSON.
  public init(path filePath: String? = nil) throws(PokedexLoadError) {
    if let filePath {
      path = filePath
    } else {
      path = try PokedexLoader.bundledDataPath(for: LearnsetDex.self)
    }
    do { bytes = try readFileBytes(atPath: path) } catch { throw .unreadable(error) }
    index = Self.index(bytes)
    if index == nil {
      // Not the shape indexed here: the loader's own pass says whether it is malformed.
      _ = try PokedexLoader.loadLearnsets(.owners([]), path: path)
    }
  }

  /// The learnsets of the Pokémon with these slugs, and of those their learnsets inherit:
  /// what ``PokedexLoader/loadLearnsets(_:path:)`` returns for
  /// ``LearnsetSelection/owners(_:)``.
  ///
  /// - Complexity: O(*r*) for *r* records, plus decoding the ones wanted.
  public func learnsets(of pokemon: Set<String>) throws(PokedexLoadError) -> LearnsetDex {
    guard let (array, records) = index else {
      return try PokedexLoader.loadLearnsets(.owners(pokemon), path: path)
    }
    var wanted = pokemon
    while true {
      var document = Array(bytes[..<array.start])
      var first = true
      for record in records where record.pokemon.map(wanted.contains) ?? true {
        if !first { document.append(UInt8(ascii: ",")) }
        document += bytes[record.range]
        first = false
      }
      document += bytes[array.end...]
      var learnsets: LearnsetDex
      do {
        learnsets = try PokedexLoader.decode(LearnsetDex.self, from: document, path: path)
      } catch {
        // The error's line and column are the file's only when the loader reads the file.
        return try PokedexLoader.loadLearnsets(.owners(pokemon), path: path)
      }
      learnsets.learnsets.removeAll { !wanted.contains($0.pokemon) }
      // As in the loader: each round adds one of the file's finitely many `inherits`.
      let inherited = Set(learnsets.learnsets.compactMap(\.inherits)).subtracting(wanted)
      if inherited.isEmpty { return learnsets }
      wanted.formUnion(inherited)
    }
  }

  /// The learnsets array of a document `{..., "learnsets": [{"pokemon": "x", ...}, ...],
  /// ...}` and its records, or `nil` if the document is not JSON or has no such array.
  private static func index(_ bytes: [UInt8])
    -> (array: (start: Int, end: Int), records: [Record])?
  {
    try? JSONScanner.scan(bytes) {
      (scanner) throws(JSONScanError) -> (
        array: (start: Int, end: Int), records: [Record]
      )? in
      scanner.skipByteOrderMark()
      try scanner.expect(UInt8(ascii: "{"))
      var found: (array: (start: Int, end: Int), records: [Record])?
      if !scanner.consume(UInt8(ascii: "}")) {
        repeat {
          guard let name = scanner.plainString() else { return nil }
          try scanner.expect(UInt8(ascii: ":"))
          if found == nil, scanner.bytes(name, equal: "learnsets".utf8) {
            found = try Self.records(&scanner)
          } else {
            try scanner.skipValue()
          }
        } while scanner.consume(UInt8(ascii: ","))
        try scanner.expect(UInt8(ascii: "}"))
      }
      return scanner.isAtEnd() ? found : nil
    }
  }

  /// The records of the array at the scanner's position, which ends after it.
  private static func records(_ scanner: inout JSONScanner) throws(JSONScanError)
    -> (array: (start: Int, end: Int), records: [Record])?
  {
    try scanner.expect(UInt8(ascii: "["))
    let start = scanner.position
    var records: [Record] = []
    if !scanner.consume(UInt8(ascii: "]")) {
      repeat {
        guard scanner.peek() == UInt8(ascii: "{") else { return nil }
        let recordStart = scanner.position
        var pokemon: String?
        scanner.position += 1
        if let key = scanner.plainString(), scanner.bytes(key, equal: "pokemon".utf8),
          scanner.consume(UInt8(ascii: ":")), let value = scanner.plainString()
        {
          pokemon = scanner.text(value)
        }
        scanner.position = recordStart
        try scanner.skipValue()
        records.append((pokemon, recordStart..<scanner.position))
      } while scanner.consume(UInt8(ascii: ","))
      try scanner.expect(UInt8(ascii: "]"))
    }
    return ((start, scanner.position - 1), records)
  }
}
