#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An error that ends a command, with the exit status it maps to.
///
/// Every failure the tool reports goes through ``CLIError``, so one function
/// (``CLIError/report(to:)``) decides the message, the stream and the exit code.
package struct CLIError: Error, Equatable, Sendable {
  /// The exit status.
  package var code: ExitCode
  /// The message, already rendered; may span several lines (query carets).
  package var message: String
  /// Whether to follow the message with the command's usage line.
  package var showsUsage: Bool
  /// Whether `message` is already a complete diagnostic (starts with `error:`).
  package var isRendered: Bool

  package init(
    _ code: ExitCode,
    _ message: String,
    showsUsage: Bool = false,
    isRendered: Bool = false
  ) {
    self.code = code
    self.message = message
    self.showsUsage = showsUsage
    self.isRendered = isRendered
  }

  /// A usage error: bad arguments or options (exit 64), followed by the usage line.
  package static func usage(_ message: String) -> CLIError {
    CLIError(.usage, message, showsUsage: true)
  }
}

extension CLIError {
  /// Writes the error to stderr, the one way every error is written: a diagnostic already
  /// rendered (a query error with its caret) as it is, any other as `error: MESSAGE`; a
  /// usage error is followed by `usage` and where to find the help of `command`.
  package func report(to context: CommandContext, usage: String = "", command: String? = nil) {
    if isRendered {
      context.stderr.write(message.hasSuffix("\n") ? message : message + "\n")
    } else {
      context.stderr.line("error: \(message)")
    }
    if showsUsage {
      context.stderr.line("Usage: \(usage)")
      context.stderr.line("  See 'pokedex \(command.map { "\($0) " } ?? "")--help'.")
    }
  }

  /// Whether `errno` says an output file cannot be created or written at all (a read-only
  /// or full disk, a quota, no permission): exit 73 (`EX_CANTCREAT`) for the preferences
  /// and teams stores alike, where other failures of a step on a file are 74 (`EX_IOERR`).
  static func refusesOutput(_ code: Int32) -> Bool {
    [EROFS, EACCES, EPERM, ENOSPC, EDQUOT].contains(code)
  }
}
