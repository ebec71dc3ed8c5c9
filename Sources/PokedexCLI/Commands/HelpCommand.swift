/// `pokedex help [TOPIC|COMMAND]`: the guides' essentials inside the tool, a command's help,
/// or (`--man`) the whole as a man page.
struct HelpCommand: ParsableCommand {
  let name = "help"
  let summary = "show a help topic (query, layout, prefs, ...) or a command's help"
  let usage = ["help [TOPIC|COMMAND]", "help --man"]
  var discussion: String {
    "Topics:\n" + Self.topicLines.joined(separator: "\n") + "\n"
      + """
      'pokedex help COMMAND' is 'pokedex COMMAND --help'; where a topic has a command's
      name (layout, data, prefs, diff), the topic is shown. 'pokedex help --man' prints
      a man page (roff) of every command and topic:
        pokedex help --man | man -l -
      """
  }
  struct Options: OptionGroup {
    let man = Flag(
      "--man",
      help: "print the manual page (roff, section 1) of every command and topic"
    )

    var declarations: [any OptionDeclaration] { [man] }
  }
  let options = Options()

  func run(_ arguments: ParsedArguments<Options>, context: CommandContext) throws(CLIError)
    -> ExitCode
  {
    if arguments[\.man] {
      guard arguments.positionals.isEmpty else {
        throw .usage("'--man' prints the whole manual; give no topic with it")
      }
      context.stdout.write(
        ManPage.render(
          commands: PokedexCommands.all,
          globalOptions: GlobalOptions.leadingSpecs,
          topics: HelpTopic.all,
          version: PokedexCommands.version
        )
      )
      return .success
    }
    guard let name = arguments.positionals.first else {
      context.stdout.write(PokedexCommands.toolHelp)
      context.stdout.write("\nHELP TOPICS:\n" + Self.topicLines.joined(separator: "\n") + "\n")
      context.stdout.line("See 'pokedex help TOPIC'.")
      return .success
    }
    guard arguments.positionals.count == 1 else {
      throw .usage("unexpected argument '\(arguments.positionals[1])'")
    }
    if let topic = HelpTopic.named(name) {
      context.stdout.write(topic.text)
      if let command = PokedexCommands.named(name) {
        context.stdout.line("See 'pokedex \(command.name) --help' for the command's options.")
      }
    } else if let command = PokedexCommands.named(name) {
      context.stdout.write(command.help)
    } else {
      let candidates = HelpTopic.names + PokedexCommands.all.map(\.name)
      let hint = closestMatch(to: name, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
      throw .usage(
        "no help topic or command '\(name)'\(hint) (topics: "
          + HelpTopic.all.map(\.name).joined(separator: ", ") + ")"
      )
    }
    return .success
  }

  /// One aligned line per topic: name and summary.
  static var topicLines: [String] {
    let width = (HelpTopic.all.map(\.name.count).max() ?? 0) + 2
    return HelpTopic.all.map {
      "  " + $0.name.padding(toLength: width, withPad: " ", startingAt: 0) + $0.summary
    }
  }
}
