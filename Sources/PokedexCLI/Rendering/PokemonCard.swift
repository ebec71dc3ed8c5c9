import PokedexKit
import TerminalUI

/// The detail card of `pokedex show`: names, types, abilities, stats with bars,
/// measurements, breeding, the evolution chain with conditions, forms and the
/// type matchup table.
package struct PokemonCard {
  package var pokemon: Pokemon
  package var dex: PokedexContext
  package var names: NameResolver
  package var style: Style
  /// The width the stat bars are sized for.
  package var width: Int
  /// The width long lines wrap at, under their label (`Int.max`: never, as piped output
  /// should be, so that `grep` finds a whole line).
  package var wrapWidth: Int
  /// Each ability's short effect by identifier (from `abilities.json`); when any is known,
  /// the abilities are listed one a line with their effects.
  package var abilityEffects: [String: String] = [:]
  /// The section `show --moves` adds at the end: a title, then a line per learn method.
  package var moveLines: [String] = []
  /// The Showdown forme the card was asked for (`Arceus-Fairy`): its name and needs are
  /// shown, and its types replace the Pokémon's.
  package var forme: ShowdownForme?

  package init(
    pokemon: Pokemon,
    dex: PokedexContext,
    names: NameResolver,
    style: Style,
    width: Int,
    wrapWidth: Int = .max
  ) {
    self.pokemon = pokemon
    self.dex = dex
    self.names = names
    self.style = style
    self.width = width
    self.wrapWidth = wrapWidth
  }

  package func render() -> String {
    var lines: [String] = []
    let title = "#\(pad4(pokemon.nationalNumber)) \(names.name(of: pokemon))"
    let genus = names.genus(of: pokemon)
    lines.append(style.bold(title) + (genus.isEmpty ? "" : "  " + style.dim(genus)))
    let otherNames = ["ja", "ja-roma", "de", "fr"].compactMap { pokemon.names[$0] }
      .filter { $0 != names.name(of: pokemon) }
    if !otherNames.isEmpty {
      lines.append(wrapped(style.dim(unique(otherNames).joined(separator: " · ")), indent: 0))
    }
    lines.append("")
    lines.append(field("Types", shown.types.map { typeLabel($0) }.joined(separator: " / ")))
    lines += abilityLines
    let generation = dex.dex.generations.first { $0.id == pokemon.generation }
    lines.append(
      field(
        "Generation",
        generation.map { names.pick($0.names, fallback: $0.identifier) } ?? "\(pokemon.generation)"
      )
    )
    lines.append(field("Height", formatMeasure(pokemon.height) + " m"))
    lines.append(
      field(
        "Weight",
        formatMeasure(pokemon.weight) + " kg"
          + style.dim("  (Low Kick, Grass Knot: power \(pokemon.weightPower))")
      )
    )
    lines.append(field("Colour", PropertyNames.color(pokemon.color)))
    if let shape = pokemon.shape { lines.append(field("Shape", PropertyNames.shape(shape))) }
    if let habitat = pokemon.habitat {
      lines.append(field("Habitat", PropertyNames.habitat(habitat)))
    }
    lines.append(
      field(
        "Egg groups",
        pokemon.eggGroups.map(PropertyNames.eggGroup).joined(separator: ", ")
      )
    )
    lines.append(field("Gender", genderText))
    lines.append(
      field(
        "Training",
        "capture rate \(pokemon.captureRate)"
          + (pokemon.baseHappiness.map { ", base friendship \($0)" } ?? "")
          + (pokemon.baseExperience.map { ", base exp. \($0)" } ?? "")
          + ", growth \(PropertyNames.growthRate(pokemon.growthRate))"
      )
    )
    if let cycles = pokemon.hatchCounter { lines.append(field("Egg cycles", "\(cycles)")) }
    var flags = [
      pokemon.isLegendary ? "legendary" : nil, pokemon.isMythical ? "mythical" : nil,
      pokemon.isBaby ? "baby" : nil, pokemon.form?.isMega == true ? "mega" : nil,
      pokemon.form?.isGigantamax == true ? "gigantamax" : nil,
      pokemon.form?.region.map { "\($0) form" },
      pokemon.form?.isBattleOnly == true ? "battle only" : nil,
    ].compactMap { $0 }
    // Showdown's tags beside PokeAPI's flags: "sub-legendary", "paradox", "ultra beast", ...
    let tags = (pokemon.showdown?.tags ?? []).map { $0.lowercased() }
    flags += tags.filter { !flags.contains($0) }
    if !flags.isEmpty { lines.append(field("Status", flags.joined(separator: ", "))) }
    lines += showdownLines
    lines.append("")
    lines.append(style.bold("Base stats"))
    lines += statLines
    let evs = evYieldText
    if !evs.isEmpty { lines.append(field("EV yield", evs)) }
    lines.append("")
    lines.append(style.bold("Evolution"))
    lines += evolutionLines
    let forms = dex.forms(of: pokemon).filter { $0.id != pokemon.id }
    if !forms.isEmpty {
      lines.append("")
      lines.append(field("Forms", formNames(forms).joined(separator: ", ")))
    }
    lines.append("")
    lines += matchupLines
    if !moveLines.isEmpty {
      lines.append("")
      lines += moveLines
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The Pokémon as the card shows it: with the types of the forme asked for, if any.
  private var shown: Pokemon {
    var shown = pokemon
    if let types = forme?.types { shown.types = types }
    return shown
  }

  /// Showdown's name, what the Pokémon needs, its tiers in the latest generation Showdown
  /// has, and the formes Showdown names inside it; nothing when Showdown has no entry for it.
  private var showdownLines: [String] {
    guard let showdown = pokemon.showdown else { return [] }
    var lines: [String] = []
    if let forme {
      let needs =
        forme.requiredItems.isEmpty
        ? "" : "; holds " + forme.requiredItems.joined(separator: " or ")
      lines.append(field("Showdown", "\(forme.name), a forme of \(showdown.name)" + needs))
    } else {
      let aliases =
        showdown.aliases.isEmpty
        ? "" : style.dim("  (also " + showdown.aliases.joined(separator: ", ") + ")")
      lines.append(field("Showdown", showdown.name + aliases))
    }
    var needs: [String] = []
    if forme == nil, !showdown.requiredItems.isEmpty {
      needs.append("holds " + showdown.requiredItems.joined(separator: " or "))
    }
    if let ability = showdown.requiredAbility { needs.append("has the ability " + ability) }
    if let move = showdown.requiredMove { needs.append("knows " + move) }
    if !needs.isEmpty { lines.append(field("Needs", needs.joined(separator: ", "))) }
    if let latest = showdown.tiers.max(by: { $0.generation < $1.generation }) {
      lines.append(field("Tier", tierText(latest)))
    }
    let formes = showdown.formes.filter { !$0.isBattleOnly }.map(\.name)
    if forme == nil, !formes.isEmpty {
      lines.append(field("Formes", formes.joined(separator: ", ")))
    }
    return lines
  }

  /// `OU; doubles DOU; National Dex OU (generation 9)`, saying when the Pokémon is not in
  /// that generation's games.
  private func tierText(_ tiers: ShowdownTiers) -> String {
    let absent = tiers.isNonstandard.map { "; \($0): not in that generation's games" }
    return "\(tiers.singles); doubles \(tiers.doubles); National Dex \(tiers.nationalDex)"
      + style.dim(" (generation \(tiers.generation)" + (absent ?? "") + ")")
  }

  /// The abilities on one line, or one a line with their effects when ``abilityEffects``
  /// knows any: `Static: Has a 30% chance of paralyzing attacking Pokémon on contact.`
  private var abilityLines: [String] {
    let labels = pokemon.abilities.map {
      names.abilityName($0.ability) + ($0.isHidden ? style.dim(" (hidden)") : "")
    }
    guard pokemon.abilities.contains(where: { abilityEffects[$0.ability] != nil }) else {
      return [field("Abilities", labels.joined(separator: ", "))]
    }
    return zip(pokemon.abilities, labels).enumerated().map { position, pair in
      let effect = abilityEffects[pair.0.ability].map { ": " + $0 } ?? ""
      return field(position == 0 ? "Abilities" : "", pair.1 + effect)
    }
  }

  /// The type matchups: a title, then one line per damage factor, wrapped under the factor.
  private var matchupLines: [String] {
    var lines = [
      wrapped(
        style.bold("Type matchups") + style.dim(" (damage taken; abilities ignored)"),
        indent: 2
      )
    ]
    for (label, types) in dex.matchupBuckets(of: shown) where !types.isEmpty {
      lines.append(
        wrapped(
          types.map { typeLabel($0) }.joined(separator: ", "),
          prefix: "  " + TextWidth.pad(label, to: 5),
          indent: 7
        )
      )
    }
    return lines
  }

  /// A labelled line, wrapped at the card's width under the value (a hanging indent).
  private func field(_ label: String, _ value: String) -> String {
    wrapped(value, prefix: TextWidth.pad(label, to: 12), indent: 12)
  }

  /// `prefix` and `text` in lines of at most ``wrapWidth`` columns, joined by newlines; the
  /// lines after the first start with `indent` spaces.
  private func wrapped(_ text: String, prefix: String = "", indent: Int) -> String {
    TextWidth.wrap(text, width: wrapWidth, prefix: prefix, indent: indent)
      .joined(separator: "\n")
  }

  private func typeLabel(_ identifier: String) -> String {
    style.color(names.typeName(identifier), hex: TypePalette.color(of: identifier))
  }

  private var genderText: String {
    guard pokemon.genderRate >= 0 else { return "genderless" }
    let female = Double(pokemon.genderRate) * 12.5
    return "\(formatPercent(100 - female)) ♂, \(formatPercent(female)) ♀"
  }

  private var statLines: [String] {
    let stats = pokemon.stats
    let rows: [(String, Int)] = [
      ("HP", stats.hp), ("Attack", stats.attack), ("Defense", stats.defense),
      ("Sp. Atk", stats.specialAttack), ("Sp. Def", stats.specialDefense), ("Speed", stats.speed),
    ]
    let barWidth = max(10, min(40, width - 22))
    var lines = rows.map { label, value in
      "  " + TextWidth.pad(label, to: 9) + TextWidth.pad("\(value)", to: 4, alignRight: true) + "  "
        + styledBar(value, width: barWidth)
    }
    lines.append(
      "  " + TextWidth.pad("Total", to: 9)
        + TextWidth.pad("\(stats.total)", to: 4, alignRight: true)
    )
    return lines
  }

  private func styledBar(_ value: Int, width: Int) -> String {
    let bar = StatBar.render(value: value, maximum: 255, width: width)
    switch value {
    case ..<60: return style.red(bar)
    case ..<90: return style.yellow(bar)
    case ..<120: return style.green(bar)
    default: return style.cyan(bar)
    }
  }

  private var evYieldText: String {
    let ev = pokemon.evYield
    return [
      ("HP", ev.hp), ("Attack", ev.attack), ("Defense", ev.defense), ("Sp. Atk", ev.specialAttack),
      ("Sp. Def", ev.specialDefense), ("Speed", ev.speed),
    ].filter { $0.1 > 0 }.map { "\($0.1) \($0.0)" }.joined(separator: ", ")
  }

  /// The family tree from its root, one line per species, conditions in brackets.
  private var evolutionLines: [String] {
    let root = dex.evolutionRoot(of: pokemon.speciesSlug)
    var lines: [String] = []
    func visit(_ species: String, depth: Int, via step: [EvolutionStep]) {
      let name = dex.defaultPokemon(species: species).map { names.name(of: $0) } ?? species
      let marker = species == pokemon.speciesSlug ? style.bold(name) : name
      let condition =
        step.isEmpty
        ? "" : style.dim(" (" + unique(step.map(\.summary)).joined(separator: "; or ") + ")")
      let indent = String(repeating: "   ", count: max(depth - 1, 0))
      let lead = "  " + indent + (depth > 0 ? "→ " : "")
      lines.append(wrapped(marker + condition, prefix: lead, indent: TextWidth.of(lead) + 2))
      guard depth < 8, let successor = dex.defaultPokemon(species: species) else { return }
      var seen: [String] = []
      for next in successor.evolution.to where !seen.contains(next.to) {
        seen.append(next.to)
        visit(next.to, depth: depth + 1, via: successor.evolution.to.filter { $0.to == next.to })
      }
    }
    visit(root, depth: 0, via: [])
    if lines.count == 1 { lines[0] += style.dim("  (does not evolve)") }
    return lines
  }
}

extension PokemonCard {
  /// The forms' names, each followed by its identifier when another form has the same name
  /// (Zygarde has two "10% Zygarde": `zygarde-10` and `zygarde-10-power-construct`).
  fileprivate func formNames(_ forms: [Pokemon]) -> [String] {
    let labels = forms.map { names.name(of: $0) }
    var counts: [String: Int] = [:]
    for label in labels { counts[label, default: 0] += 1 }
    return zip(forms, labels).map { form, label in
      counts[label, default: 0] > 1 ? "\(label) (\(form.slug))" : label
    }
  }
}

private func formatPercent(_ value: Double) -> String {
  guard value == value.rounded(), let whole = Int(exactly: value) else { return "\(value)%" }
  return "\(whole)%"
}

private func unique(_ values: [String]) -> [String] {
  var seen: Set<String> = []
  return values.filter { seen.insert($0).inserted }
}
