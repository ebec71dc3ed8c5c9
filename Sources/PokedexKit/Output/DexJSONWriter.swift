import JSONCore

/// Writes Pokémon records and whole data files as JSON in exactly the layout of
/// `PokedexPipeline`'s `PokedexEncoder`, straight from the schema (`Models+Schema.swift`)
/// without building a tree first: `pokedex list --format json` and `pokedex data build`.
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
    document(of: dex, capacity: dex.pokemon.count * 2_200 + 65_536)
  }

  /// `moves.json`, as `PokedexEncoder().encode(moves)` writes it (with the final newline).
  package static func document(_ moves: MoveDex) -> [UInt8] {
    document(of: moves, capacity: moves.moves.count * 1_024)
  }

  /// `learnsets.json`, as `PokedexEncoder().encode(learnsets)` writes it.
  package static func document(_ learnsets: LearnsetDex) -> [UInt8] {
    document(of: learnsets, capacity: learnsets.learnsets.count * 4_096)
  }

  /// `abilities.json`, as `PokedexEncoder().encode(abilities)` writes it.
  package static func document(_ abilities: AbilityDex) -> [UInt8] {
    document(of: abilities, capacity: abilities.abilities.count * 512)
  }

  /// `natures.json`, as `PokedexEncoder().encode(natures)` writes it.
  package static func document(_ natures: NatureDex) -> [UInt8] {
    document(of: natures, capacity: 16_384)
  }

  /// `items.json`, as `PokedexEncoder().encode(items)` writes it.
  package static func document(_ items: ItemDex) -> [UInt8] {
    document(of: items, capacity: items.items.count * 1_536)
  }

  /// `file` written from its schema, with the final line feed.
  private static func document(of file: some SchemaModel, capacity: Int) -> [UInt8] {
    var output = JSONOutput(capacity: capacity + 4_096)
    file.write(to: &output, indent: 0)
    output.append(0x0A)
    return output.bytes
  }
}
