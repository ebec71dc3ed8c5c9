import JSONCore

/// Writes Pokémon records as JSON in exactly the layout of ``PokedexEncoder``, straight from
/// the dex's schema (`Models+Schema.swift`) without building a tree first, for
/// `pokedex list --format json`.
///
/// A test checks it against ``PokedexEncoder`` on every Pokémon of the bundled data.
///
/// ```swift
/// let json = DexJSONWriter.array(result.pokemon)   // "[\n  {\n    \"id\": 6, ..."
/// ```
package enum DexJSONWriter {
  /// An array of records, as `PokedexEncoder().encode(pokemon)` writes it (with the final
  /// newline).
  ///
  /// - Complexity: O(*n*) in the size of the output.
  package static func array(_ pokemon: [Pokemon]) -> [UInt8] {
    var output = JSONOutput(capacity: pokemon.count * 2_200 + 4)
    pokemon.write(to: &output, indent: 0)
    output.append(0x0A)
    return output.bytes
  }

  /// One record on a single line, for NDJSON.
  package static func line(_ pokemon: Pokemon) -> [UInt8] {
    var output = JSONOutput(capacity: 2_200)
    pokemon.write(to: &output, indent: nil)
    return output.bytes
  }

  /// A whole dex, as `PokedexEncoder().encode(dex)` writes it (with the final newline).
  package static func document(_ dex: Pokedex) -> [UInt8] {
    var output = JSONOutput(capacity: dex.pokemon.count * 2_200 + 65_536)
    dex.write(to: &output, indent: 0)
    output.append(0x0A)
    return output.bytes
  }
}
