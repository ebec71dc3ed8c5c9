import JSONCore
import PokedexKit

/// `pokedex list --format json|ndjson` when `--fields` or `--section-by` is given.
///
/// - With `--fields`, each Pokémon is an object of the fields' data keys, in the order given:
///   `{"number": 4, "name": "Charmander", "height_m": 0.6, "types": ["Fire"]}`. Numeric fields
///   are JSON numbers, list fields (types, abilities, egg groups) arrays of strings, the rest
///   strings. Without `--fields`, each Pokémon is its whole record (``DexJSONWriter``).
/// - With `--section-by`, JSON is an array of sections,
///   `[{"section": "fire", "name": "Fire", "pokemon": [...]}]`: `section` is the section's
///   identifier, `name` its display name. NDJSON stays one Pokémon a line, with a `section` key
///   (the identifier) first.
///
/// ```swift
/// ListJSON.object(charmander, fields: try PokemonField.parse("num,name"), names: names)
/// // {"number": 4, "name": "Charmander"}
/// ```
enum ListJSON {
  /// A JSON document (with the final newline): an array of Pokémon, or of sections when
  /// `sectioned`; each Pokémon on one line.
  ///
  /// - Complexity: O(*n*) in the size of the output.
  static func document(
    _ result: PokemonFetchResult,
    fields: [PokemonField]?,
    sectioned: Bool,
    names: NameResolver
  ) -> String {
    guard sectioned else {
      return array(result.pokemon.map { record($0, fields: fields, names: names) }, indent: "")
        + "\n"
    }
    let sections = result.sections.map { section in
      "{\"section\": \(string(section.identifier)), \"name\": \(string(section.name)), "
        + "\"pokemon\": "
        + array(
          section.pokemon.map { record($0, fields: fields, names: names) },
          indent: "  "
        )
        + "}"
    }
    return array(sections, indent: "") + "\n"
  }

  /// NDJSON: one Pokémon a line (each line with its final newline), with a `section` key
  /// first when `sectioned`.
  static func lines(
    _ result: PokemonFetchResult,
    fields: [PokemonField]?,
    sectioned: Bool,
    names: NameResolver
  ) -> [String] {
    result.sections.flatMap { section in
      section.pokemon.map { pokemon in
        let line = record(pokemon, fields: fields, names: names)
        guard sectioned, line.hasPrefix("{") else { return line + "\n" }
        let rest = line.dropFirst()
        let separator = rest.hasPrefix("}") ? "" : ", "
        return "{\"section\": \(string(section.identifier))\(separator)\(rest)\n"
      }
    }
  }

  /// One Pokémon on one line: the selected fields, or the whole record.
  static func record(_ pokemon: Pokemon, fields: [PokemonField]?, names: NameResolver)
    -> String
  {
    guard let fields else { return String(decoding: DexJSONWriter.line(pokemon), as: UTF8.self) }
    return object(pokemon, fields: fields, names: names)
  }

  /// The selected fields of a Pokémon as a one-line object.
  static func object(_ pokemon: Pokemon, fields: [PokemonField], names: NameResolver) -> String {
    let members = fields.map { field in
      "\(string(field.dataKey)): \(value(field, pokemon, names))"
    }
    return "{" + members.joined(separator: ", ") + "}"
  }

  /// A field's value: an array for list fields, a number for numeric ones, else a string.
  private static func value(_ field: PokemonField, _ pokemon: Pokemon, _ names: NameResolver)
    -> String
  {
    if let items = field.items {
      return "[" + items(pokemon, names).map(string).joined(separator: ", ") + "]"
    }
    let data = field.data(pokemon, names)
    return field.isNumeric && isNumber(data) ? data : string(data)
  }

  /// Whether `text` is a JSON number as `PokemonField.data` writes them: digits with at most
  /// one inner `.`, optionally negative.
  private static func isNumber(_ text: String) -> Bool {
    let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
    let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
    return (1...2).contains(parts.count)
      && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { ("0"..."9").contains($0) } }
  }

  /// Elements as a JSON array, one per line, indented one step past `indent`.
  private static func array(_ elements: [String], indent: String) -> String {
    guard !elements.isEmpty else { return "[]" }
    let inner = indent + "  "
    return "[\n" + elements.map { inner + $0 }.joined(separator: ",\n") + "\n" + indent + "]"
  }

  /// `text` as a JSON string literal: quotes, backslashes and control characters escaped.
  static func string(_ text: String) -> String { JSONOutput.quoted(text) }
}
