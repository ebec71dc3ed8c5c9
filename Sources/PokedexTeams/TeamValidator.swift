import PokedexKit

/// Checks teams against the data: that each species, ability, move, nature and type exists,
/// that the species can have the ability and learn the moves, and that the numbers are in
/// the games' ranges.
///
/// Species are Showdown's names (`"Ninetales-Alola"`, `"Tauros-Paldea-Combat"`), matched to
/// the dex's Pokémon by the rules the learnset pipeline uses for Showdown's entries; moves
/// are matched by Showdown id (`"U-turn"` is `u-turn`). Without ``MoveDex`` moves are not
/// checked by name, and without ``LearnsetDex`` not for learnability. Items are not checked
/// by name; a Mega's stone and a Primal's orb are. Learnability counts every generation's
/// sources and moves a prevolution learns (as
/// ``MoveLearners/canLearn(_:row:generation:methods:)`` does). A team's battle format
/// (Showdown's id, `"gen4ou"`) brings its generation's rules and the format's
/// (`Guides/Teams.md` lists them).
///
/// Every problem is a ``TeamDiagnostic`` with the paste line it is on (when the team was
/// read from a paste), a severity, and the closest known name for an unknown one.
///
/// ```swift
/// let validator = TeamValidator(dex: dex, moves: moves, learnsets: learnsets)
/// let paste = try ShowdownPaste.parse("Garchomq @ Choice Scarf\nAbility: Rough Skin\n- Earthquake")
/// for problem in validator.validate(paste) { print(problem) }
/// // error: line 1: unknown species "Garchomq"; did you mean "Garchomp"?
/// ```
///
/// - Complexity: Building is O(*p* + *m* + *a*) in the numbers of Pokémon, moves and
///   abilities. Validating a member is a few dictionary lookups per field and O(log *k*) per
///   move and member of its evolution line for learnsets of *k* moves; each unknown name costs
///   a pass over the candidate names to find a suggestion.
public struct TeamValidator: Sendable {
  /// Whether a group of Pokémon is a team (at most six) or a box (any number).
  public enum Kind: String, Codable, Hashable, Sendable {
    case team
    case box
  }

  /// The most members a team may have.
  public static let maximumTeamSize = 6
  /// The most moves a member may know.
  public static let maximumMoves = 4

  /// The dex species and abilities are checked against.
  public let dex: Pokedex
  /// How serious a species above its format's tier is (an Uber in `gen9ou`): a warning by
  /// default, since tiers move every month and an old sample team should stay importable;
  /// `team validate` makes it an error.
  public var tierBanSeverity: TeamDiagnostic.Severity = .warning
  let species: SpeciesLookup
  private let abilities: [String: Ability]
  private let moves: MoveDex?
  private let moveIndex: ShowdownMoveIndex?
  private let learners: MoveLearners?
  private let teraTypes: [String: String]
  private let hiddenPowerTypes: [String: String]

  /// A validator for `dex`, checking moves by name if `moves` is given, and learnability if
  /// `learnsets` is given too.
  ///
  /// - Complexity: O(*p* + *m* + *a*).
  public init(dex: Pokedex, moves: MoveDex? = nil, learnsets: LearnsetDex? = nil) {
    self.dex = dex
    species = SpeciesLookup(dex: dex)
    var abilities: [String: Ability] = [:]
    for ability in dex.abilities where abilities[ShowdownID.id(ability.identifier)] == nil {
      abilities[ShowdownID.id(ability.identifier)] = ability
    }
    self.abilities = abilities
    // Tera types: every type but the two that are no type (`unknown`, `shadow`); Stellar
    // is one. Hidden Power: the chart's types but Normal and Fairy.
    var tera: [String: String] = [:]
    var hiddenPower: [String: String] = [:]
    for type in dex.types where !["unknown", "shadow"].contains(type.identifier) {
      let name = type.names["en"] ?? type.identifier
      tera[ShowdownID.id(type.identifier)] = name
      if !type.damageFactors.isEmpty, !["normal", "fairy"].contains(type.identifier) {
        hiddenPower[ShowdownID.id(type.identifier)] = name
      }
    }
    teraTypes = tera
    hiddenPowerTypes = hiddenPower
    self.moves = moves
    moveIndex = moves.map { ShowdownMoveIndex(moveIdentifiers: $0.moves.map(\.identifier)) }
    if let moves, let learnsets {
      learners = MoveLearners(dex: dex, learnsets: learnsets, moves: moves)
    } else {
      learners = nil
    }
  }

