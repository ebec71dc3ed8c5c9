import PokedexKit

/// Pokémon Showdown's team text ("paste", "export"): one or several teams read from it and
/// written back.
///
/// The format is that of Showdown's own importer and exporter (`sim/teams.ts`). Reading is
/// strict where Showdown's importer guesses: a line that is no field, nature or move, an
/// unknown stat, a number that is not one, are errors with the line and column (``read(_:)``
/// skips them as Showdown does). Writing follows Showdown's exporter: the fields in its
/// order, each omitted when it has its default. Like Showdown's importer, reading gives a set
/// that knows `Frustration` and has no `Happiness:` line a happiness of 0. The two are exact
/// inverses:
///
/// - `parse(render(teams)).teams == teams` for teams whose text fields are valid: non-empty,
///   without surrounding whitespace or line breaks, no `" @ "` or parentheses in a species,
///   no `" @ "` in a nickname or an item, no `/` in a team name, no `:` in a nature, numbers
///   not negative, a format without `]`, a folder or name of a team without a format that
///   does not start with `[`, and no member knowing `Frustration` with happiness 255;
/// - `render(parse(text).teams) == text` for text in the canonical form `render` writes.
///
/// ```swift
/// let paste = try ShowdownPaste.parse("""
///   === [gen9ou] Sand/Offense ===
///
///   Garchomp @ Choice Scarf
///   Ability: Rough Skin
///   EVs: 252 Atk / 4 SpD / 252 Spe
///   Jolly Nature
///   - Earthquake
///   - Outrage
///   """)
/// paste.teams[0].format                      // "gen9ou"
/// paste.teams[0].members[0].evs.spe          // 252
/// paste.locations[0].members[0].line(of: .ability)  // 4
///
/// try ShowdownPaste.parse("Garchomp\nEVs: 252 Atq")
/// // throws: line 2: "EVs: 252 Atq" — unknown stat "Atq"; did you mean "Atk"?
/// ```
public struct ShowdownPaste: Codable, Hashable, Sendable {
  /// The teams, in the order written. A paste without headers is one team without a
  /// format, folder or name; an empty paste has none.
  public var teams: [ShowdownTeam]
  /// Where each team was written, one per team; empty for a paste built in code.
  public var locations: [TeamLocation]

  /// Creates a paste of `teams`.
  public init(teams: [ShowdownTeam], locations: [TeamLocation] = []) {
    self.teams = teams
    self.locations = locations
  }

  /// How rendered text ends its lines.
  public enum RenderStyle: String, Codable, Hashable, Sendable {
    /// As Showdown's exporter does: each line of a set ends with two spaces (a Markdown
    /// line break), headers and blank lines with nothing.
    case showdown
    /// No trailing spaces.
    case plain
  }

  /// Reads every team of `text`.
  ///
  /// Lines are trimmed; a blank line or `---` ends a set; a line starting with `===` starts
  /// a team. Sets before the first header form a team without a format, folder or name.
  /// Line breaks are `\n`, `\r\n`, `\r` and the other Unicode line separators.
  ///
  /// ```swift
  /// let paste = try ShowdownPaste.parse("Sparky (Pikachu) (F) @ Light Ball\n- Thunderbolt")
  /// paste.teams[0].members[0].nickname  // "Sparky"
  /// ```
  ///
  /// - Parameter text: the paste.
  /// - Returns: the teams with the lines they were read from.
  /// - Throws: ``ShowdownPasteError`` for the first line that cannot be read. ``read(_:)``
  ///   reads past it.
  /// - Complexity: O(*n*) in the length of `text`.
  public static func parse(_ text: String) throws(ShowdownPasteError) -> ShowdownPaste {
    var parser = ShowdownPasteParser()
    for (offset, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
      .enumerated()
    {
      try parser.consume(line, number: offset + 1)
    }
    return parser.finish()
  }

  /// Reads every line of `text` it can, as Showdown's importer does: a line that cannot be
  /// read is left out, an `EVs:` or `IVs:` entry naming no stat is skipped and the rest of
  /// its line kept, and each is reported in ``ShowdownPasteReading/problems``.
  ///
  /// ```swift
  /// let reading = ShowdownPaste.read("Tapu Koko\nEVs: 252 SAtk / 4 Def / 252 Spe\n- Taunt")
  /// reading.paste.teams[0].members[0].evs.spe  // 252
  /// reading.problems.count                     // 1: unknown stat "SAtk"
  /// ```
  ///
  /// - Complexity: O(*n*) in the length of `text`.
  public static func read(_ text: String) -> ShowdownPasteReading {
    var parser = ShowdownPasteParser()
    parser.skipsUnreadableEntries = true
    var problems: [ShowdownPasteError] = []
    for (offset, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
      .enumerated()
    {
      do {
        try parser.consume(line, number: offset + 1)
      } catch {
        problems.append(error)
      }
    }
    let paste = parser.finish()
    return ShowdownPasteReading(
      paste: paste,
      problems: (problems + parser.problems).sorted { $0.line < $1.line }
    )
  }

  /// The text of `teams`, in canonical form.
  ///
  /// A single team without a format, folder or name, and with members, is written as its
  /// sets alone; otherwise each team is written under its header (``header(of:)``) with a
  /// blank line after it, its sets each followed by a blank line, and one more blank line
  /// after the team, as Showdown's teambuilder writes a backup.
  ///
  /// - Complexity: O(*n*) in the length of the text.
  public static func render(_ teams: [ShowdownTeam], style: RenderStyle = .showdown) -> String {
    if teams.count == 1, let team = teams.first, team.isUnnamed, !team.members.isEmpty {
      return renderMembers(of: team, style: style)
    }
    return teams.map { header(of: $0) + "\n\n" + renderMembers(of: $0, style: style) + "\n" }
      .joined()
  }

  /// The text of one team: ``render(_:style:)-([ShowdownTeam],_)`` of `[team]`.
  public static func render(_ team: ShowdownTeam, style: RenderStyle = .showdown) -> String {
    render([team], style: style)
  }

  /// The text of one set, each line ending with a line break.
  ///
  /// ```swift
  /// ShowdownPaste.render(TeamMember(species: "Mew", level: 50), style: .plain)
  /// // "Mew\nLevel: 50\n"
  /// ```
  public static func render(_ member: TeamMember, style: RenderStyle = .showdown) -> String {
    let end = style == .showdown ? "  \n" : "\n"
    return ShowdownPasteWriter.lines(of: member).map { $0 + end }.joined()
  }

  /// A team's header line: `=== [gen9ou] Folder/Name ===`, with the parts it has.
  ///
  /// ```swift
  /// ShowdownPaste.header(of: ShowdownTeam(name: "Box 1"))  // "=== Box 1 ==="
  /// ShowdownPaste.header(of: ShowdownTeam())               // "=== ==="
  /// ```
  public static func header(of team: ShowdownTeam) -> String {
    var parts = ["==="]
    if let format = team.format { parts.append("[\(format)]") }
    let title = (team.folder.map { "\($0)/" } ?? "") + (team.name ?? "")
    if !title.isEmpty { parts.append(title) }
    parts.append("===")
    return parts.joined(separator: " ")
  }

  private static func renderMembers(of team: ShowdownTeam, style: RenderStyle) -> String {
    team.members.map { render($0, style: style) + "\n" }.joined()
  }
}
