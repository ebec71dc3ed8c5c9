import CollectionStore
import Foundation
import PokedexKit

/// `pokedex team`: the player's own teams and boxes, edited like the seed's shopping list
/// and kept in one safe, shared file (see `Guides/Teams.md`).
///
/// Every change is one locked commit of ``TeamStore`` with an undo history; it prints what
/// changed as a fetched-results controller would drive a table (`--quiet` prints nothing).
struct TeamCommand: Command {
  let name = "team"
  let aliases = ["teams", "box"]
  let summary = "your teams and boxes: add, move, sort, analyze, import and export pastes"
  let usage = [
    "team new|list|rename|copy|delete|add|edit|remove|move|sort|undo|redo|show|analyze|import|export|path ...",
    "team new NAME [--box] [--folder F]",
    "team list [--format text|json]",
    "team rename NAME NEW | team copy NAME NEW | team delete NAME [--yes]",
    "team add TEAM POKEMON [--nickname N --level N --ability A --item I --nature N --tera T --moves a,b,c,d --evs SPREAD ...]",
    "team edit TEAM MEMBER [same options] | team remove TEAM MEMBER",
    "team move TEAM MEMBER --to N | --to OTHER[:N]",
    "team sort TEAM --by num|name|species|level|bst|hp|atk|def|spa|spd|spe|created [--reverse]",
    "team undo | team redo",
    "team show TEAM [--style row|grid|list|featured|carousel] [--format ascii|json|svg]",
    "team analyze TEAM [--format text|json]",
    "team import [FILE|-] [--box] [--lenient] | team export [TEAM...|--all] [--format showdown|json]",
    "team path",
  ]
  let discussion = """
    A team holds at most six Pokémon; a box (--box) any number. MEMBER is a
    position (1, 2, ...) or a nickname or species. Examples:
      pokedex team new Sand --folder Ladder
      pokedex team add Sand garchomp --item 'Choice Scarf' --evs '252 Atk / 4 Def / 252 Spe'
      pokedex team add Sand tyranitar --moves 'Stone Edge,Crunch' --nature Adamant
      pokedex team move Sand garchomp --to 1
      pokedex team move Sand 2 --to 'Box 1'
      pokedex team sort Sand --by spe --reverse
      pokedex team undo
      pokedex team export --all
      pokedex team import sand.txt

    Names, abilities, moves, natures, Tera types and numbers are checked against
    the data: a problem is an error (exit 65) with "did you mean", or with
    --lenient a warning. Nothing is written when a change or an import fails.
    The file is $POKEDEX_TEAMS_FILE, else $POKEDEX_CONFIG_HOME/teams.jsonl, else
    $XDG_CONFIG_HOME/pokedex/teams.jsonl, else ~/.config/pokedex/teams.jsonl.
    """
  var options: [OptionSpec] {
    [
      OptionSpec(
        "--box",
        help: "new, import: make a box (any number of members) instead of a team"
      ),
      OptionSpec("--folder", value: "F", help: "new: the folder it is grouped in"),
      OptionSpec("--yes", short: "-y", help: "delete: do not ask"),
      OptionSpec(
        "--to",
        value: "N|TEAM[:N]",
        help: "move: the new position, or another team or box"
      ),
      OptionSpec(
        "--by",
        value: "KEY",
        allowed: TeamSort.keys,
        help: "sort: num, name, species, level, bst, hp, atk, def, spa, spd, spe, created"
      ),
      OptionSpec("--reverse", help: "sort: in descending order"),
      OptionSpec("--lenient", help: "add, edit, import: report problems as warnings"),
      OptionSpec("--all", help: "export: every team and box"),
      OptionSpec(
        "--format",
        short: "-f",
        value: "FORMAT",
        allowed: ["text", "json", "ascii", "svg", "showdown"],
        help: "list, analyze: text or json; show: ascii, json or svg; export: showdown or json"
      ),
      OptionSpec(
        "--style",
        short: "-s",
        value: "NAME",
        allowed: PokedexPreferences.layoutStyles,
        help: "show: row (default), grid, list, featured or carousel"
      ),
      OptionSpec("--width", short: "-w", value: "COLS", help: "show: width in terminal columns"),
      OptionSpec("--ascii", help: "show: draw with + - | instead of Unicode box drawing"),
      OptionSpec("--quiet", short: "-q", help: "changes: print nothing"),
    ] + MemberOptions.specs
  }

