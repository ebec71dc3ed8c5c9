import CollectionStore
import Foundation
import PokedexKit

/// `pokedex team`: the player's own teams and boxes, edited like the seed's shopping list
/// and kept in one safe, shared file (see `Guides/Teams.md`).
///
/// Every change is one locked commit of ``TeamStore`` with an undo history; it prints what
/// changed as a fetched-results controller would drive a table (`--quiet` prints nothing).
struct TeamCommand: CommandGroup {
  let name = "team"
  let aliases = ["teams", "box"]
  let summary = "your teams and boxes: add, move, sort, analyze, import and export pastes"
  let usage = [
    "team new|list|rename|copy|delete|add|edit|remove|move|sort|undo|redo|show|analyze|import|export|validate|path ...",
    "team new NAME [--box] [--folder F] [--battle-format F]",
    "team list [--format text|json]",
    "team rename NAME NEW | team copy NAME NEW | team delete NAME [--yes]",
    "team add TEAM POKEMON [--nickname N --level N --ability A --item I --nature N --tera T --moves a,b,c,d --evs SPREAD ...]",
    "team edit TEAM [MEMBER] [same options] [--battle-format F] | team remove TEAM MEMBER",
    "team move TEAM MEMBER --to N | --to OTHER[:N]",
    "team sort TEAM --by num|name|species|level|bst|hp|atk|def|spa|spd|spe|created [--reverse]",
    "team undo | team redo",
    "team show TEAM [--style row|grid|list|featured|carousel] [--format ascii|json|svg]",
    "team analyze TEAM [--format text|json]",
    "team import [FILE|-] [--box] [--lenient] [--battle-format F]",
    "team export [TEAM...|--all] [--format showdown|json]",
    "team validate [TEAM...|--all] [--battle-format F] [--format text|json]",
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
    the data, by the generation of the team's battle format (the paste's
    [gen4ou] header, or --battle-format): a problem is an error (exit 65) with
    "did you mean", or with --lenient a warning. Nothing is written when a
    change or an import fails. 'team validate' reports every set's problems
    (exit 1 when any) and changes nothing.
    The file is $POKEDEX_TEAMS_FILE, else $POKEDEX_CONFIG_HOME/teams.jsonl, else
    $XDG_CONFIG_HOME/pokedex/teams.jsonl, else ~/.config/pokedex/teams.jsonl.
    """
  let subcommands: [any Subcommand<TeamSession>] = [
    NewTeam(), ListTeams(), RenameTeam(), DeleteTeam(), CopyTeam(), AddMember(), EditMember(),
    RemoveMember(), MoveMember(), SortTeam(),
    Travel(name: "undo"), Travel(name: "redo"), ShowTeam(), AnalyzeTeam(), ImportPaste(),
    ExportPaste(), ValidateTeams(), TeamsPath(),
  ]

  func session(_ global: ParsedArguments<GlobalOptions>, context: CommandContext)
    throws(CLIError) -> TeamSession
  {
    TeamSession(store: try context.openTeams(), global: global, context: context)
  }

  // MARK: Options shared by subcommands

  static let box = Flag(
    "--box",
    help: "new, import: make a box (any number of members) instead of a team"
  )
  static let lenient = Flag("--lenient", help: "add, edit, import: report problems as warnings")
  static let quiet = Flag("--quiet", short: "-q", help: "changes: print nothing")
  static let textOrJSON = Option.format(
    ["text", "json"],
    help: "list, analyze, validate: text or json"
  )
  static let battleFormat = Option<String>(
    "--battle-format",
    value: "F",
    help: "new, edit, import, validate: Showdown's format id (gen4ou); its generation's rules apply"
  )

  /// The operands, which must be `names` and may be followed by `optional` ones.
  ///
  /// - Throws: a usage error naming the operands beyond those, or the first one missing.
  static func operands(_ operands: [String], _ names: [String], optional: [String] = [])
    throws(CLIError) -> [String]
  {
    if operands.count > names.count + optional.count {
      let extra = operands.dropFirst(names.count + optional.count).map {
        "'\($0.escapedForMessage)'"
      }
      throw .usage("unexpected \(extra.joined(separator: " "))")
    }
    if operands.count < names.count { throw .usage("missing \(names[operands.count])") }
    return operands
  }
}
