import Foundation
import JSONCore
import PokedexPipeline
import PokedexTestSupport
import Testing

@testable import PokedexKit

/// The models of the files beside `pokemons.json`: each is written by ``PokedexEncoder``
/// and by its schema alike, and read back the same by the fast path, the full decoder and
/// Foundation's.
@Suite struct MoveModelTests {
  static let source = DataSource(name: "PokeAPI", commit: "abc", license: "BSD-3-Clause")

  static let moves = MoveDex(
    source: source,
    versionGroups: [VersionGroup(id: 25, identifier: "scarlet-violet", generation: 9, order: 27)],
    moves: [
      Move(
        id: 85,
        identifier: "thunderbolt",
        names: ["en": "Thunderbolt", "fr": "Tonnerre"],
        aliases: ["tbolt"],
        generation: 1,
        type: "electric",
        damageClass: "special",
        power: 90,
        accuracy: 100,
        pp: 15,
        priority: 0,
        target: "selected-pokemon",
        flags: ["protect", "mirror"],
        effectChance: 10,
        shortEffect: "Has a 10% chance to paralyze the target.",
        effect: "Inflicts regular damage.",
        olderEffects: [GenerationEffect(generation: 3, shortEffect: "Paralyzes.", effect: nil)],
        machines: [
          Machine(versionGroup: "scarlet-violet", item: "tm126")
        ],
        fromShowdown: ShowdownFields(taken: ["flags"], overridden: ["accuracy"])
      ),
      Move(
        id: 433,
        identifier: "trick-room",
        names: ["en": "Trick Room"],
        generation: 4,
        type: "psychic",
        damageClass: "status",
        power: nil,
        accuracy: nil,
        pp: 5,
        priority: -7,
        target: "entire-field",
        flags: [],
        effectChance: nil,
        shortEffect: nil,
        effect: nil,
        machines: []
      ),
    ]
  )

  static let learnsets = LearnsetDex(
    source: source,
    learnsets: [
      Learnset(
        pokemon: "pikachu",
        moves: LearnedMoves([
          LearnedMove(
            move: "thunderbolt",
            sources: [MoveSource("9M"), MoveSource("8L36")].compactMap { $0 }
          ),
          LearnedMove(move: "fake-out", sources: [MoveSource("9E")].compactMap { $0 }),
        ])
      ),
      Learnset(pokemon: "pikachu-gmax", inherits: "pikachu", moves: LearnedMoves()),
    ]
  )

  static let abilities = AbilityDex(
    source: source,
    abilities: [
      AbilityText(
        id: 26,
        identifier: "levitate",
        shortEffect: "Evades ground moves.",
        effect: nil,
        flavorText: "Gives full immunity to all Ground-type moves.",
        flavorTextVersionGroup: "scarlet-violet"
      )
    ]
  )

  static let items = ItemDex(
    source: source,
    showdownSource: DataSource(name: "Pokémon Showdown", commit: "def", license: "MIT"),
    items: [
      Item(
        id: 699,
        identifier: "charizardite-x",
        showdownID: "charizarditex",
        number: 660,
        names: ["en": "Charizardite X"],
        aliases: ["zardx"],
        category: "mega-stones",
        generation: 6,
        nonstandard: "Past",
        flingPower: 80,
        shortEffect: "Held: Allows Charizard to Mega Evolve into Mega Charizard X.",
        effect: nil,
        users: ["charizard"],
        megaEvolutions: [MegaEvolution(pokemon: "charizard", mega: "charizard-mega-x")],
        fromShowdown: ShowdownFields(taken: ["effect"])
      ),
      Item(
        id: nil,
        identifier: "berserk-gene",
        showdownID: "berserkgene",
        number: 0,
        names: ["en": "Berserk Gene"],
        category: nil,
        generation: 2,
        nonstandard: "Past",
        flingPower: nil,
        shortEffect: nil,
        effect: nil,
        zCrystal: ZCrystal(type: "fire", move: nil, baseMove: nil),
        type: "fire",
        forcedForme: "Arceus-Fire"
      ),
    ]
  )

  static let natures = NatureDex(
    source: source,
    natures: [
      Nature(
        id: 1,
        identifier: "hardy",
        names: ["en": "Hardy"],
        increasedStat: nil,
        decreasedStat: nil
      ),
      Nature(
        id: 3,
        identifier: "adamant",
        names: ["en": "Adamant"],
        increasedStat: "attack",
        decreasedStat: "special-attack"
      ),
    ]
  )

