/// The moves every Pokémon can learn, and how.
///
/// This is the root of `Data/learnsets.json` (see `Guides/DataFormat.md`), generated from
/// Pokémon Showdown's learnsets with moves and Pokémon mapped to PokeAPI identifiers. Every
/// Pokémon of `pokemons.json` has a learnset: its own, or its base form's (``Learnset/inherits``).
///
/// ```swift
/// let learnsets = try PokedexLoader.load(LearnsetDex.self)
/// learnsets.learnsets.first { $0.pokemon == "ditto" }?.moves.map(\.move)  // ["transform"]
/// ```
public struct LearnsetDex: Codable, Hashable, Sendable {
  /// The version of the file format; readers reject a newer one.
  public var schemaVersion: Int
  /// Where the data comes from, with its license notice.
  public var source: DataSource
  /// One learnset per Pokémon, sorted by the Pokémon's id.
  public var learnsets: [Learnset]

  /// The schema version this build reads and writes.
  public static let currentSchemaVersion = 1

  public init(
    schemaVersion: Int = LearnsetDex.currentSchemaVersion,
    source: DataSource,
    learnsets: [Learnset]
  ) {
    self.schemaVersion = schemaVersion
    self.source = source
    self.learnsets = learnsets
  }
}

/// One Pokémon's moves, each with every way it is learned, and where the rest of what it can
/// learn is, as Pokémon Showdown derives it (`Guides/Learnsets.md`).
///
/// A form without moves of its own (a Mega Evolution, most battle-only forms) names the
/// Pokémon whose moves it learns in ``inherits`` and has no ``moves``. A learnset with moves
/// names at most one more learnset whose moves count too: the forme it changes from
/// (``extends``: Rotom-Wash from Rotom, Calyrex-Shadow from Calyrex), the Pokémon it evolves
/// from (``prevolution``), or, for a forme with no prevolution of its own (cap Pikachu), the
/// first stage of its species' line, whose generation-9 egg moves only count
/// (``eggMovesFrom``). Moves those learnsets list are not repeated here.
public struct Learnset: Codable, Hashable, Sendable {
  /// The Pokémon's slug, `"pikachu"`.
  public var pokemon: String
  /// The slug of the Pokémon whose learnset this one is (`"charizard"` for
  /// `"charizard-mega-x"`), or `nil` when it has moves of its own.
  public var inherits: String?
  /// The slug of the forme of the same species whose moves it learns besides its own.
  public var extends: String?
  /// The slug of the Pokémon it evolves from, whose moves (and its prevolutions') it learns.
  public var prevolution: String?
  /// The slug of the first stage of its species' line, whose generation-9 egg moves it learns.
  public var eggMovesFrom: String?
  /// The moves, each once, in order of identifier.
  public var moves: LearnedMoves

  public init(
    pokemon: String,
    inherits: String? = nil,
    extends: String? = nil,
    prevolution: String? = nil,
    eggMovesFrom: String? = nil,
    moves: LearnedMoves
  ) {
    self.pokemon = pokemon
    self.inherits = inherits
    self.extends = extends
    self.prevolution = prevolution
    self.eggMovesFrom = eggMovesFrom
    self.moves = moves
  }

  /// The learnset it continues with, if any, and whether only generation-9 egg moves count
  /// there.
  public var parent: (slug: String, eggMovesOnly: Bool)? {
    if let extends { return (extends, false) }
    if let prevolution { return (prevolution, false) }
    return eggMovesFrom.map { ($0, true) }
  }
}

/// A learnset's moves, in order of identifier (byte by byte), each once, with every way the
/// Pokémon learns each.
///
/// Written to JSON as an object keyed by move identifier, each move's sources in one string
/// separated by spaces: `{"thunderbolt": "9M 8M 8L36"}` (a string per source would
/// triple the tokens a reader scans in the largest file).
///
/// ```swift
/// let moves = LearnedMoves([LearnedMove(move: "transform", sources: [MoveSource(generation: 9, method: .levelUp(1))])])
/// moves["transform"]?.first?.description  // "9L1"
/// moves["tackle"]                         // nil
/// ```
///
/// The moves and their sources are kept in three flat arrays (identifiers, where each
/// move's sources end, and all sources back to back), so a learnset of a hundred moves costs
/// three allocations, not a hundred; ``LearnedMove`` values are made when asked for.
///
/// - Complexity: Looking up a move is O(log *n*) in the number of moves.
public struct LearnedMoves: RandomAccessCollection, Hashable, Sendable, Codable {
  /// The moves' identifiers, sorted by their bytes, without repeats.
  private var identifiers: [String]
  /// Where each move's sources end in `sources`; move `i`'s start where move `i - 1`'s end.
  private var sourceEnds: [Int32]
  /// Every move's sources, back to back.
  private var sources: [MoveSource]

