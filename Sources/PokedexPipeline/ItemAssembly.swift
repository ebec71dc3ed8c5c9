import PokedexKit

/// The work of ``ItemBuilder``: each Showdown item placed on PokeAPI's (rules 1 to 4 of
/// ``ItemBuilder``) and turned into an ``Item``, with a warning for each thing that does not
/// map.
struct ItemAssembly {
  let tables: ShowdownTables
  let aliases: ShowdownAliases
  let pokemon: ShowdownPokemonIndex
  let moves: ShowdownMoveIndex
  let types: Set<String>
  /// The base species of each Showdown forme, by the forme's id.
  let baseSpecies: [String: String]
  /// PokeAPI's items by id.
  let pokeAPI: [Int: PokeAPIItem]
  /// PokeAPI item ids by the Showdown id of their identifier, then of their English name.
  private let idsByIdentifier: [String: [Int]]
  private let idsByName: [String: [Int]]
  private(set) var diagnostics: [DexDiagnostic] = []

  init(pokeAPI items: [PokeAPIItem], tables: ShowdownTables, dex: Pokedex, moves: MoveDex) {
    self.tables = tables
    aliases = ShowdownAliases(tables.aliases)
    pokemon = ShowdownPokemonIndex(dex: dex)
    self.moves = ShowdownMoveIndex(moveIdentifiers: moves.moves.map(\.identifier))
    types = Set(dex.types.map(\.identifier))
    var baseSpecies: [String: String] = [:]
    for species in tables.species {
      if let base = species.entry.baseSpecies { baseSpecies[species.id] = base }
    }
    self.baseSpecies = baseSpecies
    var pokeAPI: [Int: PokeAPIItem] = [:]
    var byIdentifier: [String: [Int]] = [:]
    var byName: [String: [Int]] = [:]
    for item in items {
      pokeAPI[item.id] = item
      byIdentifier[ShowdownID.id(item.identifier), default: []].append(item.id)
      if let english = item.names["en"] {
        byName[ShowdownID.id(english), default: []].append(item.id)
      }
    }
    self.pokeAPI = pokeAPI
    idsByIdentifier = byIdentifier
    idsByName = byName
  }

  /// Every item but the Create-A-Pokémon ones, sorted by number, then identifier.
  mutating func items() -> [Item] {
    var entries: [ShowdownTables.Entry<ShowdownItemEntry>] = []
    for entry in tables.items {
      guard entry.entry.isNonstandard != "CAP" else {
        warn("items.json:\(entry.id)", "'\(entry.entry.name)' is a Create-A-Pokémon item; left out")
        continue
      }
      entries.append(entry)
    }
    let placed = place(entries)
    var result: [Item] = []
    for entry in entries where placed.mergedInto[entry.id] == nil {
      var item = item(entry, pokeAPI: placed.items[entry.id].flatMap { pokeAPI[$0] })
      for merged in placed.merged[entry.id] ?? [] {
        item.aliases += [merged] + aliases.aliases(of: merged)
      }
      result.append(item)
    }
    diagnostics += ShowdownTables.textsWithoutEntries(
      tables.itemTexts,
      tables.items,
      textFile: "items-text.json",
      dataFile: "items.json",
      noun: "an item"
    )
    return result.sorted { ($0.number, $0.identifier) < ($1.number, $1.identifier) }
  }

  /// Where rules 1 to 4 put each entry.
  private struct Placement {
    /// The PokeAPI item of each entry that has one, by Showdown id.
    var items: [String: Int] = [:]
    /// The entry whose record an entry joins as an alias, by Showdown id.
    var mergedInto: [String: String] = [:]
    /// The entries that join each record, by its Showdown id, in file order.
    var merged: [String: [String]] = [:]
  }

