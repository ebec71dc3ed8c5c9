import Foundation
import PokedexKit
import PokedexTeams

extension TeamCommand {
  /// `team add TEAM POKEMON [member options]`: a member checked against the data.
  struct AddMember: Subcommand {
    let name = "add"
    struct Options: OptionGroup {
      let member = MemberOptions()
      let lenient = TeamCommand.lenient
      let quiet = TeamCommand.quiet

      var declarations: [any OptionDeclaration] { [member, lenient, quiet] }
    }
    let options = Options()

    func run(_ arguments: ParsedArguments<Options>, session: TeamSession) throws(CLIError)
      -> ExitCode
    {
      let names = try operands(arguments.positionals, ["TEAM", "POKEMON"])
      let (team, species) = (names[0], names[1])
      let lenient = arguments[\.lenient]
      let stored = try MemberOptions.apply(
        arguments[\.member],
        to: StoredMember(member: TeamMember(species: species))
      )
      let validator = try session.validator(checkingMoves: !stored.member.moves.isEmpty)
      let context = session.context
      var added = stored.member
      let now = Date()
      try session.change("add \(added.displayName) to \(team)", quiet: arguments[\.quiet]) {
        document in
        let section = try TeamLookup.section(named: team, in: document)
        let member = try MemberOptions.validate(
          stored,
          validator: validator,
          format: section.info.format,
          lenient: lenient,
          context: context
        )
        added = member.member
        try document.append([member], to: section.id, date: now)
      }
      return .success
    }
  }

  /// `team edit TEAM [MEMBER] [--battle-format F] [--species NAME] [member options]`: a
  /// member's fields, or the team's battle format (every member is then checked by it).
  struct EditMember: Subcommand {
    let name = "edit"
    struct Options: OptionGroup {
      let species = Option<String>(
        "--species",
        value: "NAME",
        help: "edit: change the species or form"
      )
      let member = MemberOptions()
      let battleFormat = TeamCommand.battleFormat
      let lenient = TeamCommand.lenient
      let quiet = TeamCommand.quiet

      var declarations: [any OptionDeclaration] {
        [species, member, battleFormat, lenient, quiet]
      }
    }
    let options = Options()

    func run(_ arguments: ParsedArguments<Options>, session: TeamSession) throws(CLIError)
      -> ExitCode
    {
      let names = try operands(arguments.positionals, ["TEAM"], optional: ["MEMBER"])
      let team = names[0]
      let reference = names.count > 1 ? names[1] : nil
      let species = arguments[\.species]
      let member = arguments[\.member]
      let battleFormat = try TeamLookup.battleFormat(arguments[\.battleFormat])
      let changesMember = species != nil || member.givesAnyOption
      guard changesMember || battleFormat != nil else {
        throw .usage(
          "nothing to change: give --level, --item, --moves, --battle-format, ... (see 'pokedex team --help')"
        )
      }
      guard reference != nil || !changesMember else {
        throw .usage("missing MEMBER: give its position, nickname or species")
      }
      let lenient = arguments[\.lenient]
      // The edited member's moves are checked only when its moves or species change, and
      // every member's when the battle format does.
      let validator = try session.validator(
        checkingMoves: member[\.moves] != nil || species != nil || battleFormat != nil
      )
      let context = session.context
      let now = Date()
      let label = reference.map { "edit \($0) in \(team)" } ?? "edit \(team)"
      try session.change(label, quiet: arguments[\.quiet]) { document in
        var section = try TeamLookup.section(named: team, in: document)
        if let battleFormat {
          try document.updateSection(section.id, date: now) { $0.info.format = battleFormat }
          section.info.format = battleFormat
          let members = try document.members(of: section).map(\.value.member)
          let problems = validator.validate(
            ShowdownTeam(format: battleFormat, name: section.name, members: members),
            as: section.info.isBox ? .box : .team
          ).filter { $0.kind != .noMoves }
          try MemberOptions.report(problems, lenient: lenient, context: context)
        }
        guard let reference, changesMember else { return }
        var items = try document.items(in: section.id)
        let position = try TeamLookup.position(of: reference, in: items, section: section)
        let edited = try MemberOptions.apply(member, species: species, to: items[position].value)
        items[position].value = try MemberOptions.validate(
          edited,
          validator: validator,
          format: section.info.format,
          lenient: lenient,
          context: context
        )
        let result = items
        try document.modifyItems(in: section.id, date: now) { $0 = result }
      }
      return .success
    }
  }