  static let subcommands = [
    "new", "list", "rename", "delete", "copy", "add", "edit", "remove", "move", "sort", "undo",
    "redo", "show", "analyze", "import", "export", "path",
  ]

  /// Which subcommands each option applies to.
  private static let optionOwners: [String: Set<String>] = {
    var owners: [String: Set<String>] = [
      "--box": ["new", "import"], "--folder": ["new"], "--yes": ["delete"], "--to": ["move"],
      "--by": ["sort"], "--reverse": ["sort"], "--lenient": ["add", "edit", "import"],
      "--all": ["export"], "--format": ["list", "analyze", "show", "export"],
      "--style": ["show"], "--width": ["show"], "--ascii": ["show"],
    ]
    for name in MemberOptions.names {
      owners[name] = name == "--species" ? ["edit"] : ["add", "edit"]
    }
    return owners
  }()

  /// The formats each subcommand takes.
  private static let formats = [
    "list": ["text", "json"], "analyze": ["text", "json"], "show": ["ascii", "json", "svg"],
    "export": ["showdown", "json"],
  ]

  func run(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) -> ExitCode {
    guard let subcommand = arguments.positionals.first else {
      throw .usage("missing subcommand (expected \(Self.subcommands.joined(separator: ", ")))")
    }
    guard Self.subcommands.contains(subcommand) else {
      let hint =
        closestMatch(to: subcommand, in: Self.subcommands).map { "; did you mean '\($0)'?" } ?? ""
      throw .usage("unknown subcommand '\(subcommand.escapedForMessage)'\(hint)")
    }
    for (option, owners) in Self.optionOwners.sorted(by: { $0.key < $1.key })
    where !owners.contains(subcommand) && (arguments.flag(option) || arguments.value(option) != nil)
    {
      let list = owners.sorted().map { "'team \($0)'" }.joined(separator: ", ")
      throw .usage("'\(option)' applies only to \(list)")
    }
    if let format = arguments.value("--format"), let allowed = Self.formats[subcommand],
      !allowed.contains(format)
    {
      throw .usage(
        "'team \(subcommand)' takes --format \(allowed.joined(separator: ", ")), not '\(format)'"
      )
    }
    let operands = Array(arguments.positionals.dropFirst())
    let store = try context.openTeams()
    var session = TeamSession(store: store, arguments: arguments, context: context)
    switch subcommand {
    case "list":
      _ = try expect(operands, [])
      try session.list()
    case "path":
      _ = try expect(operands, [])
      context.stdout.line(store.path)
    case "show": try session.show(try expect(operands, ["TEAM"])[0])
    case "analyze": try session.analyze(try expect(operands, ["TEAM"])[0])
    case "export": try session.export(operands)
    case "import": try session.importPaste(try expect(operands, [], optional: ["FILE"]).first)
    case "undo", "redo": try session.travel(undoing: subcommand == "undo", try expect(operands, []))
    default: try session.change(subcommand, operands)
    }
    return .success
  }

  /// Checks the operands' count: `names` required, then `optional`.
  private func expect(_ operands: [String], _ names: [String], optional: [String] = [])
    throws(CLIError) -> [String]
  {
    if operands.count < names.count {
      let missing = names.dropFirst(operands.count).joined(separator: " and ")
      throw .usage("missing \(missing)")
    }
    if operands.count > names.count + optional.count {
      let extra = operands.dropFirst(names.count + optional.count).map {
        "'\($0.escapedForMessage)'"
      }
      throw .usage("unexpected \(extra.joined(separator: " "))")
    }
    return operands
  }
}