  /// The moves given, sorted; a move given twice keeps the sources of its first entry.
  public init(_ moves: [LearnedMove] = []) {
    self.init()
    var previous: String?
    for move in moves.sorted(by: { Self.precedes($0.move, $1.move) }) where previous != move.move {
      append(move.move, move.sources)
      previous = move.move
    }
  }

  private init() {
    identifiers = []
    sourceEnds = []
    sources = []
  }

  /// Builds moves that come sorted without repeats, as a reader checks they do. One builder
  /// serves a whole file: its arrays keep their room between learnsets, and each learnset
  /// gets arrays of its exact size.
  struct Builder {
    private var identifiers: [String] = []
    private var sourceEnds: [Int32] = []
    private var sources: [MoveSource] = []

    /// Starts the next move, `identifier`, which sorts after the previous one.
    mutating func startMove(_ identifier: String) {
      endMove()
      identifiers.append(identifier)
    }

    /// Adds a source to the move started last.
    mutating func append(_ source: MoveSource) {
      sources.append(source)
    }

    /// Records where the sources of the move started last end.
    private mutating func endMove() {
      if sourceEnds.count < identifiers.count {
        sourceEnds.append(Int32(truncatingIfNeeded: sources.count))
      }
    }

    /// The moves built since the last call, which starts the next learnset.
    mutating func build() -> LearnedMoves {
      endMove()
      var moves = LearnedMoves()
      moves.identifiers = Array(identifiers)
      moves.sourceEnds = Array(sourceEnds)
      moves.sources = Array(sources)
      identifiers.removeAll(keepingCapacity: true)
      sourceEnds.removeAll(keepingCapacity: true)
      sources.removeAll(keepingCapacity: true)
      moves.checkInvariants()
      return moves
    }
  }

  private mutating func append(_ identifier: String, _ moveSources: [MoveSource]) {
    identifiers.append(identifier)
    sources.append(contentsOf: moveSources)
    sourceEnds.append(Int32(truncatingIfNeeded: sources.count))
  }

  /// The promises the lookups rely on: sorted unique identifiers, one end per identifier,
  /// ends ascending and the last at the end of `sources`. Checked in debug builds.
  private func checkInvariants() {
    assert(identifiers.count == sourceEnds.count)
    assert(zip(identifiers, identifiers.dropFirst()).allSatisfy { Self.precedes($0, $1) })
    assert(zip(sourceEnds, sourceEnds.dropFirst()).allSatisfy { $0 <= $1 })
    assert(Int(sourceEnds.last ?? 0) == sources.count)
  }

  public var startIndex: Int { identifiers.startIndex }
  public var endIndex: Int { identifiers.endIndex }
  public subscript(position: Int) -> LearnedMove {
    LearnedMove(move: identifiers[position], sources: Array(sources[sourceRange(position)]))
  }

  /// Where the sources of the move at `position` are in `sources`.
  private func sourceRange(_ position: Int) -> Range<Int> {
    let start = position == 0 ? 0 : Int(sourceEnds[position - 1])
    return start..<Swift.max(start, Int(sourceEnds[position]))
  }

  /// The sources of `move` (an identifier), or `nil` if the Pokémon does not learn it.
  public subscript(move: String) -> [MoveSource]? {
    position(of: move).map { Array(sources[sourceRange($0)]) }
  }

  /// Whether the Pokémon learns `move` (an identifier) by a source that satisfies
  /// `predicate`, without copying the sources.
  public func learns(_ move: String, where predicate: (MoveSource) -> Bool) -> Bool {
    guard let position = position(of: move) else { return false }
    return sources[sourceRange(position)].contains(where: predicate)
  }

  /// The position of `move`, by binary search.
  private func position(of move: String) -> Int? {
    var low = 0
    var high = identifiers.count
    while low < high {
      let middle = low + (high - low) / 2
      if Self.precedes(identifiers[middle], move) { low = middle + 1 } else { high = middle }
    }
    guard low < identifiers.count, identifiers[low] == move else { return nil }
    return low
  }