  /// Rules 1 and 2 for every entry first, then rule 3 for the rest, so that an item's own
  /// identifier wins over another entry's name: Showdown's Stick (generation 2) is PokeAPI's
  /// `stick`, and its Leek (the generation 8 name, the same item number) joins it as an
  /// alias. An entry whose PokeAPI item another entry took under another number is kept
  /// with Showdown's data only.
  private mutating func place(_ entries: [ShowdownTables.Entry<ShowdownItemEntry>]) -> Placement {
    var placement = Placement()
    var owners: [Int: ShowdownTables.Entry<ShowdownItemEntry>] = [:]
    var rest: [ShowdownTables.Entry<ShowdownItemEntry>] = []
    for entry in entries {
      guard let ids = idsByIdentifier[entry.id] ?? idsByIdentifier[entry.id + "held"],
        let id = take(ids.sorted(), entry, owners: &owners)
      else {
        rest.append(entry)
        continue
      }
      placement.items[entry.id] = id
    }
    for entry in rest {
      guard let ids = idsByName[entry.id], ids.count == 1, let id = ids.first else {
        warn(
          "items.json:\(entry.id)",
          "'\(entry.entry.name)' matches no PokeAPI item; kept with Showdown's data only"
        )
        continue
      }
      if let owner = owners[id] {
        if owner.entry.num == entry.entry.num {
          placement.mergedInto[entry.id] = owner.id
          placement.merged[owner.id, default: []].append(entry.id)
        } else {
          warn(
            "items.json:\(entry.id)",
            "'\(entry.entry.name)' is PokeAPI item \(id), which '\(owner.entry.name)' already is; "
              + "kept with Showdown's data only"
          )
        }
        continue
      }
      owners[id] = entry
      placement.items[entry.id] = id
    }
    return placement
  }

  /// The lowest of `ids` (with a warning when there are several) unless an entry took it.
  private mutating func take(
    _ ids: [Int],
    _ entry: ShowdownTables.Entry<ShowdownItemEntry>,
    owners: inout [Int: ShowdownTables.Entry<ShowdownItemEntry>]
  ) -> Int? {
    guard let id = ids.first, owners[id] == nil else { return nil }
    if ids.count > 1 {
      warn(
        "items.json:\(entry.id)",
        "'\(entry.entry.name)' matches PokeAPI items \(ids.map(String.init).joined(separator: ", "))"
          + " of one identifier; took \(id)"
      )
    }
    owners[id] = entry
    return id
  }

  /// One Showdown entry as an ``Item``, joined with `pokeAPI`'s item if it has one.
  private mutating func item(
    _ entry: ShowdownTables.Entry<ShowdownItemEntry>,
    pokeAPI: PokeAPIItem?
  ) -> Item {
    let showdown = entry.entry
    let text = tables.itemTexts[entry.id]
    let location = "items.json:\(entry.id)"
    var item = Item(
      id: nil,
      identifier: Self.identifier(forName: showdown.name),
      showdownID: entry.id,
      number: showdown.num,
      names: ["en": showdown.name],
      aliases: aliases.aliases(of: entry.id),
      category: nil,
      generation: showdown.gen,
      nonstandard: showdown.isNonstandard,
      flingPower: showdown.fling?.basePower,
      shortEffect: text?.shortEffect,
      effect: text?.effect,
      users: users(showdown, location),
      megaEvolutions: megaEvolutions(showdown, location),
      zCrystal: zCrystal(showdown, location),
      type: type(showdown, location),
      forcedForme: showdown.forcedForme
    )
    guard let pokeAPI else { return item }
    var fields = ShowdownFields()
    item.id = pokeAPI.id
    item.identifier = pokeAPI.identifier
    item.category = pokeAPI.category
    var names = pokeAPI.names
    if names["en"] == nil {
      names["en"] = showdown.name
      fields.taken.append("names")
    }
    item.names = names
    if let fling = pokeAPI.flingPower {
      item.flingPower = fling
    } else if item.flingPower != nil {
      fields.taken.append("flingPower")
    }
    var prose = pokeAPI.prose
    if let text { prose.takeMissing(from: text, into: &fields) }
    (item.shortEffect, item.effect) = (prose.shortEffect, prose.effect)
    item.fromShowdown = fields.isEmpty ? nil : fields
    return item
  }

