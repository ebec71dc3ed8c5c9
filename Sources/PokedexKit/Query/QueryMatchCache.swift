/// The Pokémon each term of a query matches, kept from one query to the next, so that a
/// query line being typed tests the dex only with the term that changed.
///
/// A browser compiles its query on every keystroke, but between two keystrokes only one
/// term changes: `fire spe>9` becomes `fire spe>90`. The cache keeps, for each term of the
/// last query, which Pokémon it matches (one `Bool` per Pokémon); the next query reuses
/// the terms it shares with the last and tests the others. A term's matches depend on the
/// index, the saved filters and the move data the query was compiled with, so use one
/// cache for queries compiled against the same ones.
///
/// ```swift
/// let cache = QueryMatchCache(index: index)
/// let fire = cache.matches(of: try Query(["fire"], index: index))                // tests "fire"
/// let fast = cache.matches(of: try Query(["fire", "spe>90"], index: index))      // tests "spe>90"
/// fast.indices.filter { fast[$0] }.count  // the fast Fire Pokémon
/// ```
///
/// Not `Sendable`: one caller (a browser's content) owns it.
package final class QueryMatchCache {
  /// The index the queries run against: its Pokémon and its columns.
  private let index: PokedexIndex
  /// The Pokémon the queries run over.
  private let pokemon: [Pokemon]
  /// The matches of the terms of the last query, by term.
  private var termMatches: [QueryTermKey: [Bool]] = [:]
  /// Which Pokémon are default ones: the forms rule, built on first use.
  private var defaults: [Bool]?

  /// An empty cache for queries against `index`.
  package init(index: PokedexIndex) {
    self.index = index
    pokemon = index.pokedex.pokemon
  }

  /// Whether each Pokémon of the index matches `query`, by position: the same as
  /// `query.evaluate(row:of:)` for every row.
  ///
  /// - Complexity: O(*n*) predicate calls for each term the last query did not have, and
  ///   O(*n* × *t*) to combine the *t* terms' matches of *n* Pokémon.
  package func matches(of query: Query) -> [Bool] {
    var kept: [QueryTermKey: [Bool]] = [:]
    var result: [Bool]
    if query.includesForms {
      result = [Bool](repeating: true, count: pokemon.count)
    } else {
      let all = pokemon
      result = defaults ?? all.indices.map { all[$0].isDefault }
      defaults = result
    }
    for term in query.terms {
      let matches = kept[term.key] ?? termMatches[term.key] ?? test(term)
      kept[term.key] = matches
      for position in result.indices where result[position] && !matches[position] {
        result[position] = false
      }
    }
    termMatches = kept
    return result
  }

  /// Tests every Pokémon with `term`: with any of its alternatives.
  private func test(_ term: CompiledTerm) -> [Bool] {
    var result = [Bool](repeating: false, count: pokemon.count)
    for alternative in term.alternatives {
      let matches = test(alternative)
      for position in result.indices where matches[position] { result[position] = true }
    }
    return result
  }

  /// Tests every Pokémon with one alternative: a comparison or a type on the index's
  /// columns (one number per Pokémon, read in order, where the Pokémon themselves are
  /// large values a cache miss or two apart), anything else with its predicate.
  private func test(_ alternative: CompiledTerm.Alternative) -> [Bool] {
    var matches: [Bool]
    switch alternative.atom {
    case .comparison(let stat, let comparison, .number(let number)):
      matches = index.column(of: stat).map { comparison.holds($0, number) }
    case .comparison(let stat, let comparison, .stat(let otherStat)):
      let (left, right) = (index.column(of: stat), index.column(of: otherStat))
      matches = left.indices.map { comparison.holds(left[$0], right[$0]) }
    case .type(let type):
      let columns = index.typeColumns()
      guard let number = columns.numbers[type] else {
        matches = [Bool](repeating: false, count: pokemon.count)
        break
      }
      matches = columns.first.indices.map {
        columns.first[$0] == number || columns.second[$0] == number
      }
    default:
      // The predicate has the negation in it.
      let all = pokemon
      let predicate = alternative.predicate
      return all.indices.map { predicate(all, $0) }
    }
    if alternative.isNegated {
      for position in matches.indices { matches[position].toggle() }
    }
    return matches
  }
}
