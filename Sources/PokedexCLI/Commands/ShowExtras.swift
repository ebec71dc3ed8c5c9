import PokedexKit

/// What `show` adds to the dex's record: each ability's short effect (`abilities.json`) and,
/// with `--moves`, the current generation's learnset (`learnsets.json`, `moves.json`, read only
/// then).
struct ShowExtras {
  /// Short effects by ability identifier; empty when the file has none or cannot be read.
  var abilityEffects: [String: String] = [:]
  /// The learnsets of the Pokémon shown, in order, with `--moves`.
  var learnsets: [LearnsetOutput] = []
  /// The identifiers of the shown Pokémon's abilities.
  private var shownAbilities: [[String]] = []

  /// Reads what `pokemon`'s cards need, and with `moves` (`--moves`) their learnsets, with
  /// names in `language` (`--lang`). A missing or malformed `abilities.json` is a warning
  /// on stderr (the card is right without effects); a move file that does not load with
  /// `--moves` is an error (65, 66).
  init(_ pokemon: [Pokemon], settings: Settings, moves: Bool, language: GivenValue?)
    throws(CLIError)
  {
    let context = settings.context
    shownAbilities = pokemon.map { pokemon in
      var seen: Set<String> = []
      return pokemon.abilities.map(\.ability).filter { seen.insert($0).inserted }
    }
    do throws(CLIError) {
      let wanted = Set(shownAbilities.joined())
      for text in try context.load(AbilityDex.self, settings.global).abilities
      where wanted.contains(text.identifier) {
        if let effect = text.shortEffect { abilityEffects[text.identifier] = effect }
      }
    } catch {
      let reason = error.message.split(separator: "\n").first.map(String.init) ?? ""
      context.stderr.line("warning: ability effects left out: \(reason)")
    }
    guard moves else { return }
    let data = try MoveContext(settings, language: language)
    learnsets = pokemon.map { pokemon in
      LearnsetOutput(
        groups: LearnsetGroups(
          pokemon: pokemon,
          generation: data.learners.currentGeneration,
          methods: nil,
          learners: data.learners
        ),
        data: data
      )
    }
  }

  /// The lines `show --moves` adds to the card at `position`, or none without `--moves`.
  func moveLines(_ position: Int, style: Style, width: Int) -> [String] {
    guard learnsets.indices.contains(position) else { return [] }
    let output = learnsets[position]
    let title =
      style.bold("Moves in generation \(output.groups.generation)")
      + style.dim("  (pokedex learnset \(output.groups.pokemon.slug))")
    return [title] + output.compactLines(width: width)
  }

  /// The JSON members of each record: `abilityEffects`, then `learnset` with `--moves`.
  var json: [[(String, OutputJSON)]] {
    shownAbilities.indices.map { position in
      var members: [(String, OutputJSON)] = [
        (
          "abilityEffects",
          .object(shownAbilities[position].map { ($0, .string(abilityEffects[$0])) })
        )
      ]
      if learnsets.indices.contains(position) {
        members.append(("learnset", learnsets[position].json()))
      }
      return members
    }
  }
}
