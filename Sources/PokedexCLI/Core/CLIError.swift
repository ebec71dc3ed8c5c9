import CollectionLayout
import CollectionStore
import FileKit
import PlistPreferences
import PokedexKit
import PokedexPipeline
import PokedexTeams
import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Every way a command fails, kept typed until this file turns it into a message and an
/// exit status: ``code``, ``message`` and ``report(to:usage:command:)`` are the one place
/// that decides them, so tests compare cases, not text.
///
/// ```swift
/// throw CLIError.usage("missing Pokémon name")          // 64, with the usage line
/// throw CLIError.failed(.failure, "no team named 'X'")  // 1
/// throw CLIError.query(error)                           // 64, rendered with a caret
/// ```
package enum CLIError: Error, Equatable, Sendable {
  /// The command line is wrong (64); the report follows it with the usage line.
  case usage(String)
  /// A failure the tool describes itself, with its exit status: a miss (1), a request it
  /// refuses (64), malformed input (65), a missing file (66), ...
  case failed(ExitCode, String)
  /// Problems already written one a line (a team member's against the data), with their
  /// exit status.
  case diagnostics(ExitCode, String)
  /// A query, sort key or section key that does not compile (64), rendered with a caret,
  /// and a note after it.
  case query(QueryError, note: String? = nil)
  /// A data file that does not load: 66 missing or unreadable, 65 malformed, 74 for an I/O
  /// error. One named on the command line (`fromOperand`, as `diff`'s) is not one to point
  /// `--data` at.
  case load(PokedexLoadError, fromOperand: Bool = false)
  /// Two data files `diff` cannot compare (65).
  case comparison(DexComparisonError)
  /// A change to the preferences that fails (64 a bad key or value, 65 a document that
  /// does not parse, 73 a file that cannot be replaced, 74 other I/O), with a closest
  /// allowed value to suggest.
  case preferences(PreferencesError, suggestion: String? = nil)
  /// A preferences or teams file location the environment gives that cannot be used (64).
  case location(PreferencesError)
  /// An import of the preferences file `file` that fails: as ``preferences(_:suggestion:)``,
  /// except that a newer file to import is bad data (65), not a file to leave alone.
  case importing(file: String, PreferencesError)
  /// The teams store failed (see ``code``).
  case store(CollectionStoreError)
  /// `data build` failed: 66 a missing table, 65 malformed data, 74 a file.
  case pipeline(DataPipelineError)
  /// An input file that cannot be read (66; 74 for an I/O error).
  case reading(path: String, FileError)
  /// A layout spec file that cannot be read (66), named as the user gave it.
  case readingLayoutSpec(displayPath: String, FileError)
  /// An output file that cannot be replaced (73, or 74 when writing it fails).
  case writing(path: String, FileError)
  /// A Showdown paste that does not parse (65), rendered with its line.
  case paste(ShowdownPasteError, fileName: String)
  /// A layout spec that does not lay out (65).
  case layout(LayoutSpecError, displayPath: String)
  /// The terminal failed (74).
  case terminal(TerminalError)

  /// The exit status.
  package var code: ExitCode { mapped.code }

  /// The message, without `error: `; several lines for a rendered diagnostic.
  package var message: String { mapped.message }

  /// Writes the error to stderr, the one way every error is written: a diagnostic already
  /// rendered (a query error with its caret) as it is, any other as `error: MESSAGE`; a
  /// usage error is followed by `usage` and where to find the help of `command`.
  package func report(to context: CommandContext, usage: String = "", command: String? = nil) {
    let (_, message, isRendered) = mapped
    if isRendered {
      context.stderr.write(message.hasSuffix("\n") ? message : message + "\n")
    } else {
      context.stderr.line("error: \(message)")
    }
    if case .usage = self {
      context.stderr.line("Usage: \(usage)")
      context.stderr.line("  See 'pokedex \(command.map { "\($0) " } ?? "")--help'.")
    }
  }

  /// The exit status, the message and whether the message is a complete diagnostic.
  private var mapped: (code: ExitCode, message: String, isRendered: Bool) {
    switch self {
    case .usage(let message): (.usage, message, false)
    case .failed(let code, let message): (code, message, false)
    case .diagnostics(let code, let text): (code, text, true)
    case .query(let error, let note):
      (.usage, error.rendered + (note.map { "\nnote: \($0)" } ?? ""), true)
    case .load(let error, let fromOperand):
      (Self.code(of: error), Self.message(error, fromOperand), false)
    case .comparison(let error): (.data, error.description, false)
    case .preferences(let error, let suggestion):
      (
        Self.code(of: error),
        error.description + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
        false
      )
    case .location(let error): (.usage, error.description, false)
    case .importing(let file, let error):
      if case .newerSchema(file, _, _) = error {
        (.data, error.description, false)
      } else if Self.code(of: error) == .usage {
        (
          .usage,
          "cannot import '\(file.escapedForMessage)': \(error.description); nothing was changed",
          false
        )
      } else {
        (Self.code(of: error), error.description, false)
      }
    case .store(let error): (Self.code(of: error), error.description, false)
    case .pipeline(let error): (Self.code(of: error), error.description, false)
    case .reading(let path, let error): Self.reading(path, error)
    case .readingLayoutSpec(let path, let error): Self.readingLayoutSpec(path, error)
    case .writing(let path, let error): Self.writing(path, error)
    case .paste(let error, let fileName): (.data, error.rendered(fileName: fileName), true)
    case .layout(let error, let displayPath): (.data, "\(displayPath): \(error.description)", false)
    case .terminal(let error): (.ioError, "the terminal failed: \(error.description)", false)
    }
  }

  // MARK: The exit status of each library's errors

  /// 66 for a data file missing or unreadable, 65 for bad data, 74 for an I/O error.
  private static func code(of error: PokedexLoadError) -> ExitCode {
    switch error {
    case .unreadable(let file)
    where file.reason == .tooLarge || (file.reason == .system && file.code != ELOOP):
      .ioError
    case .unreadable, .bundledDataNotFound: .noInput
    case .malformed, .unsupportedSchemaVersion: .data
    }
  }

  /// The load error with what to do about it.
  private static func message(_ error: PokedexLoadError, _ fromOperand: Bool) -> String {
    switch code(of: error) {
    case .data: error.description + "\nregenerate it with 'pokedex data build' or fix the file"
    case .noInput where !fromOperand:
      error.description + "\npoint --data FILE or POKEDEX_DATA at a pokemons.json file"
    default: error.description
    }
  }

  /// 64 for a bad key or value, 65 for a document that does not parse, 73 when the file
  /// cannot be created or replaced (a newer file is left alone), 74 for other I/O errors.
  private static func code(of error: PreferencesError) -> ExitCode {
    switch error {
    case .invalidValue, .typeMismatch, .invalidKey, .invalidName, .relativePath, .unencodableValue:
      .usage
    case .systemCall: refusesOutput(error.code ?? 0) ? .cannotCreate : .ioError
    case .newerSchema: .cannotCreate
    case .invalidDocument: .data
    default: .ioError
    }
  }

  /// 66 for a file missing or unreadable (no permission, a directory where a file belongs)
  /// when read, 74 for I/O, 73 when the file cannot be created, 65 for a damaged or newer
  /// file and a refused change, 1 for a name not found or nothing to undo.
  private static func code(of error: CollectionStoreError) -> ExitCode {
    switch error {
    case .file(let operation, _, let code):
      let creating = ["create", "create the directory", "rename", "open the lock file"]
        .contains { operation.hasPrefix($0) }
      let reading = ["open", "stat", "lstat", "read", "readlink", "resolve the symlink"]
        .contains(operation)
      if (code == ENOENT && !creating)
        || (reading && [EACCES, EPERM, EISDIR, ENOTDIR].contains(code))
      {
        return .noInput
      }
      return creating || refusesOutput(code) ? .cannotCreate : .ioError
    case .lockTimeout: return .ioError
    case .corruptFile, .newerVersion, .wrongKind, .sectionFull, .historyConflict, .invalidChange:
      return .data
    case .noSuchSection, .nothingTo: return .failure
    }
  }

  /// 66 for a missing table, 65 for malformed CSV or JSON, 74 for a file.
  private static func code(of error: DataPipelineError) -> ExitCode {
    switch error {
    case .missingTable: .noInput
    case .fileError: .ioError
    default: .data
    }
  }

  /// Whether `errno` says an output file cannot be created or written at all (a read-only
  /// or full disk, a quota, no permission): 73 (`EX_CANTCREAT`) for the preferences and
  /// teams stores alike, where other failures of a step on a file are 74 (`EX_IOERR`).
  static func refusesOutput(_ code: Int32) -> Bool {
    [EROFS, EACCES, EPERM, ENOSPC, EDQUOT].contains(code)
  }

  // MARK: Files

  /// An input file: 66 when it is missing, refused or too large, 74 when reading fails.
  private static func reading(_ path: String, _ error: FileError) -> (ExitCode, String, Bool) {
    let shown = "cannot read '\(path.escapedForMessage)': "
    if let limit = error.limit {
      return (.noInput, shown + "the file is larger than \(limit) bytes", false)
    }
    let code: ExitCode = error.reason == .system && error.code != ELOOP ? .ioError : .noInput
    return (code, shown + "\(error.systemMessage) (errno \(error.code))", false)
  }

  /// A layout spec file: 66, saying why in words.
  private static func readingLayoutSpec(_ path: String, _ error: FileError) -> (
    ExitCode, String, Bool
  ) {
    let reason =
      switch error.reason {
      case .notFound: "no such file"
      case .tooLarge: "it is larger than \((error.limit ?? 0) >> 20) MiB"
      default: "it is not readable (\(error.systemMessage))"
      }
    return (.noInput, "cannot read layout spec '\(path)': \(reason)", false)
  }

  /// A failed replacement of `path`: 73 when the file cannot be created (missing or
  /// read-only directory, permission, a directory at `path`, a full disk or quota while
  /// writing the new file), 74 when writing fails otherwise.
  private static func writing(_ path: String, _ error: FileError) -> (ExitCode, String, Bool) {
    if error.reason == .isDirectory {
      return (
        .cannotCreate, "cannot write '\(path.escapedForMessage)': it names a directory", false
      )
    }
    let (operation, creating): (String, Bool) =
      switch error.operation {
      case .write, .close: ("write", false)
      case .sync, .syncDirectory, .openDirectory: ("sync", false)
      case .rename: ("replace", true)
      default: ("create", true)
      }
    let code = error.code
    // A full disk or quota met while writing the temporary file (never the target,
    // which is left intact): the file could not be created.
    let isOutOfSpace =
      (code == ENOSPC || code == EDQUOT)
      && Files.name(of: error.path).hasPrefix(".") && error.path.contains(".tmp-")
    let hint =
      code == ENOENT
      ? "; create the directory first"
      : code == EACCES || code == EPERM || code == EROFS
        ? "; choose a writable location"
        : isOutOfSpace ? "; free some space and retry (nothing was replaced)" : ""
    return (
      creating || isOutOfSpace ? .cannotCreate : .ioError,
      "cannot \(isOutOfSpace ? "create" : operation) '\(path.escapedForMessage)': \(error.systemMessage)\(hint)",
      false
    )
  }
}
