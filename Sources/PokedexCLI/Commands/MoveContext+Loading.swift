import PokedexKit

extension MoveContext {
  /// Loads the dex, the moves and the learnsets the global options select (`--data`,
  /// bundled), and resolves `--lang` (`language`) and `--color`.
  ///
  /// ```swift
  /// let data = try MoveContext(settings, language: arguments.given(\.lang))
  /// ```
  ///
  /// - Throws: what loading a file throws (66 missing, 65 malformed, 74 I/O), a usage error
  ///   for a bad language or colour.
  init(_ settings: Settings, language: GivenValue?) throws(CLIError) {
    let (context, global) = (settings.context, settings.global)
    let dex = try context.loadDex(global)
    let moves = try context.load(MoveDex.self, global)
    let learnsets = try context.load(LearnsetDex.self, global)
    self.init(
      learners: MoveLearners(dex: dex, learnsets: learnsets, moves: moves),
      names: NameResolver(language: try settings.language(language, dex: dex), dex: dex),
      style: try settings.style(for: .stdout)
    )
  }

  /// The move `text` names (any spelling, any language), or the closest under `policy`.
  ///
  /// - Throws: status 1 for a miss, with "did you mean" when a move is close.
  func move(_ text: String, policy: Lookup.FuzzyPolicy, context: CommandContext)
    throws(CLIError) -> Move
  {
    if let move = learners.move(named: text) { return move }
    return try NamedLookup.guess(
      text,
      learners.suggestion(for: text).map { ($0, $0.identifier) },
      noun: "move",
      listing: "pokedex moves",
      policy: policy,
      context: context
    )
  }
}
