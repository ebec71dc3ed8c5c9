import Foundation
import PokedexTestSupport
import Testing

/// `pokedex browse` end to end: the real binary in a real pseudo-terminal, driven with
/// tmux (`send-keys`, `capture-pane`, `resize-window`) and real signals.
///
/// Skipped, with a message, when tmux is not installed.
private let tmuxPath = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"].first {
  FileManager.default.isExecutableFile(atPath: $0)
}

@Suite(.serialized, .enabled(if: tmuxPath != nil, "tmux is not installed: apt-get install tmux"))
struct BrowseTerminalTests {

  /// One tmux server (its own socket) with one window, and a fresh configuration folder.
  final class Terminal {
    let socket = "pokedex-browse-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let directory: String
    let binary: String

    init() throws {
      binary = try #require(builtProductPath("pokedex"), "build the pokedex product first")
      directory = NSTemporaryDirectory() + "/" + socket
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    deinit {
      _ = try? tmux(["kill-server"])
      try? FileManager.default.removeItem(atPath: directory)
      // tmux leaves its socket file behind.
      let socketDirectory = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
      try? FileManager.default.removeItem(atPath: "\(socketDirectory)/tmux-\(getuid())/\(socket)")
    }

    @discardableResult
    func tmux(_ arguments: [String]) throws -> ProcessResult {
      try runProcess(try #require(tmuxPath), ["-L", socket, "-f", "/dev/null"] + arguments)
    }

    /// Starts the server with a window running `command`. Spawned directly, its standard
    /// streams on /dev/null, and waited for with `waitpid`: the server it leaves behind
    /// would keep any pipe open for ever.
    func newSession(_ command: String) throws {
      let arguments = [
        try #require(tmuxPath), "-L", socket, "-f", "/dev/null", "new-session", "-d", "-s", "t",
        "-x", "80", "-y", "24", command,
      ]
      var actions = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      for descriptor: Int32 in [0, 1, 2] {
        posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", O_RDWR, 0)
      }
      // A terminal's programs start with no signal blocked or ignored, whatever the test
      // runner does with its own.
      var attributes = posix_spawnattr_t()
      posix_spawnattr_init(&attributes)
      defer { posix_spawnattr_destroy(&attributes) }
      var none = sigset_t()
      sigemptyset(&none)
      var all = sigset_t()
      sigfillset(&all)
      posix_spawnattr_setsigmask(&attributes, &none)
      posix_spawnattr_setsigdefault(&attributes, &all)
      posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
      let argv = arguments.map { strdup($0) } + [nil]
      defer { argv.forEach { free($0) } }
      var pid: pid_t = 0
      let spawned = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, environ)
      try #require(spawned == 0, "cannot start tmux: \(spawned)")
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }

    /// The environment of the shell: nothing of the developer's, this test's preferences.
    var environment: String {
      "env -i PATH=/usr/bin:/bin TERM=xterm-256color LANG=C.UTF-8 HOME=\(directory) POKEDEX_CONFIG_HOME=\(directory)/config PS1='$ '"
    }

    /// Starts an interactive shell (job control: Ctrl-Z and `fg`) in an 80x24 window.
    func startShell() throws {
      try newSession("\(environment) bash --norc --noprofile -i")
      try #require(waitFor { $0.contains("$") } != nil, "the shell did not start")
    }

    /// Starts `command` under a non-interactive shell that records `stty -a` after it:
    /// no job control, so nothing but the app itself restores the terminal. `variables`
    /// (`NAME=value ...`) are set over the shell's environment.
    func startProgram(_ arguments: String, variables: String = "") throws {
      try newSession(
        "\(environment) \(variables) bash -c 'ulimit -c 0; \(binary) browse \(arguments); echo EXIT=$?; stty -a > \(directory)/stty; sleep 60'"
      )
    }

    func keys(_ keys: String...) throws { try tmux(["send-keys", "-t", "t"] + keys) }
    func type(_ text: String) throws { try tmux(["send-keys", "-t", "t", "-l", text]) }
    func screen() -> String { (try? tmux(["capture-pane", "-p", "-t", "t"]).stdout) ?? "" }

    /// Polls the screen until `condition` holds (10 s at most).
    @discardableResult
    func waitFor(_ condition: (String) -> Bool) -> String? {
      for _ in 0..<200 {
        let text = screen()
        if condition(text) { return text }
        usleep(50_000)
      }
      return nil
    }

    /// The pid of `pokedex browse` in the window.
    func browsePID() throws -> Int32 {
      let shell = try tmux(["display-message", "-p", "-t", "t", "#{pane_pid}"]).stdout
        .trimmingCharacters(in: .whitespacesAndNewlines)
      for _ in 0..<100 {
        let children = try runProcess("/usr/bin/pgrep", ["-P", shell, "-f", "pokedex browse"])
        if let pid = children.stdout.split(separator: "\n").first.flatMap({ Int32($0) }) {
          return pid
        }
        usleep(50_000)
      }
      throw BrowseTerminalError.noProcess
    }

    /// What `stty -a` printed after the program ended.
    func sttyAfterExit() -> String? {
      for _ in 0..<600 {
        if let text = try? String(contentsOfFile: directory + "/stty", encoding: .utf8),
          !text.isEmpty
        {
          return text
        }
        usleep(50_000)
      }
      return nil
    }

    /// What `stty -a` prints when the interactive shell runs it now.
    func sttyFromShell() throws -> String {
      let file = directory + "/stty-\(UInt32.random(in: 0...UInt32.max))"
      try type("stty -a > \(file)")
      try keys("Enter")
      for _ in 0..<200 {
        if let text = try? String(contentsOfFile: file, encoding: .utf8), !text.isEmpty {
          return text
        }
        usleep(50_000)
      }
      return ""
    }

    /// The saved scene, as `pokedex prefs get browse.scene` prints it.
    func savedScene() throws -> String {
      try runProcess(
        binary,
        ["prefs", "get", "browse.scene"],
        environment: ["POKEDEX_CONFIG_HOME": directory + "/config"]
      ).stdout
    }
  }

