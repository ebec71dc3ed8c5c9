/// Switches for `pokedex-bench engines` (issue #32): each speed-only mechanism of the
/// target can be turned off, so that it is measured against its plain version in the same
/// run. Measurement only: every switch is on outside the benchmark.
package enum CollectionLayoutTuning {
  /// `InstanceArranger.UnsafeHandle` (off: the arranger works on its arrays).
  nonisolated(unsafe) package static var unsafeHandle = true
  /// Regular templates' leaf and badge frames computed once (off: each instance is
  /// arranged when its frames are asked for, as estimated ones are).
  nonisolated(unsafe) package static var templateFrames = true
}
