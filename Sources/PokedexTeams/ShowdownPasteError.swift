import PokedexKit

/// A line of a paste that ``ShowdownPaste/parse(_:)`` cannot read, with where it is and why.
///
/// ```swift
/// do {
///   _ = try ShowdownPaste.parse("Garchomp\nAbility: Rough Skin\nLevel: 50\nEVs: 252 Atq")
/// } catch {
///   print(error)
///   // line 4: "EVs: 252 Atq" — unknown stat "Atq"; did you mean "Atk"?
///   print(error.rendered(fileName: "team.txt"))
///   // error: unknown stat "Atq"; did you mean "Atk"?
///   //  --> team.txt:4:10
///   //   |
///   // 4 | EVs: 252 Atq
///   //   |          ^
/// }
/// ```
public struct ShowdownPasteError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The 1-based line.
  public var line: Int
  /// The 1-based column (in characters) of what is wrong, or `nil` for the whole line.
  public var column: Int?
  /// The line as written, without its surrounding whitespace.
  public var sourceLine: String
  /// What is wrong.
  public var reason: Reason

  /// Creates an error.
  public init(line: Int, column: Int?, sourceLine: String, reason: Reason) {
    self.line = line
    self.column = column
    self.sourceLine = sourceLine
    self.reason = reason
  }

  /// What is wrong with a line.
  public enum Reason: Hashable, Sendable {
    /// An `EVs:` or `IVs:` entry names no stat; `suggestion` is the closest short name.
    case unknownStat(String, suggestion: String?)
    /// An `EVs:` or `IVs:` line gives the same stat twice.
    case repeatedStat(String)
    /// An `EVs:` or `IVs:` entry is not `NUMBER STAT` (`252 Atk`).
    case malformedStatEntry(String)
    /// A `Field: value` line whose field the format does not have; `suggestion` is the
    /// closest field.
    case unknownField(String, suggestion: String?)
    /// A set gives a field twice; `firstLine` is where it was given first.
    case repeatedField(String, firstLine: Int)
    /// A field, item or move with nothing written for it.
    case missingValue(String)
    /// A value of a numeric field that is not a whole number of digits.
    case notANumber(String, field: String)
    /// A whole number too large to hold.
    case numberTooLarge(String, field: String)
    /// A `Shiny:` or `Gigantamax:` value that is neither `Yes` nor `No`.
    case notYesOrNo(String, field: String)
    /// A set's first line with no species in it.
    case missingSpecies
    /// A line that starts with `===` but is not a `=== [FORMAT] FOLDER/NAME ===` header.
    case malformedHeader
    /// A line inside a set that is no field, nature or move; `suggestion` is a rewrite
    /// that would be one (`"Jolly Nature"` for `"Jolly"`).
    case unrecognizedLine(suggestion: String?)

    /// The reason in lower case, without a trailing period.
    public var message: String {
      switch self {
      case .unknownStat(let name, let suggestion):
        "unknown stat \(quoted(name))" + didYouMean(suggestion)
      case .repeatedStat(let name):
        "stat \(quoted(name)) is given twice"
      case .malformedStatEntry(let entry):
        "expected a number and a stat such as \"252 Atk\", found \(quoted(entry))"
      case .unknownField(let name, let suggestion):
        "unknown field \(quoted(name))" + didYouMean(suggestion)
      case .repeatedField(let name, let firstLine):
        "\(quoted(name)) is given twice in one set (first on line \(firstLine))"
      case .missingValue(let field):
        "\(quoted(field)) has no value"
      case .notANumber(let value, let field):
        "\(quoted(field)) must be a whole number, found \(quoted(value))"
      case .numberTooLarge(let value, let field):
        "\(quoted(field)) \(quoted(value)) is too large"
      case .notYesOrNo(let value, let field):
        "\(quoted(field)) must be \"Yes\" or \"No\", found \(quoted(value))"
      case .missingSpecies:
        "the set names no species"
      case .malformedHeader:
        "expected a team header such as \"=== [gen9ou] Folder/Name ===\""
      case .unrecognizedLine(let suggestion):
        "expected \"Field: value\", \"NATURE Nature\" or \"- Move\"" + didYouMean(suggestion)
      }
    }
  }

  /// The reason's message: `unknown stat "Atq"; did you mean "Atk"?`.
  public var message: String { reason.message }

  /// `line 4: "EVs: 252 Atq" — unknown stat "Atq"; did you mean "Atk"?`; a long line is
  /// shortened.
  public var description: String {
    "line \(line): \(quoted(sourceLine)) — \(reason.message)"
  }

  /// The error as a compiler writes one: the message, the place, the line and a caret
  /// under the column.
  ///
  /// - Parameter fileName: the name to show for the paste, `"paste"` unless given.
  public func rendered(fileName: String = "paste") -> String {
    let number = String(line)
    let gutter = String(repeating: " ", count: number.count)
    var text = "error: \(reason.message)\n"
    text += "\(gutter)--> \(fileName):\(line)" + (column.map { ":\($0)" } ?? "") + "\n"
    text += "\(gutter) |\n"
    text += "\(number) | \(sourceLine)\n"
    if let column, column >= 1, column <= sourceLine.count + 1 {
      text += "\(gutter) | " + String(repeating: " ", count: column - 1) + "^\n"
    }
    return text
  }
}

/// `text` in double quotes, shortened to 60 characters with an ellipsis.
private func quoted(_ text: String) -> String {
  let limit = 60
  guard text.count > limit else { return "\"\(text)\"" }
  return "\"\(text.prefix(limit - 1))…\""
}

/// `; did you mean "X"?`, or nothing.
private func didYouMean(_ suggestion: String?) -> String {
  suggestion.map { "; did you mean \(quoted($0))?" } ?? ""
}
