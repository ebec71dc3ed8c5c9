import PokedexKit

/// One entry of Showdown's text tables (`moves-text.json`, `abilities-text.json`,
/// `items-text.json`): the current text, and older generations' where it differed.
///
/// ```swift
/// // "absorb": {"name": "Absorb", "desc": "...", "shortDesc": "...", "gen4": {"desc": "..."}}
/// ```
struct ShowdownText: Decodable, Hashable, Sendable {
  /// The text of one older generation; either part may be absent.
  struct Older: Decodable, Hashable, Sendable {
    var desc: String?
    var shortDesc: String?
  }

  var name: String?
  /// The full text.
  var desc: String?
  /// The one-line text.
  var shortDesc: String?
  /// Older generations' text, by generation (1...8), where Showdown has it.
  var older: [Int: Older] = [:]

  private enum Keys: String, CodingKey, CaseIterable {
    case name, desc, shortDesc
    case gen1, gen2, gen3, gen4, gen5, gen6, gen7, gen8
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Keys.self)
    name = try container.decodeIfPresent(String.self, forKey: .name)
    desc = try container.decodeIfPresent(String.self, forKey: .desc)
    shortDesc = try container.decodeIfPresent(String.self, forKey: .shortDesc)
    for (generation, key) in [Keys.gen1, .gen2, .gen3, .gen4, .gen5, .gen6, .gen7, .gen8]
      .enumerated()
    {
      if let text = try container.decodeIfPresent(Older.self, forKey: key) {
        older[generation + 1] = text
      }
    }
  }
}

extension ShowdownText {
  /// The one-line text: `shortDesc`, else `desc` (Showdown writes only one of them when
  /// they would be the same).
  var shortEffect: String? { Self.text(shortDesc) ?? Self.text(desc) }

  /// The full text: `desc`, else `shortDesc`.
  var effect: String? { Self.text(desc) ?? Self.text(shortDesc) }

  /// Older generations' text, newest first, each part as Showdown gives it.
  var olderEffects: [GenerationEffect] {
    older.keys.sorted(by: >).compactMap { generation in
      guard let text = older[generation] else { return nil }
      let short = Self.text(text.shortDesc)
      let full = Self.text(text.desc)
      guard short != nil || full != nil else { return nil }
      return GenerationEffect(generation: generation, shortEffect: short, effect: full)
    }
  }

  /// `text` unless it is empty or only spaces.
  private static func text(_ text: String?) -> String? {
    guard let text, text.contains(where: { !$0.isWhitespace }) else { return nil }
    return text
  }
}
