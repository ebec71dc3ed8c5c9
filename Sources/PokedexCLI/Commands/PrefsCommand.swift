import FileKit
import Foundation
import PlistPreferences
import TerminalUI

/// `pokedex prefs`: show, change, export, import and check the preferences file.
///
/// Every change is one locked, durable commit of ``PreferencesStore``; `set`
/// checks the value against the key's type and allowed values first.
struct PrefsCommand: CommandGroup {
  let name = "prefs"
  let summary = "show and change the preferences file (list, get, set, doctor, ...)"
  let usage = [
    "prefs list|get|set|unset|reset|path|export|import|doctor [arguments]",
    "prefs list",
    "prefs get KEY",
    "prefs set KEY VALUE",
    "prefs unset KEY",
    "prefs reset",
    "prefs path",
    "prefs export [--format xml|binary|json] [--output FILE]",
    "prefs import FILE [--merge|--replace]",
    "prefs doctor [--repair]",
  ]
  let discussion = """
    list     every key with its value and where it comes from (file or default), noting an
             environment variable that overrides it, and unknown keys kept in the file
    get      print a key's value (the stored one, else the default)
    set      store a value; it must have the key's type and be allowed
             (a list key takes several values: prefs set layout.query fire 'spe>100')
    unset    remove a stored value, so the default applies again
    reset    remove every stored value without asking; the previous file stays
             as prefs.plist.bak until the next change
    path     print the preferences file's path
    export   print the file (XML by default) or write it to --output FILE atomically
    import   read an XML or binary plist or a JSON object; --merge (the default) keeps
             stored keys the file lacks, --replace drops them
    doctor   report the file's location, format, schema version, problems, quarantined
             files and lock state; exits 65 when something is wrong. --repair moves an
             unreadable file aside and recovers from the backup or the defaults

    Keys: see 'pokedex prefs list' and 'pokedex help prefs'. The file is
    $POKEDEX_PREFS_FILE, else $POKEDEX_CONFIG_HOME/prefs.plist, else
    $XDG_CONFIG_HOME/pokedex/prefs.plist, else ~/.config/pokedex/prefs.plist.
    """
  /// What every `prefs` subcommand runs with.
  struct PrefsSession {
    let store: PreferencesStore
    let global: ParsedArguments<GlobalOptions>
    let context: CommandContext
  }

  let subcommands: [any Subcommand<PrefsSession>] = [
    ClosureSubcommand("list", NoOptions()) { arguments, session throws(CLIError) in
      try PrefsCommand.expect(arguments.positionals, count: 0, for: "list")
      PrefsCommand.list(session)
    },
    ClosureSubcommand("get", NoOptions()) { arguments, session throws(CLIError) in
      let key = try PrefsCommand.single(arguments.positionals, named: "KEY", for: "get")
      try PrefsCommand.get(key, session)
    },
    ClosureSubcommand("set", NoOptions()) { arguments, session throws(CLIError) in
      let operands = arguments.positionals
      guard let key = operands.first else { throw .usage("missing KEY and VALUE for 'prefs set'") }
      try PrefsCommand.set(key, Array(operands.dropFirst()), session)
    },
    ClosureSubcommand("unset", NoOptions()) { arguments, session throws(CLIError) in
      let key = try PrefsCommand.single(arguments.positionals, named: "KEY", for: "unset")
      try PrefsCommand.unset(key, store: session.store)
    },
    ClosureSubcommand("reset", NoOptions()) { arguments, session throws(CLIError) in
      try PrefsCommand.expect(arguments.positionals, count: 0, for: "reset")
      try PrefsCommand.reset(session)
    },
    ClosureSubcommand("path", NoOptions()) { arguments, session throws(CLIError) in
      try PrefsCommand.expect(arguments.positionals, count: 0, for: "path")
      session.context.stdout.line(session.store.location.path)
    },
    ClosureSubcommand("export", ExportOptions()) { arguments, session throws(CLIError) in
      try PrefsCommand.expect(arguments.positionals, count: 0, for: "export")
      try PrefsCommand.export(arguments, session)
    },
    ClosureSubcommand("import", ImportOptions()) { arguments, session throws(CLIError) in
      let file = try PrefsCommand.single(arguments.positionals, named: "FILE", for: "import")
      try PrefsCommand.importFile(file, arguments, session)
    },
    PrefsDoctor(),
  ]

