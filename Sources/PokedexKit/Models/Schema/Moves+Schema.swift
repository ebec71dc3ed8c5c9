import JSONCore

// The schema of the files beside `pokemons.json`: moves, learnsets, abilities' text and
// natures. The same rules as `Models+Schema.swift`: this is the one place a key is named,
// and every number carries its bounds.

extension FieldBounds {
  /// A move's power: at most 250 (Explosion) in PokeAPI.
  static let movePower = 0...1_000
  /// A percentage: accuracy, the chance of a secondary effect.
  static let percent = 0...100
  /// A move's priority: -7 (Trick Room) to +5 (Helping Hand).
  static let priority = -16...16
  /// A version group's release order: 32 so far.
  static let order = 0...999_999
}

extension MoveDex: SchemaModel {
  static let schema = Schema<MoveDex>([
    .init("schemaVersion", \.schemaVersion, in: FieldBounds.schemaVersion),
    .init("source", \.source),
    .init("versionGroups", \.versionGroups, table: \.identifier),
    SchemaField("moves", \.moves),
  ])
  static let placeholder = MoveDex(
    schemaVersion: 0,
    source: .placeholder,
    versionGroups: [],
    moves: []
  )
}

extension VersionGroup: SchemaModel {
  static let schema = Schema<VersionGroup>([
    .init("id", \.id, in: FieldBounds.id),
    .init("identifier", \.identifier),
    .init("generation", \.generation, in: FieldBounds.generation),
    .init("order", \.order, in: FieldBounds.order),
  ])
  static let placeholder = VersionGroup(id: 0, identifier: "", generation: 0, order: 0)
}

extension Move: SchemaModel {
  static let schema = Schema<Move>([
    .init("id", \.id, in: FieldBounds.id),
    .init("identifier", \.identifier),
    .init("names", \.names),
    .init("generation", \.generation, in: FieldBounds.generation),
    .init("type", \.type),
    .init("damageClass", \.damageClass),
    .init("power", \.power, in: FieldBounds.movePower),
    .init("accuracy", \.accuracy, in: FieldBounds.percent),
    .init("pp", \.pp, in: FieldBounds.byte),
    .init("priority", \.priority, in: FieldBounds.priority),
    .init("target", \.target),
    .init("flags", \.flags),
    .init("effectChance", \.effectChance, in: FieldBounds.percent),
    .init("shortEffect", \.shortEffect),
    .init("effect", \.effect),
    .init("machines", \.machines),
  ])
  static let placeholder = Move(
    id: 0,
    identifier: "",
    names: LocalizedNames(),
    generation: 0,
    type: "",
    damageClass: "",
    power: nil,
    accuracy: nil,
    pp: nil,
    priority: 0,
    target: "",
    flags: [],
    effectChance: nil,
    shortEffect: nil,
    effect: nil,
    machines: []
  )
  /// A move that appears or disappears shows as its identifier.
  var changeDescription: String { identifier }
}

extension Machine: SchemaModel {
  static let schema = Schema<Machine>([
    .init("versionGroup", \.versionGroup),
    .init("item", \.item),
  ])
  static let placeholder = Machine(versionGroup: "", item: "")
  /// `tm126 (scarlet-violet)`.
  var changeDescription: String { "\(item) (\(versionGroup))" }
}

extension LearnsetDex: SchemaModel {
  static let schema = Schema<LearnsetDex>([
    .init("schemaVersion", \.schemaVersion, in: FieldBounds.schemaVersion),
    .init("source", \.source),
    SchemaField("learnsets", \.learnsets),
  ])
  static let placeholder = LearnsetDex(schemaVersion: 0, source: .placeholder, learnsets: [])
}

extension Learnset: SchemaModel {
  static let schema = Schema<Learnset>([
    .init("pokemon", \.pokemon),
    .init("inherits", \.inherits),
    .init("extends", \.extends),
    .init("prevolution", \.prevolution),
    .init("eggMovesFrom", \.eggMovesFrom),
    .init("moves", \.moves),
  ])
  static let placeholder = Learnset(pokemon: "", moves: LearnedMoves())
  /// A learnset that appears or disappears shows as its Pokémon.
  var changeDescription: String { pokemon }
}

extension LearnedMoves: SchemaValue {
  static func read(from reader: inout DexReader) throws(DexReader.Failure) -> LearnedMoves {
    try reader.learnedMoves()
  }

  /// An object of strings, so written on one line (the rule of ``PokedexEncoder``), and
  /// with it the learnset: a learnset is one line of the file (`grep '"pikachu"'` works).
  var jsonHeight: Int { 1 }

  func write(to output: inout JSONOutput, indent: Int?) {
    output.append(UInt8(ascii: "{"))
    for (index, learned) in enumerated() {
      if index > 0 { output.append(", ") }
      output.string(learned.move)
      output.append(": ")
      output.string(MoveSource.listText(learned.sources))
    }
    output.append(UInt8(ascii: "}"))
  }

  /// Each move changes on its own: `moves.thunderbolt: [9M, 8M] -> [8M]`.
  static func compare(
    _ path: String,
    _ old: LearnedMoves,
    _ new: LearnedMoves,
    into changes: inout FieldRecorder
  ) {
    guard old != new else { return }
    let describe = { (sources: [MoveSource]) in FieldValue.list(sources.map(\.description)) }
    for move in Set(old.map(\.move)).union(new.map(\.move)).sorted() where old[move] != new[move] {
      changes.record(
        "\(path).\(move)",
        old[move].map(describe) ?? .absent,
        new[move].map(describe) ?? .absent
      )
    }
  }
}

extension AbilityDex: SchemaModel {
  static let schema = Schema<AbilityDex>([
    .init("schemaVersion", \.schemaVersion, in: FieldBounds.schemaVersion),
    .init("source", \.source),
    .init("abilities", \.abilities, table: \.identifier),
  ])
  static let placeholder = AbilityDex(schemaVersion: 0, source: .placeholder, abilities: [])
}

extension AbilityText: SchemaModel {
  static let schema = Schema<AbilityText>([
    .init("id", \.id, in: FieldBounds.id),
    .init("identifier", \.identifier),
    .init("shortEffect", \.shortEffect),
    .init("effect", \.effect),
    .init("flavorText", \.flavorText),
    .init("flavorTextVersionGroup", \.flavorTextVersionGroup),
  ])
  static let placeholder = AbilityText(
    id: 0,
    identifier: "",
    shortEffect: nil,
    effect: nil,
    flavorText: nil,
    flavorTextVersionGroup: nil
  )
}

extension NatureDex: SchemaModel {
  static let schema = Schema<NatureDex>([
    .init("schemaVersion", \.schemaVersion, in: FieldBounds.schemaVersion),
    .init("source", \.source),
    .init("natures", \.natures, table: \.identifier),
  ])
  static let placeholder = NatureDex(schemaVersion: 0, source: .placeholder, natures: [])
}

extension Nature: SchemaModel {
  static let schema = Schema<Nature>([
    .init("id", \.id, in: FieldBounds.id),
    .init("identifier", \.identifier),
    .init("names", \.names),
    .init("increasedStat", \.increasedStat),
    .init("decreasedStat", \.decreasedStat),
  ])
  static let placeholder = Nature(
    id: 0,
    identifier: "",
    names: LocalizedNames(),
    increasedStat: nil,
    decreasedStat: nil
  )
}
