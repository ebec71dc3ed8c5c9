import PlistPreferences
import PokedexKit

/// A ``PokedexPreferences/DataCheck`` made on first use: the data (`--data`,
/// `POKEDEX_DATA`, the bundled file) is loaded only when a key that needs it is
/// checked. When it does not load, nothing is checked against it: the value is
/// checked again when a command uses it.
package final class LazyDataCheck {
  private let global: ParsedArguments<GlobalOptions>
  private let context: CommandContext
  private let store: PreferencesStore
  private var loaded: Pokedex??

  package init(
    global: ParsedArguments<GlobalOptions>,
    context: CommandContext,
    store: PreferencesStore
  ) {
    self.global = global
    self.context = context
    self.store = store
  }

  /// See ``PokedexPreferences/DataCheck/problem(key:value:)``; a query may use the
  /// saved `filters` (by default, the store's).
  package func problem(
    key: String,
    value: PropertyListValue,
    filters: [String: [String]]? = nil
  ) -> String? {
    guard PokedexPreferences.dataCheckedKeys.contains(key) else { return nil }
    if loaded == nil { loaded = .some(try? context.loadDex(global)) }
    guard let dex = loaded ?? nil else { return nil }
    return PokedexPreferences.DataCheck(
      dex: dex,
      filters: filters ?? store[PokedexPreferences.filters],
      moveLearners: MoveDataLoader(context: context, global: global, dex: dex).load
    ).problem(key: key, value: value)
  }
}