  /// Byte order: the order in which keys are written and looked up.
  static func precedes(_ a: String, _ b: String) -> Bool {
    a.utf8.lexicographicallyPrecedes(b.utf8)
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let codes = try container.decode([String: String].self)
    var moves: [LearnedMove] = []
    for (move, text) in codes {
      guard let sources = MoveSource.list(text.utf8) else {
        throw DecodingError.dataCorruptedError(
          in: container,
          debugDescription:
            "expected the sources of '\(move)' as codes separated by spaces, such as \"9M 8L36\", found \"\(text)\""
        )
      }
      moves.append(LearnedMove(move: move, sources: sources))
    }
    self.init(moves)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(
      Dictionary(uniqueKeysWithValues: map { ($0.move, MoveSource.listText($0.sources)) })
    )
  }
}

/// A move in a learnset, with every way the Pokémon learns it.
public struct LearnedMove: Hashable, Sendable {
  /// The move's identifier, `"thunderbolt"`.
  public var move: String
  /// How the Pokémon learns it, newest generation first (Showdown's order).
  public var sources: [MoveSource]

  public init(move: String, sources: [MoveSource]) {
    self.move = move
    self.sources = sources
  }
}

/// One way a Pokémon learns a move in one generation: `9L20` is "by level up at level 20 in
/// generation 9", `8M` "by TM or TR in generation 8".
///
/// Written in JSON as Showdown's source code (see ``description``), without the index of
/// the event an `S` source names.
///
/// ```swift
/// MoveSource("9L20")  // MoveSource(generation: 9, method: .levelUp(20))
/// MoveSource("7E")?.method  // .egg
/// MoveSource("9X")        // nil
/// ```
public struct MoveSource: Hashable, Sendable, LosslessStringConvertible, Codable {
  // Three bytes, as a learnset holds hundreds of sources: values outside a byte are clamped.
  private var storedGeneration: UInt8
  private var storedMethod: UInt8
  private var storedLevel: UInt8

  /// The generation, 1 through 9 (kept within 0...255).
  public var generation: Int {
    get { Int(storedGeneration) }
    set { storedGeneration = UInt8(clamping: newValue) }
  }

  /// How the move is learned (a level is kept within 0...255).
  public var method: LearnMethod {
    get { LearnMethod(code: storedMethod, level: Int(storedLevel)) }
    set {
      storedMethod = newValue.code
      if case .levelUp(let level) = newValue {
        storedLevel = UInt8(clamping: level)
      } else {
        storedLevel = 0
      }
    }
  }

  public init(generation: Int, method: LearnMethod) {
    storedGeneration = 0
    storedMethod = 0
    storedLevel = 0
    self.generation = generation
    self.method = method
  }

  /// Parses Showdown's code: a generation digit, a method letter, and a level for `L`.
  public init?(_ description: String) {
    self.init(utf8: description.utf8)
  }

  /// Parses Showdown's code from its UTF-8 bytes: a generation digit 1-9, a method letter,
  /// and for `L` a level of 0 to 100 in at most three digits (Showdown writes `9L07` once).
  init?(utf8: some Collection<UInt8>) {
    let bytes = Array(utf8)
    self.init(bytes: bytes, in: bytes.indices)
  }

