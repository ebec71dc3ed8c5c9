import Foundation
import PokedexKit
import PokedexTeams

extension TeamCommand {
  /// `team new NAME [--box] [--folder F]`.
  struct NewTeam: Subcommand {
    let name = "new"
    struct Options: OptionGroup {
      let box = TeamCommand.box
      let folder = Option<String>("--folder", value: "F", help: "new: the folder it is grouped in")
      let battleFormat = TeamCommand.battleFormat
      let quiet = TeamCommand.quiet

      var declarations: [any OptionDeclaration] { [box, folder, battleFormat, quiet] }
    }
    let options = Options()

    func run(_ arguments: ParsedArguments<Options>, session: TeamSession) throws(CLIError)
      -> ExitCode
    {
      let name = try operands(arguments.positionals, ["NAME"])[0]
      let isBox = arguments[\.box]
      try TeamLookup.checkName(name, what: isBox ? "box" : "team")
      let folder = arguments[\.folder]
      if let folder { try TeamLookup.checkName(folder, what: "folder") }
      let format = try TeamLookup.battleFormat(arguments[\.battleFormat])
      let now = Date()
      try session.change("new \(isBox ? "box" : "team") \(name)", quiet: arguments[\.quiet]) {
        document in
        try TeamLookup.checkUnique(name, in: document)
        document.appendSection(
          named: name,
          folder: folder,
          capacity: isBox ? nil : TeamValidator.maximumTeamSize,
          info: TeamSectionInfo(isBox: isBox, format: format),
          date: now
        )
      }
      return .success
    }
  }

  /// `team rename NAME NEW`.
  struct RenameTeam: Subcommand {
    let name = "rename"
    let options = QuietOption()

    func run(_ arguments: ParsedArguments<QuietOption>, session: TeamSession) throws(CLIError)
      -> ExitCode
    {
      let names = try operands(arguments.positionals, ["NAME", "NEW"])
      let (name, new) = (names[0], names[1])
      try TeamLookup.checkName(new, what: "team")
      let now = Date()
      try session.change("rename \(name) to \(new)", quiet: arguments[\.quiet]) { document in
        let section = try TeamLookup.section(named: name, in: document)
        try TeamLookup.checkUnique(new, in: document, except: section.id)
        try document.updateSection(section.id, date: now) { $0.name = new }
      }
      return .success
    }
  }

  /// `team copy NAME NEW`: a copy of a team or box, after it.
  struct CopyTeam: Subcommand {
    let name = "copy"
    let options = QuietOption()

    func run(_ arguments: ParsedArguments<QuietOption>, session: TeamSession) throws(CLIError)
      -> ExitCode
    {
      let names = try operands(arguments.positionals, ["NAME", "NEW"])
      let (name, new) = (names[0], names[1])
      try TeamLookup.checkName(new, what: "team")
      let now = Date()
      try session.change("copy \(name) to \(new)", quiet: arguments[\.quiet]) { document in
        let section = try TeamLookup.section(named: name, in: document)
        try TeamLookup.checkUnique(new, in: document)
        let items = try document.items(in: section.id)
        let position = (document.sections.firstIndex { $0.id == section.id } ?? 0) + 1
        let copy = document.insertSection(
          named: new,
          folder: section.folder,
          capacity: section.capacity,
          info: section.info,
          at: position,
          date: now
        )
        try document.append(items.map(\.value), to: copy.id, date: now)
      }
      return .success
    }
  }

  /// `team delete NAME [--yes]`: asks first on a terminal.
  struct DeleteTeam: Subcommand {
    let name = "delete"
    struct Options: OptionGroup {
      let yes = Flag("--yes", short: "-y", help: "delete: do not ask")
      let quiet = TeamCommand.quiet

      var declarations: [any OptionDeclaration] { [yes, quiet] }
    }
    let options = Options()

    func run(_ arguments: ParsedArguments<Options>, session: TeamSession) throws(CLIError)
      -> ExitCode
    {
      let name = try operands(arguments.positionals, ["NAME"])[0]
      let section = try TeamLookup.section(named: name, in: try session.read())
      if !arguments[\.yes] { try session.confirmDeletion(section) }
      try session.change("delete \(section.name)", quiet: arguments[\.quiet]) { document in
        let current = try TeamLookup.section(named: section.name, in: document)
        try document.removeSection(current.id)
      }
      return .success
    }
  }

  /// `team undo` and `team redo`: step through the store's history.
  struct Travel: Subcommand {
    let name: String
    let options = QuietOption()

    func run(_ arguments: ParsedArguments<QuietOption>, session: TeamSession) throws(CLIError)
      -> ExitCode
    {
      _ = try operands(arguments.positionals, [])
      try session.travel(undoing: name == "undo", quiet: arguments[\.quiet])
      return .success
    }
  }

  /// The options of a change that takes only `--quiet`.
  struct QuietOption: OptionGroup {
    let quiet = TeamCommand.quiet

    var declarations: [any OptionDeclaration] { [quiet] }
  }
}
