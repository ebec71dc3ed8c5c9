/// PokeAPI's move identifiers by Showdown id: `trickroom` to `trick-room`.
package struct ShowdownMoveIndex {
  /// What a Showdown move id matches.
  package enum Match: Equatable {
    case move(String)
    /// Several identifiers strip to the id (sorted).
    case ambiguous([String])
    case none
  }

  private var identifiers: [String: Set<String>] = [:]

  package init(moveIdentifiers: [String]) {
    for identifier in moveIdentifiers {
      identifiers[ShowdownID.id(identifier), default: []].insert(identifier)
    }
    let known = Set(moveIdentifiers)
    for (id, identifier) in ShowdownID.moveExceptions where known.contains(identifier) {
      identifiers[id] = [identifier]
    }
  }

  /// The PokeAPI move the Showdown move id `id` is.
  package func match(_ id: String) -> Match {
    guard let found = identifiers[id] else { return .none }
    if found.count == 1, let identifier = found.first { return .move(identifier) }
    return .ambiguous(found.sorted())
  }
}