  /// `Berserk Gene` as an identifier: `berserk-gene` (lower case, spaces as dashes, only
  /// letters, digits and dashes kept).
  static func identifier(forName name: String) -> String {
    let words = name.lowercased().split(separator: " ").map { word in
      String(word.unicodeScalars.filter { ("a"..."z").contains($0) || ("0"..."9").contains($0) })
    }
    return words.filter { !$0.isEmpty }.joined(separator: "-")
  }

  /// The slug of the Pokémon Showdown names `name`, or `nil` with a warning. For a user
  /// (`asUser`), a forme the dex keeps inside its species' Pokémon (`Silvally-Bug`,
  /// `Genesect-Burn`: PokeAPI forms, not Pokémon) is that Pokémon.
  private mutating func slug(of name: String, for location: String, asUser: Bool = false)
    -> String?
  {
    let id = ShowdownID.id(name)
    if asUser, case .none = pokemon.match(id), let base = baseSpecies[id],
      case .pokemon(let slug) = pokemon.match(ShowdownID.id(base))
    {
      return slug
    }
    switch pokemon.match(id) {
    case .pokemon(let slug): return slug
    case .ambiguous(let slugs):
      warn(
        location,
        "Pokémon '\(name)' matches several of the dex (\(slugs.joined(separator: ", "))); left out of the item"
      )
    case .none:
      warn(location, "Pokémon '\(name)' matches none of the dex; left out of the item")
    }
    return nil
  }

  /// The slugs of the item's users, each once, in Showdown's order.
  private mutating func users(_ entry: ShowdownItemEntry, _ location: String) -> [String] {
    var result: [String] = []
    for name in entry.itemUser ?? [] {
      if let slug = slug(of: name, for: location, asUser: true), !result.contains(slug) {
        result.append(slug)
      }
    }
    return result
  }

  private mutating func megaEvolutions(
    _ entry: ShowdownItemEntry,
    _ location: String
  ) -> [MegaEvolution] {
    (entry.megaStone ?? [:]).sorted { $0.key < $1.key }.compactMap { holder, mega in
      guard let from = slug(of: holder, for: location), let into = slug(of: mega, for: location)
      else { return nil }
      return MegaEvolution(pokemon: from, mega: into)
    }
  }

  /// The Z-Move a Z-Crystal allows; `nil` (with a warning) when its type or move does not
  /// map.
  private mutating func zCrystal(_ entry: ShowdownItemEntry, _ location: String) -> ZCrystal? {
    guard let zMove = entry.zMove else { return nil }
    guard let name = zMove.name else {
      guard let type = entry.zMoveType.flatMap({ type($0, location) }) else { return nil }
      return ZCrystal(type: type, move: nil, baseMove: nil)
    }
    let baseMove = entry.zMoveFrom.flatMap { move($0, location) }
    guard let zMove = move(name, location) else { return nil }
    return ZCrystal(type: nil, move: zMove, baseMove: baseMove)
  }

  private mutating func move(_ name: String, _ location: String) -> String? {
    if case .move(let identifier) = moves.match(ShowdownID.id(name)) { return identifier }
    warn(location, "move '\(name)' matches no PokeAPI move; left out of the item")
    return nil
  }

  /// The type a Plate, Memory, Drive or type's Z-Crystal gives.
  private mutating func type(_ entry: ShowdownItemEntry, _ location: String) -> String? {
    (entry.onPlate ?? entry.onMemory ?? entry.onDrive ?? entry.zMoveType).flatMap {
      type($0, location)
    }
  }

  private mutating func type(_ name: String, _ location: String) -> String? {
    let identifier = name.lowercased()
    guard types.contains(identifier) else {
      warn(location, "type '\(name)' is none of the dex's; left out of the item")
      return nil
    }
    return identifier
  }

  private mutating func warn(_ location: String, _ message: String) {
    diagnostics.append(DexDiagnostic(severity: .warning, message: message, location: location))
  }
}
