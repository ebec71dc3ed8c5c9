import PokedexKit

/// Checks a ``LearnsetDex`` against the dex it belongs to and returns what it finds.
///
/// The checks, each an error:
/// - every Pokémon of the dex has exactly one learnset, and every learnset is of a Pokémon
///   of the dex, in order of Pokémon id;
/// - a learnset has moves or inherits, not both and not neither (a Pokémon left without a
///   learnset);
/// - ``Learnset/inherits`` names another Pokémon whose learnset has moves of its own;
/// - a learnset names at most one of ``Learnset/extends``, ``Learnset/prevolution`` and
///   ``Learnset/eggMovesFrom``, not while it inherits, and another Pokémon's learnset;
/// - every move is one of `moveIdentifiers` (when given) and has at least one source, each
///   once.
///
/// ```swift
/// let diagnostics = LearnsetValidator().validate(learnsets, dex: dex)
/// // error: learnsets[6].inherits: inherits 'charizard-mega-x', which has no moves of its own
/// ```
///
/// - Complexity: O(*n* log *n*) in the number of learnsets and moves.
public struct LearnsetValidator: Sendable {
  /// Whether a learnset may have no moves and inherit none: a partial move table (the test
  /// fixtures) can leave a Pokémon with none of its moves. The complete data may not.
  public var allowsEmptyLearnsets: Bool

  /// Creates a validator; the default holds for the complete data.
  public init(allowsEmptyLearnsets: Bool = false) {
    self.allowsEmptyLearnsets = allowsEmptyLearnsets
  }

  /// Returns every problem found in `learnsets`, in a stable order.
  ///
  /// - Parameters:
  ///   - learnsets: The learnsets to check.
  ///   - dex: The Pokémon they belong to.
  ///   - moveIdentifiers: The known moves; `nil` skips the check.
  public func validate(
    _ learnsets: LearnsetDex,
    dex: Pokedex,
    moveIdentifiers: [String]? = nil
  ) -> [DexDiagnostic] {
    var check = LearnsetCheck(learnsets: learnsets, dex: dex, moves: moveIdentifiers.map(Set.init))
    check.allowsEmptyLearnsets = allowsEmptyLearnsets
    check.coverage()
    for index in learnsets.learnsets.indices { check.learnset(at: index) }
    return check.diagnostics
  }
}

/// One validation run.
private struct LearnsetCheck {
  let learnsets: LearnsetDex
  let moves: Set<String>?
  /// Pokémon id by slug.
  let ids: [String: Int]
  /// Learnset index by Pokémon slug (the first, if repeated).
  let positions: [String: Int]
  var allowsEmptyLearnsets = false
  var diagnostics: [DexDiagnostic] = []

  init(learnsets: LearnsetDex, dex: Pokedex, moves: Set<String>?) {
    self.learnsets = learnsets
    self.moves = moves
    ids = Dictionary(dex.pokemon.map { ($0.slug, $0.id) }) { first, _ in first }
    positions = Dictionary(learnsets.learnsets.enumerated().map { ($1.pokemon, $0) }) {
      first,
      _ in first
    }
  }

  mutating func error(_ location: String, _ message: String) {
    diagnostics.append(DexDiagnostic(severity: .error, message: message, location: location))
  }

  /// One learnset per Pokémon, each of a known Pokémon, in id order.
  mutating func coverage() {
    if learnsets.schemaVersion != LearnsetDex.currentSchemaVersion {
      error(
        "schemaVersion",
        "schema version \(learnsets.schemaVersion); expected \(LearnsetDex.currentSchemaVersion)"
      )
    }
    for (slug, _) in ids.sorted(by: { $0.value < $1.value }) where positions[slug] == nil {
      error("learnsets", "pokemon '\(slug)' has no learnset")
    }
    var previous: Int?
    for (index, learnset) in learnsets.learnsets.enumerated() {
      let location = "learnsets[\(index)].pokemon"
      guard let id = ids[learnset.pokemon] else {
        error(location, "'\(learnset.pokemon)' is not a Pokémon of the dex")
        continue
      }
      if positions[learnset.pokemon] != index {
        error(location, "a second learnset for '\(learnset.pokemon)'")
      } else if let previous, previous > id {
        error(location, "'\(learnset.pokemon)' is out of order; learnsets are sorted by Pokémon id")
      }
      previous = id
    }
  }

  /// Moves or inheritance, and the moves' sources.
  mutating func learnset(at index: Int) {
    let learnset = learnsets.learnsets[index]
    let location = "learnsets[\(index)]"
    if let target = learnset.inherits {
      if !learnset.moves.isEmpty {
        error("\(location).inherits", "has moves of its own and inherits '\(target)'")
      }
      inheritance(of: learnset, target: target, location: "\(location).inherits")
    } else if learnset.moves.isEmpty, !allowsEmptyLearnsets {
      error(location, "pokemon '\(learnset.pokemon)' has no moves and inherits none")
    }
    links(of: learnset, location: location)
    for move in learnset.moves {
      let moveLocation = "\(location).moves.\(move.move)"
      if let moves, !moves.contains(move.move) {
        error(moveLocation, "unknown move '\(move.move)'")
      }
      if move.sources.isEmpty { error(moveLocation, "the move has no source") }
      if Set(move.sources).count != move.sources.count {
        error(moveLocation, "a source appears twice")
      }
    }
  }

  /// The target of an `inherits` exists, is another Pokémon and has moves of its own.
  mutating func inheritance(of learnset: Learnset, target: String, location: String) {
    guard target != learnset.pokemon else {
      error(location, "'\(target)' inherits its own learnset")
      return
    }
    guard let position = positions[target] else {
      error(location, "inherits '\(target)', which has no learnset")
      return
    }
    let base = learnsets.learnsets[position]
    if (base.moves.isEmpty && !allowsEmptyLearnsets) || base.inherits != nil {
      error(location, "inherits '\(target)', which has no moves of its own")
    }
  }

  /// A learnset names at most one learnset it continues with, another Pokémon's, and not
  /// while it inherits.
  mutating func links(of learnset: Learnset, location: String) {
    let links = [
      ("extends", learnset.extends), ("prevolution", learnset.prevolution),
      ("eggMovesFrom", learnset.eggMovesFrom),
    ].compactMap { key, value in value.map { (key, $0) } }
    if links.count > 1 {
      error(location, "names \(links.map(\.0).joined(separator: " and ")); at most one is allowed")
    }
    for (key, target) in links {
      if learnset.inherits != nil {
        error(
          "\(location).\(key)",
          "inherits and names '\(target)' too; a link belongs to the learnset inherited"
        )
      } else if target == learnset.pokemon {
        error("\(location).\(key)", "names its own learnset")
      } else if positions[target] == nil {
        error("\(location).\(key)", "'\(target)' has no learnset")
      }
    }
  }
}
