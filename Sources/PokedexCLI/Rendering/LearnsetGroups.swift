import PokedexKit

/// A Pokémon's moves in one generation, grouped by how it learns them, as Bulbapedia lists
/// them: by level up (in level order), by TM (in TM order), by breeding, by tutor, from events,
/// ..., then the moves it can use only through a prevolution (Raichu uses what Pichu learns).
///
/// ```swift
/// let groups = LearnsetGroups(pokemon: pikachu, generation: 9, methods: nil, learners: learners)
/// groups.groups.first?.kind        // .levelUp
/// groups.groups.first?.entries.first?.level  // 1
/// ```
struct LearnsetGroups {
  /// One move in a group: with its level for level-up moves, its machine for TMs.
  struct Entry {
    var move: Move
    var level: Int?
    var machine: String?
  }

  /// The moves learned one way.
  struct Group {
    var kind: LearnMethod.Kind
    var entries: [Entry]
  }

  /// A move only a prevolution learns, with the nearest prevolution that does and how.
  struct Inherited {
    var move: Move
    var from: Pokemon
    var kinds: [LearnMethod.Kind]
  }

  var pokemon: Pokemon
  var generation: Int
  /// The methods kept, or `nil` for all.
  var methods: Set<LearnMethod.Kind>?
  /// The slug of the Pokémon whose learnset this one is, when not its own
  /// (`charizard` for `charizard-mega-x`).
  var learnsetOf: String?
  /// Whether the data has a learnset for the Pokémon at all.
  var hasLearnset: Bool
  var groups: [Group]
  var fromPrevolutions: [Inherited]

  /// Groups `pokemon`'s moves in `generation`, keeping the `methods` given (all for `nil`).
  ///
  /// - Complexity: O(*k* log *k*) for a learnset of *k* moves, per member of its evolution line.
  init(
    pokemon: Pokemon,
    generation: Int,
    methods: Set<LearnMethod.Kind>?,
    learners: MoveLearners
  ) {
    self.pokemon = pokemon
    self.generation = generation
    self.methods = methods
    let learnset = learners.learnset(of: pokemon)
    hasLearnset = learnset != nil
    learnsetOf = learnset.flatMap { $0.pokemon == pokemon.slug ? nil : $0.pokemon }
    let machines = MachineNumbers(learners.moves, generation: generation)
    var byKind: [LearnMethod.Kind: [Entry]] = [:]
    for learned in learnset?.moves ?? LearnedMoves() {
      guard let move = learners.move(identifier: learned.move) else { continue }
      for (kind, entry) in Self.entries(move, learned.sources, generation, methods, machines) {
        byKind[kind, default: []].append(entry)
      }
    }
    groups = LearnMethod.Kind.allCases.compactMap { kind in
      byKind[kind].map { Group(kind: kind, entries: Self.sorted($0, kind: kind)) }
    }
    let own = Set(
      (learnset?.moves ?? LearnedMoves()).filter { learned in
        learned.sources.contains { $0.generation == generation }
      }.map(\.move)
    )
    fromPrevolutions = Self.inherited(
      by: pokemon,
      excluding: own,
      generation: generation,
      methods: methods,
      learners: learners
    )
  }

  /// Whether nothing is left after filtering.
  var isEmpty: Bool { groups.isEmpty && fromPrevolutions.isEmpty }

  /// The entries one move contributes: one per level it is learned at, one per other method.
  private static func entries(
    _ move: Move,
    _ sources: [MoveSource],
    _ generation: Int,
    _ methods: Set<LearnMethod.Kind>?,
    _ machines: MachineNumbers
  ) -> [(LearnMethod.Kind, Entry)] {
    var result: [(LearnMethod.Kind, Entry)] = []
    var seen: Set<LearnMethod> = []
    for source in sources where source.generation == generation {
      let kind = source.method.kind
      guard methods?.contains(kind) ?? true, seen.insert(source.method).inserted else { continue }
      switch source.method {
      case .levelUp(let level): result.append((kind, Entry(move: move, level: level)))
      case .machine:
        result.append((kind, Entry(move: move, machine: machines.label(of: move))))
      default: result.append((kind, Entry(move: move)))
      }
    }
    return result
  }

  /// Level-up moves by level, TMs by number, the rest by identifier.
  private static func sorted(_ entries: [Entry], kind: LearnMethod.Kind) -> [Entry] {
    entries.sorted { a, b in
      switch kind {
      case .levelUp where a.level != b.level: return (a.level ?? 0) < (b.level ?? 0)
      case .machine where a.machine != b.machine:
        return MachineNumbers.precedes(a.machine ?? "", b.machine ?? "")
      default: return a.move.identifier < b.move.identifier
      }
    }
  }

  /// The moves `pokemon`'s prevolutions learn in `generation` by `methods` that are not in
  /// `own`, each once, from the nearest prevolution that learns it, by identifier.
  private static func inherited(
    by pokemon: Pokemon,
    excluding own: Set<String>,
    generation: Int,
    methods: Set<LearnMethod.Kind>?,
    learners: MoveLearners
  ) -> [Inherited] {
    var found: [Inherited] = []
    var seen = own
    for prevolution in learners.prevolutions(of: pokemon) {
      for learned in learners.moves(learnedThrough: prevolution, by: pokemon) {
        var kinds: [LearnMethod.Kind] = []
        for source in learned.sources where source.generation == generation {
          let kind = source.method.kind
          if methods?.contains(kind) ?? true, !kinds.contains(kind) { kinds.append(kind) }
        }
        guard !kinds.isEmpty, !seen.contains(learned.move),
          let move = learners.move(identifier: learned.move)
        else { continue }
        seen.insert(learned.move)
        found.append(Inherited(move: move, from: prevolution, kinds: kinds.sorted()))
      }
    }
    return found.sorted { $0.move.identifier < $1.move.identifier }
  }
}
