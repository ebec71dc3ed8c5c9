import PlistPreferences
import PokedexKit

/// `pokedex filter save|list|delete`: named queries, used as `@NAME` in any query.
///
/// A filter is saved only when its query compiles against the data, so a
/// saved `@NAME` never fails later unless a filter it uses is deleted.
struct FilterCommand: CommandGroup {
  let name = "filter"
  let summary = "save, list and delete named queries, used as @NAME in any query"
  let usage = [
    "filter save|list|delete [arguments]", "filter save NAME QUERY...", "filter list",
    "filter delete NAME",
  ]
  let discussion = """
    save     check QUERY against the data and store it as NAME (replacing a filter of that
             name); NAME is lower-case letters, digits, '_' and '-'
    list     print every saved filter: @NAME and its query
    delete   remove a saved filter

    Examples:
      pokedex filter save starters 'name:bulbasaur|name:charmander|name:squirtle'
      pokedex filter save fast 'spe>100'
      pokedex list @starters 'spe>80'

    Filters are stored under the 'filters' key of the preferences file
    (see 'pokedex prefs path'); '--no-prefs' hides them.
    """
  let subcommands: [any Subcommand<CommandContext>] = [SaveFilter(), ListFilters(), DeleteFilter()]

  var missingSubcommand: CLIError { .usage("missing subcommand (expected save, list or delete)") }

  func session(_ global: ParsedArguments<GlobalOptions>, context: CommandContext) -> CommandContext
  {
    context
  }

  /// `filter save NAME QUERY...`.
  struct SaveFilter: Subcommand {
    let name = "save"
    let options = NoOptions()

    func run(_ arguments: ParsedArguments<NoOptions>, session context: CommandContext)
      throws(CLIError) -> ExitCode
    {
      try FilterCommand.save(arguments.positionals, global: arguments.global, context: context)
      return .success
    }
  }

  /// `filter list`.
  struct ListFilters: Subcommand {
    let name = "list"
    let options = NoOptions()

    func run(_ arguments: ParsedArguments<NoOptions>, session context: CommandContext)
      throws(CLIError) -> ExitCode
    {
      if let extra = arguments.positionals.first {
        throw .usage("unexpected argument '\(extra)' for 'filter list'")
      }
      FilterCommand.list(
        try Settings(arguments.global, context: context).savedFilters,
        context: context
      )
      return .success
    }
  }

  /// `filter delete NAME`.
  struct DeleteFilter: Subcommand {
    let name = "delete"
    let options = NoOptions()

    func run(_ arguments: ParsedArguments<NoOptions>, session context: CommandContext)
      throws(CLIError) -> ExitCode
    {
      let operands = arguments.positionals
      guard let name = operands.first else { throw .usage("missing NAME for 'filter delete'") }
      if operands.count > 1 {
        throw .usage("unexpected argument '\(operands[1])' for 'filter delete'")
      }
      try FilterCommand.delete(name, global: arguments.global, context: context)
      return .success
    }
  }

  // MARK: Subcommands

  private static func save(
    _ operands: [String],
    global: ParsedArguments<GlobalOptions>,
    context: CommandContext
  ) throws(CLIError) {
    guard let given = operands.first else {
      throw .usage("missing NAME and QUERY for 'filter save'")
    }
    let name = try Self.validName(given)
    let terms = Array(operands.dropFirst())
    guard !terms.isEmpty else { throw .usage("missing QUERY for 'filter save \(name)'") }
    let store = try writableStore(global, context: context, action: "save")
    var candidate = store[PokedexPreferences.filters]
    let previous = candidate[name]
    candidate[name] = terms
    let index = PokedexIndex(try context.loadDex(global))
    let moveData = MoveDataLoader(context: context, global: global, dex: index.pokedex)
    try Self.check(name, in: candidate, index: index, moveData: moveData)
    do {
      try store.update { transaction in transaction[PokedexPreferences.filters][name] = terms }
    } catch {
      throw CLIError.preferences(error)
    }
    let replaced = previous.map { " (replacing \(SavedFilters.display($0)))" } ?? ""
    context.stdout.line("saved @\(name): \(SavedFilters.display(terms))\(replaced)")
  }

  private static func list(_ filters: [String: [String]], context: CommandContext) {
    guard !filters.isEmpty else {
      context.stderr.line("no saved filters; save one with 'pokedex filter save NAME QUERY...'")
      return
    }
    let rows = filters.keys.sorted().map { ["@" + $0, SavedFilters.display(filters[$0] ?? [])] }
    for line in PrefsCommand.table(rows) { context.stdout.line(line) }
  }

