import PokedexKit

/// Decides what to offer for the word under the cursor of a `pokedex` command line, from
/// the same tables the parser and the help use: the commands' names, usage lines and
/// ``OptionSpec``s, the global options, the preference keys, the help topics and the query
/// language's words. The shell scripts of `pokedex completions` only ask it and show the
/// answer, so they never drift from the tool.
///
/// ```swift
/// let engine = CompletionEngine(commands: PokedexCommands.all, sources: sources)
/// engine.complete(["--color", "never", "show", "pik"]).words  // ["pikachu", ...]
/// engine.complete(["list", "--limit", ""])                   // .nothing: never file names
/// engine.complete(["layout", "--spec", "my"]).kind           // .files
/// ```
package struct CompletionEngine: Sendable {
  /// The commands, in help order.
  package var commands: [any Command]
  /// The data and the saved filters.
  package var sources: CompletionSources

  package init(commands: [any Command], sources: CompletionSources) {
    self.commands = commands
    self.sources = sources
  }

  /// What to offer for the last of `words` (the arguments after `pokedex`, the last one the
  /// word being typed, empty after a space).
  ///
  /// - Complexity: O(*n*) in the words and the candidates.
  package func complete(_ words: [String]) -> CompletionReply {
    let current = words.last ?? ""
    let before = Array(words.dropLast())
    var index = 0
    // Global options before the command.
    while index < before.count, before[index].hasPrefix("-"), before[index] != "-" {
      let spec = GlobalOptions.leadingSpecs.first { $0.name == before[index] }
      index += spec?.takesValue == true ? 2 : 1
    }
    if index > before.count,
      let spec = GlobalOptions.leadingSpecs.first(where: {
        $0.name == before.last
      })
    {
      return values(of: spec, current)
    }
    guard index < before.count else {
      if let inline = inlineValue(current, GlobalOptions.leadingSpecs) { return inline }
      return current.hasPrefix("-")
        ? optionNames(GlobalOptions.leadingSpecs, current)
        : .words(commands.map(\.name), matching: current)
    }
    guard
      let command = commands.first(where: {
        $0.name == before[index] || $0.aliases.contains(before[index])
      })
    else { return .nothing }
    return complete(command, Array(before[(index + 1)...]), current)
  }

  /// The word after the command's name: an option, an option's value, or a positional.
  private func complete(_ command: any Command, _ arguments: [String], _ current: String)
    -> CompletionReply
  {
    let specs =
      command.allOptions
      + GlobalOptions.leadingSpecs.filter { leading in
        !command.allOptions.contains { $0.name == leading.name }
      }
    var positionals: [String] = []
    var optionsEnded = false
    var pending: OptionSpec?
    for argument in arguments {
      if pending != nil {
        pending = nil
        continue
      }
      if !optionsEnded, argument == "--" {
        optionsEnded = true
      } else if !optionsEnded, argument.hasPrefix("-"), argument.count > 1, Double(argument) == nil
      {
        let spec = specs.first { $0.name == argument || $0.short == argument }
        if let spec, spec.takesValue { pending = spec }
      } else {
        positionals.append(argument)
      }
    }
    if let spec = pending {
      if spec.name == "--sort", let keys = Self.recordSortKeys[command.name] {
        return listItem(keys.flatMap { [$0, "\($0):desc"] }, current)
      }
      return values(of: spec, current)
    }
    if !optionsEnded, let inline = inlineValue(current, specs) { return inline }
    if !optionsEnded, current.hasPrefix("-"), current != "-" {
      return optionNames(specs, current)
    }
    return positional(command, positionals, current)
  }

  // MARK: Options

  /// The sort keys of the commands whose `--sort` is not `list`'s: each is offered also with
  /// `:desc`, in a comma list.
  private static let recordSortKeys = [
    "moves": QueryWords.moveSortKeys, "items": QueryWords.itemSortKeys,
  ]

  /// Long names (and the short ones once `-` alone is typed) of `specs`.
  private func optionNames(_ specs: [OptionSpec], _ current: String) -> CompletionReply {
    let names = specs.map(\.name) + (current.hasPrefix("--") ? [] : specs.compactMap(\.short))
    return .words(names, matching: current)
  }

  /// `--name=VALUE` typed as one word: the option's values, each with `--name=` in front.
  private func inlineValue(_ current: String, _ specs: [OptionSpec]) -> CompletionReply? {
    guard current.hasPrefix("--"), let equals = current.firstIndex(of: "=") else { return nil }
    let name = String(current[..<equals])
    guard let spec = specs.first(where: { $0.name == name }), spec.takesValue else {
      return .nothing
    }
    let reply = values(of: spec, String(current[current.index(after: equals)...]))
    guard reply.directive == .words else { return reply }
    return CompletionReply(directive: .words, words: reply.words.map { name + "=" + $0 })
  }

  /// The values of an option: its closed set, a value source named in
  /// ``CompletionEngine/valueSources``, file or directory names for a `FILE` or `DIR`, and
  /// nothing (never file names) for anything else, such as a number.
  package func values(of spec: OptionSpec, _ current: String) -> CompletionReply {
    if let allowed = spec.allowed { return .words(allowed, matching: current) }
    switch Self.valueSources[spec.name] {
    case .languages?:
      return .words(sources.dex()?.languages.map(\.identifier) ?? [], matching: current)
    case .list(let words)?:
      return listItem(words(), current)
    case .sectionKeys?:
      return .words(QueryWords.sectionKeys, matching: current)
    case nil:
      switch spec.valueName {
      case "FILE": return .files
      case "DIR": return .directories
      default: return .nothing
      }
    }
  }

  /// The item after the last `,` of a comma-separated list (`--sort bst:desc,na`).
  private func listItem(_ words: [String], _ current: String) -> CompletionReply {
    let head = current.lastIndex(of: ",").map { String(current[...$0]) } ?? ""
    let item = String(current.dropFirst(head.count))
    return .words(words.map { head + $0 }, matching: head + item)
  }

  /// Where an option's values come from when its ``OptionSpec/allowed`` set is open.
  package enum ValueSource: Sendable {
    /// The data's languages.
    case languages
    /// A comma-separated list of these words.
    case list(@Sendable () -> [String])
    /// `--section-by` keys.
    case sectionKeys
  }

  /// The value sources by option name. Every other value-taking option has an
  /// ``OptionSpec/allowed`` set, takes a `FILE` or `DIR`, or takes a number or free text
  /// (``freeValueNames``); a test checks that each option of each command is one of these.
  package static let valueSources: [String: ValueSource] = [
    "--lang": .languages,
    "--sort": .list {
      QueryWords.sortKeys.flatMap { [$0, "\($0):desc"] }
    },
    "--section-by": .sectionKeys,
    "--fields": .list { PokemonField.all.map(\.key) },
  ]

  /// The value placeholders of options whose values cannot be listed (numbers, seeds,
  /// coordinates, free text such as a team member's nickname, folder or EV spread):
  /// completion offers nothing for them, and never file names.
  package static let freeValueNames: Set<String> = [
    "N", "COLS", "Y:HEIGHT", "S", "F", "N|TEAM[:N]", "NAME", "TYPE", "A,B,C,D", "SPREAD", "TEXT",
  ]
}
