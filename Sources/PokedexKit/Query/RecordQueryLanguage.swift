/// A record query language other than the Pokémon one: which records its terms select.
public enum RecordQueryLanguage: String, Hashable, Sendable {
  /// `pokedex moves` queries.
  case move
  /// `pokedex items` queries.
  case item
}
