// Fuzz target `index`: the record index beside the dex (`pokemons.index.json`).
//
// The input is an index; the dex is the bundled `pokemons.json`. Property: nothing crashes,
// whatever the index says (offsets anywhere, ends past the file, positions out of range),
// and the dex it gives holds only records of the whole dex: an index that does not describe
// the file is passed over for the whole file, and one that matches its checksum but points
// elsewhere makes the reader fail over to the whole file or read other whole records.
import Foundation

@testable import PokedexKit

private let dexBytes: [UInt8] = {
  guard let path = try? PokedexLoader.bundledDataPath(),
    let bytes = try? readFileBytes(atPath: path)
  else { fatalError("index: the bundled pokemons.json is not found") }
  return bytes
}()

private let whole: Set<Pokemon> = {
  guard let dex = try? PokedexLoader.decode(dexBytes, path: "pokemons.json") else {
    fatalError("index: the bundled pokemons.json does not load")
  }
  return Set(dex.pokemon)
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzIndex(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let indexBytes = Array(UnsafeBufferPointer(start: start, count: count))
  let file: PokedexFile
  do {
    file = try PokedexFile(bytes: dexBytes, indexBytes: indexBytes, path: "pokemons.json")
  } catch {
    fatalError("index: the bundled dex failed to load beside an index: \(error)")
  }
  for filter in [PokemonRecordFilter.types(["fire", "water"]), .abilities(["levitate"])] {
    guard let dex = try? file.pokedex(keeping: filter) else {
      fatalError("index: the bundled dex failed to load through an index")
    }
    guard dex.pokemon.allSatisfy(whole.contains) else {
      fatalError("index: a Pokémon read through an index is not one of the dex's records")
    }
  }
  return 0
}
