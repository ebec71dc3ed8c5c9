import CollectionStore
import Foundation
import PokedexKit
import PokedexTeams

/// What every `pokedex team` subcommand runs with: the store, the global options, and the
/// data loaded on demand.
struct TeamSession {
  let store: TeamStore
  let global: ParsedArguments<GlobalOptions>
  let context: CommandContext

  /// The validator over the dex and, with `checkingMoves`, the moves and the learnsets (a
  /// move file that does not load leaves the moves unchecked).
  func validator(checkingMoves: Bool = false) throws(CLIError) -> TeamValidator {
    let dex = try context.loadDex(global)
    guard checkingMoves else { return TeamValidator(dex: dex) }
    return TeamValidator(
      dex: dex,
      moves: try? context.load(MoveDex.self, global),
      learnsets: try? context.load(LearnsetDex.self, global)
    )
  }

  /// The committed document, with the store's warnings on stderr.
  func read() throws(CLIError) -> TeamDocument {
    let reading: TeamStore.Reading
    do {
      reading = try store.read()
    } catch {
      throw CLIError.store(error)
    }
    for warning in reading.warnings { context.stderr.line("warning: \(warning)") }
    return reading.document
  }

  // MARK: Changes

  /// `team undo` and `team redo`.
  func travel(undoing: Bool, quiet: Bool) throws(CLIError) {
    let commit: TeamStore.Commit<String>
    do {
      commit = undoing ? try store.undo() : try store.redo()
    } catch .nothingTo(let action) {
      throw CLIError.failed(.failure, "nothing to \(action)")
    } catch {
      throw CLIError.store(error)
    }
    if !quiet {
      context.stdout.line("\(undoing ? "undid" : "redid") '\(commit.result)'")
    }
    report(commit.change, warnings: commit.warnings, quiet: quiet)
  }

  /// Prints the store's warnings on stderr and the change on stdout (unless `quiet`).
  func report(
    _ change: CollectionChange<TeamSectionInfo, StoredMember>,
    warnings: [String],
    quiet: Bool
  ) {
    for warning in warnings { context.stderr.line("warning: \(warning)") }
    guard !quiet else { return }
    for line in TeamChangeReport.lines(for: change) { context.stdout.line(line) }
  }

  /// Runs `body` as one commit labelled `label` (see ``perform(_:_:)``) and reports the
  /// change, unless `quiet`.
  func change(
    _ label: @autoclosure () -> String,
    quiet: Bool,
    _ body: (inout TeamDocument) throws -> Void
  ) throws(CLIError) {
    let commit = try perform(label(), body)
    report(commit.change, warnings: commit.warnings, quiet: quiet)
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
      throw failure ?? CLIError.store(error)
    }
  }

  /// Asks on a terminal before `section` is deleted; elsewhere (no terminal to ask on) it
  /// is a usage error. `team delete --yes` does not call it.
  func confirmDeletion(_ section: TeamSection) throws(CLIError) {
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
      throw CLIError.failed(.failure, "nothing was deleted")
    }
  }
}
