import CollectionStore
import Foundation
import PokedexKit

/// One `pokedex team` invocation: the store, the arguments, and the data loaded on demand.
struct TeamSession {
  let store: TeamStore
  let arguments: ParsedArguments
  let context: CommandContext
  private var loadingValidator: (load: BackgroundLoad<TeamValidator>, moves: MoveCheck)?

  /// Which members' moves a validator checks, and so which move data it loads.
  enum MoveCheck: Equatable {
    /// None: no move data is loaded.
    case none
    /// Those of these species (as written): the learnsets of their evolution lines only.
    case species([String])
    /// Any member's: every learnset.
    case any
  }

  /// What ``loadValidator(checkingMoves:)`` reads beside the dex.
  private struct MoveFiles: Sendable {
    var moves: MoveDex?
    /// Every learnset (``MoveCheck/any``).
    var learnsets: LearnsetDex?
    /// The learnsets file indexed (``MoveCheck/species(_:)``).
    var index: LearnsetFileIndex?
  }

  init(store: TeamStore, arguments: ParsedArguments, context: CommandContext) {
    self.store = store
    self.arguments = arguments
    self.context = context
  }

  /// The validator over the dex and, for the moves `check` names, the moves and the
  /// learnsets, loading on other threads from the first call on: a command starts it,
  /// reads the teams file meanwhile, and waits for it inside the commit.
  ///
  /// The move files load on a second thread beside the dex: the moves, and either every
  /// learnset or, for species named before the teams file is read, the learnsets file
  /// indexed by Pokémon, so that once the dex has named their evolution lines only those
  /// few records are left to decode.
  mutating func loadValidator(checkingMoves check: MoveCheck = .none)
    -> BackgroundLoad<TeamValidator>
  {
    if let loadingValidator, loadingValidator.moves == check { return loadingValidator.load }
    let (context, arguments) = (context, arguments)
    let moveFiles: BackgroundLoad<MoveFiles>? =
      check == .none
      ? nil
      : BackgroundLoad { () throws(CLIError) in
        var files = MoveFiles(moves: try? context.load(MoveDex.self, arguments))
        if case .species = check {
          files.index = try? context.learnsetIndex(arguments)
        } else {
          files.learnsets = try? context.loadLearnsets(.all, arguments)
        }
        return files
      }
    let load = BackgroundLoad { () throws(CLIError) in
      let validator = TeamValidator(dex: try context.loadDex(arguments))
      guard let files = try moveFiles?.value() else { return validator }
      let checking = validator.checkingMoves(files.moves)
      var learnsets = files.learnsets
      if case .species(let species) = check {
        learnsets = try? files.index?.learnsets(of: validator.learnsetOwners(ofSpecies: species))
      }
      return learnsets.map(checking.checkingLearnsets) ?? checking
    }
    loadingValidator = (load, check)
    return load
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
      let validator = loadValidator(
        checkingMoves: stored.member.moves.isEmpty ? .none : .species([stored.member.species])
      )
      let context = context
      var added = stored.member
      commit = try perform("add \(added.displayName) to \(team)") { document in
        let member = try MemberOptions.validate(
          stored,
          validator: try validator.value(),
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
      // The edited member's moves are checked only when they change; its species is known
      // before the file is read only when it changes too.
      let newSpecies = arguments.value("--species")
      let validator = loadValidator(
        checkingMoves: arguments.value("--moves") == nil && newSpecies == nil
          ? .none : newSpecies.map { .species([$0]) } ?? .any
      )
      let (options, context) = (arguments, context)
      commit = try perform("edit \(reference) in \(team)") { document in
        let section = try TeamLookup.section(named: team, in: document)
        var items = try document.items(in: section.id)
        let position = try TeamLookup.position(of: reference, in: items, section: section)
        let edited = try MemberOptions.apply(options, to: items[position].value)
        items[position].value = try MemberOptions.validate(
          edited,
          validator: try validator.value(),
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
      let validator = loadValidator()
      commit = try perform("sort \(team) by \(key)") { document in
        let section = try TeamLookup.section(named: team, in: document)
        let sorted = TeamSort.sorted(
          try document.items(in: section.id),
          by: key,
          reverse: reverse,
          validator: try validator.value()
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