  /// The dex's Pokémon a Showdown species name names, or `nil` if none or several do.
  ///
  /// ```swift
  /// validator.pokemon(forSpecies: "Tauros-Paldea-Combat")?.slug  // "tauros-paldea-combat-breed"
  /// ```
  public func pokemon(forSpecies name: String) -> Pokemon? { species.pokemon(name) }

  /// The name Showdown writes for the species `name` designates (`"ninetales-alola"`,
  /// `"Ninetales Alola"` → `"Ninetales-Alola"`), or `nil` if none or several do.
  ///
  /// - Complexity: O(*p*) for the form's base species.
  public func showdownName(forSpecies name: String) -> String? {
    species.showdownName(name)?.name ?? species.pokemon(name).map(species.showdownName(of:))
  }

  /// The problems of every team of `paste`, with their lines, in paste order.
  public func validate(_ paste: ShowdownPaste, as kind: Kind = .team) -> [TeamDiagnostic] {
    paste.teams.enumerated().flatMap { position, team in
      let location = paste.locations.indices.contains(position) ? paste.locations[position] : nil
      return validate(team, as: kind, location: location).map { problem in
        var problem = problem
        problem.team = position
        return problem
      }
    }
  }

  /// The problems of `team`: each member's, then the team's size if it is a ``Kind/team``.
  ///
  /// - Parameters:
  ///   - team: the team.
  ///   - kind: whether it is a team (at most six members) or a box.
  ///   - location: where it was written, to give each problem its line.
  public func validate(
    _ team: ShowdownTeam,
    as kind: Kind = .team,
    location: TeamLocation? = nil
  ) -> [TeamDiagnostic] {
    var problems: [TeamDiagnostic] = []
    for (position, member) in team.members.enumerated() {
      let lines = location.flatMap {
        $0.members.indices.contains(position) ? $0.members[position] : nil
      }
      var check = MemberCheck(member: member, lines: lines, position: position, format: team.format)
      validate(&check)
      problems += check.problems
    }
    if kind == .team { problems += checkFormatRules(team, location: location) }
    let limit = Self.maximumTeamSize
    if kind == .team, team.members.count > limit {
      let line = location.flatMap {
        $0.members.indices.contains(limit) ? $0.members[limit].line : nil
      }
      problems.append(
        TeamDiagnostic(
          severity: .error,
          kind: .tooManyMembers,
          message: "a team has at most \(limit) members; this one has \(team.members.count)",
          line: line ?? location?.headerLine
        )
      )
    }
    return problems
  }

  /// The rules of the team's format that concern the whole team: Species Clause (no two
  /// members of one species; not in Anything Goes and Hackmons formats) and Little Cup's
  /// level 5 (formats whose id ends in `lc`). A team without a format, or whose format
  /// names no generation, has none.
  private func checkFormatRules(_ team: ShowdownTeam, location: TeamLocation?) -> [TeamDiagnostic] {
    guard let format = team.format?.lowercased(), Self.generation(ofFormat: format) != nil,
      !Self.isHackmons(format)
    else { return [] }
    var problems: [TeamDiagnostic] = []
    func line(_ position: Int) -> Int? {
      location.flatMap { $0.members.indices.contains(position) ? $0.members[position].line : nil }
    }
    if !format.contains("anythinggoes") {
      var first: [String: Int] = [:]
      for (position, member) in team.members.enumerated() {
        guard let pokemon = species.pokemon(member.species) else { continue }
        guard let earlier = first[pokemon.speciesSlug] else {
          first[pokemon.speciesSlug] = position
          continue
        }
        problems.append(
          TeamDiagnostic(
            severity: .error,
            kind: .speciesClause,
            message: "Species Clause: \(member.species) is the species of member #\(earlier + 1) "
              + "too; \(format) allows one of each",
            line: line(position),
            member: position
          )
        )
      }
    }
    if format.hasSuffix("lc") {
      for (position, member) in team.members.enumerated() where member.level > 5 {
        problems.append(
          TeamDiagnostic(
            severity: .error,
            kind: .levelOutOfRange,
            message: "\(format) is Little Cup: level \(member.level) is above 5",
            line: location.flatMap { location in
              location.members.indices.contains(position)
                ? location.members[position].line(of: .level)
                : nil
            },
            member: position
          )
        )
      }
    }
    return problems
  }

