/// A command whose first operand names one of its subcommands (`team add`, `prefs set`),
/// each a ``Subcommand`` with its own options.
///
/// The arguments are parsed against every subcommand's options; then an option the named
/// subcommand does not declare is a usage error that says which take it
/// (`'--box' applies only to 'team import', 'team new'`), and so is a value another
/// subcommand allows but this one does not (`'team list' takes --format text, json, not
/// 'svg'`). The help lists every subcommand's options, each once: a help text shared by
/// several subcommands once, different ones joined with `;`.
package protocol CommandGroup: Command {
  /// What every subcommand runs with.
  associatedtype Session
  /// The subcommands, in the order errors list them.
  var subcommands: [any Subcommand<Session>] { get }
  /// What the subcommands run with (the store they read and change), made once the
  /// subcommand and its options are known to be valid.
  func session(_ global: ParsedArguments<GlobalOptions>, context: CommandContext)
    throws(CLIError) -> Session
  /// The error for no subcommand at all.
  var missingSubcommand: CLIError { get }
  /// The error for a subcommand that is not one (`name` as typed).
  func unknownSubcommand(_ name: String) -> CLIError
}

extension CommandGroup {
  /// The subcommands' names, in order.
  package var subcommandNames: [String] { subcommands.map { $0.name } }

  package var declaredOptions: [(command: String, options: any OptionGroup)] {
    subcommands.map { ("\(name) \($0.name)", $0.options) }
  }

  package var missingSubcommand: CLIError {
    .usage("missing subcommand (expected \(subcommandNames.joined(separator: ", ")))")
  }

  package func unknownSubcommand(_ name: String) -> CLIError {
    let hint =
      closestMatch(to: name, in: subcommandNames).map { "; did you mean '\($0)'?" } ?? ""
    return .usage("unknown subcommand '\(name.escapedForMessage)'\(hint)")
  }

  /// Every subcommand's options, each once, in the order they first appear: a value-taking
  /// option's allowed values are those of every subcommand (when each has a closed set), its
  /// help the distinct help texts joined with `; `.
  package var optionSpecs: [OptionSpec] {
    var merged: [OptionSpec] = []
    var helps: [String: [String]] = [:]
    for spec in subcommands.flatMap({ $0.options.specs }) {
      guard let index = merged.firstIndex(where: { $0.name == spec.name }) else {
        merged.append(spec)
        helps[spec.name] = [spec.help]
        continue
      }
      if let allowed = merged[index].allowed, let more = spec.allowed {
        merged[index].allowed = allowed + more.filter { !allowed.contains($0) }
      } else {
        merged[index].allowed = nil
      }
      if helps[spec.name]?.contains(spec.help) == false {
        helps[spec.name, default: []].append(spec.help)
        merged[index].help += "; " + spec.help
      }
    }
    return merged
  }

  package func run(arguments: [String], context: CommandContext) throws(CLIError) -> ExitCode {
    guard var values = try parseValues(arguments, context: context) else { return .success }
    guard let name = values.positionals.first else { throw missingSubcommand }
    guard let subcommand = subcommands.first(where: { $0.name == name }) else {
      throw unknownSubcommand(name)
    }
    try check(values, for: subcommand)
    values.positionals.removeFirst()
    let global = ParsedArguments(
      options: GlobalOptions(),
      values: values,
      excludedGlobals: excludedGlobalOptions
    )
    return try run(subcommand, values, session: try session(global, context: context))
  }

  /// Checks that `subcommand` takes every option given, and each value given.
  private func check(_ values: ArgumentValues, for subcommand: any Subcommand<Session>)
    throws(CLIError)
  {
    let specs = subcommand.options.specs
    let global = Set(GlobalOptions().specs.map(\.name))
    for given in values.givenNames.sorted() where !global.contains(given) {
      guard let spec = specs.first(where: { $0.name == given }) else {
        let owners = subcommands.filter { $0.options.specs.contains { $0.name == given } }
        let list = owners.map { "'\(name) \($0.name)'" }.sorted().joined(separator: ", ")
        throw .usage("'\(given)' applies only to \(list)")
      }
      if let allowed = spec.allowed,
        let refused = values.values[given]?.first(where: { !allowed.contains($0) })
      {
        throw .usage(
          "'\(name) \(subcommand.name)' takes \(given) \(allowed.joined(separator: ", ")), not '\(refused.escapedForMessage)'"
        )
      }
    }
  }

  /// Runs `subcommand` with its own options over `values`.
  private func run<Sub: Subcommand>(_ subcommand: Sub, _ values: ArgumentValues, session: Session)
    throws(CLIError) -> ExitCode where Sub.Session == Session
  {
    let arguments = ParsedArguments(
      options: subcommand.options,
      values: values,
      excludedGlobals: excludedGlobalOptions
    )
    return try subcommand.run(arguments, session: session)
  }
}