  func session(_ global: ParsedArguments<GlobalOptions>, context: CommandContext)
    throws(CLIError) -> PrefsSession
  {
    if global[\.noPrefs] {
      throw .usage("'prefs' manages the preferences file, so '--no-prefs' cannot be used with it")
    }
    return PrefsSession(store: try context.openPreferences(), global: global, context: context)
  }

  /// The options of `prefs export`.
  struct ExportOptions: OptionGroup {
    let format = Option.format(
      ["xml", "binary", "json"],
      short: nil,
      help: "export: xml (default), binary or json"
    )
    let output = Option<String>(
      "--output",
      short: "-o",
      value: "FILE",
      help: "export: write FILE atomically instead of stdout"
    )

    var declarations: [any OptionDeclaration] { [format, output] }
  }

  /// The options of `prefs import`.
  struct ImportOptions: OptionGroup {
    let merge = Flag("--merge", help: "import: keep stored keys the file does not have (default)")
    let replace = Flag("--replace", help: "import: replace every stored value with the file's")

    var declarations: [any OptionDeclaration] { [merge, replace] }
  }

  /// `prefs doctor [--repair]`, which exits 65 when something is wrong.
  struct PrefsDoctor: Subcommand {
    let name = "doctor"
    struct Options: OptionGroup {
      let repair = Flag("--repair", help: "doctor: quarantine an unreadable file and recover")

      var declarations: [any OptionDeclaration] { [repair] }
    }
    let options = Options()

    func run(_ arguments: ParsedArguments<Options>, session: PrefsSession) throws(CLIError)
      -> ExitCode
    {
      try PrefsCommand.expect(arguments.positionals, count: 0, for: "doctor")
      return try PrefsCommand.doctor(session, repair: arguments[\.repair])
    }
  }

  // MARK: Subcommands

  /// The table of keys, values and sources. A value longer than
  /// ``PropertyListValue/abbreviationLimit`` characters is cut, with its length noted
  /// (`prefs get KEY` prints it whole).
  private static func list(_ session: PrefsSession) {
    let (store, context) = (session.store, session.context)
    var rows: [[String]] = [["KEY", "VALUE", "SOURCE"]]
    let stored = store.dictionaryRepresentation()
    let check = LazyDataCheck(global: session.global, context: context, store: store)
    for entry in PokedexPreferences.all {
      let key = entry.key
      var value = key.defaultValue.map(Self.cell) ?? ""
      var source = "default"
      if let raw = stored[key.name] {
        if (try? key.validate(raw)) != nil && check.problem(key: key.name, value: raw) == nil {
          value = Self.cell(raw)
          source = "file"
        } else {
          source = "default (the file's \(Self.cell(raw)) is invalid)"
        }
      }
      if let variable = entry.environment, let text = context.environment[variable], !text.isEmpty {
        source +=
          "; overridden by \(variable)=\(PropertyListValue.abbreviated(text.escapedForMessage))"
      }
      rows.append([key.name, value, source])
    }
    let known = Set(PokedexPreferences.all.map(\.key.name))
    for name in stored.keys.sorted() where !known.contains(name) {
      rows.append([
        PropertyListValue.abbreviated(name.escapedForMessage), stored[name].map(Self.cell) ?? "",
        "file (unknown key, kept)",
      ])
    }
    for line in Self.table(rows) { context.stdout.line(line) }
    if Settings.isDisabledByEnvironment(context.environment) {
      context.stdout.line()
      context.stdout.line("POKEDEX_NO_PREFS is set: other commands ignore this file")
    }
  }

