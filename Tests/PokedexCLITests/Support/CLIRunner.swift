import PokedexCLI
import PokedexTestSupport

/// What one in-process run of the tool printed and returned.
struct CLIResult {
  var code: ExitCode
  var stdout: String
  var stderr: String
}

/// Runs `pokedex ARGUMENTS` in-process with a fake, non-terminal environment.
func pokedex(
  _ arguments: String...,
  environment: [String: String] = [:],
  terminal: Bool = false,
  width: Int? = nil,
  currentDirectory: String = "/tmp"
) -> CLIResult {
  pokedex(
    arguments,
    environment: environment,
    terminal: terminal,
    width: width,
    currentDirectory: currentDirectory
  )
}

func pokedex(
  _ arguments: [String],
  environment: [String: String] = [:],
  terminal: Bool = false,
  width: Int? = nil,
  currentDirectory: String = "/tmp"
) -> CLIResult {
  var env = environment
  if env["POKEDEX_CONFIG_HOME"] == nil && env["POKEDEX_PREFS_FILE"] == nil {
    // Never read or write the developer's real preferences.
    env["POKEDEX_PREFS_FILE"] = "/nonexistent-pokedex-test/prefs.plist"
  }
  if env["POKEDEX_CONFIG_HOME"] == nil && env["POKEDEX_TEAMS_FILE"] == nil {
    // Nor their teams: a path under a file, which no one (not even root) can create, so a
    // test that writes teams without a sandbox fails instead of sharing a file.
    env["POKEDEX_TEAMS_FILE"] = "/dev/null/pokedex-test/teams.jsonl"
  }
  let context = CommandContext(
    environment: env,
    stdoutIsTerminal: terminal,
    stderrIsTerminal: terminal,
    terminalColumns: width,
    currentDirectory: currentDirectory
  )
  let code = PokedexCLI.run(arguments, context: context)
  return CLIResult(code: code, stdout: context.stdout.text, stderr: context.stderr.text)
}
