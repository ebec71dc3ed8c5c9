/// What ``ShowdownPaste/read(_:)`` reads from a paste: the teams of every line it could read,
/// and each line it could not.
///
/// A strict caller refuses the paste when ``problems`` is not empty; a lenient one keeps
/// ``paste`` and reports each problem as a warning.
///
/// ```swift
/// let reading = ShowdownPaste.read(text)
/// for problem in reading.problems { print(problem.rendered(fileName: "team.txt")) }
/// ```
public struct ShowdownPasteReading: Hashable, Sendable {
  /// The teams, without the lines that could not be read.
  public var paste: ShowdownPaste
  /// Every line (or entry of an `EVs:` or `IVs:` line) that could not be read, in order.
  public var problems: [ShowdownPasteError]

  /// Creates a reading.
  public init(paste: ShowdownPaste, problems: [ShowdownPasteError] = []) {
    self.paste = paste
    self.problems = problems
  }
}
