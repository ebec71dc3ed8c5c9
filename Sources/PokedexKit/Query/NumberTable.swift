/// Positions in `pokedex.pokemon` by Pokémon id, and of the default Pokémon by national number.
struct NumberTable: Sendable {
  private(set) var positionByID: [Int: Int]
  private(set) var positionByNationalNumber: [Int: Int]

  /// Indexes the ids and national numbers of `pokedex`.
  init(_ pokedex: Pokedex) {
    let count = pokedex.pokemon.count
    positionByID = [Int: Int](minimumCapacity: count)
    positionByNationalNumber = [Int: Int](minimumCapacity: count)
    let all = pokedex.pokemon
    for position in all.indices {
      positionByID[all[position].id] = position
      let number = all[position].nationalNumber
      if all[position].isDefault || positionByNationalNumber[number] == nil {
        positionByNationalNumber[number] = position
      }
    }
  }
}