  /// `team remove TEAM MEMBER`.
  struct RemoveMember: Subcommand {
    let name = "remove"
    let options = QuietOption()

    func run(_ arguments: ParsedArguments<QuietOption>, session: TeamSession) throws(CLIError)
      -> ExitCode
    {
      let names = try operands(arguments.positionals, ["TEAM", "MEMBER"])
      let (team, reference) = (names[0], names[1])
      let now = Date()
      try session.change("remove \(reference) from \(team)", quiet: arguments[\.quiet]) {
        document in
        let section = try TeamLookup.section(named: team, in: document)
        let items = try document.items(in: section.id)
        let position = try TeamLookup.position(of: reference, in: items, section: section)
        try document.modifyItems(in: section.id, date: now) { $0.remove(at: position) }
      }
      return .success
    }
  }

  /// `team move TEAM MEMBER --to N|TEAM[:N]`.
  struct MoveMember: Subcommand {
    let name = "move"
    struct Options: OptionGroup {
      let to = Option<String>(
        "--to",
        value: "N|TEAM[:N]",
        help: "move: the new position, or another team or box"
      )
      let quiet = TeamCommand.quiet

      var declarations: [any OptionDeclaration] { [to, quiet] }
    }
    let options = Options()

    func run(_ arguments: ParsedArguments<Options>, session: TeamSession) throws(CLIError)
      -> ExitCode
    {
      let names = try operands(arguments.positionals, ["TEAM", "MEMBER"])
      let (team, reference) = (names[0], names[1])
      guard let target = arguments[\.to] else {
        throw .usage("missing --to N (a position) or --to TEAM[:N] (another team or box)")
      }
      let now = Date()
      try session.change("move \(reference) in \(team) to \(target)", quiet: arguments[\.quiet]) {
        document in
        try TeamMove.move(reference, from: team, to: target, in: &document, date: now)
      }
      return .success
    }
  }

  /// `team sort TEAM --by KEY [--reverse]`.
  struct SortTeam: Subcommand {
    let name = "sort"
    struct Options: OptionGroup {
      let by = Option<String>(
        "--by",
        value: "KEY",
        allowed: TeamSort.keys,
        help: "sort: num, name, species, level, bst, hp, atk, def, spa, spd, spe, created"
      )
      let reverse = Flag("--reverse", help: "sort: in descending order")
      let quiet = TeamCommand.quiet

      var declarations: [any OptionDeclaration] { [by, reverse, quiet] }
    }
    let options = Options()

    func run(_ arguments: ParsedArguments<Options>, session: TeamSession) throws(CLIError)
      -> ExitCode
    {
      let team = try operands(arguments.positionals, ["TEAM"])[0]
      guard let key = arguments[\.by] else {
        throw .usage("missing --by KEY (\(TeamSort.keys.joined(separator: ", ")))")
      }
      let reverse = arguments[\.reverse]
      let validator = try session.validator()
      let now = Date()
      try session.change("sort \(team) by \(key)", quiet: arguments[\.quiet]) { document in
        let section = try TeamLookup.section(named: team, in: document)
        let sorted = TeamSort.sorted(
          try document.items(in: section.id),
          by: key,
          reverse: reverse,
          validator: validator
        )
        try document.modifyItems(in: section.id, date: now) { $0 = sorted }
      }
      return .success
    }
  }
}
