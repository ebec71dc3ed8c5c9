// Fuzz target `dex`: the data file reader.
//
// Property: the fast path (`DexReader`, through `PokedexLoader.read`) and the Codable path
// (`FastJSONDecoder` over `Pokedex: Decodable`) agree. Whenever the fast path accepts the
// bytes, the Codable path accepts them too and decodes an equal `Pokedex`; the fast path may
// refuse what the Codable path accepts (escapes, exponents, unknown keys: it is a strict
// subset by design). Nothing may crash, including the loader as a command calls it and
// indexing the result as every command does. A dex that decodes is written by both writers
// (`DexJSONWriter`, `PokedexEncoder`), which must write the same bytes, and what they write
// must load back to the same dex.
import Foundation
import JSONCore

import PokedexPipeline
@testable import PokedexKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDex(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: start, count: count))
  let fast = PokedexLoader.read(bytes)
  let codable = try? FastJSONDecoder().decode(Pokedex.self, from: bytes)
  if let fast {
    guard let codable else {
      fatalError("dex: the fast path accepted what the Codable path refuses")
    }
    guard fast == codable else {
      fatalError("dex: the fast path and the Codable path decode different models")
    }
  }
  // What a command does with `--data FILE`: the loader (either path) and then the index.
  if let dex = try? PokedexLoader.decode(bytes, path: "fuzz.json") {
    if let codable, dex != codable {
      fatalError("dex: the loader's result differs from the Codable path's")
    }
    let index = PokedexIndex(dex)
    _ = index.pokemon(id: 1)
    checkRoundTrip(dex)
  }
  return 0
}

/// The writers agree, and what they write loads back to the same dex.
private func checkRoundTrip(_ dex: Pokedex) {
  let written = DexJSONWriter.document(dex)
  // The encoder refuses what JSON cannot hold (an infinite number from `1e999`).
  guard let encoded = try? PokedexEncoder().encode(dex) else { return }
  guard written == encoded else {
    fatalError("dex: DexJSONWriter and PokedexEncoder write different bytes")
  }
  let again: Pokedex
  do {
    again = try PokedexLoader.decode(written, path: "written.json")
  } catch {
    fatalError("dex: what DexJSONWriter wrote does not load: \(error)")
  }
  guard again == dex else {
    fatalError("dex: what DexJSONWriter wrote loads to another dex")
  }
}
