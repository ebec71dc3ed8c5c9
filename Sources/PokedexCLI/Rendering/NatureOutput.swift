import PokedexKit
import TerminalUI

/// The natures of `pokedex nature`: a table of every nature (name, raised and lowered stat,
/// neutral ones marked), or the card of one.
struct NatureOutput {
  var natures: [Nature]
  var names: NameResolver
  var style: Style

  /// One row per nature: `Adamant  Attack  Sp. Atk`; a neutral nature shows `neutral` in
  /// both stat columns.
  func table(width: Int) -> String {
    TextTable(
      headers: ["Nature", "Raised (+10%)", "Lowered (−10%)"],
      numeric: [false, false, false],
      priorities: [.name, .summary, .summary],
      rows: natures.map { nature in
        [name(of: nature), raised(nature), lowered(nature)]
      }
    ).render(width: width, style: style)
  }

  /// The card of one nature.
  func card(_ nature: Nature, wrapWidth: Int) -> String {
    var lines = [style.bold(name(of: nature))]
    let others = ["ja", "ja-hrkt", "de", "fr"].compactMap { nature.names[$0] }
      .filter { $0 != name(of: nature) }
    if !others.isEmpty {
      var seen: Set<String> = []
      lines.append(style.dim(others.filter { seen.insert($0).inserted }.joined(separator: " · ")))
    }
    lines.append("")
    if nature.isNeutral {
      lines.append(TextWidth.pad("Stats", to: 12) + "neutral: raises and lowers no stat")
    } else {
      lines.append(TextWidth.pad("Raised", to: 12) + raised(nature) + " (+10%)")
      lines.append(TextWidth.pad("Lowered", to: 12) + lowered(nature) + " (−10%)")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Every nature as JSON: identifier, name, names, the raised and lowered stats (`null`
  /// for a neutral nature) and `neutral`.
  func json(_ shown: [Nature]) -> OutputJSON {
    .array(
      shown.map { nature in
        .object([
          ("id", .int(nature.id)), ("identifier", .string(nature.identifier)),
          ("name", .string(name(of: nature))), ("names", .names(nature.names)),
          ("increasedStat", .string(nature.increasedStat)),
          ("decreasedStat", .string(nature.decreasedStat)), ("neutral", .bool(nature.isNeutral)),
        ])
      }
    )
  }

  /// Data rows for CSV and TSV: a header of keys, then identifier, name, raised, lowered.
  func delimited(_ line: ([String]) -> String) -> String {
    ([line(["identifier", "name", "increased_stat", "decreased_stat"])]
      + natures.map { nature in
        line([
          nature.identifier, name(of: nature), nature.increasedStat ?? "",
          nature.decreasedStat ?? "",
        ])
      }).joined(separator: "\n") + "\n"
  }

  private func name(of nature: Nature) -> String {
    names.pick(nature.names, fallback: nature.identifier)
  }

  private func raised(_ nature: Nature) -> String {
    nature.increasedStat.map(MoveText.stat) ?? "neutral"
  }

  private func lowered(_ nature: Nature) -> String {
    nature.decreasedStat.map(MoveText.stat) ?? "neutral"
  }
}
