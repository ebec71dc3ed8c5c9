import PokedexKit
import PokedexTeams
import TerminalUI

/// `team analyze` as text: the members, the defensive table, the grid of each member against
/// each attacking type, offensive coverage, speed tiers and warnings.
struct TeamAnalysisText {
  var analysis: TeamAnalysis
  var style: Style
  var width: Int

  func render() -> String {
    var output = ""
    func name(_ position: Int) -> String {
      analysis.members.first { $0.position == position }?.name ?? "member \(position + 1)"
    }
    func typeName(_ identifier: String) -> String {
      identifier.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }
        .joined(separator: " ")
    }

    output += style.bold("Members") + "\n"
    output += TextTable(
      headers: ["#", "Name", "Types", "Ability", "Spe"],
      numeric: [true, false, false, false, true],
      rows: analysis.members.map { member in
        [
          String(member.position + 1), member.name,
          member.types.map(typeName).joined(separator: " / "),
          member.ability.map(typeName) ?? "", member.stats.map { String($0.speed) } ?? "?",
        ]
      }
    ).render(width: width, style: Style(isEnabled: false))

    output += "\n" + style.bold("Defense") + " (how many members are weak, resist, are immune)\n"
    output += TextTable(
      headers: ["Attack", "Weak", "4×", "Resist", "Immune", "Abilities counted"],
      numeric: [false, true, true, true, true, false],
      rows: analysis.defense.map { row in
        [
          typeName(row.attackingType), String(row.doubleWeak.count + row.quadrupleWeak.count),
          row.quadrupleWeak.isEmpty ? "" : String(row.quadrupleWeak.count),
          String(row.resists.count), String(row.immune.count),
          row.throughAbility.map {
            "\(name($0.member)): \(typeName($0.ability)) \($0.fromPercent)% → \($0.toPercent)%"
          }
          .joined(separator: "; "),
        ]
      }
    ).render(width: width, style: Style(isEnabled: false))

    output += "\n" + style.bold("Matchups") + " (the damage each member takes, abilities counted)\n"
    output += TextTable(
      headers: ["Attack"] + analysis.members.map { "#\($0.position + 1)" },
      numeric: [false] + analysis.members.map { _ in true },
      rows: analysis.defense.map { row in
        [typeName(row.attackingType)]
          + analysis.members.map { member in
            let factor =
              row.factors.indices.contains(member.position) ? row.factors[member.position] : nil
            return factor.map(Self.factorText) ?? "?"
          }
      }
    ).render(width: width, style: Style(isEnabled: false))

    output += "\n" + style.bold("Offense") + "\n"
    if let offense = analysis.offense {
      let covered = offense.rows.filter { !$0.superEffective.isEmpty }.count
      output += "  super-effective on \(covered) of \(offense.rows.count) types\n"
      output +=
        offense.uncovered.isEmpty
        ? "  every type is hit super-effectively\n"
        : "  nothing hits super-effectively: \(offense.uncovered.map(typeName).joined(separator: ", "))\n"
    } else {
      output += "  no move data: offensive coverage is not computed\n"
    }

    output += "\n" + style.bold("Speed") + "\n"
    for tier in analysis.speedTiers {
      output +=
        "  " + TextWidth.pad(String(tier.speed), to: 4, alignRight: true) + "  \(tier.name)\n"
    }

    output += "\n" + style.bold("Warnings") + "\n"
    if analysis.warnings.isEmpty { output += "  none\n" }
    for warning in analysis.warnings { output += "  - \(warning.message)\n" }
    return output
  }

  /// A grid cell: `4`, `2`, `·` (1x), `½`, `¼` or `0`, as the type chart prints them.
  static func factorText(_ percent: Int) -> String {
    switch Effectiveness(percent: percent) {
    case .quadruple: "4"
    case .double: "2"
    case .neutral: "·"
    case .half: "½"
    case .quarter: "¼"
    case .immune: "0"
    }
  }
}
