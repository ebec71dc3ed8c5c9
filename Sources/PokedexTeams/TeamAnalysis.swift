import PokedexKit

/// What a team resists and what it hits: a defensive table per attacking type (abilities
/// that change a matchup included), the types its damaging moves hit super-effectively,
/// its members by Speed, and warnings about shared weaknesses and gaps.
///
/// A value with `Codable` output, so a tool can print it as text or JSON. Members are
/// referred to by their position in the team (``members`` describes each). Matchups use each
/// member's own types (not its Tera type) and the ability it is written with, or the only
/// ability its species has when none is written; offensive coverage needs ``MoveDex``.
///
/// ```swift
/// let analysis = TeamAnalysis(team: paste.teams[0], dex: dex, moves: moves)
/// analysis.defense.first { $0.attackingType == "ground" }?.immune  // [2]: Levitate Gengar
/// analysis.speedTiers.first?.speed                                // the fastest member's Speed
/// analysis.warnings.map(\.message)
/// // ["3 members are weak to Ground", "no member resists Fairy",
/// //  "no move hits Steel super-effectively"]
/// ```
///
/// - Complexity: O(*n* × *t*) for *n* members and *t* types, after an O(*p*) index of the
///   dex's Pokémon (and O(*m*) of its moves).
public struct TeamAnalysis: Codable, Hashable, Sendable {
  /// Each member as the analysis saw it, in team order.
  public var members: [Member]
  /// One row per attacking type of the type chart, in chart order.
  public var defense: [DefensiveMatchup]
  /// The types the members' damaging moves hit, or `nil` without move data.
  public var offense: OffensiveCoverage?
  /// The members whose species is known, fastest first (ties in team order).
  public var speedTiers: [SpeedTier]
  /// Shared weaknesses, types nothing resists, types nothing hits, members left out.
  public var warnings: [Warning]

  /// How many members must share a weakness for a warning.
  public static let sharedWeaknessThreshold = 3

  /// Analyses `team`.
  ///
  /// - Parameters:
  ///   - team: the team; members whose species the dex does not know are left out (with a
  ///     warning).
  ///   - dex: the Pokémon and the type chart.
  ///   - moves: the moves, for offensive coverage; without them ``offense`` is `nil`.
  public init(team: ShowdownTeam, dex: Pokedex, moves: MoveDex? = nil) {
    let lookup = SpeciesLookup(dex: dex)
    let chart = TypeChart(types: dex.types)
    var typeNames: [String: String] = [:]
    for type in dex.types { typeNames[type.identifier] = type.names["en"] ?? type.identifier }
    func typeName(_ identifier: String) -> String { typeNames[identifier] ?? identifier }

    var abilities: [String: String] = [:]
    for ability in dex.abilities {
      abilities[ShowdownID.id(ability.identifier)] = ability.identifier
    }
    var members: [Member] = []
    var warnings: [Warning] = []
    for (position, member) in team.members.enumerated() {
      let pokemon = lookup.pokemon(member.species)
      let ability = member.ability.map { abilities[ShowdownID.id($0)] ?? ShowdownID.id($0) }
      members.append(Member(position: position, member: member, pokemon: pokemon, ability: ability))
      if pokemon == nil {
        warnings.append(
          Warning(
            kind: .unknownSpecies,
            message: "unknown species \"\(member.species)\" is left out of the analysis",
            member: position
          )
        )
      }
    }
    self.members = members

    defense = chart.typeIdentifiers.map { type in
      DefensiveMatchup(attackingType: type, members: members, chart: chart)
    }
    for row in defense {
      let weak = row.quadrupleWeak.count + row.doubleWeak.count
      if weak >= Self.sharedWeaknessThreshold {
        warnings.append(
          Warning(
            kind: .sharedWeakness,
            message: "\(weak) members are weak to \(typeName(row.attackingType))",
            type: row.attackingType,
            count: weak
          )
        )
      }
    }
    if members.contains(where: { $0.pokemon != nil }) {
      for row in defense where row.resists.isEmpty && row.immune.isEmpty {
        warnings.append(
          Warning(
            kind: .noResistance,
            message: "no member resists \(typeName(row.attackingType))",
            type: row.attackingType
          )
        )
      }
    }

    offense = moves.map { OffensiveCoverage(team: team, moves: $0, chart: chart) }
    for type in offense?.uncovered ?? [] {
      warnings.append(
        Warning(
          kind: .noSuperEffectiveMove,
          message: "no move hits \(typeName(type)) super-effectively",
          type: type
        )
      )
    }

    speedTiers = members.compactMap { member in
      member.stats.map { SpeedTier(member: member.position, name: member.name, speed: $0.speed) }
    }
    .enumerated()
    .sorted { ($1.element.speed, $0.offset) < ($0.element.speed, $1.offset) }
    .map(\.element)
    self.warnings = warnings
  }