  /// Parses the code at `range` of `bytes` (the reader's document), without copying it.
  init?(bytes: [UInt8], in range: Range<Int>) {
    guard range.count >= 2, range.lowerBound >= 0, range.upperBound <= bytes.count else {
      return nil
    }
    let digit = bytes[range.lowerBound]
    let letter = bytes[range.lowerBound + 1]
    guard (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(digit) else { return nil }
    let generation = Int(digit - UInt8(ascii: "0"))
    let rest = (range.lowerBound + 2)..<range.upperBound
    guard letter == UInt8(ascii: "L") else {
      guard rest.isEmpty, let method = LearnMethod(letter: letter) else { return nil }
      self.init(generation: generation, method: method)
      return
    }
    guard (1...3).contains(rest.count) else { return nil }
    var level = 0
    for index in rest {
      guard bytes[index].isDigit else { return nil }
      level = level * 10 + Int(bytes[index] - UInt8(ascii: "0"))
    }
    guard level <= 100 else { return nil }
    self.init(generation: generation, method: .levelUp(level))
  }

  /// Calls `body` with each source of `range` of `bytes`, codes separated by single spaces
  /// (`"9M 8L36"`; empty for none); `false` if a code is malformed or the spacing is not
  /// single (after the sources before it).
  static func forEach(
    in bytes: [UInt8],
    _ range: Range<Int>,
    _ body: (MoveSource) -> Void
  ) -> Bool {
    guard !range.isEmpty else { return true }
    var start = range.lowerBound
    for position in range.lowerBound...range.upperBound
    where position == range.upperBound || bytes[position] == UInt8(ascii: " ") {
      guard let source = MoveSource(bytes: bytes, in: start..<position) else { return false }
      body(source)
      start = position + 1
    }
    return true
  }

  /// Sources written as codes separated by single spaces (`"9M 8L36"`, `""` for none), or
  /// `nil` if a code is malformed or the spacing is not single.
  static func list(_ utf8: some Collection<UInt8>) -> [MoveSource]? {
    let bytes = Array(utf8)
    var sources: [MoveSource] = []
    return forEach(in: bytes, bytes.indices) { sources.append($0) } ? sources : nil
  }

  /// `sources` as ``list(_:)`` reads them: `"9M 8L36"`.
  static func listText(_ sources: [MoveSource]) -> String {
    sources.map(\.description).joined(separator: " ")
  }

  /// Showdown's code: `"9L20"`, `"8M"`, `"7E"`.
  public var description: String {
    switch method {
    case .levelUp(let level): return "\(generation)L\(level)"
    default: return "\(generation)\(method.letter)"
    }
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let code = try container.decode(String.self)
    guard let source = MoveSource(code) else {
      throw DecodingError.dataCorruptedError(
        in: container,
        debugDescription: "expected a move source such as \"9L20\" or \"8M\", found \"\(code)\""
      )
    }
    self = source
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}

/// How a Pokémon learns a move.
public enum LearnMethod: Hashable, Sendable {
  /// On level up at the level (1 also covers "on evolution" and "known at start").
  case levelUp(Int)
  /// From a TM, HM or TR.
  case machine
  /// From a move tutor.
  case tutor
  /// As an egg move.
  case egg
  /// Only from an event Pokémon.
  case event
  /// Only in a form change (Rotom's, for example).
  case restricted
  /// From the Dream World (generation 5).
  case dreamWorld
  /// Only by transfer from Virtual Console or Let's Go games.
  case transfer

  /// The method's kind without its level, for filtering: `.levelUp(20)` is `.levelUp`.
  public var kind: Kind {
    switch self {
    case .levelUp: .levelUp
    case .machine: .machine
    case .tutor: .tutor
    case .egg: .egg
    case .event: .event
    case .restricted: .restricted
    case .dreamWorld: .dreamWorld
    case .transfer: .transfer
    }
  }

  /// A method without its details, in the order Bulbapedia lists learnsets.
  public enum Kind: String, CaseIterable, Hashable, Sendable, Comparable {
    case levelUp = "level"
    case machine = "tm"
    case egg
    case tutor
    case event
    case restricted
    case dreamWorld = "dreamworld"
    case transfer

    public static func < (lhs: Kind, rhs: Kind) -> Bool {
      allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
  }

  /// Showdown's letter for the method.
  var letter: Character {
    switch self {
    case .levelUp: "L"
    case .machine: "M"
    case .tutor: "T"
    case .egg: "E"
    case .event: "S"
    case .restricted: "R"
    case .dreamWorld: "D"
    case .transfer: "V"
    }
  }

  /// A small number per case, for ``MoveSource``'s storage.
  var code: UInt8 {
    switch self {
    case .levelUp: 0
    case .machine: 1
    case .tutor: 2
    case .egg: 3
    case .event: 4
    case .restricted: 5
    case .dreamWorld: 6
    case .transfer: 7
    }
  }

  /// The method of ``code`` `code`, with `level` for level up.
  init(code: UInt8, level: Int) {
    switch code {
    case 1: self = .machine
    case 2: self = .tutor
    case 3: self = .egg
    case 4: self = .event
    case 5: self = .restricted
    case 6: self = .dreamWorld
    case 7: self = .transfer
    default: self = .levelUp(level)
    }
  }

  init?(letter: UInt8) {
    switch letter {
    case UInt8(ascii: "M"): self = .machine
    case UInt8(ascii: "T"): self = .tutor
    case UInt8(ascii: "E"): self = .egg
    case UInt8(ascii: "S"): self = .event
    case UInt8(ascii: "R"): self = .restricted
    case UInt8(ascii: "D"): self = .dreamWorld
    case UInt8(ascii: "V"): self = .transfer
    default: return nil
    }
  }
}
