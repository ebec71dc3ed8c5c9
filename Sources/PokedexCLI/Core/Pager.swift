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
/// A pager that is not found or cannot be run never saw the output: it is written
/// directly, as `git` does. A pager that ran and failed (a non-zero status, a signal) may
/// have shown none or part of it: the failure is reported on stderr and the status is 74
/// (`EX_IOERR`), never 0, and the output is not written a second time.
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

  /// How a pager ended.
  enum Outcome: Equatable {
    /// It read the output and exited with 0 (or was quit early, which is the same).
    case shown
    /// It never saw the output: it could not start, its command was not found (127) or
    /// could not be run (126). The output is written directly instead, as `git` does.
    case notRun
    /// It ran and failed: exited with this status, or was killed by a signal (a negative
    /// number). It may have shown part of the output, so it is not written again.
    case failed(status: Int32)
  }

  /// Sends what stdout buffered to the pager and waits for it; when the pager never saw
  /// the output (``Outcome/notRun``), the output stays in the buffer, to be written as
  /// usual. Returns how the pager ended, or `nil` when paging is off.
  @discardableResult
  static func page(_ context: CommandContext) -> Outcome? {
    guard let command = command(context.environment) else { return nil }
    let bytes = context.stdout.takeBytes()
    let outcome = run(command, with: bytes, environment: context.environment)
    if outcome == .notRun { context.stdout.write(bytes: bytes) }
    return outcome
  }

  /// What to say on stderr after a pager that failed: which pager, how, and what to do.
  static func failureMessage(_ command: String, status: Int32) -> String {
    let how = status < 0 ? "was killed by signal \(-status)" : "exited with status \(status)"
    return
      "pokedex: the pager '\(command)' \(how); the output may not have been shown "
      + "(run again with --no-pager, or set POKEDEX_PAGER)"
  }

  /// Runs `command` with `sh -c`, `bytes` on its standard input, and tells how it ended.
  ///
  /// Spawned directly rather than with Foundation's `Process`, which puts the child in a
  /// process group of its own: a pager there is in the terminal's background and cannot
  /// read the keyboard (`less` exits at once).
  private static func run(_ command: String, with bytes: [UInt8], environment: [String: String])
    -> Outcome
  {
    var variables = environment
    if variables["LESS"] == nil { variables["LESS"] = "FRX" }
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return .notRun }
    let (readEnd, writeEnd) = (ends[0], ends[1])
    guard let pid = spawn(["/bin/sh", "-c", command], variables, stdin: readEnd, closing: writeEnd)
    else {
      close(readEnd)
      close(writeEnd)
      return .notRun
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
    let signalNumber = status & 0x7F
    guard signalNumber == 0 else { return .failed(status: -signalNumber) }
    switch (status >> 8) & 0xFF {
    case 0: return .shown
    // The shell did not find the command, or found it but could not run it.
    case 126, 127: return .notRun
    case let code: return .failed(status: code)
    }
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
