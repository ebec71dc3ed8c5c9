/// The bounds on saved-filter expansion, which keep a query's cost proportional to what
/// was typed and saved.
///
/// Saved filters can use each other (`@fast-fire` = `@fast fire`), and a filter used twice
/// at each level doubles at each level: `e1` = `@e0 @e0`, `e2` = `@e1 @e1`, ... would make
/// `@e40` stand for 2^40 terms. Each filter is compiled once however often it is used, and
/// these limits bound what the compiled query tests for each Pokémon:
///
/// ```swift
/// try Query(["@e10"], index: index, savedFilter: { filters[$0] })
/// // throws QueryError.expansionTooLarge("@e10", filter: "e9", limit: 1000, ...)
/// ```
public enum QueryLimits {
  /// The most saved filters that may sit inside each other (`@a` using `@b` using `@c` is
  /// 3 deep): 16.
  public static let maximumSavedFilterDepth = 16

  /// The most alternatives a query or a saved filter may hold once every saved filter in it
  /// is replaced by its terms: 1,000. Only a saved filter's use can take a query past it,
  /// so the expanded query is at most this plus the alternatives typed.
  public static let maximumExpandedTerms = 1_000
}
