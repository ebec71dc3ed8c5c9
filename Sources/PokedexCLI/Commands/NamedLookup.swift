import PokedexKit

/// Finding a move, an ability or a nature by what a user typed, the way `show` finds a
/// Pokémon: an exact or normalized match in any language is the answer; otherwise the closest
/// name is a guess, shown with a note on a terminal (or with `--fuzzy`) and refused when
/// output is piped or with `--exact` (see ``Lookup/policy(_:context:)``). A miss exits 1 and
/// says "did you mean" when a name is close.
enum NamedLookup {
  /// One named thing: its identifier and its names by language.
  struct Candidate {
    var identifier: String
    var names: LocalizedNames
  }

  /// The entry `text` names among `entries`: its identifier, or a name in any language,
  /// compared as ``NameNormalizer`` keys.
  ///
  /// - Complexity: O(*n* × languages) in the number of entries.
  static func exact(_ text: String, in entries: [Candidate]) -> Int? {
    if let row = entries.firstIndex(where: { $0.identifier == text }) { return row }
    let key = NameNormalizer.key(text)
    guard !key.isEmpty else { return nil }
    return entries.firstIndex { entry in
      NameNormalizer.key(entry.identifier) == key
        || entry.names.contains { NameNormalizer.key($0.value) == key }
    }
  }

  /// The entry whose English name or identifier is closest to `text`, for "did you mean".
  static func closest(to text: String, in entries: [Candidate]) -> Int? {
    let candidates = entries.map { $0.names["en"] ?? $0.identifier }
    guard let best = closestMatch(to: text, in: candidates) else { return nil }
    return candidates.firstIndex(of: best)
  }

  /// Resolves `text` to a row of `entries` under `policy`, with `noun` ("move", "ability")
  /// in the messages and `listing` (`pokedex moves`), if any, as where to look when nothing
  /// is close.
  ///
  /// - Throws: a ``CLIError`` with status 1 for a miss or a refused guess.
  static func find(
    _ text: String,
    in entries: [Candidate],
    noun: String,
    listing: String?,
    policy: Lookup.FuzzyPolicy,
    context: CommandContext
  ) throws(CLIError) -> Int {
    if let row = exact(text, in: entries) { return row }
    return try guess(
      text,
      closest(to: text, in: entries).map { ($0, entries[$0].identifier) },
      noun: noun,
      listing: listing,
      policy: policy,
      context: context
    )
  }

  /// A miss: the guess `closest` (a row or a record, and its identifier), accepted with a
  /// note on stderr or refused, under `policy`; with no guess, an error pointing to
  /// `listing` if any.
  static func guess<Guess>(
    _ text: String,
    _ closest: (value: Guess, identifier: String)?,
    noun: String,
    listing: String?,
    policy: Lookup.FuzzyPolicy,
    context: CommandContext
  ) throws(CLIError) -> Guess {
    let quoted = "'\(text.escapedForMessage)'"
    guard let closest else {
      throw CLIError.failed(
        .failure,
        "no \(noun) matches \(quoted)" + (listing.map { "; see '\($0)'" } ?? "")
      )
    }
    guard case .refuse(let hint) = policy else {
      context.stderr.line(
        "note: no exact match for \(quoted); showing the closest, '\(closest.identifier)'"
      )
      return closest.value
    }
    throw CLIError.failed(
      .failure,
      "no \(noun) matches \(quoted); did you mean '\(closest.identifier)'?\(hint)"
    )
  }
}
