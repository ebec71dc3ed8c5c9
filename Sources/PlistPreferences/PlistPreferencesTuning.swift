/// Switches for `pokedex-bench engines` (issue #32): each speed-only mechanism of the
/// target can be turned off, so that it is measured against its plain version in the same
/// run. Measurement only: every switch is on outside the benchmark.
package enum PlistPreferencesTuning {
  /// Typed values kept once decoded, until the document changes (off: decoded per read).
  nonisolated(unsafe) package static var decodeCache = true
  /// The document kept while a `stat` says the file is unchanged (off: read and parsed
  /// per read).
  nonisolated(unsafe) package static var documentCache = true
}
