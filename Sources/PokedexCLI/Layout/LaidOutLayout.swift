import CollectionLayout
import PokedexKit

/// A solved layout and what its cells stand for: the value every renderer reads.
///
/// Built by `pokedex layout` from a preset or a user's spec, with the Pokémon of a query
/// (item `i` of section `s` is `pokemonSections[s].pokemon[i]`) or none (a spec on its own).
package struct LaidOutLayout {
  /// Where the layout came from.
  package enum Source: Equatable, Sendable {
    /// A built-in preset; `columns` is used by `grid` only.
    case preset(LayoutPreset, columns: Int)
    /// A user's spec file, as named on the command line.
    case spec(path: String)
  }

  /// The Pokémon the items stand for, and the query that selected them.
  package struct Content {
    /// The query terms, as given (or remembered).
    package var terms: [String]
    /// Whether alternate forms were included.
    package var includesForms: Bool
    /// The sort keys, as `--sort` takes them; empty for the default order.
    package var sort: String
    /// The `--section-by` key, if any.
    package var sectionKey: String?
    /// The query's sections, one layout section each.
    package var sections: [PokemonSection]
    /// How many Pokémon match the query before `--offset` and `--limit`.
    package var matchCount: Int
    /// Names in the chosen language.
    package var names: NameResolver
    /// The Pokémon at an index path when ``sections`` do not hold them: a live view's data
    /// source answers, so a change of its contents costs no copy of every Pokémon.
    package var lookup: ((LayoutIndexPath) -> Pokemon?)? = nil
    /// What a cell shows instead of the Pokémon's name and base stats: a team member's
    /// name and its stats at its level, nature, EVs and IVs (`pokedex team show`).
    package var members: [[MemberCell]]? = nil
  }

  /// A team member's cell: its name as shown and its actual stats.
  package struct MemberCell: Sendable {
    package var title: String
    package var stats: Stats
  }

  /// The member at `indexPath`, when the layout shows team members.
  package func member(at indexPath: LayoutIndexPath) -> MemberCell? {
    guard let members = content?.members, members.indices.contains(indexPath.section) else {
      return nil
    }
    let section = members[indexPath.section]
    return section.indices.contains(indexPath.item) ? section[indexPath.item] : nil
  }

  /// The preset or spec used.
  package var source: Source
  /// The spec that was solved (item counts from the query when there is one).
  package var spec: LayoutSpec
  /// The solved frames.
  package var solution: LayoutSolution
  /// The Pokémon, or `nil` for a spec laid out on its own.
  package var content: Content?

  /// How messages name the layout: the spec's path as typed, or `preset 'NAME'`.
  package var sourceName: String {
    switch source {
    case .preset(let preset, _): "preset '\(preset.rawValue)'"
    case .spec(let path): path
    }
  }

  /// The Pokémon at `indexPath`, if the layout stands for a query and the path is in range.
  package func pokemon(at indexPath: LayoutIndexPath) -> Pokemon? {
    guard let content else { return nil }
    if let lookup = content.lookup { return lookup(indexPath) }
    guard indexPath.section >= 0, indexPath.section < content.sections.count else { return nil }
    let pokemon = content.sections[indexPath.section].pokemon
    return indexPath.item >= 0 && indexPath.item < pokemon.count ? pokemon[indexPath.item] : nil
  }

  /// The title of a section: its name and count (`Generation I · 151`), `1025 Pokémon` when the
  /// query is unsectioned, `section 0 · 12 items` for a spec on its own.
  package func sectionTitle(_ section: Int) -> String {
    let count = solution.numberOfItems(inSection: section)
    guard let content, section >= 0, section < content.sections.count else {
      return "section \(section) · \(count) item\(count == 1 ? "" : "s")"
    }
    let name = content.sections[section].name
    return name.isEmpty ? "\(count) Pokémon" : "\(name) · \(count)"
  }

  /// The bare section name for exports: the query section's name, empty when unsectioned.
  package func sectionName(_ section: Int) -> String? {
    guard let content, section >= 0, section < content.sections.count else { return nil }
    return content.sections[section].name
  }

  /// The orthogonal strip of `section`, if it scrolls sideways.
  package func strip(ofSection section: Int) -> OrthogonalSectionGeometry? {
    solution.orthogonalSections.first { $0.section == section }
  }
}

extension LayoutSpec {
  /// This spec with one section per entry of `counts`: the `section` API repeats the first
  /// definition; `sectionProvider` gives section `i` the spec's definition `i`, or its last one
  /// when the query has more sections than the spec.
  ///
  /// - Throws: exit 65 when the spec has no section to take a definition from.
  func replacingItemCounts(with counts: [Int], displayPath: String) throws(CLIError) -> LayoutSpec {
    let definitions = sections.compactMap(\.definition)
    guard let first = definitions.first else {
      throw CLIError.failed(
        .data,
        "\(displayPath): $.layout.sections: the spec has no section definition; add one to lay out a query"
      )
    }
    var result = self
    result.sections = counts.enumerated().map { index, count in
      switch api {
      case .section:
        return Section(itemCount: count, definition: index == 0 ? first : nil)
      case .sectionProvider:
        let definition = index < sections.count ? sections[index].definition : nil
        return Section(itemCount: count, definition: definition ?? definitions.last ?? first)
      }
    }
    return result
  }
}