  /// The problems of one member, without a line unless `location` gives one, by the rules
  /// of the battle format `format` (Showdown's id, `"gen4ou"`) when given.
  public func validate(
    _ member: TeamMember,
    location: MemberLocation? = nil,
    format: String? = nil
  ) -> [TeamDiagnostic] {
    var check = MemberCheck(member: member, lines: location, position: nil, format: format)
    validate(&check)
    return check.problems
  }

  // MARK: Members

  private func validate(_ check: inout MemberCheck) {
    let member = check.member
    let pokemon = checkSpecies(&check)
    checkAbility(&check, pokemon)
    if let pokemon, check.checksLegality {
      checkRequiredItem(&check, pokemon)
      checkTier(&check, pokemon)
    }
    checkNumbers(&check)
    if let nature = member.nature, NatureTable.entry(named: nature) == nil {
      check.report(
        .unknownNature,
        "unknown nature \"\(nature)\"",
        suggestion: EditDistance.suggestion(for: nature, among: NatureTable.entries.map(\.name)),
        line: check.line(.nature)
      )
    }
    if member.teraType != nil, let generation = check.generation, generation != 9 {
      check.report(
        .notInGeneration,
        "Tera Types exist only in generation 9, not in generation \(generation)",
        line: check.line(.teraType)
      )
    } else if let type = member.teraType {
      checkType(&check, type, among: teraTypes, what: "Tera type", line: check.line(.teraType))
    }
    if let type = member.hiddenPowerType {
      checkType(
        &check,
        type,
        among: hiddenPowerTypes,
        what: "Hidden Power type",
        line: check.line(.hiddenPowerType)
      )
    }
    if let pokemon { checkGender(&check, pokemon) }
    checkMoves(&check, pokemon)
  }

  private func checkSpecies(_ check: inout MemberCheck) -> Pokemon? {
    let name = check.member.species
    switch species.match(name) {
    case .pokemon(let row):
      let pokemon = dex.pokemon[row]
      let introduced = pokemon.showdown?.generation ?? pokemon.generation
      if let generation = check.generation, check.checksLegality, introduced > generation {
        check.report(
          .notInGeneration,
          "\(name) does not exist in generation \(generation) (it comes in \(introduced))",
          line: check.lines?.line
        )
      }
      return pokemon
    case .ambiguous(let slugs):
      check.report(
        .ambiguousSpecies,
        "species \"\(name)\" could be any of \(slugs.joined(separator: ", "))",
        line: check.lines?.line
      )
    case .none:
      check.report(
        .unknownSpecies,
        "unknown species \"\(name)\"",
        suggestion: species.suggestion(for: name),
        line: check.lines?.line
      )
    }
    return nil
  }

  private func checkAbility(_ check: inout MemberCheck, _ pokemon: Pokemon?) {
    guard let name = check.member.ability else { return }
    let line = check.line(.ability)
    guard let ability = abilities[ShowdownID.id(name)] else {
      let names = dex.abilities.map { $0.names["en"] ?? $0.identifier }
      check.report(
        .unknownAbility,
        "unknown ability \"\(name)\"",
        suggestion: EditDistance.suggestion(for: name, among: names),
        line: line
      )
      return
    }
    if let generation = check.generation, check.checksLegality, ability.generation > generation {
      check.report(
        .notInGeneration,
        "\(ability.names["en"] ?? name) does not exist in generation \(generation) "
          + "(it comes in \(ability.generation))",
        line: line
      )
      return
    }
    guard let pokemon, check.checksLegality else { return }
    let candidates = abilityHolders(of: pokemon, ability: ShowdownID.id(name))
    guard
      !candidates.contains(where: { holder in
        holder.abilities.contains { $0.ability == ability.identifier }
      })
    else { return }
    let allowed = pokemon.abilities.map { slot in
      abilities[ShowdownID.id(slot.ability)].flatMap { $0.names["en"] } ?? slot.ability
    }
    check.report(
      .abilityNotAllowed,
      "\(check.member.species) cannot have \(ability.names["en"] ?? name); "
        + "its abilities are \(allowed.joined(separator: ", "))",
      suggestion: EditDistance.suggestion(for: name, among: allowed),
      line: line
    )
  }