  enum BrowseTerminalError: Error { case noProcess }

  /// Whether the last line of `screen` with anything on it is an empty prompt (`$ `).
  static func endsWithAPrompt(_ screen: String) -> Bool {
    screen.split(separator: "\n").last { !$0.allSatisfy(\.isWhitespace) }?
      .trimmingCharacters(in: .whitespaces) == "$"
  }

  /// Whether `stty -a` output shows cooked mode: line editing and echo on.
  static func isCooked(_ stty: String) -> Bool {
    let flags = stty.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" })
    return flags.contains("icanon") && flags.contains("echo") && !flags.contains("-icanon")
  }

  @Test func typeAQuerySwitchLayoutResizeSuspendResumeAndQuit() throws {
    let terminal = try Terminal()
    try terminal.startShell()
    try terminal.type("\(terminal.binary) browse --fresh")
    try terminal.keys("Enter")
    #expect(
      terminal.waitFor { $0.contains("Pokédex · 1025 Pokémon") && $0.contains("Bulbasaur") } != nil
    )

    try terminal.keys("/")
    try terminal.type("fire spe>100")
    try terminal.keys("Enter")
    let filtered = terminal.waitFor { $0.contains("Pokédex · 10 Pokémon") }
    #expect(filtered?.contains("Rapidash") == true)
    #expect(filtered?.contains("Bulbasaur") == false)

    try terminal.keys("l")
    #expect(terminal.waitFor { $0.contains("row · sort number") && $0.contains("BST") } != nil)

    try terminal.tmux(["resize-window", "-t", "t", "-x", "120", "-y", "40"])
    let resized = terminal.waitFor { screen in
      screen.split(separator: "\n").first.map { $0.count > 100 } ?? false
    }
    #expect(resized != nil, "the title was not redrawn at 120 columns")

    try terminal.keys("C-z")
    let stopped = terminal.waitFor { $0.contains("Stopped") }
    #expect(stopped != nil)
    let suspended = try terminal.sttyFromShell()
    #expect(Self.isCooked(suspended), "suspended, the terminal must be cooked: \(suspended)")

