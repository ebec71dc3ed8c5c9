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

/// One Pokémon's moves, each with every way it is learned.
///
/// A form without moves of its own (a Mega Evolution, most battle-only forms) names the
/// Pokémon whose moves it learns in ``inherits`` and has no ``moves``. Moves its
/// prevolutions learn are not repeated here.
public struct Learnset: Codable, Hashable, Sendable {
  /// The Pokémon's slug, `"pikachu"`.
  public var pokemon: String
  /// The slug of the Pokémon whose learnset this one is (`"charizard"` for
  /// `"charizard-mega-x"`), or `nil` when it has moves of its own.
  public var inherits: String?
  /// The moves, each once, in order of identifier.
  public var moves: LearnedMoves

  public init(pokemon: String, inherits: String? = nil, moves: LearnedMoves) {
    self.pokemon = pokemon
    self.inherits = inherits
    self.moves = moves
  }
}

/// A learnset's moves, in order of identifier (byte by byte), each once, with every way the
/// Pokémon learns each.
///
/// Written to JSON as an object keyed by move identifier: `{"thunderbolt": ["9M", "8M"]}`.
///
/// ```swift
/// let moves = LearnedMoves([LearnedMove(move: "transform", sources: [MoveSource(generation: 9, method: .levelUp(1))])])
/// moves["transform"]?.first?.description  // "9L1"
/// moves["tackle"]                         // nil
/// ```
///
/// - Complexity: Looking up a move is O(log *n*) in the number of moves.
public struct LearnedMoves: RandomAccessCollection, Hashable, Sendable, Codable {
  /// The moves, sorted by identifier without repeats.
  private var entries: [LearnedMove]

  /// The moves given, sorted; a move given twice keeps the sources of its first entry.
  public init(_ moves: [LearnedMove] = []) {
    var entries: [LearnedMove] = []
    for move in moves.sorted(by: { Self.precedes($0.move, $1.move) })
    where entries.last?.move != move.move {
      entries.append(move)
    }
    self.entries = entries
  }

  /// Moves a reader has checked are sorted without repeats.
  init(sortedEntries: [LearnedMove]) {
    entries = sortedEntries
    assert(zip(entries, entries.dropFirst()).allSatisfy { Self.precedes($0.move, $1.move) })
  }

  public var startIndex: Int { entries.startIndex }
  public var endIndex: Int { entries.endIndex }
  public subscript(position: Int) -> LearnedMove { entries[position] }

  /// The sources of `move` (an identifier), or `nil` if the Pokémon does not learn it.
  public subscript(move: String) -> [MoveSource]? {
    var low = 0
    var high = entries.count
    while low < high {
      let middle = low + (high - low) / 2
      if Self.precedes(entries[middle].move, move) { low = middle + 1 } else { high = middle }
    }
    guard low < entries.count, entries[low].move == move else { return nil }
    return entries[low].sources
  }

  /// Byte order: the order in which keys are written and looked up.
  static func precedes(_ a: String, _ b: String) -> Bool {
    a.utf8.lexicographicallyPrecedes(b.utf8)
  }

  public init(from decoder: any Decoder) throws {
    let sources = try decoder.singleValueContainer().decode([String: [MoveSource]].self)
    self.init(sources.map { LearnedMove(move: $0.key, sources: $0.value) })
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(Dictionary(uniqueKeysWithValues: entries.map { ($0.move, $0.sources) }))
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
  /// The generation, 1 through 9.
  public var generation: Int
  /// How the move is learned.
  public var method: LearnMethod

  public init(generation: Int, method: LearnMethod) {
    self.generation = generation
    self.method = method
  }

  /// Parses Showdown's code: a generation digit, a method letter, and a level for `L`.
  public init?(_ description: String) {
    var utf8 = description.utf8[...]
    guard let digit = utf8.popFirst(), (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(digit),
      let letter = utf8.popFirst()
    else { return nil }
    generation = Int(digit - UInt8(ascii: "0"))
    if letter == UInt8(ascii: "L") {
      guard let level = Int(Substring(utf8)), (0...100).contains(level) else { return nil }
      method = .levelUp(level)
      return
    }
    guard utf8.isEmpty, let method = LearnMethod(letter: letter) else { return nil }
    self.method = method
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
