import CollectionStore
import Foundation
import PokedexKit
import PokedexTeams

/// One `pokedex team` invocation: the store, the arguments, and the data loaded on demand.
struct TeamSession {
  let store: TeamStore
  let arguments: ParsedArguments
  let context: CommandContext

  init(store: TeamStore, arguments: ParsedArguments, context: CommandContext) {
    self.store = store
    self.arguments = arguments
    self.context = context
  }

  /// The validator over the dex and, with `checkingMoves`, the moves and the learnsets (a
  /// move file that does not load leaves the moves unchecked).
  func validator(checkingMoves: Bool = false) throws(CLIError) -> TeamValidator {
    let dex = try context.loadDex(arguments)
    guard checkingMoves else { return TeamValidator(dex: dex) }
    return TeamValidator(
      dex: dex,
      moves: try? context.load(MoveDex.self, arguments),
      learnsets: try? context.load(LearnsetDex.self, arguments)
    )
  }

  /// The committed document, with the store's warnings on stderr.
  func read() throws(CLIError) -> TeamDocument {
    let reading: TeamStore.Reading
    do {
      reading = try store.read()
    } catch {
      throw CLIError(error)
    }
    for warning in reading.warnings { context.stderr.line("warning: \(warning)") }
    return reading.document
  }

  // MARK: Changes

