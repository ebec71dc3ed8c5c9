import PokedexKit
import TerminalUI

/// Writes ``LearnsetGroups``: as tables (`pokedex learnset`), as compact lines (`show
/// --moves`) or as JSON (both).
struct LearnsetOutput {
  var groups: LearnsetGroups
  var data: MoveContext

  /// A title, then a table per group: `Level` or `TM` first where the group has them, then
  /// the move's name, type, category, power, accuracy and PP; the moves learned only by a
  /// prevolution last, with the prevolution.
  func tables(width: Int) -> String {
    let style = data.style
    let name = data.names.name(of: groups.pokemon)
    var output = style.bold("\(name): moves in generation \(groups.generation)") + "\n"
    if let note = inheritanceNote { output += style.dim(note) + "\n" }
    if groups.isEmpty { output += emptyNote + "\n" }
    for group in groups.groups {
      output += "\n" + style.bold("\(MoveText.method(group.kind)) (\(group.entries.count))") + "\n"
      output += table(group, width: width)
    }
    if !groups.fromPrevolutions.isEmpty {
      output +=
        "\n"
        + style.bold("By a previous evolution (\(groups.fromPrevolutions.count))") + "\n"
      let rows = groups.fromPrevolutions.map { inherited in
        cells(inherited.move)
          + [
            data.names.name(of: inherited.from) + " ("
              + inherited.kinds.map(\.rawValue).joined(separator: ", ") + ")"
          ]
      }
      output += TextTable(
        headers: Self.moveHeaders + ["From"],
        numeric: Self.moveNumeric + [false],
        priorities: Self.movePriorities + [.summary],
        rows: rows
      ).render(width: width, style: style)
    }
    return output
  }

  /// "Mega Charizard X learns Charizard's moves.", for a form that inherits.
  private var inheritanceNote: String? {
    guard let slug = groups.learnsetOf else { return nil }
    let base = data.learners.dex.pokemon.first { $0.slug == slug }
    return "\(data.names.name(of: groups.pokemon)) learns the moves of "
      + "\(base.map { data.names.name(of: $0) } ?? slug)."
  }

  private var emptyNote: String {
    guard groups.hasLearnset else { return "The data has no learnset for it." }
    let methods = groups.methods.map {
      " by " + $0.sorted().map(\.rawValue).joined(separator: ", ")
    }
    return "No moves\(methods ?? "") in generation \(groups.generation)."
  }

  private func table(_ group: LearnsetGroups.Group, width: Int) -> String {
    let lead: (header: String, value: (LearnsetGroups.Entry) -> String)? =
      switch group.kind {
      case .levelUp: ("Level", { MoveText.level($0.level ?? 1) })
      case .machine: ("TM", { $0.machine ?? "—" })
      default: nil
      }
    let rows = group.entries.map { entry in
      (lead.map { [$0.value(entry)] } ?? []) + cells(entry.move)
    }
    return TextTable(
      headers: (lead.map { [$0.header] } ?? []) + Self.moveHeaders,
      numeric: (lead.map { _ in [group.kind == .levelUp] } ?? []) + Self.moveNumeric,
      priorities: (lead.map { _ in [.identifier] } ?? []) + Self.movePriorities,
      rows: rows
    ).render(width: width, style: data.style)
  }

  static let moveHeaders = ["Move", "Type", "Cat.", "Power", "Acc.", "PP"]
  static let moveNumeric = [false, false, false, true, true, true]
  static let movePriorities: [TextTable.Priority] = [
    .name, .summary, .summary, .detail, .detail, .detail,
  ]

  /// A move's cells under ``moveHeaders``.
  func cells(_ move: Move) -> [String] {
    [
      data.name(of: move), data.names.typeName(move.type), MoveText.category(move.damageClass),
      MoveText.number(move.power), MoveText.number(move.accuracy), MoveText.number(move.pp),
    ]
  }

  /// The groups on a line each, for `show --moves`: `By level up  Thunder Shock (1), ...`,
  /// wrapped at `width` under the names.
  func compactLines(width: Int) -> [String] {
    var lines = groups.groups.map { group in
      let items = group.entries.map { entry in
        data.name(of: entry.move)
          + (entry.level.map { " (\(MoveText.level($0)))" } ?? "")
          + (entry.machine.map { " (\($0))" } ?? "")
      }
      return line(Self.compactLabel(group.kind), items)
    }
    if !groups.fromPrevolutions.isEmpty {
      lines.append(
        line(
          "Prevolution",
          groups.fromPrevolutions.map {
            "\(data.name(of: $0.move)) (\(data.names.name(of: $0.from)))"
          }
        )
      )
    }
    if groups.isEmpty { lines.append(("  ", emptyNote)) }
    return lines.map {
      TextWidth.wrap($0.text, width: width, prefix: $0.prefix, indent: 14).joined(separator: "\n")
    }
  }

  private func line(_ label: String, _ items: [String]) -> (prefix: String, text: String) {
    ("  " + TextWidth.pad(label, to: 12), items.joined(separator: ", "))
  }

  private static func compactLabel(_ kind: LearnMethod.Kind) -> String {
    switch kind {
    case .levelUp: "Level up"
    case .machine: "TM"
    case .egg: "Egg"
    case .tutor: "Tutor"
    case .event: "Event"
    case .restricted: "Form change"
    case .dreamWorld: "Dream World"
    case .transfer: "Transfer"
    }
  }

  /// The learnset as JSON: `{"pokemon", "name", "generation", "learnsetOf", "groups":
  /// [{"method", "moves": [...]}]}`; the moves learned only by a prevolution are the group
  /// `"prevolution"`, each with `"from"` and `"methods"`.
  func json() -> OutputJSON {
    var groupValues: [OutputJSON] = groups.groups.map { group in
      .object([
        ("method", .string(group.kind.rawValue)),
        (
          "moves",
          .array(
            group.entries.map { entry in
              var members: [(String, OutputJSON)] = []
              if group.kind == .levelUp { members.append(("level", .int(entry.level))) }
              if group.kind == .machine { members.append(("machine", .string(entry.machine))) }
              return .object(members + moveMembers(entry.move))
            }
          )
        ),
      ])
    }
    if !groups.fromPrevolutions.isEmpty {
      groupValues.append(
        .object([
          ("method", .string("prevolution")),
          (
            "moves",
            .array(
              groups.fromPrevolutions.map { inherited in
                .object(
                  moveMembers(inherited.move) + [
                    ("from", .string(inherited.from.slug)),
                    ("methods", .strings(inherited.kinds.map(\.rawValue))),
                  ]
                )
              }
            )
          ),
        ])
      )
    }
    return .object([
      ("pokemon", .string(groups.pokemon.slug)),
      ("name", .string(data.names.name(of: groups.pokemon))),
      ("generation", .int(groups.generation)),
      ("learnsetOf", .string(groups.learnsetOf)),
      ("groups", .array(groupValues)),
    ])
  }

  /// What a row shows of a move, as JSON members.
  private func moveMembers(_ move: Move) -> [(String, OutputJSON)] {
    [
      ("move", .string(move.identifier)), ("name", .string(data.name(of: move))),
      ("type", .string(move.type)), ("category", .string(move.damageClass)),
      ("power", .int(move.power)), ("accuracy", .int(move.accuracy)), ("pp", .int(move.pp)),
    ]
  }
}
