import PokedexKit

/// What the move commands share: the three files that describe moves, indexed, with the
/// names in the chosen language and the colour of standard output.
struct MoveContext {
  /// The moves and the learnsets.
  let learners: MoveLearners
  let names: NameResolver
  let style: Style
  let settings: Settings

  /// Loads the dex, the moves and the learnsets the arguments select (`--data`, bundled),
  /// and resolves `--lang` and `--color`.
  ///
  /// ```swift
  /// let data = try MoveContext(arguments, context: context)
  /// ```
  ///
  /// - Throws: what loading a file throws (66 missing, 65 malformed, 74 I/O), a usage error
  ///   for a bad language or colour.
  init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
    settings = try Settings(arguments, context: context)
    let dex = try context.loadDex(arguments)
    let moves = try context.load(MoveDex.self, arguments)
    let learnsets = try context.load(LearnsetDex.self, arguments)
    learners = MoveLearners(dex: dex, learnsets: learnsets, moves: moves)
    names = try Self.names(settings, dex: dex)
    style = try ColorSettings.style(settings, stream: .stdout)
  }

  private static func names(_ settings: Settings, dex: Pokedex) throws(CLIError) -> NameResolver {
    NameResolver(language: try QueryOptions.language(settings, dex: dex), dex: dex)
  }

  /// The move `text` names (any spelling, any language), or the closest under `policy`.
  ///
  /// - Throws: status 1 for a miss, with "did you mean" when a move is close.
  func move(_ text: String, policy: Lookup.FuzzyPolicy, context: CommandContext)
    throws(CLIError) -> Move
  {
    if let move = learners.move(named: text) { return move }
    let moves = learners.moves.moves
    let closest = learners.suggestion(for: text).flatMap { move in
      moves.firstIndex { $0.identifier == move.identifier }.map { ($0, move.identifier) }
    }
    let row = try NamedLookup.guess(
      text,
      closest,
      noun: "move",
      listing: "pokedex moves",
      policy: policy,
      context: context
    )
    return moves[row]
  }

  /// A move's name in the chosen language.
  func name(of move: Move) -> String { names.pick(move.names, fallback: move.identifier) }

  /// A type's name in the chosen language, coloured.
  func typeLabel(_ identifier: String) -> String {
    style.color(names.typeName(identifier), hex: TypePalette.color(of: identifier))
  }
}
