import Foundation
import PlistPreferences
import PokedexCLI
import PokedexKit
import PokedexTestSupport
import Testing

/// Saved filters that use each other twice per level (issue 13): refused on save, and
/// refused quickly when a preferences file already holds them.
@Suite struct SavedFilterBoundsTests {
  /// `e0` = `hp>10`, `e(k)` = `@e(k-1) @e(k-1)`.
  static func doubling(upTo top: Int) -> [String: [String]] {
    var filters = ["e0": ["hp>10"]]
    for level in stride(from: 1, through: top, by: 1) {
      filters["e\(level)"] = ["@e\(level - 1)", "@e\(level - 1)"]
    }
    return filters
  }

  @Test func saveRefusesAFilterPastTheSizeLimit() throws {
    let sandbox = try PrefsSandbox()
    defer { sandbox.remove() }
    try sandbox.installSmallDex()
    #expect(sandbox.run("filter", "save", "e0", "hp>10").code == .success)
    for level in 1...9 {
      let previous = "@e\(level - 1)"
      #expect(sandbox.run("filter", "save", "e\(level)", previous, previous).code == .success)
    }
    let refused = sandbox.run("filter", "save", "e10", "@e9", "@e9")
    #expect(refused.code == .usage)
    #expect(
      refused.stderr == """
        error: saved filter '@e10' expands to more than 1000 terms
         --> @e10:1:5
        @e9 @e9
            ^^^
        help: '@e9' stands for many terms; with every saved filter replaced by its terms a query holds at most 1000, so use each filter once

        """
    )
    let store = PreferencesStore(path: sandbox.file)
    #expect(store[PokedexPreferences.filters]["e10"] == nil)
    let listed = sandbox.run("list", "@e9", "--format", "csv", "--fields", "name")
    #expect(listed.code == .success)
  }

  @Test func saveRefusesAChangeThatBreaksAFilterUsingIt() throws {
    let sandbox = try PrefsSandbox()
    defer { sandbox.remove() }
    try sandbox.installSmallDex()
    let store = PreferencesStore(path: sandbox.file)
    try store.update { transaction in
      transaction[PokedexPreferences.filters] = Self.doubling(upTo: 9)
    }
    let refused = sandbox.run("filter", "save", "e0", "hp>10", "hp<200")
    #expect(refused.code == .usage)
    #expect(refused.stderr.hasPrefix("error: saved filter '@e9' expands to more than 1000 terms\n"))
    #expect(refused.stderr.contains("note: @e9 uses @e0; saving @e0 so would break @e9\n"))
    #expect(store[PokedexPreferences.filters]["e0"] == ["hp>10"], "the old filter is kept")
  }

  @Test func saveRefusesAFilterNestedTooDeep() throws {
    let sandbox = try PrefsSandbox()
    defer { sandbox.remove() }
    try sandbox.installSmallDex()
    var chain = ["d0": ["fire"]]
    for level in 1...15 { chain["d\(level)"] = ["@d\(level - 1)"] }
    let store = PreferencesStore(path: sandbox.file)
    try store.update { transaction in transaction[PokedexPreferences.filters] = chain }
    #expect(sandbox.run("list", "@d15").code == .success)
    let refused = sandbox.run("filter", "save", "d16", "@d15")
    #expect(refused.code == .usage)
    #expect(
      refused.stderr == """
        error: saved filter '@d0' is nested more than 16 saved filters deep
         --> @d1:1:1
        @d0
        ^^^
        help: saved filters may use each other at most 16 levels deep; use the terms of a deeper filter directly

        """
    )
  }

  /// A preferences file written by hand (or an older version) with `e0`...`e40`: every
  /// use is refused in well under a second instead of running for ever.
  @Test func handWrittenExponentialFiltersFailFast() throws {
    let sandbox = try PrefsSandbox()
    defer { sandbox.remove() }
    try sandbox.installSmallDex()
    let store = PreferencesStore(path: sandbox.file)
    try store.update { transaction in
      transaction[PokedexPreferences.filters] = Self.doubling(upTo: 40)
    }
    let start = ContinuousClock.now
    for name in ["e12", "e16", "e40"] {
      let result = sandbox.run("list", "@" + name)
      #expect(result.code == .usage)
      #expect(result.stderr.hasPrefix("error: saved filter '@"), "\(result.stderr)")
    }
    #expect(ContinuousClock.now - start < .seconds(5))
  }
}
