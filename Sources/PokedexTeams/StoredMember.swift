import PokedexKit

/// A member as the player's teams and boxes keep it: the Showdown set and the player's notes.
///
/// ```swift
/// StoredMember(member: TeamMember(species: "Garchomp"), notes: "from the Sand team")
/// ```
public struct StoredMember: Codable, Hashable, Sendable {
  /// The set, as a Showdown paste describes it.
  public var member: TeamMember
  /// The player's notes; Showdown's format has no place for them, so exports leave them out.
  public var notes: String?

  /// A stored member.
  public init(member: TeamMember, notes: String? = nil) {
    self.member = member
    self.notes = notes
  }
}

/// What a team or a box keeps besides its name and folder.
public struct TeamSectionInfo: Codable, Hashable, Sendable {
  /// Whether it is a box (any number of members) rather than a team (at most six).
  public var isBox: Bool
  /// Showdown's format id (`"gen9ou"`), written in the paste header on export.
  public var format: String?

  /// A team's or a box's info.
  public init(isBox: Bool, format: String? = nil) {
    self.isBox = isBox
    self.format = format
  }

  private enum CodingKeys: String, CodingKey { case isBox, format }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    isBox = try container.decodeIfPresent(Bool.self, forKey: .isBox) ?? false
    format = try container.decodeIfPresent(String.self, forKey: .format)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    if isBox { try container.encode(isBox, forKey: .isBox) }
    try container.encodeIfPresent(format, forKey: .format)
  }
}
