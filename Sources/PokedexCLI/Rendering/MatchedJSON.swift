import Foundation
import PokedexKit

/// Pokémon records as JSON with how each was matched: the records of ``DexJSONWriter``, each
/// followed by a `match` key, for `show --format json` and `search --format json`.
///
/// The `match` object is `{"kind": "exact"|"normalized"|"fuzzy", "name": NAME, "language":
/// LANG|null}`: `name` is the name that matched as the data spells it, `language` its language
/// (`null` for the identifier or the number). `fuzzy` is a guess, never an answer.
///
/// ```swift
/// MatchedJSON.array([(pikachu, MatchedName(kind: .fuzzy, name: "Pikachu", language: "en"))])
/// // [ { "id": 25, ..., "match": {"kind": "fuzzy", "name": "Pikachu", "language": "en"} } ]
/// ```
enum MatchedJSON {
  /// The records as a pretty-printed array (with the final newline), each with the members
  /// `extra` gives for it (`show`'s ability effects and moves), if any, then its `match`.
  ///
  /// - Complexity: O(*n*) in the size of the output.
  static func array(
    _ records: [(pokemon: Pokemon, match: MatchedName?)],
    extra: [[(String, OutputJSON)]] = []
  ) -> [UInt8] {
    guard !records.isEmpty else { return DexJSONWriter.array([]) }
    var output = Array("[\n".utf8)
    for (position, record) in records.enumerated() {
      if position > 0 { output += Array(",\n".utf8) }
      let members = position < extra.count ? extra[position] : []
      output += object(record.pokemon, match: record.match, extra: members)
    }
    output += Array("\n]\n".utf8)
    return output
  }

  /// One record, indented as an element of an array, with `extra`'s keys then `"match"` last.
  private static func object(
    _ pokemon: Pokemon,
    match: MatchedName?,
    extra: [(String, OutputJSON)]
  ) -> [UInt8] {
    // `DexJSONWriter.array([pokemon])` is "[\n  {\n    ...\n  }\n]\n".
    let whole = DexJSONWriter.array([pokemon])
    let head = Array("[\n".utf8)
    let tail = Array("\n  }\n]\n".utf8)
    guard whole.count > head.count + tail.count, whole.starts(with: head),
      whole.suffix(tail.count).elementsEqual(tail)
    else { return whole }
    let body = whole[head.count..<(whole.count - tail.count)]
    let members = extra.map {
      ",\n    \(OutputJSON.string($0.0).compact): \($0.1.pretty(indent: "    "))"
    }
    return Array(body) + Array("\(members.joined()),\n    \"match\": \(text(match))\n  }".utf8)
  }

  /// The `match` object on one line, or `null`.
  static func text(_ match: MatchedName?) -> String {
    guard let match else { return "null" }
    return "{\"kind\": \"\(match.kind.rawValue)\", \"name\": \(string(match.name)), "
      + "\"language\": \(match.language.map(string) ?? "null")}"
  }

  /// `text` as a JSON string literal.
  private static func string(_ text: String) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .withoutEscapingSlashes
    guard let data = try? encoder.encode(text) else { return "\"\"" }
    return String(decoding: data, as: UTF8.self)
  }
}