  /// The generation of Showdown's format id `format` (`"gen4ou"` is 4), or `nil` for no
  /// format or one that names no generation.
  ///
  /// ```swift
  /// TeamValidator.generation(ofFormat: "gen9vgc2024regh")  // 9
  /// ```
  public static func generation(ofFormat format: String?) -> Int? {
    // Showdown's ids have one digit after `gen`: `gen81v1` is generation 8's 1v1.
    guard let format, format.hasPrefix("gen"), let digit = format.dropFirst(3).first,
      let generation = digit.wholeNumberValue, (1...9).contains(generation)
    else { return nil }
    return generation
  }

  /// The tier a format allows and the column of tiers it goes by: `gen9ou` allows OU and
  /// below by singles tiers, `gen8doublesuu` DUU and below by doubles tiers,
  /// `gen9nationaldex` OU by National Dex tiers; `nil` for a format without a tier limit
  /// (VGC, Monotype, Little Cup, Anything Goes, ...).
  ///
  /// ```swift
  /// TeamValidator.tierLimit(ofFormat: "gen4ubers")  // (.singles, "Uber")
  /// ```
  public static func tierLimit(ofFormat format: String?) -> (
    column: ShowdownTier.Column, tier: String
  )? {
    guard let format, generation(ofFormat: format) != nil else { return nil }
    let rest = format.lowercased().dropFirst("gen1".count)
    let names = [
      "ubers": "Uber", "ou": "OU", "uu": "UU", "ru": "RU", "nu": "NU", "pu": "PU", "zu": "ZU",
    ]
    if rest.hasPrefix("doubles") {
      let doubles = ["ubers": "DUber", "ou": "DOU", "uu": "DUU"]
      return doubles[String(rest.dropFirst("doubles".count))].map { (.doubles, $0) }
    }
    if rest.hasPrefix("nationaldex") {
      let tier = rest.dropFirst("nationaldex".count)
      return (tier.isEmpty ? "OU" : names[String(tier)]).map { (.nationalDex, $0) }
    }
    return names[String(rest)].map { (.singles, $0) }
  }

  /// Reports a species whose tier in the format's generation is above the format's.
  private func checkTier(_ check: inout MemberCheck, _ pokemon: Pokemon) {
    guard let limit = Self.tierLimit(ofFormat: check.format),
      let generation = check.generation,
      let tiers = pokemon.showdown?.tiers(in: generation)
    else { return }
    let tier = limit.column.tier(of: tiers)
    guard let rank = ShowdownTier.rank(of: tier, in: limit.column),
      let allowed = ShowdownTier.rank(of: limit.tier, in: limit.column), rank < allowed
    else { return }
    check.report(
      .tierBan,
      "\(check.member.species) is \(tier) in generation \(generation), above \(limit.tier): "
        + "\(check.format ?? "") bans it",
      severity: tierBanSeverity,
      line: check.lines?.line
    )
  }

  /// Whether `format` is a Hackmons format, where any species may have any ability, move
  /// and item: Showdown's `gen7purehackmons`, `gen9balancedhackmons`.
  static func isHackmons(_ format: String?) -> Bool {
    format.map { $0.lowercased().contains("hackmons") } ?? false
  }

  /// Reports a forme a held item makes in battle without that item: a Mega without its Mega
  /// Stone, a Primal without its orb. (Formes an item chooses outside battle, such as an
  /// Arceus type or Giratina-Origin, are not checked: the item they need changed between
  /// generations, which the data does not keep.)
  private func checkRequiredItem(_ check: inout MemberCheck, _ pokemon: Pokemon) {
    let name = species.showdownName(check.member.species)
    // A Mega is battle-only in the data; a Primal is not, and Showdown tells it by its forme.
    guard name?.forme == nil, let showdown = pokemon.showdown,
      !showdown.battleOnly.isEmpty || showdown.name.hasSuffix("-Primal")
    else { return }
    let required = showdown.requiredItems
    guard !required.isEmpty else { return }
    let held = check.member.item.map(ShowdownID.id)
    guard !required.contains(where: { ShowdownID.id($0) == held }) else { return }
    let needs = required.count == 1 ? required[0] : "one of \(required.joined(separator: ", "))"
    check.report(
      .requiredItemMissing,
      "\(name?.name ?? check.member.species) needs \(needs) as its item"
        + (check.member.item.map { ", not \($0)" } ?? ""),
      suggestion: required.first,
      line: check.lines?.line
    )
  }

