extension Query {
  /// The Pokémon a loader must decode for this query to match exactly what it matches in
  /// the whole dex: those with one of the types (or abilities) that a term requires, when
  /// every term tests only a Pokémon's own record; else all of them.
  ///
  /// A query compiled against ``PokedexFile/tables`` gives the filter that
  /// ``PokedexFile/pokedex(keeping:)`` needs; compiled again against the dex that returns,
  /// it matches the same Pokémon as against the whole dex, in the same order.
  ///
  /// ```swift
  /// try Query(["fire|water", "spe>100"], index: index).recordFilter  // .types(["fire", "water"])
  /// try Query(["ability:blaze"], index: index).recordFilter          // .abilities(["blaze"])
  /// try Query(["fire", "name:char*"], index: index).recordFilter     // .all (names: every record)
  /// ```
  ///
  /// - Complexity: O(n) in the number of alternatives.
  public var recordFilter: PokemonRecordFilter {
    let alternatives = terms.flatMap(\.alternatives)
    guard !alternatives.isEmpty, alternatives.allSatisfy({ $0.atom.testsOwnRecordOnly }) else {
      return .all
    }
    for term in terms {
      if let types = Self.values(of: term, { if case .type(let type) = $0 { [type] } else { nil } })
      {
        return .types(types)
      }
    }
    for term in terms {
      if let abilities = Self.values(
        of: term,
        { if case .ability(let ids) = $0 { ids } else { nil } }
      ) {
        return .abilities(abilities)
      }
    }
    return .all
  }

  /// The values `value` finds in every alternative of `term`, if it finds some in each and no
  /// alternative is negated: a Pokémon the term matches has one of them.
  private static func values(
    of term: CompiledTerm,
    _ value: (QueryAtom) -> Set<String>?
  ) -> Set<String>? {
    var values = Set<String>()
    for alternative in term.alternatives {
      guard !alternative.isNegated, let found = value(alternative.atom) else { return nil }
      values.formUnion(found)
    }
    return values.isEmpty ? nil : values
  }
}

extension QueryAtom {
  /// Whether the atom was resolved from the dex's tables alone (types, abilities, the type
  /// chart), never from its Pokémon, and tests a Pokémon's own record only: so it compiles,
  /// and matches, the same whichever of the Pokémon were loaded.
  ///
  /// Egg groups, colours, habitats and shapes are resolved against the values the Pokémon
  /// have; names against their names; moves against learnsets that inherit from other
  /// Pokémon; saved filters may hold any of these.
  var testsOwnRecordOnly: Bool {
    switch self {
    case .type, .generation, .flag, .ability, .matchup, .comparison: true
    case .eggGroup, .color, .habitat, .shape, .name, .savedFilter, .move: false
    }
  }
}
