/// Switches for `pokedex-bench engines` (issue #32): each speed-only mechanism of the
/// target can be turned off, so that it is measured against its plain version in the same
/// run. Measurement only: every switch is on outside the benchmark.
package enum TerminalUITuning {
  /// `ScreenBuffer.write`'s printable-ASCII path (off: every text character by character).
  nonisolated(unsafe) package static var asciiWrite = true
  /// `ScreenCell.isWide` not measuring a text whose first byte is under 0xE1 (off: measured).
  nonisolated(unsafe) package static var wideLeadByte = true
  /// `ScreenWriter` comparing whole rows before cells (off: cell by cell).
  nonisolated(unsafe) package static var rowComparison = true
}
