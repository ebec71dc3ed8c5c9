import PokedexKit
import TerminalUI

/// The card of `pokedex move`: names, type, category, power, accuracy, PP, priority, target,
/// flags, generation, effect, machines, and who learns it in the current generation.
struct MoveCard {
  var move: Move
  var data: MoveContext
  /// The width long lines wrap at, under their label (`Int.max`: never).
  var wrapWidth: Int
  /// Whether to show the full effect rather than the short one.
  var long: Bool
  /// Whether to list the Pokémon that learn it.
  var listsLearners: Bool
  /// The generation whose effect text to show (`--gen N`), or `nil` for the current one.
  var effectGeneration: Int? = nil

  /// The Pokémon that learn the move in the current generation, in dex order.
  var learners: [Pokemon] {
    data.learners.learners(of: move.identifier).map { data.learners.dex.pokemon[$0] }
  }

  func render() -> String {
    let style = data.style
    var lines = [style.bold(data.name(of: move))]
    let others = ["ja", "ja-hrkt", "de", "fr"].compactMap { move.names[$0] }
      .filter { $0 != data.name(of: move) }
    if !others.isEmpty {
      lines.append(wrapped(style.dim(Self.unique(others).joined(separator: " · ")), indent: 0))
    }
    lines.append("")
    lines += statLines
    lines.append(field("Effect", effectText ?? "—"))
    let machines = Self.machineText(move.machines, versionGroups: data.learners.moves.versionGroups)
    if !machines.isEmpty { lines.append(field("Machines", machines)) }
    let learners = self.learners
    lines.append(field("Learned by", learnedByText(learners)))
    if listsLearners {
      let species = learners.filter(\.isDefault)
      lines.append("")
      lines.append(style.bold("Learned by in generation \(data.learners.currentGeneration)"))
      lines.append(
        wrapped(species.map { data.names.name(of: $0) }.joined(separator: ", "), indent: 2)
      )
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Type through generation.
  private var statLines: [String] {
    let generation = data.learners.dex.generations.first { $0.id == move.generation }
    return [
      field("Type", data.typeLabel(move.type)),
      field("Category", MoveText.category(move.damageClass)),
      field("Power", MoveText.number(move.power)),
      field("Accuracy", MoveText.number(move.accuracy, suffix: "%")),
      field("PP", MoveText.number(move.pp)),
      field("Priority", MoveText.priority(move.priority)),
      field("Target", MoveText.target(move.target)),
      field(
        "Flags",
        move.flags.isEmpty ? "—" : move.flags.map(MoveText.flag).joined(separator: ", ")
      ),
      field(
        "Generation",
        generation.map { data.names.pick($0.names, fallback: $0.identifier) }
          ?? "\(move.generation)"
      ),
    ]
  }

  /// "212 Pokémon in generation 9 (248 with forms); list them: pokedex list move:X".
  private func learnedByText(_ learners: [Pokemon]) -> String {
    let species = learners.filter(\.isDefault).count
    let forms =
      learners.count > species ? " (\(learners.count) with forms)" : ""
    let hint = listsLearners ? "" : "; list them: pokedex list move:\(move.identifier)"
    return "\(species) Pokémon in generation \(data.learners.currentGeneration)\(forms)\(hint)"
  }

  /// The machines, newest first, each number once with the games it is in:
  /// `TM126 (Scarlet/Violet) · TM085 (Sword/Shield) · TM24 (Sun/Moon, X/Y)`.
  static func machineText(_ machines: [Machine], versionGroups: [VersionGroup]) -> String {
    let order = Dictionary(
      versionGroups.map { ($0.identifier, $0.order) },
      uniquingKeysWith: { first, _ in first }
    )
    let newestFirst = machines.enumerated().sorted { a, b in
      let (x, y) = (
        order[a.element.versionGroup] ?? a.offset, order[b.element.versionGroup] ?? b.offset
      )
      return x != y ? x > y : a.offset > b.offset
    }.map(\.element)
    var groups: [(label: String, games: [String])] = []
    for machine in newestFirst {
      let games = MoveText.versionGroup(machine.versionGroup)
      if let index = groups.firstIndex(where: { $0.label == machine.label }) {
        if !groups[index].games.contains(games) { groups[index].games.append(games) }
      } else {
        groups.append((machine.label, [games]))
      }
    }
    return groups.map { "\($0.label) (\($0.games.joined(separator: ", ")))" }
      .joined(separator: " · ")
  }

  /// The effect, short or long (``long``), as it reads in ``effectGeneration`` ("In
  /// generation 3: ..."); a generation before the move's says so.
  private var effectText: String? {
    guard let generation = effectGeneration else {
      return long ? move.effect : move.shortEffect
    }
    if generation < move.generation {
      return "not in generation \(generation): introduced in generation \(move.generation)"
    }
    let text = move.effectText(inGeneration: generation)
    return (long ? text.effect : text.shortEffect).map { "In generation \(generation): \($0)" }
  }

  /// The move as JSON: its record in the schema of `moves.json`, then `learnedBy`.
  func json() -> OutputJSON {
    guard case .object(var members) = MoveJSON.record(move) else { return .null }
    let learners = self.learners
    if let generation = effectGeneration, generation >= move.generation {
      let text = move.effectText(inGeneration: generation)
      members.append(
        (
          "effectInGeneration",
          .object([
            ("generation", .int(generation)),
            ("shortEffect", .string(text.shortEffect)),
            ("effect", .string(text.effect)),
          ])
        )
      )
    }
    members.append(
      (
        "learnedBy",
        .object([
          ("generation", .int(data.learners.currentGeneration)),
          ("count", .int(learners.filter(\.isDefault).count)),
          ("countWithForms", .int(learners.count)),
          ("pokemon", .strings(learners.map(\.slug))),
        ])
      )
    )
    return .object(members)
  }

  private func field(_ label: String, _ value: String) -> String {
    TextWidth.field(label, value, width: wrapWidth)
  }

  private func wrapped(_ text: String, indent: Int) -> String {
    TextWidth.wrap(
      text,
      width: wrapWidth,
      prefix: String(repeating: " ", count: indent),
      indent: indent
    )
    .joined(separator: "\n")
  }

  private static func unique(_ values: [String]) -> [String] {
    var seen: Set<String> = []
    return values.filter { seen.insert($0).inserted }
  }
}