  private static func get(_ name: String, _ session: PrefsSession) throws(CLIError) {
    let (store, context) = (session.store, session.context)
    if let entry = Self.entry(named: name) {
      var value = entry.key.defaultValue
      if let raw = store.value(forKey: name), let valid = try? entry.key.validate(raw) {
        value = valid
      }
      context.stdout.line(value?.commandLineText ?? "")
      noteOverride(entry, context: context)
    } else if let raw = store.value(forKey: name) {
      context.stdout.line(raw.commandLineText)
    } else {
      throw unknownKey(name, store: store)
    }
  }

  private static func set(_ name: String, _ values: [String], _ session: PrefsSession)
    throws(CLIError)
  {
    let (store, context) = (session.store, session.context)
    guard let entry = Self.entry(named: name) else { throw unknownKey(name, store: store) }
    let key = entry.key
    guard let first = values.first else {
      throw .usage("missing VALUE for '\(name.escapedForMessage)'")
    }
    var takesList = false
    if case .array = key.defaultValue { takesList = values.count > 1 || !first.hasPrefix("[") }
    guard takesList || values.count == 1 else {
      throw .usage(
        "'\(name)' takes one value, got \(values.count); quote a value that contains spaces"
      )
    }
    do throws(PreferencesError) {
      let value =
        takesList
        ? try key.validate(.array(values.map { .string($0) })) : try key.value(parsing: first)
      let check = LazyDataCheck(global: session.global, context: context, store: store)
      if let problem = check.problem(key: name, value: value) {
        throw PreferencesError.invalidValue(key: name, reason: problem)
      }
      try store.setValue(value, forKey: name, validatingWith: key)
    } catch {
      throw Self.valueError(error, text: first, key: name)
    }
    noteOverride(entry, context: context)
  }

  private static func unset(_ name: String, store: PreferencesStore) throws(CLIError) {
    guard Self.entry(named: name) != nil || store.value(forKey: name) != nil else {
      throw unknownKey(name, store: store)
    }
    do {
      try store.removeValue(forKey: name)
    } catch {
      throw CLIError.preferences(error)
    }
  }

  private static func reset(_ session: PrefsSession) throws(CLIError) {
    let (store, context) = (session.store, session.context)
    let count = store.keys.count
    do {
      try store.removeAll()
    } catch {
      throw CLIError.preferences(error)
    }
    let path = store.location.path
    context.stdout.line(
      count == 0
        ? "nothing to reset: '\(path)' holds no values"
        : "removed \(count) value\(count == 1 ? "" : "s") from '\(path)'; every key has its default"
    )
  }

  private static func export(_ arguments: ParsedArguments<ExportOptions>, _ session: PrefsSession)
    throws(CLIError)
  {
    let (store, context) = (session.store, session.context)
    let format = arguments[\.format].flatMap(PreferencesExportFormat.init(rawValue:)) ?? .xml
    let data: Data
    do {
      data = try store.exportData(format: format)
    } catch {
      // A stored value the format cannot represent (NaN in JSON) is bad data, not usage.
      guard case .unencodableValue(let key, let reason) = error else {
        throw CLIError.preferences(error)
      }
      throw CLIError.failed(
        .data,
        "cannot export the preferences as \(format.rawValue): the value of '\(key.escapedForMessage)': "
          + "\(reason); export as xml or binary, or replace the value with "
          + "'pokedex prefs set' or 'pokedex prefs unset'"
      )
    }
    if let output = arguments[\.output] {
      try writeFileAtomically([UInt8](data), to: context.absolutePath(output))
    } else if format == .binary && context.stdoutIsTerminal {
      throw .usage(
        "refusing to write a binary property list to a terminal; use --output FILE or redirect"
      )
    } else {
      context.stdout.write(bytes: data)
    }
  }

