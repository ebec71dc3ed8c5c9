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
  ///
  /// Spawned directly rather than with Foundation's `Process`, which puts the child in a
  /// process group of its own: a pager there is in the terminal's background and cannot
  /// read the keyboard (`less` exits at once).
  private static func run(_ command: String, with bytes: [UInt8], environment: [String: String])
    -> Bool
  {
    var variables = environment
    if variables["LESS"] == nil { variables["LESS"] = "FRX" }
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return false }
    let (readEnd, writeEnd) = (ends[0], ends[1])
    guard let pid = spawn(["/bin/sh", "-c", command], variables, stdin: readEnd, closing: writeEnd)
    else {
      close(readEnd)
      close(writeEnd)
      return false
    }
    close(readEnd)
    // Quitting the pager early (q in less) closes the pipe: the write then fails with EPIPE,
    // which must not end pokedex by SIGPIPE.
    let previous = signal(SIGPIPE, SIG_IGN)
    _ = OutputBuffer.writeAll(bytes, to: writeEnd)
    close(writeEnd)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    signal(SIGPIPE, previous)
    // Exited normally with 127: the shell did not find the command.
    return !((status & 0x7F) == 0 && (status >> 8) & 0xFF == 127)
  }

  /// `posix_spawn` of `arguments` with `environment`, `stdin` as its standard input and
  /// `closing` closed in the child; the child's process id, or `nil`.
  private static func spawn(
    _ arguments: [String],
    _ environment: [String: String],
    stdin: Int32,
    closing: Int32
  ) -> pid_t? {
    // C strings owned here for the call, freed after it.
    let argv = arguments.map { strdup($0) }
    let envp = environment.map { strdup("\($0.key)=\($0.value)") }
    defer { for pointer in argv + envp { free(pointer) } }
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t? = nil
    #else
      var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, stdin, 0)
    posix_spawn_file_actions_addclose(&actions, stdin)
    posix_spawn_file_actions_addclose(&actions, closing)
    var pid: pid_t = 0
    let result = posix_spawn(&pid, "/bin/sh", &actions, nil, argv + [nil], envp + [nil])
    return result == 0 ? pid : nil
  }
}