  /// Runs a changing subcommand as one commit and prints what changed.
  mutating func change(_ subcommand: String, _ operands: [String]) throws(CLIError) {
    let now = Date()
    let commit: TeamStore.Commit<Void>
    switch subcommand {
    case "new":
      let name = try operand(operands, 0, "NAME", count: 1)
      try TeamLookup.checkName(name, what: arguments.flag("--box") ? "box" : "team")
      let folder = arguments.value("--folder")
      if let folder { try TeamLookup.checkName(folder, what: "folder") }
      let isBox = arguments.flag("--box")
      commit = try perform("new \(isBox ? "box" : "team") \(name)") { document in
        try TeamLookup.checkUnique(name, in: document)
        document.appendSection(
          named: name,
          folder: folder,
          capacity: isBox ? nil : TeamValidator.maximumTeamSize,
          info: TeamSectionInfo(isBox: isBox),
          date: now
        )
      }
    case "rename":
      let name = try operand(operands, 0, "NAME", count: 2)
      let new = try operand(operands, 1, "NEW", count: 2)
      try TeamLookup.checkName(new, what: "team")
      commit = try perform("rename \(name) to \(new)") { document in
        let section = try TeamLookup.section(named: name, in: document)
        try TeamLookup.checkUnique(new, in: document, except: section.id)
        try document.updateSection(section.id, date: now) { $0.name = new }
      }
    case "copy":
      let name = try operand(operands, 0, "NAME", count: 2)
      let new = try operand(operands, 1, "NEW", count: 2)
      try TeamLookup.checkName(new, what: "team")
      commit = try perform("copy \(name) to \(new)") { document in
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
    case "delete":
      let name = try operand(operands, 0, "NAME", count: 1)
      let section = try TeamLookup.section(named: name, in: try read())
      try confirmDeletion(section)
      commit = try perform("delete \(section.name)") { document in
        let current = try TeamLookup.section(named: section.name, in: document)
        try document.removeSection(current.id)
      }
    case "add":
      let team = try operand(operands, 0, "TEAM", count: 2)
      let species = try operand(operands, 1, "POKEMON", count: 2)
      let lenient = arguments.flag("--lenient")
      let stored = try MemberOptions.apply(
        arguments,
        to: StoredMember(member: TeamMember(species: species))
      )
      let validator = try validator(checkingMoves: !stored.member.moves.isEmpty)
      let context = context
      var added = stored.member
      commit = try perform("add \(added.displayName) to \(team)") { document in
        let member = try MemberOptions.validate(
          stored,
          validator: validator,
          lenient: lenient,
          context: context
        )
        added = member.member
        let section = try TeamLookup.section(named: team, in: document)
        try document.append([member], to: section.id, date: now)
      }
    case "edit":
      let team = try operand(operands, 0, "TEAM", count: 2)
      let reference = try operand(operands, 1, "MEMBER", count: 2)
      guard MemberOptions.names.contains(where: { arguments.value($0) != nil }) else {
        throw .usage(
          "nothing to change: give --level, --item, --moves, ... (see 'pokedex team --help')"
        )
      }
      let lenient = arguments.flag("--lenient")
      // The edited member's moves are checked only when its moves or species change.
      let validator = try validator(
        checkingMoves: arguments.value("--moves") != nil || arguments.value("--species") != nil
      )
      let (options, context) = (arguments, context)
      commit = try perform("edit \(reference) in \(team)") { document in
        let section = try TeamLookup.section(named: team, in: document)
        var items = try document.items(in: section.id)
        let position = try TeamLookup.position(of: reference, in: items, section: section)
        let edited = try MemberOptions.apply(options, to: items[position].value)
        items[position].value = try MemberOptions.validate(
          edited,
          validator: validator,
          lenient: lenient,
          context: context
        )
        let result = items
        try document.modifyItems(in: section.id, date: now) { $0 = result }
      }
    case "remove":
      let team = try operand(operands, 0, "TEAM", count: 2)
      let reference = try operand(operands, 1, "MEMBER", count: 2)
      commit = try perform("remove \(reference) from \(team)") { document in
        let section = try TeamLookup.section(named: team, in: document)
        let items = try document.items(in: section.id)
        let position = try TeamLookup.position(of: reference, in: items, section: section)
        try document.modifyItems(in: section.id, date: now) { $0.remove(at: position) }
      }
    case "move":
      let team = try operand(operands, 0, "TEAM", count: 2)
      let reference = try operand(operands, 1, "MEMBER", count: 2)
      guard let target = arguments.value("--to") else {
        throw .usage("missing --to N (a position) or --to TEAM[:N] (another team or box)")
      }
      commit = try perform("move \(reference) in \(team) to \(target)") { document in
        try TeamMove.move(reference, from: team, to: target, in: &document, date: now)
      }
    case "sort":
      let team = try operand(operands, 0, "TEAM", count: 1)
      guard let key = arguments.value("--by") else {
        throw .usage("missing --by KEY (\(TeamSort.keys.joined(separator: ", ")))")
      }
      let reverse = arguments.flag("--reverse")
      let validator = try validator()
      commit = try perform("sort \(team) by \(key)") { document in
        let section = try TeamLookup.section(named: team, in: document)
        let sorted = TeamSort.sorted(
          try document.items(in: section.id),
          by: key,
          reverse: reverse,
          validator: validator
        )
        try document.modifyItems(in: section.id, date: now) { $0 = sorted }
      }
    default:
      throw .usage("unknown subcommand '\(subcommand)'")
    }
    report(commit.change, warnings: commit.warnings)
  }

  /// `team undo` and `team redo`.
  func travel(undoing: Bool, _ operands: [String]) throws(CLIError) {
    let commit: TeamStore.Commit<String>
    do {
      commit = undoing ? try store.undo() : try store.redo()
    } catch .nothingTo(let action) {
      throw CLIError(.failure, "nothing to \(action)")
    } catch {
      throw CLIError(error)
    }
    if !arguments.flag("--quiet") {
      context.stdout.line("\(undoing ? "undid" : "redid") '\(commit.result)'")
    }
    report(commit.change, warnings: commit.warnings)
  }

  /// Prints the store's warnings on stderr and the change on stdout (unless `--quiet`).
  func report(_ change: CollectionChange<TeamSectionInfo, StoredMember>, warnings: [String]) {
    for warning in warnings { context.stderr.line("warning: \(warning)") }
    guard !arguments.flag("--quiet") else { return }
    for line in TeamChangeReport.lines(for: change) { context.stdout.line(line) }
  }

  /// Runs `body` as one commit; an error it throws (the store's or a `CLIError`) cancels
  /// the commit and is rethrown as a `CLIError`. `label` is read once `body` has run.
  func perform(
    _ label: @autoclosure () -> String,
    _ body: (inout TeamDocument) throws -> Void
  ) throws(CLIError) -> TeamStore.Commit<Void> {
    var failure: CLIError?
    do {
      return try store.perform(label()) { (document) throws(CollectionStoreError) in
        do {
          try body(&document)
        } catch let error as CollectionStoreError {
          throw error
        } catch let error as CLIError {
          failure = error
          throw .invalidChange(error.message)
        } catch {
          throw .invalidChange("\(error)")
        }
      }
    } catch {
      throw failure ?? CLIError(error)
    }
  }

  /// Asks before deleting a team with members on a terminal; elsewhere `--yes` is required.
  private func confirmDeletion(_ section: TeamSection) throws(CLIError) {
    guard !arguments.flag("--yes") else { return }
    let kind = section.info.isBox ? "box" : "team"
    guard StandardInput.isTerminal, context.stderrIsTerminal else {
      throw .usage(
        "'team delete' asks for confirmation on a terminal; pass --yes to delete \(kind) '\(section.name)'"
      )
    }
    context.stderr.write(
      "Delete \(kind) '\(section.name)'? It can be restored with 'pokedex team undo'. [y/N] "
    )
    context.stderr.flush()
    let answer = readLine(strippingNewline: true)?.lowercased() ?? ""
    guard answer == "y" || answer == "yes" else {
      throw CLIError(.failure, "nothing was deleted")
    }
  }

  /// The operand at `index`, requiring exactly `count` operands.
  private func operand(_ operands: [String], _ index: Int, _ name: String, count: Int)
    throws(CLIError) -> String
  {
    guard operands.count <= count else {
      let extra = operands.dropFirst(count).map { "'\($0.escapedForMessage)'" }
      throw .usage("unexpected \(extra.joined(separator: " "))")
    }
    guard operands.indices.contains(index) else { throw .usage("missing \(name)") }
    return operands[index]
  }
}