  private static func delete(
    _ given: String,
    global: ParsedArguments<GlobalOptions>,
    context: CommandContext
  ) throws(CLIError) {
    let name = given.hasPrefix("@") ? String(given.dropFirst()) : given
    let store = try writableStore(global, context: context, action: "delete")
    let filters = store[PokedexPreferences.filters]
    guard filters[name] != nil else {
      let names = filters.keys.sorted()
      let hint: String
      if names.isEmpty {
        hint = "there are no saved filters"
      } else if let match = closestMatch(to: name, in: names) {
        hint = "did you mean '\(match)'?"
      } else {
        hint = "saved filters: " + names.joined(separator: ", ")
      }
      throw CLIError.failed(.usage, "no saved filter '@\(name)'; \(hint)")
    }
    do {
      try store.update { transaction in
        var remaining = transaction[PokedexPreferences.filters]
        remaining[name] = nil
        if remaining.isEmpty {
          transaction.reset(PokedexPreferences.filters)
        } else {
          transaction[PokedexPreferences.filters] = remaining
        }
      }
    } catch {
      throw CLIError.preferences(error)
    }
    context.stdout.line("deleted @\(name)")
    let users = SavedFilters.users(of: name, in: filters)
    if !users.isEmpty {
      let list = users.map { "@" + $0 }.joined(separator: ", ")
      context.stderr.line(
        "warning: \(list) \(users.count == 1 ? "uses" : "use") @\(name) and will fail until it is saved again"
      )
    }
  }

  // MARK: Helpers

  /// Compiles the filter `name` of `filters`, then each saved filter that uses it, so that
  /// a save never makes a filter exceed the expansion limits (``QueryLimits``).
  ///
  /// - Throws: exit 64 with the rendered query error; for a filter that uses `name`, only
  ///   the expansion limits count (it may already fail for another reason, such as a
  ///   deleted filter it uses); the load error (65, 66) when a `move:` term's data does not
  ///   load.
  private static func check(
    _ name: String,
    in filters: [String: [String]],
    index: PokedexIndex,
    moveData: MoveDataLoader
  ) throws(CLIError) {
    func compile(_ filter: String) throws(QueryError) {
      _ = try Query(
        ["@" + filter],
        index: index,
        savedFilter: { filters[$0] },
        savedFilterNames: filters.keys.sorted(),
        moveLearners: moveData.load
      )
    }
    do throws(QueryError) {
      try compile(name)
    } catch {
      if error.isExpansionLimit { throw CLIError.query(error) }
    }
    do throws(QueryError) {
      _ = try Query(
        filters[name] ?? [],
        index: index,
        savedFilter: { filters[$0] },
        savedFilterNames: filters.keys.sorted(),
        moveLearners: moveData.load
      )
    } catch {
      if let failure = moveData.failure { throw failure }
      throw CLIError.query(error)
    }
    for user in SavedFilters.dependents(of: name, in: filters) {
      do throws(QueryError) {
        try compile(user)
      } catch {
        guard error.isExpansionLimit else { continue }
        throw .query(
          error,
          note: "@\(user) uses @\(name); saving @\(name) so would break @\(user)"
        )
      }
    }
  }

  /// The name without a leading `@`, checked.
  private static func validName(_ given: String) throws(CLIError) -> String {
    let name = given.hasPrefix("@") ? String(given.dropFirst()) : given
    if let reason = SavedFilters.problem(withName: name) {
      throw .usage("invalid filter name '\(given)': \(reason)")
    }
    return name
  }

  /// The store to change; refused when `--no-prefs` or `POKEDEX_NO_PREFS` hides the file.
  private static func writableStore(
    _ global: ParsedArguments<GlobalOptions>,
    context: CommandContext,
    action: String
  ) throws(CLIError) -> PreferencesStore {
    if global[\.noPrefs] || Settings.isDisabledByEnvironment(context.environment) {
      throw .usage(
        "cannot \(action) a filter while the preferences file is ignored (--no-prefs or POKEDEX_NO_PREFS)"
      )
    }
    return try context.openPreferences()
  }
}

extension QueryError {
  /// Whether the error is one of the saved-filter expansion limits (``QueryLimits``).
  fileprivate var isExpansionLimit: Bool {
    switch self {
    case .savedFilterTooDeep, .expansionTooLarge: true
    default: false
    }
  }
}
