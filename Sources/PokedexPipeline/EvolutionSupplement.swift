import PokedexKit

/// What decides the form a species evolves into, where PokeAPI's `pokemon_evolution.csv`
/// does not say: a nature (Toxtricity) or chance (Maushold, Dudunsparce).
///
/// PokeAPI has one row for each of these evolutions and no column for the nature or the
/// chance, so without this table the dex would say Toxel becomes Toxtricity at level 30
/// and nothing about which Toxtricity. The facts are the games' (Bulbapedia documents
/// them); the names are read from the CSV tables: the forms' English names from
/// `pokemon_form_names.csv` and the natures' from `nature_names.csv`. An entry whose
/// species is not in the source (the test fixtures) is skipped; one whose forms or natures
/// are missing from it is an error.
struct EvolutionSupplement: Sendable {
  /// What leads into one form.
  enum Requirement: Sendable {
    /// One of these natures (identifiers, in the order written).
    case natures([String])
    /// Chance in percent.
    case chance(Int)
  }

  /// The evolved species' identifier, `"toxtricity"`.
  var species: String
  /// Each form (the identifier of its Pokémon's default form) and what leads into it.
  var branches: [(form: String, requirement: Requirement)]

  /// The supplements the pipeline applies.
  static let all: [EvolutionSupplement] = [
    EvolutionSupplement(
      species: "toxtricity",
      branches: [
        (
          "toxtricity-amped",
          .natures([
            "hardy", "brave", "adamant", "naughty", "docile", "impish", "lax", "hasty",
            "jolly", "naive", "rash", "sassy", "quirky",
          ])
        ),
        (
          "toxtricity-low-key",
          .natures([
            "lonely", "bold", "relaxed", "timid", "serious", "modest", "mild", "quiet",
            "bashful", "calm", "gentle", "careful",
          ])
        ),
      ]
    ),
    EvolutionSupplement(
      species: "maushold",
      branches: [
        ("maushold-family-of-four", .chance(99)), ("maushold-family-of-three", .chance(1)),
      ]
    ),
    EvolutionSupplement(
      species: "dudunsparce",
      branches: [
        ("dudunsparce-two-segment", .chance(99)), ("dudunsparce-three-segment", .chance(1)),
      ]
    ),
  ]
}

extension BuildContext {
  /// `into` with the steps into each supplemented species split by form (see
  /// ``EvolutionSupplement``): each step becomes one step per form, with the form's
  /// requirement and `into <form>` added to its conditions.
  mutating func applyingSupplements(
    to into: [Int: [EvolutionStep]],
    species: [Int: SpeciesRecord],
    forms: [Int: FormRecord]
  ) throws(DataPipelineError) -> [Int: [EvolutionStep]] {
    var result = into
    let speciesIds = Dictionary(
      species.map { ($0.value.identifier, $0.key) },
      uniquingKeysWith: { first, _ in first }
    )
    for supplement in EvolutionSupplement.all {
      guard let speciesId = speciesIds[supplement.species], let steps = into[speciesId] else {
        continue
      }
      var branches: [[String]] = []
      for branch in supplement.branches {
        branches.append(try supplementConditions(branch, of: supplement.species, forms: forms))
      }
      result[speciesId] = steps.flatMap { step in
        step.conditions.contains { $0.hasPrefix("into ") }
          ? [step]
          : branches.map { extra in
            EvolutionStep(
              from: step.from,
              to: step.to,
              trigger: step.trigger,
              conditions: step.conditions + extra
            )
          }
      }
    }
    return result
  }

  /// The conditions one branch adds: `"Hardy, Brave or Adamant nature"` or `"1% chance"`,
  /// then `"into Amped Form"`.
  mutating func supplementConditions(
    _ branch: (form: String, requirement: EvolutionSupplement.Requirement),
    of species: String,
    forms: [Int: FormRecord]
  ) throws(DataPipelineError) -> [String] {
    let english = languageIdentifiers[englishLanguageId] ?? "en"
    var conditions: [String] = []
    switch branch.requirement {
    case .natures(let identifiers):
      let ids = try self.identifiers("natures.csv")
      let names = try self.names("nature_names.csv", owner: "nature_id")
      var byIdentifier: [String: String] = [:]
      for (id, identifier) in ids { byIdentifier[identifier] = names[id]?[english] }
      var written: [String] = []
      for identifier in identifiers {
        guard let name = byIdentifier[identifier] else {
          throw .missingData(
            file: "nature_names.csv",
            message:
              "no English name for nature '\(identifier)', which the evolution into '\(species)' needs"
          )
        }
        written.append(name)
      }
      let list =
        written.count > 1
        ? written.dropLast().joined(separator: ", ") + " or " + (written.last ?? "")
        : written.joined()
      conditions.append("\(list) nature")
    case .chance(let percent):
      conditions.append("\(percent)% chance")
    }
    let formNames = try names(
      "pokemon_form_names.csv",
      owner: "pokemon_form_id",
      nameColumn: "form_name"
    )
    guard
      let formId = forms.first(where: { $0.value.identifier == branch.form && $0.value.isDefault })?
        .key,
      let name = formNames[formId]?[english]
    else {
      throw .missingData(
        file: "pokemon_form_names.csv",
        message:
          "no English form name for '\(branch.form)', which the evolution into '\(species)' needs"
      )
    }
    conditions.append("into \(name)")
    return conditions
  }
}
