import Foundation
import PokedexKit

/// `team move`: within a team, or across teams and boxes, as the shopping list reorders.
enum TeamMove {
  /// Where `--to` points: a position in the same team, or another team (and position).
  struct Destination: Equatable {
    var team: String?
    /// 1-based; `nil` for the end.
    var position: Int?
  }

  /// Parses `--to`: `N`, `TEAM` or `TEAM:N` (a name containing `:` is taken whole unless
  /// what follows its last `:` is a number).
  static func destination(_ text: String) -> Destination {
    if let number = Int(text) { return Destination(team: nil, position: number) }
    if let colon = text.lastIndex(of: ":"), let number = Int(text[text.index(after: colon)...]),
      colon != text.startIndex
    {
      return Destination(team: String(text[..<colon]), position: number)
    }
    return Destination(team: text, position: nil)
  }

  /// Moves the member `reference` of `team` to `target` (see ``destination(_:)``).
  ///
  /// - Throws: a usage error for a position out of range; `.sectionFull` (exit 65) when the
  ///   destination is a full team, with nothing changed.
  static func move(
    _ reference: String,
    from team: String,
    to target: String,
    in document: inout TeamDocument,
    date: Date
  ) throws {
    let source = try TeamLookup.section(named: team, in: document)
    let items = try document.items(in: source.id)
    let position = try TeamLookup.position(of: reference, in: items, section: source)
    let destination = Self.destination(target)
    let other = try destination.team.map { name throws(CLIError) in
      try TeamLookup.section(named: name, in: document)
    }
    guard let other, other.id != source.id else {
      let index = try checked(destination.position ?? items.count, upTo: items.count, in: source)
      try document.modifyItems(in: source.id, date: date) { items in
        let item = items.remove(at: position)
        items.insert(item, at: index - 1)
      }
      return
    }
    let count = document.count(in: other.id)
    if let capacity = other.capacity, count >= capacity {
      throw CLIError.failed(
        .data,
        "'\(other.name)' is full (\(count) of \(capacity)); move a member out of it first, or move to a box"
      )
    }
    let index = try checked(destination.position ?? count + 1, upTo: count + 1, in: other)
    let item = items[position]
    try document.modifyItems(in: source.id, date: date) { $0.remove(at: position) }
    try document.modifyItems(in: other.id, date: date) { $0.insert(item, at: index - 1) }
  }

  private static func checked(_ position: Int, upTo last: Int, in section: TeamSection)
    throws(CLIError) -> Int
  {
    guard position >= 1, position <= max(last, 1) else {
      throw .usage(
        "position \(position) is out of range for '\(section.name)': 1 to \(max(last, 1))"
      )
    }
    return position
  }
}
