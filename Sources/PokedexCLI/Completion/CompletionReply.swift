/// What a shell should offer for the word under the cursor: words, or file names.
///
/// `pokedex completions --complete -- WORDS...` prints it as the shell scripts read it
/// (``lines``): a directive line (`:words`, `:files` or `:dirs`), then one candidate a line.
package struct CompletionReply: Equatable, Sendable {
  /// What kind of completion applies.
  package enum Directive: String, Sendable {
    /// The ``CompletionReply/words`` only; never file names.
    case words
    /// File names (the shell's own file completion).
    case files
    /// Directory names.
    case dirs
  }

  /// The kind of completion.
  package var directive: Directive
  /// The candidates, each a whole word that starts with the word being completed, ignoring
  /// case.
  package var words: [String]

  /// Candidates from `candidates` that start with `prefix`, ignoring case (names are looked
  /// up case-insensitively, so `Char` offers `charizard`), each once, in order.
  ///
  /// ```swift
  /// CompletionReply.words(["charizard", "pikachu"], matching: "Char").words  // ["charizard"]
  /// ```
  package static func words(_ candidates: [String], matching prefix: String) -> CompletionReply {
    var seen: Set<String> = []
    let folded = prefix.lowercased()
    let matching = candidates.filter {
      ($0.hasPrefix(prefix) || $0.lowercased().hasPrefix(folded)) && seen.insert($0).inserted
    }
    return CompletionReply(directive: .words, words: matching)
  }

  /// Nothing to offer, and no file names either (an option that takes a number).
  package static let nothing = CompletionReply(directive: .words, words: [])
  /// The shell's file-name completion.
  package static let files = CompletionReply(directive: .files, words: [])
  /// The shell's directory-name completion.
  package static let directories = CompletionReply(directive: .dirs, words: [])

  /// The lines the scripts read: the directive, then the candidates.
  package var lines: [String] { [":" + directive.rawValue] + words }
}
