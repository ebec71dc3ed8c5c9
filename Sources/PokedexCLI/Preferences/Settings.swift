import PlistPreferences
import PokedexKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Resolves a command's settings: the flag, then the environment variable,
/// then the preferences file, then the built-in default.
///
/// ```swift
/// let settings = try Settings(arguments.global, context: context)
/// let style = try settings.value(
///   PokedexPreferences.layoutStyle,
///   from: arguments.given(\.style),
///   environment: "POKEDEX_LAYOUT_STYLE"
/// )
/// ```
package struct Settings {
  /// The global options (`--data`, `--color`, `--no-prefs`).
  package let global: ParsedArguments<GlobalOptions>
  package let context: CommandContext
  /// The preferences store, or `nil` with `--no-prefs` (or `POKEDEX_NO_PREFS=1`).
  package let store: PreferencesStore?

  package init(_ global: ParsedArguments<GlobalOptions>, context: CommandContext) throws(CLIError) {
    self.global = global
    self.context = context
    let disabled = global[\.noPrefs] || Self.isDisabledByEnvironment(context.environment)
    store = disabled ? nil : try context.openPreferences()
  }

  /// Whether `POKEDEX_NO_PREFS` asks every command to ignore the preferences file (`1`, `true`, `yes`).
  package static func isDisabledByEnvironment(_ environment: [String: String]) -> Bool {
    ["1", "true", "yes"].contains(environment["POKEDEX_NO_PREFS"] ?? "")
  }

  /// The value of `key`: the option's value `given` on the command line, else the
  /// `environment` variable, else the file, else the default.
  ///
  /// A given or environment value is parsed as the key's type and validated; a bad one is
  /// a usage error naming where it came from.
  package func value<Value: LosslessStringConvertible & Codable & Sendable>(
    _ key: PreferenceKey<Value>,
    from given: GivenValue?,
    environment variable: String?
  ) throws(CLIError) -> Value {
    if let given {
      return try parse(given.text, for: key, source: given.option)
    }
    if let variable, let text = context.environment[variable], !text.isEmpty {
      return try parse(text, for: key, source: "environment variable \(variable)")
    }
    return stored(key)
  }

  /// The stored value of a key without a flag or environment variable (lists, dictionaries).
  ///
  /// A stored value that does not decode, that the key's validator refuses, or that the
  /// data does not allow (``PokedexPreferences/DataCheck``: a language the data lacks, a
  /// query that does not compile) gives the default, with a warning on stderr naming
  /// the key and the file; the value stays in the file.
  package func stored<Value>(_ key: PreferenceKey<Value>) -> Value {
    guard let store else { return key.defaultValue }
    let value = store[key]
    guard PokedexPreferences.dataCheckedKeys.contains(key.name),
      let raw = store.value(forKey: key.name),
      (try? AnyPreferenceKey(key).validate(raw)) != nil,
      let problem = dataCheck()?.problem(key: key.name, value: raw)
    else { return value }
    context.stderr.line(
      "warning: "
        + Self.unusableValueMessage(
          key: key.name,
          raw: raw,
          problem: problem,
          file: store.location.path
        )
    )
    return key.defaultValue
  }

  /// The checks against the data the arguments select, or `nil` when it does not load
  /// (the command reports that itself). Loading is cached per file in the process.
  private func dataCheck() -> PokedexPreferences.DataCheck? {
    guard let dex = try? context.loadDex(global) else { return nil }
    let filters = store?[PokedexPreferences.filters] ?? [:]
    return PokedexPreferences.DataCheck(
      dex: dex,
      filters: filters,
      moveLearners: MoveDataLoader(context: context, global: global, dex: dex).load
    )
  }

  /// The warning for a stored value that is not used, in the form of the store's own.
  static func unusableValueMessage(
    key: String,
    raw: PropertyListValue,
    problem: String,
    file: String
  ) -> String {
    "'\(key)' holds \(raw.abbreviatedText), which is not allowed: \(problem); "
      + "using the default, the stored value is kept in '\(file)'"
  }

  private func parse<Value: LosslessStringConvertible & Codable & Sendable>(
    _ text: String,
    for key: PreferenceKey<Value>,
    source: String
  ) throws(CLIError) -> Value {
    let shown = PropertyListValue.abbreviated(text.escapedForMessage)
    guard let value = Value(text) else {
      throw .usage(
        "invalid value '\(shown)' for \(source): expected \(Value.self == Int.self ? "a whole number" : "text")"
      )
    }
    if let reason = key.validator?(value) {
      throw .usage("invalid value '\(shown)' for \(source): \(reason)")
    }
    return value
  }
}

extension CommandContext {
  /// Resolves the preferences file's location from the environment.
  package func preferencesLocation() throws(CLIError) -> PreferencesLocation {
    do {
      return try PreferencesLocation.resolve(
        appName: "pokedex",
        fileName: "prefs.plist",
        variables: .init(prefix: "POKEDEX"),
        environment: environment
      )
    } catch {
      throw .location(error)
    }
  }

  /// Opens the preferences store; its diagnostics (a corrupt file quarantined, a value that
  /// does not decode) are written to stderr as warnings, except changes kept in memory
  /// only, which the failing command reports as an error.
  package func openPreferences() throws(CLIError) -> PreferencesStore {
    let store = PreferencesStore(location: try preferencesLocation())
    let stderr = self.stderr
    store.onDiagnostic = { diagnostic in
      // A change kept in memory only is moot for a process about to exit: the command's
      // error already says the file was not written.
      guard diagnostic.kind != .unsavedChanges else { return }
      stderr.line("warning: \(diagnostic.message)")
    }
    return store
  }
}
