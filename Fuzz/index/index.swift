// Fuzz target `index`: the record index beside the dex (`pokemons.index.json`).
//
// The dex is the bundled `pokemons.json` cut down to its first 20 Pokémon (and no abilities
// table), so that a run takes well under a millisecond. Each input is used twice:
// - as the bytes of an index file, which the reader parses and checks against the dex;
// - as edits to the dex's own, correct index (4 bytes an edit: what to change, which
//   element, a 16-bit value), which keep its size and checksum right, so the reader trusts
//   whatever offsets, ends and positions the edits leave.
// Property: nothing crashes, and every Pokémon read through an index is one of the dex's.
import Foundation

@testable import PokedexKit

private struct Fixture {
  let bytes: [UInt8]
  let index: DexRecordIndex
  let records: Set<Pokemon>
}

private let fixture: Fixture = {
  guard let path = try? PokedexLoader.bundledDataPath(),
    var dex = try? PokedexLoader.load(path: path)
  else { fatalError("index: the bundled pokemons.json does not load") }
  dex.pokemon = Array(dex.pokemon.prefix(20))
  dex.abilities = []
  let bytes = DexJSONWriter.document(dex)
  guard let index = try? DexRecordIndex(indexing: bytes, of: dex) else {
    fatalError("index: the cut-down dex cannot be indexed")
  }
  return Fixture(bytes: bytes, index: index, records: Set(dex.pokemon))
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzIndex(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let input = Array(UnsafeBufferPointer(start: start, count: count))
  read(throughIndex: input)
  read(throughIndex: DataSet.document(edited(fixture.index, by: input), capacity: 4_096))
  return 0
}

/// Reads the fixture's dex beside `indexBytes`, through two filters.
private func read(throughIndex indexBytes: [UInt8]) {
  let file: PokedexFile
  do {
    file = try PokedexFile(bytes: fixture.bytes, indexBytes: indexBytes, path: "pokemons.json")
  } catch {
    fatalError("index: the dex failed to load beside an index: \(error)")
  }
  for filter in [PokemonRecordFilter.types(["fire", "grass", "water"]), .abilities(["overgrow"])] {
    guard let dex = try? file.pokedex(keeping: filter) else {
      fatalError("index: the dex failed to load through an index")
    }
    guard dex.pokemon.allSatisfy(fixture.records.contains) else {
      fatalError("index: a Pokémon read through an index is not one of the dex's")
    }
  }
}

/// `index` with the edits of `input` applied, 4 bytes each: the field, the element, and a
/// 16-bit value (offsets are taken modulo a little more than the file's size).
private func edited(_ index: DexRecordIndex, by input: [UInt8]) -> DexRecordIndex {
  var index = index
  var edits = input[...]
  while edits.count >= 4 {
    let field = edits.removeFirst()
    let element = Int(edits.removeFirst())
    let value = Int(edits.removeFirst()) << 8 | Int(edits.removeFirst())
    let offset = value % (fixture.bytes.count + 8)
    let records = index.recordStarts.count
    switch field % 6 {
    case 0 where records > 0: index.recordStarts[element % records] = offset
    case 1: index.recordsEnd = offset
    case 2 where !index.speciesDefaults.isEmpty:
      index.speciesDefaults[element % index.speciesDefaults.count] = value % (records + 2)
    case 3 where !index.types.isEmpty:
      index.types[element % index.types.count].records.append(value % (records + 2))
    case 4 where records > 0: index.recordStarts.remove(at: element % records)
    case 5 where !index.types.isEmpty: index.types[element % index.types.count].records = []
    default: break
    }
  }
  return index
}
