import PokedexKit

/// Where a team of a ``ShowdownPaste`` was written: its header line and its members' lines.
///
/// ```swift
/// let paste = try ShowdownPaste.parse(text)
/// paste.locations[0].headerLine          // 1, or nil for a paste without a header
/// paste.locations[0].members[0].line     // the first line of the first set
/// ```
public struct TeamLocation: Codable, Hashable, Sendable {
  /// The 1-based line of the team's `=== ... ===` header, or `nil` if it has none.
  public var headerLine: Int?
  /// Where each member was written, in the team's order.
  public var members: [MemberLocation]

  /// Creates a location.
  public init(headerLine: Int? = nil, members: [MemberLocation] = []) {
    self.headerLine = headerLine
    self.members = members
  }
}

/// The lines a set of a paste was written on, for diagnostics that point at one field.
///
/// ```swift
/// let location = paste.locations[0].members[0]
/// location.line(of: .ability)  // the `Ability:` line, or the set's first line without one
/// location.line(ofMove: 2)     // the third `- move` line
/// ```
public struct MemberLocation: Codable, Hashable, Sendable {
  /// The 1-based line of the set's first line (nickname, species, gender, item).
  public var line: Int
  /// The line of each field written on a line of its own.
  public var fieldLines: [Field: Int]
  /// The line of each move, in order.
  public var moveLines: [Int]

  /// Creates a location.
  public init(line: Int, fieldLines: [Field: Int] = [:], moveLines: [Int] = []) {
    self.line = line
    self.fieldLines = fieldLines
    self.moveLines = moveLines
  }

  /// The line that gives `field`, or the set's first line if none does.
  public func line(of field: Field) -> Int { fieldLines[field] ?? line }

  /// The line of the move at `index`, or the set's first line if there is none.
  public func line(ofMove index: Int) -> Int {
    moveLines.indices.contains(index) ? moveLines[index] : line
  }

  /// A field of a set that has a line of its own.
  public enum Field: String, Codable, CodingKeyRepresentable, Hashable, Sendable, CaseIterable {
    case ability
    case level
    case shiny
    case happiness
    case pokeball
    case hiddenPowerType
    case dynamaxLevel
    case gigantamax
    case teraType
    case evs
    case nature
    case ivs

    /// The field's name as a paste writes it before the colon: `"Tera Type"`.
    public var label: String {
      switch self {
      case .ability: "Ability"
      case .level: "Level"
      case .shiny: "Shiny"
      case .happiness: "Happiness"
      case .pokeball: "Pokeball"
      case .hiddenPowerType: "Hidden Power"
      case .dynamaxLevel: "Dynamax Level"
      case .gigantamax: "Gigantamax"
      case .teraType: "Tera Type"
      case .evs: "EVs"
      case .nature: "Nature"
      case .ivs: "IVs"
      }
    }
  }
}
