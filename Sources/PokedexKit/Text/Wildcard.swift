/// Glob matching with `*` and `?` over Unicode scalars.
package enum Wildcard {
  /// Whether `text` matches `pattern` entirely.
  ///
  /// - Complexity: O(*n* × *m*) in the worst case, linear for patterns with one `*`.
  package static func matches(_ text: [Unicode.Scalar], pattern: [Unicode.Scalar]) -> Bool {
    var t = 0
    var p = 0
    var starP = -1
    var starT = 0
    while t < text.count {
      if p < pattern.count, pattern[p] == "?" || pattern[p] == text[t] {
        t += 1
        p += 1
      } else if p < pattern.count, pattern[p] == "*" {
        starP = p
        starT = t
        p += 1
      } else if starP >= 0 {
        p = starP + 1
        starT += 1
        t = starT
      } else {
        return false
      }
    }
    while p < pattern.count, pattern[p] == "*" { p += 1 }
    return p == pattern.count
  }
}
