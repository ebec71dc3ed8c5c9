import Foundation
import PlistPreferences
import PokedexKit

/// The preference keys of `pokedex`, documented in `Guides/Preferences.md`.
///
/// Each key has an environment variable and, on the commands that use it, a
/// flag. The value used is the first of: the flag, the environment variable,
/// the preferences file, the built-in default (see ``Settings``).
package enum PokedexPreferences {
  package static let layoutStyles = ["grid", "row", "list", "featured", "carousel"]
  package static let formats = ["table", "json", "ndjson", "csv", "tsv"]

  /// `layout.style`: the preset `pokedex layout` uses.
  package static let layoutStyle = PreferenceKey(
    "layout.style",
    default: "grid",
    allowedValues: layoutStyles
  )
  /// `layout.columns`: the number of columns of the `grid` style.
  package static let layoutColumns = PreferenceKey("layout.columns", default: 4) { value in
    (1...24).contains(value) ? nil : "use a whole number from 1 to 24"
  }
  /// `layout.width`: the width of ASCII layouts in terminal columns; 0 means the terminal's width.
  package static let layoutWidth = PreferenceKey("layout.width", default: 0) { value in
    value == 0 || (20...1000).contains(value) ? nil : "use 0 (the terminal's width) or 20 to 1000"
  }
  /// `layout.query`: the query `pokedex layout` runs when given none (saved by `--remember`).
  package static let layoutQuery = PreferenceKey("layout.query", default: [String]())
  /// `list.sort`: the sort order of `list` and `layout`, as `--sort` takes it.
  package static let listSort = PreferenceKey("list.sort", default: "") { value in
    if value.isEmpty { return nil }
    do throws(QueryError) {
      _ = try PokemonSortDescriptor.parse(value)
      return nil
    } catch { return error.message }
  }
  /// `list.fields`: the columns of `list`, as `--fields` takes them.
  package static let listFields = PreferenceKey(
    "list.fields",
    default: PokemonField.defaultKeys.joined(separator: ",")
  ) {
    value in
    do throws(CLIError) {
      _ = try PokemonField.parse(value)
      return nil
    } catch { return error.message }
  }
  /// `list.format`: the output format of `list`.
  package static let listFormat = PreferenceKey(
    "list.format",
    default: "table",
    allowedValues: formats
  )
  /// `lang`: the language of names (a language identifier of the data, like `en` or `ja`).
  ///
  /// The validator checks the form only (letters, digits, `-` and `_`, at most 35
  /// characters), since the languages are those of the data file in use: a flag or
  /// environment variable is checked against it by the command, a stored value by
  /// ``DataCheck`` (on `prefs set`, `prefs import`, `prefs doctor` and every read).
  package static let language = PreferenceKey("lang", default: "en") { value in
    let isLanguageCode =
      !value.isEmpty && value.utf8.count <= 35
      && value.utf8.allSatisfy { byte in
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte)
          || (0x61...0x7A).contains(byte) || byte == UInt8(ascii: "-")
          || byte == UInt8(ascii: "_")
      }
    return isLanguageCode ? nil : "use a language code like en, ja or fr"
  }
  /// `color`: `auto`, `always` or `never`.
  package static let color = PreferenceKey(
    "color",
    default: "auto",
    allowedValues: ["auto", "always", "never"]
  )
  /// `filters`: saved queries by name, used as `@NAME` in any query.
  package static let filters = PreferenceKey("filters", default: [String: [String]]()) { value in
    SavedFilters.problem(in: value)
  }
  /// The closed sets of values, by key name, for "did you mean" on a misspelt value.
  package static let allowedValues: [String: [String]] = [
    layoutStyle.name: layoutStyles, listFormat.name: formats,
    color.name: ["auto", "always", "never"],
  ]

  /// Every key `pokedex prefs` knows, with its environment variable and meaning.
  package static let all: [(key: AnyPreferenceKey, environment: String?, help: String)] = [
    (
      AnyPreferenceKey(layoutStyle), "POKEDEX_LAYOUT_STYLE",
      "layout preset: grid, row, list, featured, carousel"
    ),
    (AnyPreferenceKey(layoutColumns), "POKEDEX_LAYOUT_COLUMNS", "columns of the grid style (1-24)"),
    (
      AnyPreferenceKey(layoutWidth), "POKEDEX_LAYOUT_WIDTH",
      "width of ASCII layouts in columns; 0 = terminal width"
    ),
    (AnyPreferenceKey(layoutQuery), nil, "the query 'pokedex layout' runs when given none"),
    (
      AnyPreferenceKey(listSort), "POKEDEX_SORT",
      "sort order of list and layout, e.g. bst:desc,name"
    ),
    (AnyPreferenceKey(listFields), "POKEDEX_FIELDS", "columns of list, e.g. num,name,types,bst"),
    (
      AnyPreferenceKey(listFormat), "POKEDEX_FORMAT",
      "output format of list: table, json, ndjson, csv, tsv"
    ),
    (
      AnyPreferenceKey(language), "POKEDEX_LANG",
      "language of names: en, ja, ja-hrkt, ko, zh-hans, fr, de, ..."
    ),
    (
      AnyPreferenceKey(color), "POKEDEX_COLOR",
      "colour: auto, always or never (NO_COLOR also turns it off)"
    ),
    (AnyPreferenceKey(filters), nil, "saved filters, managed with 'pokedex filter'"),
    (
      AnyPreferenceKey(browseScene), nil,
      "the scene 'pokedex browse' restores: query, sort, sections, layout, selection"
    ),
  ]
}