  // MARK: Members

  /// A member as the analysis saw it.
  public struct Member: Codable, Hashable, Sendable {
    /// Its position in the team.
    public var position: Int
    /// Its nickname, else its species.
    public var name: String
    /// The species as written.
    public var species: String
    /// The slug of the dex's Pokémon it is, or `nil` if the dex does not know the species.
    public var pokemon: String?
    /// Its types, by identifier; empty for an unknown species.
    public var types: [String]
    /// The identifier of the ability that counts for matchups: the one written (its Showdown
    /// id if the dex does not know it), else the species' only ability.
    public var ability: String?
    /// Its stats at its level, nature, EVs and IVs, for a known species.
    public var stats: Stats?

    init(position: Int, member: TeamMember, pokemon: Pokemon?, ability written: String?) {
      self.position = position
      name = member.displayName
      species = member.species
      self.pokemon = pokemon?.slug
      types = pokemon?.types ?? []
      if let written {
        ability = written
      } else if let only = pokemon?.abilities.first, pokemon?.abilities.count == 1 {
        ability = only.ability
      } else {
        ability = nil
      }
      stats = pokemon.map { member.stats(of: $0) }
    }
  }

  // MARK: Defense

  /// How the members fare against one attacking type.
  public struct DefensiveMatchup: Codable, Hashable, Sendable {
    /// The attacking type's identifier, `"ground"`.
    public var attackingType: String
    /// The members that take 4x.
    public var quadrupleWeak: [Int]
    /// The members that take 2x.
    public var doubleWeak: [Int]
    /// The members that take 1/2x or 1/4x.
    public var resists: [Int]
    /// The members that take nothing.
    public var immune: [Int]
    /// The members whose ability changed the matchup their types give.
    public var throughAbility: [AbilityEffect]
    /// The damage factor in percent each member takes, abilities counted, by position in
    /// the team (`nil` for a member of unknown species): the grid's row for this type.
    public var factors: [Int?]

    init(attackingType: String, members: [Member], chart: TypeChart) {
      self.attackingType = attackingType
      quadrupleWeak = []
      doubleWeak = []
      resists = []
      immune = []
      throughAbility = []
      factors = Array(repeating: nil, count: (members.map(\.position).max() ?? -1) + 1)
      for member in members where !member.types.isEmpty {
        let byTypes = chart.damageFactor(of: attackingType, against: member.types)
        let factor = AbilityMatchups.factor(byTypes, of: attackingType, ability: member.ability)
        if factors.indices.contains(member.position) { factors[member.position] = factor }
        if factor != byTypes, let ability = member.ability {
          throughAbility.append(
            AbilityEffect(
              member: member.position,
              ability: ability,
              fromPercent: byTypes,
              toPercent: factor
            )
          )
        }
        switch Effectiveness(percent: factor) {
        case .quadruple: quadrupleWeak.append(member.position)
        case .double: doubleWeak.append(member.position)
        case .half, .quarter: resists.append(member.position)
        case .immune: immune.append(member.position)
        case .neutral: break
        }
      }
    }
  }

  /// A member's ability changing one matchup: Levitate turning Ground's 1x into 0x.
  public struct AbilityEffect: Codable, Hashable, Sendable {
    /// The member's position in the team.
    public var member: Int
    /// The ability's identifier, `"levitate"`.
    public var ability: String
    /// The damage factor in percent its types give.
    public var fromPercent: Int
    /// The damage factor in percent with the ability.
    public var toPercent: Int

