import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a command may know about the world: streams, environment and terminal.
///
/// Injected, so every command can run in a test with a fake environment.
package struct CommandContext: Sendable {
  package var environment: [String: String]
  package var stdout: OutputBuffer
  package var stderr: OutputBuffer
  package var stdoutIsTerminal: Bool
  package var stderrIsTerminal: Bool
  /// The terminal's width in columns when stdout is a terminal.
  package var terminalColumns: Int?
  /// The terminal's height in rows when stdout is a terminal.
  package var terminalRows: Int?
  /// The current directory, for resolving relative paths.
  package var currentDirectory: String

  package init(
    environment: [String: String] = [:],
    stdout: OutputBuffer = OutputBuffer(),
    stderr: OutputBuffer = OutputBuffer(),
    stdoutIsTerminal: Bool = false,
    stderrIsTerminal: Bool = false,
    terminalColumns: Int? = nil,
    terminalRows: Int? = nil,
    currentDirectory: String = "."
  ) {
    self.environment = environment
    self.stdout = stdout
    self.stderr = stderr
    self.stdoutIsTerminal = stdoutIsTerminal
    self.stderrIsTerminal = stderrIsTerminal
    self.terminalColumns = terminalColumns
    self.terminalRows = terminalRows
    self.currentDirectory = currentDirectory
  }

  /// The context of the running process.
  package static func process(environment: [String: String], currentDirectory: String)
    -> CommandContext
  {
    var size = winsize()
    let hasSize = isatty(1) == 1 && ioctl(1, UInt(TIOCGWINSZ), &size) == 0
    let columns: Int? = hasSize && size.ws_col > 0 ? Int(size.ws_col) : nil
    let rows: Int? = hasSize && size.ws_row > 0 ? Int(size.ws_row) : nil
    return CommandContext(
      environment: environment,
      stdout: OutputBuffer(descriptor: 1),
      stderr: OutputBuffer(descriptor: 2),
      stdoutIsTerminal: isatty(1) == 1,
      stderrIsTerminal: isatty(2) == 1,
      terminalColumns: columns,
      terminalRows: rows,
      currentDirectory: currentDirectory
    )
  }

  /// The width to lay text out in: `COLUMNS`, else the terminal's width, else 80.
  package var width: Int {
    if let value = environment["COLUMNS"], let columns = Int(value), columns > 0 { return columns }
    return terminalColumns ?? 80
  }

  /// The width a table may take: `COLUMNS` when set, else the terminal's width (80 when
  /// unknown) when stdout is a terminal, else unlimited (`Int.max`), so that a piped table
  /// keeps every cell whole and `grep` finds what it is looking for.
  package var tableWidth: Int {
    if let value = environment["COLUMNS"], let columns = Int(value), columns > 0 { return columns }
    return stdoutIsTerminal ? (terminalColumns ?? 80) : Int.max
  }

  /// Resolves a user-given path against the current directory.
  package func absolutePath(_ path: String) -> String {
    path.hasPrefix("/") ? path : currentDirectory + "/" + path
  }
}