  private static func importFile(
    _ file: String,
    _ arguments: ParsedArguments<ImportOptions>,
    _ session: PrefsSession
  ) throws(CLIError) {
    let (store, context) = (session.store, session.context)
    if arguments[\.merge] && arguments[\.replace] {
      throw .usage("'--merge' and '--replace' cannot be used together")
    }
    let mode: PreferencesImportMode = arguments[\.replace] ? .replace : .merge
    let path = context.absolutePath(file)
    let bytes = try FileIO.read(path)
    let changed: [String]
    let check = LazyDataCheck(global: session.global, context: context, store: store)
    do {
      changed = try store.importData(Data(bytes), source: file, mode: mode) {
        (document: [String: PropertyListValue]) throws(PreferencesError) in
        try Self.validateKnownKeys(in: document, check: check)
      }
    } catch {
      throw .importing(file: file, error)
    }
    let list = changed.isEmpty ? "" : ": " + changed.joined(separator: ", ")
    context.stdout.line(
      "imported '\(file)' (\(mode.rawValue)): \(changed.count) key\(changed.count == 1 ? "" : "s") changed\(list)"
    )
  }

  /// Checks every known key's value in an imported document: its type, its validator
  /// and, for keys that need it, the data; the first problem aborts the import.
  private static func validateKnownKeys(
    in document: [String: PropertyListValue],
    check: LazyDataCheck
  ) throws(PreferencesError) {
    // A query may use a filter the document brings.
    var filters: [String: [String]]?
    if case .dictionary(let entries)? = document[PokedexPreferences.filters.name] {
      filters = entries.compactMapValues { value -> [String]? in
        guard case .array(let items) = value else { return nil }
        return items.compactMap { item -> String? in
          if case .string(let term) = item { return term }
          return nil
        }
      }
    }
    for entry in PokedexPreferences.all {
      guard let raw = document[entry.key.name] else { continue }
      try entry.key.validate(raw)
      if let problem = check.problem(key: entry.key.name, value: raw, filters: filters) {
        throw .invalidValue(key: entry.key.name, reason: problem)
      }
    }
  }

  private static func doctor(_ session: PrefsSession, repair: Bool) throws(CLIError) -> ExitCode {
    let context = session.context
    var store = session.store
    if repair {
      do {
        // An empty transaction: under the lock, a corrupt file is quarantined and the
        // backup (or the defaults) written back; a healthy file is left untouched.
        try store.update { (_: inout PreferencesTransaction) throws(PreferencesError) in }
      } catch {
        throw CLIError.preferences(error)
      }
      store = try context.openPreferences()
    }
    var report = store.diagnose(knownKeys: PokedexPreferences.all.map(\.key))
    let check = LazyDataCheck(global: session.global, context: context, store: store)
    if report.parseProblem == nil && !report.isReadOnly {
      // Read through the store only when the file parses: a corrupt one would warn.
      report.diagnostics += Self.dataProblems(in: store, check: check)
    }
    context.stdout.line(report.description)
    if Settings.isDisabledByEnvironment(context.environment) {
      context.stdout.line("note: POKEDEX_NO_PREFS is set: other commands ignore this file")
    }
    guard !report.isHealthy else { return .success }
    let advice: String
    let kind = try? FileKit.FileStamp.of(report.resolvedPath)?.kind
    if report.parseProblem != nil, let kind, kind != .regular {
      advice =
        "it is not a regular file (a device or FIFO) and is never moved aside; "
        + "remove it or point POKEDEX_PREFS_FILE at a regular file"
    } else if report.parseProblem != nil {
      advice = "run 'pokedex prefs doctor --repair' to move it aside and recover from the backup"
    } else if report.isReadOnly {
      advice = "it was written by a newer pokedex; upgrade to change it"
    } else {
      advice =
        "fix the values above with 'pokedex prefs set KEY VALUE' or remove them with 'pokedex prefs unset KEY'"
    }
    context.stderr.line(
      "error: the preferences file '\(report.location.path)' has problems; \(advice)"
    )
    return .data
  }

  // MARK: Helpers

