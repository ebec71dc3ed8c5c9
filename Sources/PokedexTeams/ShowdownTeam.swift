import PokedexKit

/// A team or a box: its members, and the format, folder and name of Showdown's teambuilder.
///
/// In a paste, a team is introduced by a header line, `=== [gen9ou] Folder/Name ===`; a
/// paste without one is a single team with no format, folder or name.
///
/// ```swift
/// let team = ShowdownTeam(format: "gen9ou", folder: "Ladder", name: "Sand", members: [chomp])
/// ShowdownPaste.header(of: team)  // "=== [gen9ou] Ladder/Sand ==="
/// ```
public struct ShowdownTeam: Codable, Hashable, Sendable {
  /// Showdown's format id, `"gen9ou"`, or `nil` for a box or an unfiled team.
  public var format: String?
  /// The teambuilder folder it sits in, if any.
  public var folder: String?
  /// The team's name, if it has one.
  public var name: String?
  /// The members, in order.
  public var members: [TeamMember]

  /// Creates a team.
  public init(
    format: String? = nil,
    folder: String? = nil,
    name: String? = nil,
    members: [TeamMember] = []
  ) {
    self.format = format
    self.folder = folder
    self.name = name
    self.members = members
  }

  /// Whether the team has no format, folder or name: a paste of it needs no header.
  public var isUnnamed: Bool { format == nil && folder == nil && name == nil }
}
