import Foundation
import PokedexKit
import PokedexTestSupport
import Testing

@testable import PokedexPipeline

/// `MoveBuilder` on the fixture tables (rows copied unchanged from PokeAPI), and the
/// bundled `Data/moves.json` it generates from the full tables.
@Suite struct MovePipelineTests {
  static func moves() throws -> MoveDex {
    try MoveBuilder().build(fromDirectory: PipelineFixtures.directory)
  }

  static func move(_ identifier: String, in dex: MoveDex) throws -> Move {
    try #require(dex.moves.first { $0.identifier == identifier }, "\(identifier)")
  }

  @Test func buildsEveryFixtureMoveSortedById() throws {
    let dex = try Self.moves()
    #expect(
      dex.moves.map(\.id) == [1, 33, 57, 85, 102, 246, 433, 827, 889, 10001, 10018]
    )
    #expect(dex.versionGroups.count == 32)
    #expect(dex.versionGroups.map(\.id) == dex.versionGroups.map(\.id).sorted())
    let scarletViolet = try #require(dex.versionGroups.first { $0.identifier == "scarlet-violet" })
    #expect(
      scarletViolet == VersionGroup(id: 25, identifier: "scarlet-violet", generation: 9, order: 27)
    )
    #expect(dex.source.commit == "bbef3d99ddfa8277f726414c89b471267aef8a8e")
  }

  @Test func trickRoomIsAPsychicStatusMoveWithPriorityMinusSeven() throws {
    let trickRoom = try Self.move("trick-room", in: try Self.moves())
    #expect(trickRoom.type == "psychic")
    #expect(trickRoom.damageClass == "status")
    #expect(trickRoom.priority == -7)
    #expect(trickRoom.target == "entire-field")
    #expect(trickRoom.power == nil)
    #expect(trickRoom.accuracy == nil)
    #expect(trickRoom.pp == 5)
    #expect(trickRoom.generation == 4)
    #expect(trickRoom.names["en"] == "Trick Room")
    #expect(trickRoom.names["fr"] == "Distorsion")
    #expect(
      trickRoom.shortEffect == "For five turns, slower Pokémon will act before faster Pokémon."
    )
  }

  @Test func thunderbolt() throws {
    let thunderbolt = try Self.move("thunderbolt", in: try Self.moves())
    #expect(thunderbolt.power == 90)
    #expect(thunderbolt.accuracy == 100)
    #expect(thunderbolt.pp == 15)
    #expect(thunderbolt.damageClass == "special")
    #expect(thunderbolt.type == "electric")
    #expect(thunderbolt.effectChance == 10)
    #expect(thunderbolt.flags == ["protect", "mirror"])
    #expect(thunderbolt.shortEffect == "Has a chance to paralyze the target.")
    #expect(
      thunderbolt.machines.contains(Machine(versionGroup: "scarlet-violet", item: "tm126"))
    )
    #expect(thunderbolt.machines.contains(Machine(versionGroup: "sword-shield", item: "tr08")))
    // Sorted by the version group's release order, not by its id: Red and Green (Japan),
    // order 1, id 28, comes first; Legends: Z-A (order 30) last.
    #expect(thunderbolt.machines.first == Machine(versionGroup: "red-green-japan", item: "tm24"))
    #expect(thunderbolt.machines.last == Machine(versionGroup: "legends-za", item: "tm67"))
    #expect(thunderbolt.machines.last?.label == "TM67")
  }

  @Test func surfIsAHiddenMachine() throws {
    let surf = try Self.move("surf", in: try Self.moves())
    #expect(surf.machines.contains(Machine(versionGroup: "red-blue", item: "hm03")))
    #expect(surf.target == "all-other-pokemon")
  }

  @Test func tackleMakesContact() throws {
    let tackle = try Self.move("tackle", in: try Self.moves())
    #expect(tackle.flags == ["contact", "protect", "mirror"])
    #expect(tackle.machines.isEmpty)
  }

  @Test func aMoveWithoutAnEffectHasNoProse() throws {
    let direClaw = try Self.move("dire-claw", in: try Self.moves())
    #expect(direClaw.shortEffect == nil)
    #expect(direClaw.effect == nil)
    #expect(direClaw.effectChance == nil)
    #expect(direClaw.power == 80)
  }

  @Test func shadowMovesArePresent() throws {
    let dex = try Self.moves()
    let shadowRush = try Self.move("shadow-rush", in: dex)
    #expect(shadowRush.type == "shadow")
    #expect(shadowRush.pp == nil)
    #expect(shadowRush.generation == 3)
    let shadowSky = try Self.move("shadow-sky", in: dex)
    #expect(shadowSky.target == "entire-field")
  }

  @Test func buildsTheSameBytesTwice() throws {
    let first = try PokedexEncoder().encode(try Self.moves())
    let second = try PokedexEncoder().encode(try Self.moves())
    #expect(first == second)
    let data = try PipelineFixtures.dataSet()
    let again = try PipelineFixtures.dataSet()
    let files = try data.encodedFiles()
    #expect(
      files.map(\.name) == [
        "pokemons.json", "moves.json", "abilities.json", "natures.json", "learnsets.json",
      ]
    )
    #expect(files.map(\.bytes) == (try again.encodedFiles()).map(\.bytes))
    // The fast writer of the files beside the dex writes what the encoder does.
    let encoder = PokedexEncoder()
    #expect(
      files.map(\.bytes) == [
        try encoder.encode(data.dex), try encoder.encode(data.moves),
        try encoder.encode(data.abilities), try encoder.encode(data.natures),
        try encoder.encode(data.learnsets),
      ]
    )
  }

  @Test func theFixtureDataSetIsValid() throws {
    let data = try PipelineFixtures.dataSet()
    let partial = DexValidator(expectedSpeciesCounts: [:], requiresContiguousNationalNumbers: false)
    #expect(data.validate(with: partial).filter { $0.severity == .error } == [])
    #expect(data.dex.pokemon.count == 25)
    #expect(data.moves.moves.count == 11)
    #expect(data.natures.natures.count == 25)
  }

  struct Damage: Sendable, CustomTestStringConvertible {
    var name: String
    var file: String
    var replace: String
    var with: String?
    var message: String
    var testDescription: String { name }
  }

  static let damages: [Damage] = [
    Damage(
      name: "missing moves table",
      file: "moves.csv",
      replace: "",
      with: nil,
      message:
        "missing table 'moves.csv' in '<dir>'; point the source at a copy of PokeAPI's data/v2/csv"
    ),
    Damage(
      name: "missing machines table",
      file: "machines.csv",
      replace: "",
      with: nil,
      message:
        "missing table 'machines.csv' in '<dir>'; point the source at a copy of PokeAPI's data/v2/csv"
    ),
    Damage(
      name: "unknown type",
      file: "moves.csv",
      replace: "85,thunderbolt,1,13,",
      with: "85,thunderbolt,1,99,",
      message: "moves.csv:5:18: column 'type_id' refers to '99', which is not in types.csv"
    ),
    Damage(
      name: "unknown target",
      file: "moves.csv",
      replace: "433,trick-room,4,14,,5,,-7,12,",
      with: "433,trick-room,4,14,,5,,-7,77,",
      message: "moves.csv:8:28: column 'target_id' refers to '77', which is not in move_targets.csv"
    ),
    Damage(
      name: "unknown damage class",
      file: "moves.csv",
      replace: "33,tackle,1,1,40,35,100,0,10,2,",
      with: "33,tackle,1,1,40,35,100,0,10,9,",
      message:
        "moves.csv:3:30: column 'damage_class_id' refers to '9', which is not in move_damage_classes.csv"
    ),
    Damage(
      name: "unknown flag",
      file: "move_flag_map.csv",
      replace: "33,1\n",
      with: "33,99\n",
      message:
        "move_flag_map.csv:5:4: column 'move_flag_id' refers to '99', which is not in move_flags.csv"
    ),
    Damage(
      name: "machine of an unknown version group",
      file: "machines.csv",
      replace: "126,25,1969,85\n",
      with: "126,250,1969,85\n",
      message:
        "machines.csv:60:5: column 'version_group_id' refers to '250', which is not in version_groups.csv"
    ),
    Damage(
      name: "placeholder without an effect chance",
      file: "move_effect_prose.csv",
      replace: "260,9,\"For five turns,",
      with: "260,9,\"For $effect_chance turns,",
      message:
        "moves.csv:8:37: expected an effect chance (the text of effect 260 uses $effect_chance) in column 'effect_chance', found ''"
    ),
  ]

  @Test(arguments: damages)
  func reportsDamagedTables(_ damage: Damage) throws {
    let directory = try PipelineFixtures.copy()
    defer { directory.remove() }
    let url = directory.url.appendingPathComponent(damage.file)
    if let replacement = damage.with {
      let text = try String(contentsOf: url, encoding: .utf8)
      #expect(text.contains(damage.replace))
      try Data(text.replacingOccurrences(of: damage.replace, with: replacement).utf8).write(to: url)
    } else {
      try FileManager.default.removeItem(at: url)
    }
    do {
      let moves = try MoveBuilder().build(fromDirectory: directory.url)
      Issue.record("expected an error, built \(moves.moves.count) moves")
    } catch {
      #expect(
        error.description
          == damage.message.replacingOccurrences(of: "<dir>", with: directory.url.path)
      )
    }
  }

  /// The shared tables hold no placeholder and no link, so the fixture's text is edited
  /// into PokeAPI's markup to check the whole path from the table to the move.
  @Test func resolvesPlaceholdersAndLinksInTheTables() throws {
    let directory = try PipelineFixtures.copy()
    defer { directory.remove() }
    let url = directory.url.appendingPathComponent("move_effect_prose.csv")
    let text = try String(contentsOf: url, encoding: .utf8)
    let original = "7,9,Has a chance to paralyze the target.,"
    #expect(text.contains(original))
    let marked =
      "7,9,Has a $effect_chance% chance to [paralyze]{mechanic:paralysis} the target; "
      + "like []{move:tackle} but []{type:electric}: []{mechanic:special-attack}.,"
    try Data(text.replacingOccurrences(of: original, with: marked).utf8).write(to: url)
    let thunderbolt = try Self.move(
      "thunderbolt",
      in: try MoveBuilder().build(fromDirectory: directory.url)
    )
    #expect(
      thunderbolt.shortEffect
        == "Has a 10% chance to paralyze the target; like Tackle but Electric: special attack."
    )
  }

  // MARK: The bundled file, generated from the full tables

  @Test func theBundledFileHasEveryMove() throws {
    let dex = try PokedexLoader.load(MoveDex.self)
    #expect(dex.moves.count == 937)
    #expect(dex.moves.filter { $0.id > 10_000 }.count == 18)
    #expect(dex.versionGroups.count == 32)
    let trickRoom = try Self.move("trick-room", in: dex)
    #expect(trickRoom.type == "psychic" && trickRoom.damageClass == "status")
    #expect(trickRoom.priority == -7)
    let thunderbolt = try Self.move("thunderbolt", in: dex)
    #expect([thunderbolt.power, thunderbolt.accuracy, thunderbolt.pp] == [90, 100, 15])
    #expect(thunderbolt.machines.contains(Machine(versionGroup: "scarlet-violet", item: "tm126")))
    #expect(try Self.move("tackle", in: dex).flags.contains("contact"))
    #expect(dex.moves.filter { $0.shortEffect == nil }.count == 111)
    let diagnostics = DataFileValidator(dex: try PokedexLoader.load()).validate(dex)
    #expect(diagnostics == [])
  }
}