  /// A value as `prefs list` shows it: ``PropertyListValue/displayText``, cut after
  /// ``PropertyListValue/abbreviationLimit`` characters.
  ///
  /// - Complexity: O(1) in a string's length (only its first characters are looked
  ///   at); O(*n*) in the size of an array or a dictionary.
  static func cell(_ value: PropertyListValue) -> String {
    let limit = PropertyListValue.abbreviationLimit
    guard case .string(let text) = value, text.utf8.count > limit,
      let end = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex),
      end < text.endIndex
    else { return PropertyListValue.abbreviated(value.displayText) }
    let shown = PropertyListValue.string(String(text[..<end])).displayText
    return shown + "... (\(text.utf8.count) bytes)"
  }

  /// The stored values of known keys that pass their validators but not the data
  /// (a language it lacks, a query that does not compile), as the doctor's warnings.
  private static func dataProblems(in store: PreferencesStore, check: LazyDataCheck)
    -> [PreferencesDiagnostic]
  {
    PokedexPreferences.all.compactMap { entry in
      let name = entry.key.name
      guard let raw = store.value(forKey: name), (try? entry.key.validate(raw)) != nil,
        let problem = check.problem(key: name, value: raw)
      else { return nil }
      return PreferencesDiagnostic(
        severity: .warning,
        kind: .invalidValue,
        message: "invalid value for '\(name)': \(problem); the default is used",
        key: name,
        rawValue: raw,
        path: store.location.path
      )
    }
  }

  private static func entry(named name: String) -> (
    key: AnyPreferenceKey, environment: String?, help: String
  )? {
    PokedexPreferences.all.first { $0.key.name == name }
  }

  private static func unknownKey(_ name: String, store: PreferencesStore) -> CLIError {
    let names = PokedexPreferences.all.map(\.key.name) + store.keys
    let hint =
      closestMatch(to: name, in: names).map { "; did you mean '\($0)'?" }
      ?? "; 'pokedex prefs list' shows every key"
    return CLIError.failed(.usage, "unknown key '\(name.escapedForMessage)'\(hint)")
  }

  /// A value error, with "did you mean" for a misspelt value of a closed set.
  private static func valueError(_ error: PreferencesError, text: String, key: String) -> CLIError {
    guard case .invalidValue = error, let allowed = PokedexPreferences.allowedValues[key] else {
      return .preferences(error)
    }
    return .preferences(error, suggestion: closestMatch(to: text, in: allowed))
  }

  /// Tells on stderr that an environment variable wins over the stored value.
  private static func noteOverride(
    _ entry: (key: AnyPreferenceKey, environment: String?, help: String),
    context: CommandContext
  ) {
    guard let variable = entry.environment, let text = context.environment[variable], !text.isEmpty
    else {
      return
    }
    context.stderr.line(
      "note: \(variable)=\(text.escapedForMessage) overrides this setting in other commands"
    )
  }

  private static func expect(_ operands: [String], count: Int, for subcommand: String)
    throws(CLIError)
  {
    guard operands.count > count else { return }
    throw .usage(
      "unexpected argument '\(operands[count].escapedForMessage)' for 'prefs \(subcommand)'"
    )
  }

  private static func single(_ operands: [String], named name: String, for subcommand: String)
    throws(CLIError) -> String
  {
    guard let first = operands.first else {
      throw .usage("missing \(name) for 'prefs \(subcommand)'")
    }
    try expect(operands, count: 1, for: subcommand)
    return first
  }

  /// Rows padded into columns two spaces apart; the last column is not padded.
  static func table(_ rows: [[String]]) -> [String] {
    let columns = rows.map(\.count).max() ?? 0
    var widths = [Int](repeating: 0, count: columns)
    for row in rows {
      for (index, cell) in row.enumerated() {
        widths[index] = max(widths[index], TextWidth.of(cell))
      }
    }
    return rows.map { row in
      row.enumerated().map { index, cell in
        index == row.count - 1 ? cell : TextWidth.pad(cell, to: widths[index])
      }
      .joined(separator: "  ")
    }
  }
}
