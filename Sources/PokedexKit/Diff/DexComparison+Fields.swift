extension DexComparison {
  /// The fields that differ between two versions of a Pokémon, in the order
  /// of the data file's keys (`id` is the identity, so never among them).
  ///
  /// ```swift
  /// DexComparison.fieldChanges(from: pikachu, to: buffedPikachu)
  /// // [stats.hp: 35 -> 40, types: [electric] -> [electric, fairy]]
  /// ```
  ///
  /// - Complexity: O(*f*) in the number of fields, names and dex numbers.
  public static func fieldChanges(from old: Pokemon, to new: Pokemon) -> [FieldChange] {
    guard old != new else { return [] }
    var changes = FieldRecorder()
    for field in Pokemon.schema.fields where field.keyPath != \Pokemon.id {
      field.compare(field.key, old, new, &changes)
    }
    return changes.changes
  }

  /// The fields outside the Pokémon that differ: the header, the source and
  /// the tables of languages, generations, types and abilities (entries named
  /// by identifier, generations by number).
  ///
  /// - Complexity: O(*t*) in the size of the tables.
  public static func tableChanges(from old: Pokedex, to new: Pokedex) -> [FieldChange] {
    var changes = FieldRecorder()
    for field in Pokedex.schema.fields where field.keyPath != \Pokedex.pokemon {
      field.compare(field.key, old, new, &changes)
    }
    return changes.changes
  }
}