  static func roundTrip<File: DexDataFile & SchemaModel>(_ value: File) throws {
    let encoded = try PokedexEncoder().encode(value)
    var output = JSONOutput(capacity: 1024)
    value.write(to: &output, indent: 0)
    output.append(0x0A)
    #expect(
      String(decoding: output.bytes, as: UTF8.self) == String(decoding: encoded, as: UTF8.self)
    )
    let fast = try #require(PokedexLoader.read(encoded, as: File.self))
    #expect(fast == value)
    let decoded = try PokedexLoader.decode(File.self, from: Array(encoded), path: "f.json")
    #expect(decoded == value)
    let foundation = try JSONDecoder().decode(File.self, from: Data(encoded))
    #expect(foundation == value)
    // The full decoder, which the fast path falls back to, agrees on other formatting.
    let sorted = try JSONEncoder().encode(value)
    let other = try FastJSONDecoder(unknownKeys: .reject).decode(File.self, from: Array(sorted))
    #expect(other == value)
  }

  @Test func movesRoundTrip() throws { try Self.roundTrip(Self.moves) }
  @Test func learnsetsRoundTrip() throws { try Self.roundTrip(Self.learnsets) }
  @Test func abilitiesRoundTrip() throws { try Self.roundTrip(Self.abilities) }
  @Test func naturesRoundTrip() throws { try Self.roundTrip(Self.natures) }
  @Test func itemsRoundTrip() throws { try Self.roundTrip(Self.items) }

  /// Files written before Showdown's data joined PokeAPI's have no `aliases` and no
  /// `olderEffects`: both paths read them as empty.
  @Test func listsAddedLaterReadAsEmptyWhenMissing() throws {
    var text = String(decoding: try PokedexEncoder().encode(Self.moves), as: UTF8.self)
    for key in ["aliases", "olderEffects"] {
      text = text.replacingOccurrences(of: "\"\(key)\": [], ", with: "")
    }
    #expect(!text.contains("\"aliases\": []") && !text.contains("\"olderEffects\": []"))
    let bytes = Array(text.utf8)
    let fast = try #require(PokedexLoader.read(bytes, as: MoveDex.self))
    #expect(fast == Self.moves)
    #expect(try PokedexLoader.decode(MoveDex.self, from: bytes, path: "m.json") == Self.moves)
    #expect(try JSONDecoder().decode(MoveDex.self, from: Data(bytes)) == Self.moves)
    var abilities = String(decoding: try PokedexEncoder().encode(Self.abilities), as: UTF8.self)
    abilities = abilities.replacingOccurrences(of: "\"aliases\": [], ", with: "")
    #expect(!abilities.contains("aliases"))
    #expect(
      try PokedexLoader.decode(AbilityDex.self, from: Array(abilities.utf8), path: "a.json")
        == Self.abilities
    )
  }

  @Test func aLearnsetIsOneLine() throws {
    let text = String(decoding: try PokedexEncoder().encode(Self.learnsets), as: UTF8.self)
    #expect(
      text.contains(
        #"\#n    {"pokemon": "pikachu", "moves": {"fake-out": "9E", "thunderbolt": "9M 8L36"}},\#n"#
      )
    )
  }

  @Test(arguments: ["9M  8M", " 9M", "9M ", "9M,8M", "9M 8X"])
  func badSourceListsAreRefused(list: String) throws {
    #expect(MoveSource.list(list.utf8) == nil)
    var text = String(decoding: try PokedexEncoder().encode(Self.learnsets), as: UTF8.self)
    text = text.replacingOccurrences(of: #""9M 8L36""#, with: "\"\(list)\"")
    #expect(PokedexLoader.read(Array(text.utf8), as: LearnsetDex.self) == nil)
    #expect(throws: PokedexLoadError.self) {
      try PokedexLoader.decode(LearnsetDex.self, from: Array(text.utf8), path: "l.json")
    }
  }

  @Test(arguments: ["9X", "0M", "9L", "9L101", "9Lx", "", "9", "10M", "9M1", "9S0"])
  func badMoveSourcesAreRefused(code: String) {
    #expect(MoveSource(code) == nil)
  }

  @Test(arguments: ["9L20", "8M", "7E", "9T", "9S", "4R", "5D", "7V", "1L1", "9L0", "9L100"])
  func moveSourcesRoundTrip(code: String) throws {
    #expect(try #require(MoveSource(code)).description == code)
  }

  @Test func aBadMoveSourceInAFileIsMalformedWithItsPath() throws {
    var text = String(decoding: try PokedexEncoder().encode(Self.learnsets), as: UTF8.self)
    text = text.replacingOccurrences(of: "8L36", with: "8L360")
    #expect(throws: PokedexLoadError.self) {
      try PokedexLoader.decode(LearnsetDex.self, from: Array(text.utf8), path: "l.json")
    }
    do {
      _ = try PokedexLoader.decode(LearnsetDex.self, from: Array(text.utf8), path: "l.json")
    } catch {
      #expect(error.description.contains("learnsets[0].moves"), "\(error)")
      #expect(error.description.contains("\"9M 8L360\""), "\(error)")
    }
  }

  @Test func aPowerOutOfBoundsIsMalformed() throws {
    var text = String(decoding: try PokedexEncoder().encode(Self.moves), as: UTF8.self)
    text = text.replacingOccurrences(of: "\"power\": 90", with: "\"power\": 9000")
    do {
      _ = try PokedexLoader.decode(MoveDex.self, from: Array(text.utf8), path: "m.json")
      Issue.record("decoded a power of 9000")
    } catch {
      #expect(error.description.contains("moves[0].power: expected an integer in 0...1000"))
    }
  }

  @Test func lookingUpALearnedMove() {
    let moves = Self.learnsets.learnsets[0].moves
    #expect(moves["thunderbolt"]?.map(\.description) == ["9M", "8L36"])
    #expect(moves["tackle"] == nil)
    #expect(moves.map(\.move) == ["fake-out", "thunderbolt"])
  }

  /// The bundled files are in the form the fast path reads (a fall back to the full decoder
  /// costs several times the time).
  @Test func theBundledFilesAreReadByTheFastPath() throws {
    func fast<File: DexDataFile>(_ file: File.Type) throws -> Bool {
      let bytes = try readFileBytes(atPath: try PokedexLoader.bundledDataPath(for: File.self))
      return PokedexLoader.read(bytes, as: File.self) != nil
    }
    #expect(try fast(MoveDex.self))
    #expect(try fast(LearnsetDex.self))
    #expect(try fast(AbilityDex.self))
    #expect(try fast(NatureDex.self))
    #expect(try fast(ItemDex.self))
  }

  @Test func theBundledFilesLoad() throws {
    _ = try PokedexLoader.load(MoveDex.self)
    _ = try PokedexLoader.load(LearnsetDex.self)
    _ = try PokedexLoader.load(AbilityDex.self)
    _ = try PokedexLoader.load(NatureDex.self)
    _ = try PokedexLoader.load(ItemDex.self)
  }
}
