/// The tool's exit statuses, from BSD's `sysexits.h`.
public enum ExitCode: Int32, Sendable {
  case success = 0
  /// Like `diff` and `grep`: the inputs differ (`diff`), or nothing was found (`search`, `show`).
  case failure = 1
  /// EX_USAGE: bad arguments, options or query.
  case usage = 64
  /// EX_DATAERR: malformed input data (JSON, CSV, plist, layout spec).
  case data = 65
  /// EX_NOINPUT: an input file is missing or unreadable.
  case noInput = 66
  /// EX_SOFTWARE: an internal error.
  case software = 70
  /// EX_CANTCREAT: an output file cannot be created.
  case cannotCreate = 73
  /// EX_IOERR: reading or writing failed.
  case ioError = 74
  /// Ctrl-C in `browse`, which reads it as a key: 128 + `SIGINT`, as `fzf` exits.
  case interrupted = 130
}