    /// Creates an effect.
    public init(member: Int, ability: String, fromPercent: Int, toPercent: Int) {
      self.member = member
      self.ability = ability
      self.fromPercent = fromPercent
      self.toPercent = toPercent
    }
  }

  // MARK: Offense

  /// The types the team's damaging moves hit super-effectively.
  public struct OffensiveCoverage: Codable, Hashable, Sendable {
    /// One row per defending type of the chart (as a single type), in chart order.
    public var rows: [OffensiveRow]
    /// The types no move hits super-effectively, in chart order.
    public var uncovered: [String]

    init(team: ShowdownTeam, moves: MoveDex, chart: TypeChart) {
      let index = ShowdownMoveIndex(moveIdentifiers: moves.moves.map(\.identifier))
      var byIdentifier: [String: Move] = [:]
      for move in moves.moves where byIdentifier[move.identifier] == nil {
        byIdentifier[move.identifier] = move
      }
      var attacks: [(member: Int, move: String, type: String)] = []
      for (position, member) in team.members.enumerated() {
        for name in member.moves {
          guard
            let type = Self.damagingType(of: name, index: index, moves: byIdentifier, chart: chart)
          else { continue }
          attacks.append((position, name, type))
        }
      }
      rows = chart.typeIdentifiers.map { defending in
        OffensiveRow(
          defendingType: defending,
          superEffective: attacks.filter {
            chart.damageFactor(of: $0.type, against: [defending]) > 100
          }
          .map { MoveHit(member: $0.member, move: $0.move, type: $0.type) }
        )
      }
      uncovered = rows.filter(\.superEffective.isEmpty).map(\.defendingType)
    }

    /// The type of the move `name` if it is a damaging move: `Hidden Power [Fire]` is Fire.
    private static func damagingType(
      of name: String,
      index: ShowdownMoveIndex,
      moves: [String: Move],
      chart: TypeChart
    ) -> String? {
      let id = ShowdownID.id(name)
      if id.hasPrefix("hiddenpower"), id != "hiddenpower" {
        let type = String(id.dropFirst("hiddenpower".count))
        return chart.contains(type) ? type : nil
      }
      guard case .move(let identifier) = index.match(id), let move = moves[identifier],
        move.damageClass != "status"
      else { return nil }
      return move.type
    }
  }

  /// What the team's moves do against one defending type.
  public struct OffensiveRow: Codable, Hashable, Sendable {
    /// The defending type's identifier.
    public var defendingType: String
    /// The damaging moves that hit it for more than 1x.
    public var superEffective: [MoveHit]
  }

  /// A member's damaging move and its type.
  public struct MoveHit: Codable, Hashable, Sendable {
    /// The member's position in the team.
    public var member: Int
    /// The move as written.
    public var move: String
    /// The move's type identifier.
    public var type: String
  }

  // MARK: Speed and warnings

  /// A member's Speed at its level, nature, EVs and IVs.
  public struct SpeedTier: Codable, Hashable, Sendable {
    /// The member's position in the team.
    public var member: Int
    /// Its nickname, else its species.
    public var name: String
    /// Its Speed stat.
    public var speed: Int
  }

  /// Something about the team a player may want to fix.
  public struct Warning: Codable, Hashable, Sendable, CustomStringConvertible {
    /// What kind of warning it is.
    public var kind: Kind
    /// The warning in lower case, without a trailing period: `3 members are weak to Ground`.
    public var message: String
    /// The type it is about, if any.
    public var type: String?
    /// How many members it concerns, for a shared weakness.
    public var count: Int?
    /// The member it is about, if one.
    public var member: Int?

    init(kind: Kind, message: String, type: String? = nil, count: Int? = nil, member: Int? = nil) {
      self.kind = kind
      self.message = message
      self.type = type
      self.count = count
      self.member = member
    }

    /// The kinds of warning.
    public enum Kind: String, Codable, Hashable, Sendable {
      /// ``TeamAnalysis/sharedWeaknessThreshold`` or more members are weak to a type.
      case sharedWeakness
      /// No member resists or is immune to a type.
      case noResistance
      /// No damaging move hits a type super-effectively.
      case noSuperEffectiveMove
      /// A member's species is unknown, so it is left out.
      case unknownSpecies
    }

    /// The message.
    public var description: String { message }
  }
}
