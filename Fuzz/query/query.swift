// Fuzz target `query`: the query compiler, compiled and evaluated against the bundled dex.
//
// Input: UTF-8 text, one query argument per line (a line may hold several terms separated
// by `,`, as on the command line). A line `--sort=KEYS` or `--section-by=KEY` sets the
// fetch's sort or section key; `--forms` includes alternate forms. A few saved filters exist
// (`@fast`, `@starters`, `@self`, `@ping`/`@pong`, and `@e0`..`@e4`, each twice the one
// before), so saved-filter expansion, recursion and its errors are reached.
//
// Property: never a crash; a compiled query counts and fetches the same Pokémon.
import Foundation
import PokedexKit

private let index: PokedexIndex = {
  do {
    return PokedexIndex(try PokedexLoader.load())
  } catch {
    fatalError("query: cannot load the bundled dex: \(error)")
  }
}()

private let savedFilters: [String: [String]] = {
  var filters: [String: [String]] = [
    "fast": ["spe>100"],
    "starters": ["fire|water|grass", "bst<320", "evolves"],
    "self": ["@self"],
    "ping": ["@pong"],
    "pong": ["fire", "@ping"],
    "e0": ["hp>10"],
  ]
  for level in 1...4 { filters["e\(level)"] = ["@e\(level - 1)", "@e\(level - 1)"] }
  return filters
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQuery(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
  var arguments: [String] = []
  var sort: [PokemonSortDescriptor] = []
  var section: PokemonSectionKey?
  var forms = false
  for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
    if line.hasPrefix("--sort=") {
      guard let parsed = try? PokemonSortDescriptor.parse(String(line.dropFirst(7))) else {
        return 0
      }
      sort = parsed
    } else if line.hasPrefix("--section-by=") {
      guard let parsed = try? PokemonSectionKey(parsing: String(line.dropFirst(13))) else {
        return 0
      }
      section = parsed
    } else if line == "--forms" {
      forms = true
    } else {
      arguments.append(String(line))
    }
  }
  let query: Query
  do {
    query = try Query(
      arguments,
      index: index,
      includingForms: forms,
      savedFilter: { savedFilters[$0] },
      savedFilterNames: savedFilters.keys.sorted()
    )
  } catch {
    _ = error.description
    return 0
  }
  let pokemon = index.pokedex.pokemon
  let count = query.count(in: pokemon)
  let filtered = query.filter(pokemon)
  let result = index.fetch(
    PokemonFetchRequest(query: query, sortDescriptors: sort, sectionKey: section)
  )
  guard count == filtered.count, result.matchCount == count else {
    fatalError("query: count \(count), filter \(filtered.count), fetch \(result.matchCount)")
  }
  return 0
}
