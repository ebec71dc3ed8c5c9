/// A page of `pokedex help TOPIC`: the essentials of a guide, shipped inside the tool so
/// that a user of the binary alone can read them (`git help`, `gh help` do the same).
///
/// The text is plain: lines in capitals are headings, indented lines are examples or
/// tables. The same text makes the topic's section of the man page (``ManPage``).
///
/// ```swift
/// HelpTopic.named("prefs")?.name  // "preferences"
/// ```
package struct HelpTopic: Sendable {
  /// The name typed after `pokedex help`.
  package var name: String
  /// Other names (`prefs` for `preferences`).
  package var aliases: [String]
  /// One line for the list of topics.
  package var summary: String
  /// The page, ending with a newline.
  package var text: String

  /// Every topic, in the order `pokedex help` lists them.
  package static let all: [HelpTopic] = [
    query, battle, layout, preferences, filters, data, diff, formats, exitCodes,
  ]

  /// The topic called `name` or one of its aliases, ignoring case.
  package static func named(_ name: String) -> HelpTopic? {
    let wanted = name.lowercased()
    return all.first { $0.name == wanted || $0.aliases.contains(wanted) }
  }

  /// Every name a topic answers to, for completion and suggestions.
  package static var names: [String] { all.flatMap { [$0.name] + $0.aliases } }
}
