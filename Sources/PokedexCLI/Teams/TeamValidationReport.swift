import PokedexTeams

/// What `team validate` says of one stored team: its name, battle format and problems, as
/// text lines or JSON.
///
/// ```swift
/// let report = TeamValidationReport(team: team, problems: validator.validate(team))
/// report.lines
/// // ["Sand [gen4ou]: 1 problem",
/// //  "  error: #1 Garchomp: Tera Types exist only in generation 9, not in generation 4"]
/// ```
struct TeamValidationReport: Encodable {
  /// The team's name.
  var team: String
  /// Its battle format, if it has one.
  var format: String?
  /// Every problem, each with the member's position (from 0) in `member`.
  var problems: [TeamDiagnostic]
  /// Each member's species, by position, to name it in text.
  private var species: [String]

  init(team: ShowdownTeam, problems: [TeamDiagnostic]) {
    self.team = team.name ?? ""
    format = team.format
    self.problems = problems
    species = team.members.map(\.displayName)
  }

  private enum CodingKeys: String, CodingKey { case team, format, problems }

  /// `Sand [gen4ou]: 1 problem`, then each problem indented, naming its member.
  var lines: [String] {
    let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
    let header = team + (format.map { " [\($0)]" } ?? "") + ": "
    guard !problems.isEmpty else { return [header + "no problems"] }
    return [header + count]
      + problems.map { problem in
        let who = problem.member.map { position in
          "#\(position + 1) " + (species.indices.contains(position) ? species[position] : "") + ": "
        }
        let hint = problem.suggestion.map { "; did you mean \"\($0)\"?" } ?? ""
        return "  \(problem.severity.rawValue): \(who ?? "")\(problem.message)\(hint)"
      }
  }
}
