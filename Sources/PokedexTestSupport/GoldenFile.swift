import Foundation
import Testing

/// Golden-file ("snapshot") assertions for rendered output.
///
/// Golden files live in a `Snapshots/` folder beside the test file that
/// asserts them. To re-record every golden file after an intended change, run
/// `RECORD_SNAPSHOTS=1 swift test`: each assertion then writes its file and
/// fails, so a recording run is never mistaken for a passing one. Rerun
/// `swift test` afterwards and review the diff with `git diff`.
///
/// ```swift
/// @Test func card() {
///   assertGolden(renderCard(pikachu), named: "pikachu-card.txt")
/// }
/// ```
public func assertGolden(
  _ actual: String,
  named name: String,
  filePath: String = #filePath,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    .appendingPathComponent("Snapshots", isDirectory: true)
  let url = directory.appendingPathComponent(name)
  let environment = ProcessInfo.processInfo.environment
  if environment["RECORD_SNAPSHOTS"].map({ !$0.isEmpty && $0 != "0" }) ?? false {
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try Data(actual.utf8).write(to: url, options: .atomic)
      Issue.record(
        "recorded golden file \(name); rerun without RECORD_SNAPSHOTS to check it",
        sourceLocation: sourceLocation
      )
    } catch {
      Issue.record("cannot record \(url.path): \(error)", sourceLocation: sourceLocation)
    }
    return
  }
  guard let data = FileManager.default.contents(atPath: url.path) else {
    Issue.record(
      "missing golden file \(url.path); record it with RECORD_SNAPSHOTS=1 swift test",
      sourceLocation: sourceLocation
    )
    return
  }
  let expected = String(decoding: data, as: UTF8.self)
  guard expected != actual else { return }
  let diff = lineDiff(expected: expected, actual: actual)
  Issue.record(
    "output differs from golden file \(name) (re-record with RECORD_SNAPSHOTS=1):\n\(diff)",
    sourceLocation: sourceLocation
  )
}

/// A short line diff: the differing lines with their numbers, `-` expected, `+` actual.
public func lineDiff(expected: String, actual: String, limit: Int = 20) -> String {
  let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
  let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
  var lines: [String] = []
  for index in 0..<max(old.count, new.count) where lines.count < limit * 2 {
    let a = index < old.count ? old[index] : nil
    let b = index < new.count ? new[index] : nil
    guard a != b else { continue }
    if let a { lines.append("\(index + 1) - \(a)") }
    if let b { lines.append("\(index + 1) + \(b)") }
  }
  return lines.joined(separator: "\n")
}
