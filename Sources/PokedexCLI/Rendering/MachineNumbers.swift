import PokedexKit

/// The machine that teaches each move in one generation, numbered as in the generation's
/// main games: the version group of the generation with the most machines (Scarlet and
/// Violet's numbers in generation 9, not Legends: Z-A's), else the newest one that has one.
struct MachineNumbers {
  private let groups: [String: (generation: Int, order: Int)]
  /// The version group whose numbers are shown, if the generation has machines.
  private let main: String?
  let generation: Int

  /// - Complexity: O(*m*) in the number of machines of every move.
  init(_ moves: MoveDex, generation: Int) {
    let groups: [String: (generation: Int, order: Int)] = Dictionary(
      moves.versionGroups.map { ($0.identifier, (generation: $0.generation, order: $0.order)) },
      uniquingKeysWith: { first, _ in first }
    )
    var counts: [String: Int] = [:]
    for move in moves.moves {
      for machine in move.machines where groups[machine.versionGroup]?.generation == generation {
        counts[machine.versionGroup, default: 0] += 1
      }
    }
    main =
      counts.max { a, b in
        a.value != b.value
          ? a.value < b.value : (groups[a.key]?.order ?? 0) < (groups[b.key]?.order ?? 0)
      }?.key
    self.groups = groups
    self.generation = generation
  }

  /// `"TM126"`, or `nil` when no machine of the generation teaches it (a TR counts).
  func label(of move: Move) -> String? {
    if let main, let machine = move.machines.first(where: { $0.versionGroup == main }) {
      return machine.label
    }
    return move.machines.filter { groups[$0.versionGroup]?.generation == generation }
      .max { (groups[$0.versionGroup]?.order ?? 0) < (groups[$1.versionGroup]?.order ?? 0) }?
      .label
  }

  /// TMs before TRs before HMs, each by number: `TM2 < TM10 < TR01 < HM01`.
  static func precedes(_ a: String, _ b: String) -> Bool {
    let (x, y) = (key(a), key(b))
    return x.rank != y.rank ? x.rank < y.rank : x.number != y.number ? x.number < y.number : a < b
  }

  private static func key(_ label: String) -> (rank: Int, number: Int) {
    let prefix = label.prefix { $0.isLetter }
    let rank = ["TM": 0, "TR": 1, "HM": 2][String(prefix)] ?? 3
    return (rank, Int(label.dropFirst(prefix.count)) ?? Int.max)
  }
}
