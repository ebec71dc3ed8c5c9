import CollectionLayout
import FileKit
import Foundation
import PokedexKit

/// A built-in layout: a spec file in `Data/layouts/` and how its cells are labelled.
///
/// The presets are ordinary layout specs (see the layout spec format); `grid` is the only
/// one the command edits, replacing its column count with `--columns`.
package enum LayoutPreset: String, CaseIterable, Sendable {
  /// N columns of square cells.
  case grid
  /// One full-width row per Pokémon, with its types and a stat bar.
  case row
  /// Compact one-line rows under section headers.
  case list
  /// One large cell beside two small ones stacked, repeated.
  case featured
  /// Each section a strip that pages sideways group by group.
  case carousel

  /// The file name of the preset in the layouts folder.
  package var fileName: String { rawValue + ".json" }

  /// The directory holding the presets: `layouts/` in the first of these that has them: the
  /// places the bundled data is looked for (``PokedexLoader/bundledDataDirectories()``: the
  /// resource bundle beside the executable, then `../share/pokedex`), then `dataDirectory`,
  /// the directory of the dex `--data` or `POKEDEX_DATA` names.
  ///
  /// ```swift
  /// try LayoutPreset.directory(besideData: "/data")
  /// // "/opt/p/share/pokedex/layouts" when installed there, else "/data/layouts"
  /// ```
  ///
  /// - Throws: exit 66 naming every place looked when no folder has the presets.
  package static func directory(besideData dataDirectory: String? = nil) throws(CLIError)
    -> String
  {
    let places = PokedexLoader.bundledDataDirectories() + (dataDirectory.map { [$0] } ?? [])
    let candidates = places.map { $0 + "/layouts" }
    for directory in candidates
    where FileManager.default.isReadableFile(atPath: directory + "/" + LayoutPreset.grid.fileName) {
      return directory
    }
    let listed = candidates + (dataDirectory == nil ? ["$POKEDEX_DATA (not set)"] : [])
    throw CLIError.failed(
      .noInput,
      "cannot find the layout presets; looked in:\n"
        + listed.map { "  \($0)\n" }.joined()
        + "install pokedex with its data (Scripts/install in its source tree), point --data or "
        + "POKEDEX_DATA at a pokemons.json with layouts/ beside it, or pass --spec FILE"
    )
  }

  /// Reads and decodes the preset (found as ``directory(besideData:)`` finds it), with
  /// `columns` applied to `grid`.
  ///
  /// - Throws: exit 66 when the file is missing, 65 when it is not a valid spec.
  package func load(columns: Int, besideData dataDirectory: String? = nil) throws(CLIError)
    -> LayoutSpec
  {
    let path = try Self.directory(besideData: dataDirectory) + "/" + fileName
    var spec = try LayoutSpecFile.read(
      path: path,
      displayPath: path,
      lenient: false,
      diagnostics: { _ in }
    ).spec
    if self == .grid { try Self.setColumns(columns, in: &spec, path: path) }
    return spec
  }

  /// The terminal columns a grid cell is given when the column count comes from the width.
  package static let gridCellColumns = 20

  /// The height of a grid row in points: 5 terminal rows, room for a cell's number, name and
  /// types inside its borders, whatever the width (a square cell at 200 columns was mostly
  /// blank lines).
  package static let gridRowHeight = 5 * ASCIILayoutRenderer.pointsPerRow

  /// The grid's column count for a width in terminal columns when none is asked for: one
  /// column per ``gridCellColumns`` columns, 1 to 24 (2 at 40 columns, 4 at 80, 10 at 200).
  ///
  /// ```swift
  /// LayoutPreset.gridColumns(forWidth: 80)  // 4
  /// ```
  package static func gridColumns(forWidth width: Int) -> Int {
    max(1, min(24, width / gridCellColumns))
  }

  /// The grid's column count: `--columns` (`given`), `POKEDEX_LAYOUT_COLUMNS` or the
  /// `layout.columns` preference when one is set, else ``gridColumns(forWidth:)`` of the
  /// layout's `width`.
  ///
  /// ```swift
  /// let columns = try LayoutPreset.gridColumns(arguments.given(\.columns), settings, width: 200)
  /// // 10 unless set
  /// ```
  ///
  /// - Throws: a usage error for a bad flag or environment value.
  package static func gridColumns(_ given: GivenValue?, _ settings: Settings, width: Int)
    throws(CLIError) -> Int
  {
    guard columnCountIsSet(given, settings) else { return gridColumns(forWidth: width) }
    return try settings.value(
      PokedexPreferences.layoutColumns,
      from: given,
      environment: columnsVariable
    )
  }

  /// Whether `--columns` (`given`), `POKEDEX_LAYOUT_COLUMNS` or the `layout.columns`
  /// preference sets the grid's column count (else the width chooses it, and `--remember`
  /// leaves it unsaved).
  package static func columnCountIsSet(_ given: GivenValue?, _ settings: Settings) -> Bool {
    given != nil
      || !(settings.context.environment[columnsVariable] ?? "").isEmpty
      || settings.store?.hasStoredValue(for: PokedexPreferences.layoutColumns) == true
  }

  private static let columnsVariable = "POKEDEX_LAYOUT_COLUMNS"

  /// Replaces the grid's group by `columns` copies of its item, each row
  /// ``gridRowHeight`` points tall.
  static func setColumns(_ columns: Int, in spec: inout LayoutSpec, path: String) throws(CLIError) {
    guard let first = spec.sections.first, var definition = first.definition,
      case .item(let item)? = definition.group.subitems.first
    else {
      throw CLIError.failed(
        .data,
        "\(path): $.layout.sections[0].definition.group: the grid preset needs an item as its first subitem"
      )
    }
    let count = max(1, columns)
    definition.group = LayoutGroup.horizontal(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(1),
        heightDimension: .absolute(CGFloat(gridRowHeight))
      ),
      subitem: item,
      count: count
    )
    spec.sections[0].definition = definition
  }
}