    try terminal.type("fg")
    try terminal.keys("Enter")
    #expect(
      terminal.waitFor { $0.contains("Pokédex · 10 Pokémon") && $0.contains("Rapidash") } != nil
    )

    try terminal.keys("q")
    // The shell's next prompt, not the line that started the app, which shows as soon as
    // the app leaves the alternate screen: typed before the app restores the terminal
    // (TCSAFLUSH), the next command would be discarded (a failure 1 run in 20).
    #expect(terminal.waitFor { Self.endsWithAPrompt($0) && !$0.contains("Pokédex ·") } != nil)
    let quit = try terminal.sttyFromShell()
    #expect(Self.isCooked(quit), "after q: \(quit)")
  }

  @Test func sigtermSavesTheSceneAndTheNextLaunchRestoresIt() throws {
    let terminal = try Terminal()
    try terminal.startProgram("--fresh")
    #expect(terminal.waitFor { $0.contains("Pokédex · 1025 Pokémon") } != nil)
    try terminal.keys("/")
    try terminal.type("water gen:1")
    try terminal.keys("Enter")
    #expect(terminal.waitFor { $0.contains("Pokédex · 32 Pokémon") } != nil)
    try terminal.keys("j", "j")
    usleep(200_000)
    kill(try terminal.browsePID(), SIGTERM)
    let stty = try #require(terminal.sttyAfterExit())
    #expect(Self.isCooked(stty), "after SIGTERM: \(stty)")
    #expect(terminal.screen().contains("EXIT=143"))
    let scene = try terminal.savedScene()
    #expect(scene.contains("\"query\":\"water gen:1\""))
    #expect(scene.contains("\"selection\":\"tentacool\""), "\(scene)")

    let relaunched = try Terminal.relaunch(terminal)
    #expect(
      relaunched.waitFor { $0.contains("Pokédex · 32 Pokémon") && $0.contains("/ water gen:1") }
        != nil
    )
    try relaunched.keys("Enter")
    #expect(
      relaunched.waitFor { $0.contains("#0072 Tentacool") } != nil,
      "the selection is restored"
    )
  }

  /// Ctrl-C is a key in raw mode: browse saves the scene and exits with 130, as fzf does
  /// (issue #37), rather than 0 or dying of `SIGINT`.
  @Test func ctrlCExitsWith130() throws {
    let terminal = try Terminal()
    try terminal.startProgram("--fresh")
    #expect(terminal.waitFor { $0.contains("Pokédex · 1025 Pokémon") } != nil)
    try terminal.keys("C-c")
    let stty = try #require(terminal.sttyAfterExit())
    #expect(Self.isCooked(stty), "after Ctrl-C: \(stty)")
    #expect(terminal.screen().contains("EXIT=130"), "\(terminal.screen())")
    #expect(try terminal.savedScene().contains("\"selection\":\"bulbasaur\""))
  }

  /// Started from a script (issue #36), Ctrl-Z stops the whole job, script included, as
  /// job-control programs do: the interactive shell sees it stop and prints its prompt,
  /// the terminal is cooked; `fg` continues both, browse redraws, and the script goes on
  /// after it.
  @Test func ctrlZInAScriptStopsTheWholeJob() throws {
    let terminal = try Terminal()
    let script = terminal.directory + "/wrapper"
    try "#!/bin/sh\n'\(terminal.binary)' browse --fresh\necho WRAPPER-DONE=$?\n".write(
      toFile: script,
      atomically: true,
      encoding: .utf8
    )
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
    try terminal.startShell()
    try terminal.type(script)
    try terminal.keys("Enter")
    #expect(terminal.waitFor { $0.contains("Pokédex · 1025 Pokémon") } != nil)
    try terminal.keys("C-z")
    let stopped = terminal.waitFor { $0.contains("Stopped") && Self.endsWithAPrompt($0) }
    #expect(stopped != nil, "the shell did not see the job stop: \(terminal.screen())")
    let suspended = try terminal.sttyFromShell()
    #expect(Self.isCooked(suspended), "suspended, the terminal must be cooked: \(suspended)")
    try terminal.type("fg")
    try terminal.keys("Enter")
    #expect(terminal.waitFor { $0.contains("Pokédex · 1025 Pokémon") } != nil, "no redraw")
    try terminal.keys("q")
    #expect(terminal.waitFor { $0.contains("WRAPPER-DONE=0") } != nil)
  }

  /// Colour follows the terminal by the rule of every command (issue #37): the 256-colour
  /// palette, 24-bit where `COLORTERM` says so, none with `TERM=dumb`.
  @Test(arguments: [
    ("", "\u{1B}[38;5;209m"),  // fire, the palette colour nearest to #EE8130
    ("COLORTERM=truecolor", "\u{1B}[38;2;238;129;48m"),
    ("TERM=dumb", nil),
  ])
  func colourFollowsTheTerminal(variables: String, fire: String?) throws {
    let terminal = try Terminal()
    try terminal.startProgram("--fresh fire", variables: variables)
    #expect(terminal.waitFor { $0.contains("Charmander") } != nil)
    let screen = try terminal.tmux(["capture-pane", "-p", "-e", "-t", "t"]).stdout
    if let fire {
      #expect(screen.contains(fire), "\(screen.debugDescription.prefix(600))")
    } else {
      #expect(!screen.contains("38;5;") && !screen.contains("38;2;"), "\(screen.debugDescription)")
    }
    try terminal.keys("q")
    #expect(terminal.waitFor { $0.contains("EXIT=0") } != nil)
  }

  @Test func killNineAfterAnIdleSecondLosesNothing() throws {
    let terminal = try Terminal()
    try terminal.startShell()
    try terminal.type("\(terminal.binary) browse --fresh")
    try terminal.keys("Enter")
    #expect(terminal.waitFor { $0.contains("Pokédex · 1025 Pokémon") } != nil)
    try terminal.keys("/")
    try terminal.type("dragon")
    try terminal.keys("Enter", "S")
    #expect(terminal.waitFor { $0.contains("by type") } != nil)
    usleep(1_800_000)  // the idle second, and the save
    kill(try terminal.browsePID(), SIGKILL)
    #expect(terminal.waitFor { $0.contains("Killed") } != nil)
    let scene = try terminal.savedScene()
    #expect(scene.contains("\"query\":\"dragon\""), "\(scene)")
    #expect(scene.contains("\"section_by\":\"type\""), "\(scene)")
    let killed = try terminal.sttyFromShell()
    #expect(Self.isCooked(killed), "the shell restores the terminal after kill -9: \(killed)")
  }

  /// `SIGQUIT` too (issue #36): its default action dumps core like a crash's, and the
  /// runtime's backtracer, which waits for a key on a terminal, left browse hanging in raw
  /// mode behind the alternate screen.
  @Test(arguments: [SIGSEGV, SIGABRT, SIGQUIT])
  func aCrashRestoresTheTerminal(signal: Int32) throws {
    let terminal = try Terminal()
    try terminal.startProgram("--fresh")
    #expect(terminal.waitFor { $0.contains("Pokédex · 1025 Pokémon") } != nil)
    kill(try terminal.browsePID(), signal)
    let stty = try #require(terminal.sttyAfterExit())
    #expect(Self.isCooked(stty), "after signal \(signal): \(stty)")
    #expect(terminal.screen().contains("EXIT=\(128 + signal)"), "it still dies of the signal")
  }
}

extension BrowseTerminalTests.Terminal {
  /// A second window on the same configuration folder, running `pokedex browse`.
  static func relaunch(_ previous: BrowseTerminalTests.Terminal) throws
    -> BrowseTerminalTests.Terminal
  {
    let next = try BrowseTerminalTests.Terminal()
    try next.newSession(
      "env -i PATH=/usr/bin:/bin TERM=xterm-256color LANG=C.UTF-8 HOME=\(previous.directory) POKEDEX_CONFIG_HOME=\(previous.directory)/config \(next.binary) browse; sleep 60"
    )
    return next
  }
}
