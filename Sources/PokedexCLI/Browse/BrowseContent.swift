import DiffableSnapshots
import PokedexKit

/// The Pokémon a browser shows, fetched by a ``FetchedResultsController`` and shown
/// through a ``DiffableDataSource``: the seed app's Core Data controller feeding its
/// collection view, in the terminal.
///
/// Each new query, sort or section key is a new fetch request: the controller refetches
/// (with a new controller when the section key changes the rows), and its snapshot is
/// applied to the data source, which hands its host (``Updates``) the difference as one
/// batch. Selection and scrolling then follow items by identifier.
///
/// ```swift
/// let content = BrowseContent(index: index, names: names, filters: [:], includesForms: false)
/// if let problem = content.show(query: "fire spe>100", sort: "", sectionBy: "") { print(problem.message) }
/// content.numberOfItems(inSection: 0)   // 9
/// ```
package final class BrowseContent {
  /// The host the data source updates: it keeps the last batch, for the app to follow
  /// the selection and for tests to see what changed.
  package final class Updates: DataSourceHost {
    package typealias Cell = Pokemon
    /// The last batch applied; `nil` after a reload.
    package private(set) var lastBatch: BatchUpdate?
    /// How many batches and reloads were applied.
    package private(set) var count = 0

    package func performBatchUpdates(_ update: BatchUpdate, animated: Bool) {
      lastBatch = update
      count += 1
    }

    package func reloadData() {
      lastBatch = nil
      count += 1
    }
  }

  /// Why a query line could not be shown: the message and where it points.
  package struct Problem: Error, Equatable, Sendable {
    /// What is wrong, in one line.
    package var message: String
    /// The offset in the query line, in characters, that the caret points at.
    package var column: Int
    /// How many characters the error spans, at least 1.
    package var length = 1
  }

  package let index: PokedexIndex
  package let names: NameResolver
  /// Saved filters, for `@NAME` terms.
  package let filters: [String: [String]]
  /// Whether alternate forms are listed; a change shows at the next ``show(query:sort:sectionBy:)``.
  package var includesForms: Bool
  /// Loads move data when a query names a move (`nil`: `move:` terms are refused).
  package let moveLearners: (() throws -> MoveLearners)?
  /// The lookups the card needs (species, forms, evolutions), made on first use.
  package private(set) lazy var context = PokedexContext(index: index)
  /// The host of ``dataSource``.
  package let updates = Updates()
  /// The contents shown: section identifiers and row identifiers.
  package let dataSource: DiffableDataSource<String, PokemonRowID, Updates>

  private var controller: FetchedResultsController<PokemonRow, PokemonRowID>?
  private var catalog: SectionCatalog?
  /// The sections and sort of `controller`'s rows: a query with the same ones refetches
  /// from those rows, in order already, so only the filter runs.
  private var rowOrder: RowOrder?
  private struct RowOrder: Equatable {
    var sectionKey: PokemonSectionKey?
    var sortDescriptors: [PokemonSortDescriptor]
  }
  /// The display name of each section shown.
  package private(set) var sectionNames: [String] = []
  /// The number of Pokémon the query matches.
  package private(set) var matchCount = 0

  package init(
    index: PokedexIndex,
    names: NameResolver,
    filters: [String: [String]],
    includesForms: Bool,
    moveLearners: (() throws -> MoveLearners)? = nil
  ) {
    self.index = index
    self.names = names
    self.filters = filters
    self.includesForms = includesForms
    self.moveLearners = moveLearners
    dataSource = DiffableDataSource(host: updates) { _, _, id in index.pokemon(forRow: id) }
  }

  /// Compiles `query`, `sort` and `sectionBy` and, when they compile, shows what they
  /// fetch. Returns the problem otherwise, and the contents stay as they were.
  ///
  /// - Complexity: O(n × t) to filter n Pokémon with t terms, and O(m) for the
  ///   difference from what is shown of the m that match; a new sort or section key also
  ///   sorts the n Pokémon, O(n log n).
  @discardableResult
  package func show(query: String, sort: String, sectionBy: String) -> Problem? {
    let request: PokemonFetchRequest
    switch makeRequest(query: query, sort: sort, sectionBy: sectionBy) {
    case .success(let made): request = made
    case .failure(let problem): return problem
    }
    let order = RowOrder(sectionKey: request.sectionKey, sortDescriptors: request.sortDescriptors)
    if let controller, let catalog, order == rowOrder {
      controller.fetchRequest = index.fetchRequest(for: request, catalog: catalog)
      do {
        try controller.performFetch()
      } catch {
        return Problem(message: "the fetch failed: \(error)", column: 0)
      }
    } else {
      guard let made = index.fetchedResultsController(for: request) else {
        return Problem(message: "the fetch failed", column: 0)
      }
      controller = made.controller
      catalog = made.catalog
      rowOrder = order
    }
    guard let controller, let catalog else { return nil }
    let snapshot = controller.snapshot
    dataSource.apply(snapshot, animatingDifferences: false)
    matchCount = index.matchCount(for: request, rowCount: controller.matchingCount)
    sectionNames = (0..<snapshot.numberOfSections).map { section in
      controller.object(at: ItemPath(section: section, item: 0)).map(catalog.sectionName) ?? ""
    }
    return nil
  }

  private func makeRequest(query: String, sort: String, sectionBy: String) -> Result<
    PokemonFetchRequest, Problem
  > {
    let typed = query.split(whereSeparator: \.isWhitespace).map(String.init)
    var terms = typed
    do throws(QueryError) {
      let compiled = try compile(&terms)
      let sortDescriptors = sort.isEmpty ? [] : try PokemonSortDescriptor.parse(sort)
      let key = sectionBy.isEmpty ? nil : try PokemonSectionKey(parsing: sectionBy)
      return .success(
        PokemonFetchRequest(
          query: compiled,
          sortDescriptors: sortDescriptors,
          sectionKey: key,
          language: names.language
        )
      )
    } catch {
      let location = error.location
      let column =
        location.source == "query"
        ? Self.lineOffset(
          ofJoinedOffset: Self.typedOffset(location.column - 1, in: terms, typed: typed),
          in: query
        ) : 0
      // The command line's "did you mean", on the same line; for a word that was to be a
      // name, the closest name.
      var message = error.message
      if let help = error.help, help.hasPrefix("did you mean") {
        message += " · " + help
      } else if case .unknownTerm(let word, nil, _) = error, Self.isNameWord(word),
        let position = index.closestNames(to: NameNormalizer.key(word))?.positions.first,
        index.pokedex.pokemon.indices.contains(position)
      {
        message += " · did you mean '\(index.pokedex.pokemon[position].slug)'?"
      }
      return .failure(
        Problem(
          message: message,
          column: column,
          length: max(1, location.length)
        )
      )
    }
  }

  /// Compiles `terms` as the query line's: a bare word the query language does not know
  /// (`char`, `pika`) that is part of a Pokémon's name, in any language, filters by name
  /// as fzf filters typed text: it becomes `name:*word*` in `terms`, mixed freely with
  /// query terms (`char type:fire`). A word no name contains stays an error, with the
  /// command line's "did you mean".
  ///
  /// - Complexity: one compile, plus one more and a scan of the names per such word.
  private func compile(_ terms: inout [String]) throws(QueryError) -> Query {
    let filters = self.filters
    let make = { (terms: [String]) throws(QueryError) -> Query in
      try Query(
        terms,
        index: self.index,
        includingForms: self.includesForms,
        savedFilter: { filters[$0] },
        savedFilterNames: filters.keys.sorted(),
        moveLearners: self.moveLearners ?? { throw MoveDataRefused() }
      )
    }
    // Each pass rewrites one more term, and a rewritten term is never unknown.
    var rewritten = 0
    while true {
      do throws(QueryError) {
        return try make(terms)
      } catch {
        guard rewritten < terms.count, case .unknownTerm(let word, _, _) = error,
          Self.isNameWord(word),
          let place = terms.firstIndex(where: { $0 == word || $0 == "-" + word || $0 == "!" + word }
          ),
          !index.positions(matchingPattern: "*\(word)*").isEmpty
        else { throw error }
        terms[place] = terms[place].dropLast(word.count) + "name:*" + word + "*"
        rewritten += 1
      }
    }
  }

  /// Whether `word` can be part of a name: letters, digits and the marks names use
  /// (`mr.-mime`, `farfetch'd`), no operator or wildcard.
  package static func isNameWord(_ word: String) -> Bool {
    !word.isEmpty && word.allSatisfy { $0.isLetter || $0.isNumber || "-.'’".contains($0) }
  }

  /// The offset in the typed terms, joined by single spaces, of `offset` in `terms` (the
  /// same terms, some rewritten to `name:*word*`): an offset inside a rewritten term points
  /// into the word as typed.
  package static func typedOffset(_ offset: Int, in terms: [String], typed: [String]) -> Int {
    var start = 0
    var typedStart = 0
    for (term, original) in zip(terms, typed) {
      if offset <= start + term.count {
        return typedStart + min(max(0, offset - start), original.count)
      }
      start += term.count + 1
      typedStart += original.count + 1
    }
    return typedStart + max(0, offset - start)
  }

  /// The offset in `line` of the character at `offset` in its terms joined by single
  /// spaces (what the compiler's locations count in): runs of spaces count once, leading
  /// ones not at all.
  static func lineOffset(ofJoinedOffset offset: Int, in line: String) -> Int {
    var joined = 0
    var previousWasSpace = true
    for (position, character) in line.enumerated() {
      if character.isWhitespace {
        if !previousWasSpace { joined += 1 }
        previousWasSpace = true
        continue
      }
      if joined >= offset { return position }
      joined += 1
      previousWasSpace = false
    }
    return line.count
  }

  // MARK: Reading the contents

  /// The number of sections shown.
  package var numberOfSections: Int { dataSource.numberOfSections }

  /// The number of items in `section`.
  package func numberOfItems(inSection section: Int) -> Int {
    dataSource.numberOfItems(inSection: section)
  }

  /// Every section's item count, for the layout.
  package var itemCounts: [Int] { (0..<numberOfSections).map(numberOfItems(inSection:)) }

  /// The Pokémon at `path`, if there is one.
  package func pokemon(at path: ItemPath) -> Pokemon? { dataSource.cell(at: path) }

  /// The Pokémon a row identifier names.
  package func pokemon(for id: PokemonRowID) -> Pokemon? { index.pokemon(forRow: id) }

  /// The row showing the Pokémon with `slug`, in section `section` when it is listed in
  /// several; `nil` when it is not shown.
  ///
  /// - Complexity: O(n) for n items shown.
  package func item(slug: String, section: String?) -> PokemonRowID? {
    let snapshot = dataSource.snapshot()
    let all = index.pokedex.pokemon
    var first: PokemonRowID?
    for sectionID in snapshot.sectionIdentifiers {
      for id in (try? snapshot.itemIdentifiers(inSection: sectionID)) ?? []
      where all.indices.contains(Int(id.position)) && all[Int(id.position)].slug == slug {
        if section == nil || section == sectionID { return id }
        if first == nil { first = id }
      }
    }
    return first
  }
}

/// A `move:` term without the move data to answer it.
private struct MoveDataRefused: Error {}
