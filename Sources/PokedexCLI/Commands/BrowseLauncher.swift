import PlistPreferences
import PokedexKit
import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `pokedex browse` does before and after its session: checks for a terminal, loads
/// the dex and the scene, and saves the scene.
struct BrowseLauncher {
  let arguments: ParsedArguments<BrowseCommand.Options>
  let context: CommandContext

  func run() throws(CLIError) -> ExitCode {
    let stdinIsTerminal = isatty(0) == 1
    guard stdinIsTerminal, context.stdoutIsTerminal else {
      let which = stdinIsTerminal ? "standard output is" : "standard input is"
      throw CLIError.failed(
        .usage,
        "browse needs a terminal, and \(which) not one; to print the Pokémon a query selects, use 'pokedex list QUERY'"
      )
    }
    let settings = try Settings(arguments.global, context: context)
    let scene = try startingScene(settings)
    let dex = try context.loadDex(arguments.global)
    let index = PokedexIndex(dex)
    let language = try settings.language(arguments.given(\.lang), dex: dex)
    let moveData = MoveDataLoader(context: context, global: arguments.global, dex: dex)
    let content = BrowseContent(
      index: index,
      names: NameResolver(language: language, dex: dex),
      filters: settings.stored(PokedexPreferences.filters),
      includesForms: scene.includesForms,
      moveLearners: moveData.load
    )
    let terminal = TerminalDevice()
    let size = terminal.size() ?? TerminalSize(rows: 24, columns: 80)
    let colorMode = try settings.value(
      PokedexPreferences.color,
      from: arguments.global.given(\.color),
      environment: "POKEDEX_COLOR"
    )
    // The rule of every command: the terminal's environment (TERM, COLORTERM, NO_COLOR).
    let colors = Style(mode: colorMode, isTerminal: true, environment: context.environment).depth
    let app = try BrowseApp(content: content, scene: scene, size: size, colors: colors)
    let store = settings.store
    let ending: BrowseSession.Ending
    var saveFailure: String?
    do throws(TerminalError) {
      let signals = try SignalPipe()
      let session = BrowseSession(app: app, terminal: terminal, signals: signals) { scene in
        guard let store else { return nil }
        do throws(PreferencesError) {
          try store.set(scene, for: PokedexPreferences.browseScene)
          return nil
        } catch {
          return error.description
        }
      }
      ending = try session.run()
      saveFailure = session.saveFailure
    } catch {
      terminal.restore()
      throw .terminal(error)
    }
    if let saveFailure {
      throw CLIError.failed(.cannotCreate, "the scene was not saved: \(saveFailure)")
    }
    switch ending {
    case .signal(let number):
      // Terminated by a signal: now that the terminal is back and the scene saved, die
      // of it, so the shell sees why.
      _ = signal(number, SIG_DFL)
      _ = raise(number)
      return .failure
    case .status(let status):
      return ExitCode(rawValue: status) ?? .failure
    }
  }

  /// The saved scene (unless `--fresh` or there is no store), with the command line's
  /// query, sort, sections, `--forms` and style over it.
  private func startingScene(_ settings: Settings) throws(CLIError) -> BrowseScene {
    var scene =
      arguments[\.fresh] ? BrowseScene() : settings.stored(PokedexPreferences.browseScene)
    if !arguments.positionals.isEmpty {
      scene.query = arguments.positionals.joined(separator: " ")
      scene.scrollRow = 0
    }
    if arguments[\.forms] { scene.includesForms = true }
    if let sort = arguments[\.sort] {
      do throws(QueryError) {
        _ = try PokemonSortDescriptor.parse(sort)
      } catch { throw CLIError.query(error) }
      scene.sort = sort
    }
    if let key = arguments[\.sectionBy] {
      do throws(QueryError) {
        _ = try PokemonSectionKey(parsing: key)
      } catch { throw CLIError.query(error) }
      scene.sectionBy = key
    }
    if let style = arguments[\.style] {
      guard let preset = LayoutPreset(rawValue: style) else {
        throw .usage(
          "unknown layout style '\(style)'; styles: \(PokedexPreferences.layoutStyles.joined(separator: ", "))"
        )
      }
      scene.layout = preset
    }
    return scene
  }
}
