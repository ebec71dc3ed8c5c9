import PokedexKit

/// The candidate closest to `text` by edit distance, if it is close enough to suggest.
package func closestMatch(to text: String, in candidates: [String]) -> String? {
  EditDistance.suggestion(for: text, among: candidates)
}
