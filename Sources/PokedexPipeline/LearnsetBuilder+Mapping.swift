import PokedexKit

/// The first stage of ``LearnsetBuilder``: each Showdown entry placed on a Pokémon of the dex
/// (or ignored, or merged, or reported), and its moves on PokeAPI's moves.
///
/// The rules, in order (`Guides/Learnsets.md` explains each):
/// 1. An entry whose id matches a Pokémon (``ShowdownPokemonIndex``) gives it its moves.
/// 2. Showdown lists the real species in national-dex order; MissingNo. comes before them,
///    the Create-A-Pokémon fakemon and the Pokéstar props after them. An entry that matches
///    no Pokémon and lies outside the run from the first matched entry to the last is not
///    canon: it is left out and listed in ``ignored``.
/// 3. An entry that matches no Pokémon and starts with the id of a species PokeAPI has one
///    Pokémon for (`vivillonfancy`, `arceusbug`) is a form PokeAPI keeps inside that
///    Pokémon: its moves join that Pokémon's learnset, and it is listed in ``merged``.
/// 4. Anything else is a warning, as is a move id that matches no PokeAPI move.
struct LearnsetMapping {
  let index: ShowdownPokemonIndex
  let moves: ShowdownMoveIndex
  /// Slug of the only Pokémon of each species that has one, by the species' Showdown id.
  let singlePokemonSpecies: [String: String]

  /// The moves each Pokémon learns by its own entries: slug, then move identifier.
  var ownMoves: [String: [String: [MoveSource]]] = [:]
  /// The Pokémon each matched entry is, by Showdown id (rule 1 only).
  var owners: [String: String] = [:]
  /// The first entry matched to each Pokémon, by slug.
  private var firstEntry: [String: String] = [:]
  /// Non-canon entries, in the file's order.
  var ignored: [String] = []
  /// Entries merged into a Pokémon by rule 3.
  var merged: [String: String] = [:]
  var diagnostics: [DexDiagnostic] = []
  /// Move ids that matched nothing, with the first place each was seen and how many
  /// entries use it, in the order first seen.
  private var unmappedMoves: [(id: String, path: String, reason: String, count: Int)] = []

  init(dex: Pokedex, moves: ShowdownMoveIndex) {
    index = ShowdownPokemonIndex(dex: dex)
    self.moves = moves
    var bySpecies: [String: [Pokemon]] = [:]
    for pokemon in dex.pokemon { bySpecies[pokemon.speciesSlug, default: []].append(pokemon) }
    var single: [String: String] = [:]
    for (species, pokemon) in bySpecies where pokemon.count == 1 {
      single[ShowdownID.id(species)] = pokemon[0].slug
    }
    singlePokemonSpecies = single
  }

  /// Places every entry, then reports the move ids that matched nothing.
  mutating func map(_ entries: [ShowdownLearnsets.Entry]) {
    let matches = entries.map { index.match($0.id) }
    let matched = matches.indices.filter {
      if case .pokemon = matches[$0] { return true } else { return false }
    }
    // Empty when nothing matched: then every entry is reported or ignored.
    let canon = matched.first.flatMap { first in matched.last.map { first..<($0 + 1) } } ?? 0..<0
    for (position, entry) in entries.enumerated() {
      switch matches[position] {
      case .pokemon(let slug):
        if let other = firstEntry[slug] {
          warn(
            entry.id,
            "entry '\(entry.id)' is Pokémon '\(slug)' as '\(other)' is; their moves are merged"
          )
        } else {
          firstEntry[slug] = entry.id
        }
        owners[entry.id] = slug
        add(entry, to: slug)
      case .ambiguous(let slugs) where canon.contains(position):
        warn(
          entry.id,
          "entry matches several Pokémon (\(slugs.joined(separator: ", "))); its moves are in no learnset"
        )
      case .none where canon.contains(position):
        placeUnmatched(entry)
      case .ambiguous, .none:
        ignored.append(entry.id)
      }
    }
    reportUnmappedMoves()
  }

  /// Rule 3 for an entry inside the canon run that matches no Pokémon, else a warning.
  private mutating func placeUnmatched(_ entry: ShowdownLearnsets.Entry) {
    var prefix = Substring(entry.id)
    while !prefix.isEmpty {
      prefix = prefix.dropLast()
      guard let slug = singlePokemonSpecies[String(prefix)] else { continue }
      merged[entry.id] = slug
      add(entry, to: slug)
      return
    }
    let count = entry.moves?.count ?? 0
    warn(
      entry.id,
      "entry matches no Pokémon; \(count == 1 ? "its 1 move is" : "its \(count) moves are") in no learnset"
    )
  }

  /// Adds the entry's moves to the Pokémon `slug`'s own moves.
  private mutating func add(_ entry: ShowdownLearnsets.Entry, to slug: String) {
    guard let entryMoves = entry.moves else { return }
    var learned = ownMoves[slug] ?? [:]
    for move in entryMoves where !move.sources.isEmpty {
      switch moves.match(move.id) {
      case .move(let identifier):
        learned[identifier] = Self.merge(learned[identifier] ?? [], move.sources)
      case .ambiguous(let identifiers):
        noteUnmapped(move, reason: "matches several moves (\(identifiers.joined(separator: ", ")))")
      case .none:
        noteUnmapped(move, reason: "matches no PokeAPI move")
      }
    }
    ownMoves[slug] = learned
  }

  /// `first` followed by the sources of `second` it lacks, newest generation first; within a
  /// generation the order is kept (Showdown's lists are already newest first).
  static func merge(_ first: [MoveSource], _ second: [MoveSource]) -> [MoveSource] {
    var result = first
    for source in second where !result.contains(source) { result.append(source) }
    return result.enumerated()
      .sorted { ($1.element.generation, $0.offset) < ($0.element.generation, $1.offset) }
      .map(\.element)
  }

  private mutating func noteUnmapped(_ move: ShowdownLearnsets.Move, reason: String) {
    if let seen = unmappedMoves.firstIndex(where: { $0.id == move.id }) {
      unmappedMoves[seen].count += 1
    } else {
      unmappedMoves.append((move.id, move.path, reason, 1))
    }
  }

  private mutating func reportUnmappedMoves() {
    for move in unmappedMoves {
      let entries = move.count == 1 ? "1 learnset" : "\(move.count) learnsets"
      warn(move.path, "move '\(move.id)' \(move.reason); left out of \(entries)")
    }
  }

  private mutating func warn(_ location: String, _ message: String) {
    diagnostics.append(DexDiagnostic(severity: .warning, message: message, location: location))
  }
}