  /// The Pokémon whose abilities `pokemon` may have, as Showdown's validator sees them: its
  /// own; those of the Pokémon sharing its entry (Zygarde-10% with Power Construct); a
  /// Mega's or Primal's base, which it is validated as; and the forme an ability makes it
  /// (Greninja with Battle Bond is Greninja-Bond).
  private func abilityHolders(of pokemon: Pokemon, ability: String) -> [Pokemon] {
    var holders = [pokemon] + species.rows(sharingWith: pokemon.slug).map { dex.pokemon[$0] }
    if let showdown = pokemon.showdown {
      holders += showdown.battleOnly.compactMap(species.pokemon)
      if let forme = Self.abilityFormes[showdown.id]?[ability] {
        holders += species.pokemon(forme).map { [$0] } ?? []
      }
    }
    return holders
  }

  /// The formes Showdown's validator turns a species into for an ability, by the ids of the
  /// species and the ability (`sim/team-validator.ts`).
  private static let abilityFormes: [String: [String: String]] = [
    "greninja": ["battlebond": "greninjabond"],
    "rockruff": ["owntempo": "rockruffdusk"],
  ]

  private func checkNumbers(_ check: inout MemberCheck) {
    let member = check.member
    if !(1...100).contains(member.level) {
      check.report(
        .levelOutOfRange,
        "level \(member.level) is outside 1...100",
        line: check.line(.level)
      )
    }
    if !(0...255).contains(member.happiness) {
      check.report(
        .happinessOutOfRange,
        "happiness \(member.happiness) is outside 0...255",
        line: check.line(.happiness)
      )
    }
    if !(0...10).contains(member.dynamaxLevel) {
      check.report(
        .dynamaxLevelOutOfRange,
        "Dynamax level \(member.dynamaxLevel) is outside 0...10",
        line: check.line(.dynamaxLevel)
      )
    }
    for stat in StatSpread.Stat.allCases where !(0...252).contains(member.evs[stat]) {
      check.report(
        .evOutOfRange,
        "\(stat.shortName) EVs \(member.evs[stat]) are outside 0...252",
        line: check.line(.evs)
      )
    }
    // Generations 1 and 2 had stat experience, not EVs: any stat may have 252.
    if member.evs.total > 510, check.generation.map({ $0 >= 3 }) ?? true {
      check.report(
        .evTotalOutOfRange,
        "EVs add up to \(member.evs.total), more than 510",
        line: check.line(.evs)
      )
    }
    for stat in StatSpread.Stat.allCases where !(0...31).contains(member.ivs[stat]) {
      check.report(
        .ivOutOfRange,
        "\(stat.shortName) IVs \(member.ivs[stat]) are outside 0...31",
        line: check.line(.ivs)
      )
    }
  }

  private func checkType(
    _ check: inout MemberCheck,
    _ type: String,
    among types: [String: String],
    what: String,
    line: Int?
  ) {
    let id = ShowdownID.id(type)
    guard types[id] == nil else { return }
    if let name = teraTypes[id] {
      check.report(.unknownType, "\(what) cannot be \(name)", line: line)
      return
    }
    check.report(
      .unknownType,
      "unknown \(what) \"\(type)\"",
      suggestion: EditDistance.suggestion(for: type, among: types.values.sorted()),
      line: line
    )
  }

  private func checkGender(_ check: inout MemberCheck, _ pokemon: Pokemon) {
    guard let gender = check.member.gender else { return }
    let allowed: Bool
    switch pokemon.genderRate {
    case -1: allowed = false
    case 0: allowed = gender == .male
    case 8: allowed = gender == .female
    default: allowed = true
    }
    guard !allowed else { return }
    let what =
      pokemon.genderRate == -1
      ? "is genderless" : "cannot be \(gender == .male ? "male" : "female")"
    check.report(
      .genderNotAllowed,
      "\(check.member.species) \(what)",
      line: check.lines?.line
    )
  }

