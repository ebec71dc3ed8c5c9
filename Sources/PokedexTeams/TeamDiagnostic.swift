import PokedexKit

/// A problem ``TeamValidator`` found in a team: what, where, how serious, and the closest
/// name the data has when a name is unknown.
///
/// ```swift
/// let problems = validator.validate(paste)
/// problems[0].description
/// // error: line 1: unknown species "Garchomq"; did you mean "Garchomp"?
/// problems.map { $0.downgraded() }  // what a --lenient caller reports: all warnings
/// ```
public struct TeamDiagnostic: Codable, Hashable, Sendable, CustomStringConvertible {
  /// How serious it is; the tool decides what each means for its exit code.
  public var severity: Severity
  /// What kind of problem it is, for callers that treat some differently.
  public var kind: Kind
  /// What is wrong, in lower case without a trailing period and without the suggestion.
  public var message: String
  /// The closest known name, for "did you mean", if there is one.
  public var suggestion: String?
  /// The 1-based line of the paste it is on, when the team was read from a paste.
  public var line: Int?
  /// The position of the team in the paste, when validating a paste.
  public var team: Int?
  /// The position of the member in its team, for a problem with one member.
  public var member: Int?

  /// Creates a diagnostic.
  public init(
    severity: Severity,
    kind: Kind,
    message: String,
    suggestion: String? = nil,
    line: Int? = nil,
    team: Int? = nil,
    member: Int? = nil
  ) {
    self.severity = severity
    self.kind = kind
    self.message = message
    self.suggestion = suggestion
    self.line = line
    self.team = team
    self.member = member
  }

  /// How serious a problem is.
  public enum Severity: String, Codable, Hashable, Sendable, Comparable {
    /// The team is not legal as written.
    case error
    /// The team is legal but something looks unintended, or an error was downgraded.
    case warning

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
      lhs == .warning && rhs == .error
    }
  }

  /// The kinds of problem.
  public enum Kind: String, Codable, Hashable, Sendable, CaseIterable {
    /// No Pokémon of the dex has that species name.
    case unknownSpecies
    /// The species name fits several Pokémon equally.
    case ambiguousSpecies
    /// No ability has that name.
    case unknownAbility
    /// The species (its form) cannot have the ability.
    case abilityNotAllowed
    /// Something the format's generation does not have: a species, ability or move that
    /// came later, Tera Types before generation 9.
    case notInGeneration
    /// A species above the format's tier (an Uber in OU).
    case tierBan
    /// Two members of one species where the format's Species Clause allows one.
    case speciesClause
    /// The forme needs an item it does not hold (a Mega Stone, a Primal's orb, a Plate).
    case requiredItemMissing
    /// No move has that name.
    case unknownMove
    /// The species cannot learn the move (checked only with learnsets).
    case moveNotLearnable
    /// A move is listed twice.
    case repeatedMove
    /// More than four moves.
    case tooManyMoves
    /// No moves.
    case noMoves
    /// No nature has that name.
    case unknownNature
    /// A Tera or Hidden Power type that is not a type.
    case unknownType
    /// An EV outside 0...252.
    case evOutOfRange
    /// EVs adding up to more than 510.
    case evTotalOutOfRange
    /// An IV outside 0...31.
    case ivOutOfRange
    /// A level outside 1...100.
    case levelOutOfRange
    /// Happiness outside 0...255.
    case happinessOutOfRange
    /// A Dynamax level outside 0...10.
    case dynamaxLevelOutOfRange
    /// A gender the species cannot have.
    case genderNotAllowed
    /// More than six members in a team (boxes have no limit).
    case tooManyMembers
  }

  /// The same problem as a warning: what a lenient caller reports instead of an error.
  public func downgraded() -> TeamDiagnostic {
    var copy = self
    copy.severity = .warning
    return copy
  }

  /// `error: line 4: unknown stat...; did you mean "X"?`, without the line when it has
  /// none.
  public var description: String {
    let place = line.map { "line \($0): " } ?? ""
    let hint = suggestion.map { "; did you mean \"\($0)\"?" } ?? ""
    return "\(severity.rawValue): \(place)\(message)\(hint)"
  }
}
