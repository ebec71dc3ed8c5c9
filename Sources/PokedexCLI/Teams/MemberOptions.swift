import PokedexKit
import PokedexTeams

/// The options of `team add` and `team edit` that set a member's fields (`--species` is
/// `team edit`'s own), applied to a member and checked against the data.
struct MemberOptions: OptionGroup {
  let nickname = Option<String>(
    "--nickname",
    value: "NAME",
    help: "add, edit: its nickname ('' removes it)"
  )
  let level = Option<Int>("--level", in: 1...100, help: "add, edit: its level, 1-100 (default 100)")
  let gender = Option<String>(
    "--gender",
    value: "M|F|none",
    allowed: ["M", "F", "none"],
    help: "add, edit: its gender"
  )
  let shiny = Option<String>(
    "--shiny",
    value: "yes|no",
    allowed: ["yes", "no"],
    help: "add, edit: whether it is shiny"
  )
  let ability = Option<String>("--ability", value: "NAME", help: "add, edit: its ability")
  let item = Option<String>(
    "--item",
    value: "NAME",
    help: "add, edit: its held item ('' removes it)"
  )
  let nature = Option<String>("--nature", value: "NAME", help: "add, edit: its nature")
  let tera = Option<String>("--tera", value: "TYPE", help: "add, edit: its Tera type")
  let moves = Option<String>(
    "--moves",
    value: "A,B,C,D",
    help: "add, edit: up to four moves, comma-separated"
  )
  let evs = Option<String>(
    "--evs",
    value: "SPREAD",
    help: "add, edit: EVs as Showdown writes them: '252 Atk / 4 Def / 252 Spe'"
  )
  let ivs = Option<String>(
    "--ivs",
    value: "SPREAD",
    help: "add, edit: IVs, as --evs ('0 Atk'); the rest stay 31"
  )
  let notes = Option<String>(
    "--notes",
    value: "TEXT",
    help: "add, edit: your notes ('' removes them)"
  )

  var declarations: [any OptionDeclaration] {
    [nickname, level, gender, shiny, ability, item, nature, tera, moves, evs, ivs, notes]
  }

  /// `member` with the fields `arguments` set, and its species `species` when given.
  ///
  /// - Throws: a usage error (64) for a value that cannot be a level or a spread, or text
  ///   with a control character.
  static func apply(
    _ arguments: ParsedArguments<MemberOptions>,
    species: String? = nil,
    to stored: StoredMember
  ) throws(CLIError) -> StoredMember {
    var stored = stored
    var member = stored.member
    if let species { member.species = species }
    if let nickname = arguments[\.nickname] { member.nickname = nickname.isEmpty ? nil : nickname }
    if let level = try arguments.value(\.level) { member.level = level }
    if let gender = arguments[\.gender] { member.gender = TeamMember.Gender(rawValue: gender) }
    if let shiny = arguments[\.shiny] { member.isShiny = shiny == "yes" }
    if let ability = arguments[\.ability] { member.ability = ability.isEmpty ? nil : ability }
    if let item = arguments[\.item] { member.item = item.isEmpty ? nil : item }
    if let nature = arguments[\.nature] { member.nature = nature.isEmpty ? nil : nature }
    if let tera = arguments[\.tera] { member.teraType = tera.isEmpty ? nil : tera }
    if let moves = arguments[\.moves] {
      member.moves = moves.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { !$0.isEmpty }
    }
    if let evs = arguments[\.evs] {
      member.evs = try spread(evs, line: "EVs", \.evs, option: arguments.options.evs)
    }
    if let ivs = arguments[\.ivs] {
      member.ivs = try spread(ivs, line: "IVs", \.ivs, option: arguments.options.ivs)
    }
    if let notes = arguments[\.notes] { stored.notes = notes.isEmpty ? nil : notes }
    for text in [member.nickname, member.item, member.ability, stored.notes].compactMap({ $0 })
    where text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      throw .usage("'\(text.escapedForMessage)' contains a tab, line break or control character")
    }
    stored.member = member
    return stored
  }

  /// A spread as Showdown writes it on its `line` (`EVs: 252 Atk / 4 Def`), read by the
  /// paste parser itself so that the two agree; the member's `field` of it.
  private static func spread(
    _ text: String,
    line: String,
    _ field: KeyPath<TeamMember, StatSpread>,
    option: Option<String>
  ) throws(CLIError) -> StatSpread {
    let name = option.spec.name
    let paste: ShowdownPaste
    do {
      paste = try ShowdownPaste.parse("Pikachu\n\(line): \(text)\n")
    } catch {
      throw .usage("\(name) '\(text.escapedForMessage)': \(error.message)")
    }
    guard let member = paste.teams.first?.members.first else {
      throw .usage("\(name): cannot read '\(text.escapedForMessage)'")
    }
    return member[keyPath: field]
  }

  /// Checks a member against the data, by the rules of its team's battle `format`: its
  /// species is written the way Showdown writes it, and each problem is an error (exit 65)
  /// or, with `lenient`, a warning on stderr.
  static func validate(
    _ stored: StoredMember,
    validator: TeamValidator,
    format: String?,
    lenient: Bool,
    context: CommandContext
  ) throws(CLIError) -> StoredMember {
    var stored = stored
    if let name = validator.showdownName(forSpecies: stored.member.species) {
      stored.member.species = name
    }
    // A member added or edited one option at a time may get its moves later.
    let problems = validator.validate(stored.member, format: format).filter {
      $0.kind != .noMoves
    }
    try report(problems, lenient: lenient, context: context)
    return stored
  }

  /// Writes warnings, and throws the errors unless `lenient` makes them warnings.
  static func report(_ problems: [TeamDiagnostic], lenient: Bool, context: CommandContext)
    throws(CLIError)
  {
    let shown = lenient ? problems.map { $0.downgraded() } : problems
    let errors = shown.filter { $0.severity == .error }
    for warning in shown where warning.severity == .warning {
      context.stderr.line(warning.description)
    }
    guard errors.isEmpty else {
      let text = errors.map(\.description).joined(separator: "\n")
      throw .diagnostics(
        .data,
        text + "\nnothing was changed; fix the value, or pass --lenient to keep it with a warning"
      )
    }
  }
}