  // MARK: Moves

  private func checkMoves(_ check: inout MemberCheck, _ pokemon: Pokemon?) {
    let member = check.member
    if member.moves.isEmpty {
      check.report(
        .noMoves,
        "\(member.species) has no moves",
        severity: .warning,
        line: check.lines?.line
      )
    }
    if member.moves.count > Self.maximumMoves {
      check.report(
        .tooManyMoves,
        "a Pokémon knows at most \(Self.maximumMoves) moves; \(member.species) has \(member.moves.count)",
        line: check.lines?.line(ofMove: Self.maximumMoves)
      )
    }
    var seen: Set<String> = []
    let row = pokemon.flatMap { pokemon in dex.pokemon.firstIndex { $0.id == pokemon.id } }
    for (position, name) in member.moves.enumerated() {
      let line = check.lines?.line(ofMove: position)
      guard seen.insert(ShowdownID.id(name)).inserted else {
        check.report(.repeatedMove, "\(name) is listed twice", line: line)
        continue
      }
      guard let identifier = moveIdentifier(&check, name, line: line) else { continue }
      if let generation = check.generation, check.checksLegality,
        let move = learners?.move(identifier: identifier), move.generation > generation
      {
        check.report(
          .notInGeneration,
          "\(move.names["en"] ?? name) does not exist in generation \(generation) "
            + "(it comes in \(move.generation))",
          line: line
        )
        continue
      }
      guard check.checksLegality, let learners, let row,
        !learners.canLearn(identifier, row: row, generation: nil)
      else { continue }
      let moveName = learners.move(identifier: identifier)?.names["en"] ?? name
      check.report(
        .moveNotLearnable,
        "\(member.species) cannot learn \(moveName)",
        line: line
      )
    }
  }

  /// The PokeAPI identifier of the move `name` (reporting an unknown one), or `nil` when it
  /// is unknown or moves are not checked. `Hidden Power [Fire]` is `hidden-power`, with its
  /// type checked.
  private func moveIdentifier(_ check: inout MemberCheck, _ name: String, line: Int?) -> String? {
    guard let moves, let moveIndex else { return nil }
    let id = ShowdownID.id(name)
    if id.hasPrefix("hiddenpower"), id != "hiddenpower" {
      let type = String(id.dropFirst("hiddenpower".count))
      checkType(&check, type, among: hiddenPowerTypes, what: "Hidden Power type", line: line)
      return "hidden-power"
    }
    switch moveIndex.match(id) {
    case .move(let identifier):
      return identifier
    case .ambiguous, .none:
      let names = moves.moves.map { $0.names["en"] ?? $0.identifier }
      check.report(
        .unknownMove,
        "unknown move \"\(name)\"",
        suggestion: EditDistance.suggestion(for: name, among: names),
        line: line
      )
      return nil
    }
  }
}

/// One member being checked, and the problems found so far.
private struct MemberCheck {
  let member: TeamMember
  let lines: MemberLocation?
  let position: Int?
  /// The team's battle format.
  let format: String?
  /// Whether abilities, moves, required items and tiers are checked (not in Hackmons).
  let checksLegality: Bool
  /// The generation of the team's format, or `nil` when it has none.
  let generation: Int?
  var problems: [TeamDiagnostic] = []

  init(member: TeamMember, lines: MemberLocation?, position: Int?, format: String?) {
    self.member = member
    self.lines = lines
    self.position = position
    self.format = format
    checksLegality = !TeamValidator.isHackmons(format)
    generation = TeamValidator.generation(ofFormat: format)
  }

  func line(_ field: MemberLocation.Field) -> Int? { lines?.line(of: field) }

  mutating func report(
    _ kind: TeamDiagnostic.Kind,
    _ message: String,
    suggestion: String? = nil,
    severity: TeamDiagnostic.Severity = .error,
    line: Int?
  ) {
    problems.append(
      TeamDiagnostic(
        severity: severity,
        kind: kind,
        message: message,
        suggestion: suggestion,
        line: line,
        member: position
      )
    )
  }
}
