import PlistPreferences

extension Settings {
  /// The saved filters by name (without `@`), each the query terms it stands for;
  /// empty with `--no-prefs` or when none are saved.
  ///
  /// Commands that compile a query pass them to PokedexKit:
  ///
  /// ```swift
  /// let filters = settings.savedFilters
  /// let query = try Query(
  ///   terms, index: index, savedFilter: { filters[$0] }, savedFilterNames: filters.keys.sorted())
  /// ```
  package var savedFilters: [String: [String]] { stored(PokedexPreferences.filters) }
}

/// The rules for saved filters (`pokedex filter`, the `filters` preference key).
package enum SavedFilters {
  /// Why `name` cannot name a saved filter, or `nil` when it can.
  ///
  /// A name is one or more of `a`-`z`, `0`-`9`, `_` and `-`, at most 64 characters.
  ///
  /// ```swift
  /// SavedFilters.problem(withName: "fast")     // nil
  /// SavedFilters.problem(withName: "Fast!")    // "use lower-case letters a-z, digits, '_' and '-'"
  /// ```
  package static func problem(withName name: String) -> String? {
    if name.isEmpty { return "a name cannot be empty" }
    if name.utf8.count > 64 { return "use at most 64 characters" }
    let allowed = name.utf8.allSatisfy { byte in
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }
    return allowed ? nil : "use lower-case letters a-z, digits, '_' and '-'"
  }

  /// Why a dictionary of saved filters cannot be stored, or `nil` when it can:
  /// every name valid and every filter with at least one non-empty term.
  package static func problem(in filters: [String: [String]]) -> String? {
    for name in filters.keys.sorted() {
      if let reason = problem(withName: name) { return "invalid filter name '\(name)': \(reason)" }
      let terms = filters[name] ?? []
      if terms.isEmpty || terms.contains(where: { $0.allSatisfy(\.isWhitespace) }) {
        return "the filter '\(name)' has an empty term; give it at least one query term"
      }
    }
    return nil
  }

  /// The names of the filters among `filters` that use `@name` in one of their terms.
  ///
  /// ```swift
  /// SavedFilters.users(of: "fast", in: ["quick-fire": ["fire", "@fast"]])  // ["quick-fire"]
  /// ```
  package static func users(of name: String, in filters: [String: [String]]) -> [String] {
    filters.keys.sorted().filter { other in
      other != name
        && (filters[other] ?? []).contains { term in
          term.split(whereSeparator: { $0 == "," || $0 == "|" || $0 == " " }).contains { part in
            var atom = Substring(part)
            while atom.first == "!" { atom = atom.dropFirst() }
            return atom == "@" + name
          }
        }
    }
  }

  /// The filters among `filters` that use `@name` directly or through other filters,
  /// sorted by name.
  ///
  /// ```swift
  /// SavedFilters.dependents(of: "a", in: ["a": ["fire"], "b": ["@a"], "c": ["@b"]])  // ["b", "c"]
  /// ```
  ///
  /// - Complexity: O(f² × t) for `f` filters of `t` terms; `f` is small (a preferences file).
  package static func dependents(of name: String, in filters: [String: [String]]) -> [String] {
    var found: Set<String> = []
    var pending = [name]
    while let next = pending.popLast() {
      for user in users(of: next, in: filters) where user != name && found.insert(user).inserted {
        pending.append(user)
      }
    }
    return found.sorted()
  }

  /// The terms as one line a person can read and retype: terms holding spaces are quoted.
  package static func display(_ terms: [String]) -> String {
    terms.map { term in
      term.contains(where: \.isWhitespace) || term.isEmpty ? "'\(term)'" : term
    }
    .joined(separator: " ")
  }
}
