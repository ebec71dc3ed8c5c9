import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Shows output longer than the terminal through a pager, as `git` and `gh` do: only when
/// standard output is a terminal, never when it is piped.
///
/// The pager is `POKEDEX_PAGER`, else `PAGER`, else `less` (with `LESS=FRX` unless `LESS` is
/// set: quit when the output fits, keep colours, leave the text on the screen); an empty
/// value or `cat` turns paging off, and so does `--no-pager`.
///
/// ```swift
/// if Pager.shouldPage(context) { Pager.page(context) }
/// ```
enum Pager {
  /// The shell command of the pager, or `nil` when paging is off.
  static func command(_ environment: [String: String]) -> String? {
    let command = (environment["POKEDEX_PAGER"] ?? environment["PAGER"] ?? "less")
      .trimmingCharacters(in: .whitespaces)
    return command.isEmpty || command == "cat" ? nil : command
  }

  /// Whether the buffered output goes through the pager: stdout is a terminal, paging is
  /// on, nothing was written yet, and the output has more lines than the terminal has
  /// rows.
  static func shouldPage(_ context: CommandContext) -> Bool {
    guard context.stdoutIsTerminal, context.stdout.allowsPaging, !context.stdout.hasFlushed,
      command(context.environment) != nil
    else { return false }
    let rows = context.terminalRows ?? 24
    var lines = 0
    for byte in context.stdout.bytes where byte == 0x0A {
      lines += 1
      if lines >= rows { return true }
    }
    return false
  }

  /// Sends what stdout buffered to the pager and waits for it; when the pager cannot be
  /// started (or its command is not found), the output stays in the buffer, to be written
  /// as usual.
  static func page(_ context: CommandContext) {
    guard let command = command(context.environment) else { return }
    let bytes = context.stdout.takeBytes()
    if !run(command, with: bytes, environment: context.environment) {
      context.stdout.write(bytes: bytes)
    }
  }

  /// Runs `command` with `sh -c`, `bytes` on its standard input; `false` if it could not
  /// start or its command was not found (status 127).
  private static func run(_ command: String, with bytes: [UInt8], environment: [String: String])
    -> Bool
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    var variables = environment
    if variables["LESS"] == nil { variables["LESS"] = "FRX" }
    process.environment = variables
    let input = Pipe()
    process.standardInput = input
    do { try process.run() } catch { return false }
    // Quitting the pager early (q in less) closes the pipe: the write then fails with EPIPE,
    // which must not end pokedex by SIGPIPE.
    let previous = signal(SIGPIPE, SIG_IGN)
    try? input.fileHandleForWriting.write(contentsOf: Data(bytes))
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
    signal(SIGPIPE, previous)
    return process.terminationStatus != 127
  }
}