extension PokedexPreferences {
  /// The keys whose stored values are also checked against the data (``DataCheck``).
  package static let dataCheckedKeys: Set<String> = [language.name, layoutQuery.name]

  /// Checks of stored values that need the data file: `lang` must be one of its
  /// languages and `layout.query` must compile against it (with the saved filters).
  ///
  /// ```swift
  /// let check = PokedexPreferences.DataCheck(dex: dex, filters: [:])
  /// check.problem(key: "lang", value: .string("klingon"))
  /// // unknown language 'klingon'; use one of: ja-hrkt, ja, ..., en, fr, ...
  /// ```
  package struct DataCheck {
    package let dex: Pokedex
    package let filters: [String: [String]]
    /// Loads the move data a query's `move:` terms need (`nil`: such a query cannot be
    /// checked, and is not reported).
    package let moveLearners: (() throws -> MoveLearners)?

    package init(
      dex: Pokedex,
      filters: [String: [String]],
      moveLearners: (() throws -> MoveLearners)? = nil
    ) {
      self.dex = dex
      self.filters = filters
      self.moveLearners = moveLearners
    }

    /// Why `value`, stored for the key named `key`, cannot be used with this data;
    /// `nil` when it can, or when the key needs no data to be checked.
    ///
    /// - Complexity: O(*l*) for `lang` over the *l* languages; for `layout.query`, one
    ///   index of the dex and the query's compilation.
    package func problem(key: String, value: PropertyListValue) -> String? {
      switch (key, value) {
      case (PokedexPreferences.language.name, .string(let text)):
        return languageProblem(text)
      case (PokedexPreferences.layoutQuery.name, .array(let items)):
        let terms = items.compactMap { item -> String? in
          if case .string(let term) = item { return term }
          return nil
        }
        return queryProblem(terms)
      default:
        return nil
      }
    }

    /// Why `requested` is not a language of the data (matched as `--lang` matches it:
    /// ignoring case, `_` for `-`), with the data's languages.
    package func languageProblem(_ requested: String) -> String? {
      let wanted = requested.lowercased().replacingOccurrences(of: "_", with: "-")
      let available = dex.languages.map(\.identifier)
      guard !available.contains(wanted) else { return nil }
      let hint = closestMatch(to: wanted, in: available).map { "did you mean '\($0)'? " } ?? ""
      return "unknown language '\(requested.escapedForMessage)'; \(hint)"
        + "use one of: \(available.joined(separator: ", "))"
    }

    /// Why `terms` do not compile as a query against the data.
    package func queryProblem(_ terms: [String]) -> String? {
      guard !terms.isEmpty else { return nil }
      let filters = self.filters
      // Without move data a `move:` term cannot be checked here; the command that uses the
      // query reports it then. A load failure is not the query's problem either.
      var moveDataFailed = false
      let moveLearners = self.moveLearners
      do throws(QueryError) {
        _ = try Query(
          terms,
          index: PokedexIndex(dex),
          savedFilter: { filters[$0] },
          savedFilterNames: filters.keys.sorted(),
          moveLearners: {
            do {
              guard let moveLearners else { throw MoveDataUnavailable() }
              return try moveLearners()
            } catch {
              moveDataFailed = true
              throw error
            }
          }
        )
        return nil
      } catch {
        if moveDataFailed { return nil }
        return "the query does not compile: "
          + PropertyListValue.abbreviated(error.message.escapedForMessage)
      }
    }
  }
}

/// The move data was not given to a ``PokedexPreferences/DataCheck``.
private struct MoveDataUnavailable: Error {}
