import JSONCore
import PokedexKit

/// Pokémon Showdown's `learnsets.json`, read and checked: every entry with its moves and
/// their sources, in the file's order.
///
/// The file is an object of entries keyed by Showdown id; an entry is an object whose
/// `learnset` member (absent for forms that learn their base form's moves) maps move ids
/// to lists of source codes. Other members (`eventData`, `encounters`, `eventOnly`) are
/// not read. Each code is parsed into a ``MoveSource``: an event's index (`9S0`) is
/// dropped, and so is every `C` source (`3C`, `4C`: a helper of Showdown's
/// chain-breeding check, not a way to learn a move); repeats are removed and the order is
/// kept.
///
/// ```swift
/// let file = try ShowdownLearnsets(bytes: Array(#"{"ditto": {"learnset": {"transform": ["9L1", "8S0"]}}}"#.utf8), fileName: "l.json")
/// file.entries[0].moves?[0].sources  // [9L1, 8S]
/// ```
///
/// Anything else is an error naming the entry, with the line and column:
///
/// ```swift
/// // {"pikachu": {"learnset": {"thunderbolt": ["9Q"]}}}
/// // l.json:1:43: pikachu.learnset.thunderbolt[0]: expected a move source such as "9L20",
/// // "8M" or "9S0" (a generation 1-9, then M, T, L and a level, E, S and an event index,
/// // R, D, V or C), found "9Q"
/// ```
///
/// - Complexity: O(*n*) in the size of the file.
struct ShowdownLearnsets {
  /// One top-level entry.
  struct Entry: Hashable {
    /// The Showdown id, `"raichualola"`.
    var id: String
    /// The entry's moves in the file's order, or `nil` when it has no `learnset` member.
    var moves: [Move]?
  }

  /// One move of an entry.
  struct Move: Hashable {
    /// The Showdown move id, `"thunderbolt"`.
    var id: String
    /// The JSON path of the move, `"pikachu.learnset.thunderbolt"`, for diagnostics.
    var path: String
    /// The sources, newest generation first as written, without `C` sources or repeats.
    var sources: [MoveSource]
  }

  /// The entries in the file's order.
  var entries: [Entry]

  /// Reads `bytes`; `fileName` names the file in errors.
  ///
  /// - Throws: ``DataPipelineError/missingData(file:message:)`` whose file part is
  ///   `fileName:line:column` and whose message starts with the JSON path.
  init(bytes: [UInt8], fileName: String) throws(DataPipelineError) {
    let tape: JSONTape
    do {
      tape = try JSONTape(bytes: bytes)
    } catch {
      throw Self.malformed(fileName, (error.line, error.column), "", error.message)
    }
    var reader = Reader(tape: tape, fileName: fileName)
    entries = try reader.entries()
  }

  /// The error for a problem at `location`: `file:line:column: path: message`.
  static func malformed(
    _ fileName: String,
    _ location: (line: Int, column: Int),
    _ path: String,
    _ message: String
  ) -> DataPipelineError {
    .missingData(
      file: "\(fileName):\(location.line):\(location.column)",
      message: path.isEmpty ? message : "\(path): \(message)"
    )
  }

  /// Walks the tape, checking each value's kind.
  private struct Reader {
    let tape: JSONTape
    let fileName: String

    func error(_ node: Int, _ path: String, _ message: String) -> DataPipelineError {
      ShowdownLearnsets.malformed(fileName, tape.location(ofNode: node), path, message)
    }

    func expect(_ kind: JSONTape.Kind, _ node: Int, _ path: String) throws(DataPipelineError) {
      guard tape.kind(node) != kind else { return }
      let expected = kind == .object ? "an object" : kind == .array ? "an array" : "a string"
      throw error(node, path, "expected \(expected), found \(tape.excerpt(node))")
    }

    /// The members of the object at `node`, each key once.
    func members(_ node: Int, _ path: String) throws(DataPipelineError) -> [(
      key: String, value: Int
    )] {
      try expect(.object, node, path)
      let members: [(key: String, value: Int)]
      do {
        members = try tape.members(of: node)
      } catch {
        throw ShowdownLearnsets.malformed(fileName, (error.line, error.column), path, error.message)
      }
      var seen: Set<String> = []
      for member in members where !seen.insert(member.key).inserted {
        let memberPath = path.isEmpty ? member.key : "\(path).\(member.key)"
        throw self.error(member.value - 1, memberPath, "the key appears twice in one object")
      }
      return members
    }

    mutating func entries() throws(DataPipelineError) -> [Entry] {
      var result: [Entry] = []
      for (id, value) in try members(0, "") {
        var moves: [Move]?
        for (key, member) in try members(value, id) where key == "learnset" {
          moves = try learnset(member, path: "\(id).learnset")
        }
        result.append(Entry(id: id, moves: moves))
      }
      return result
    }

    func learnset(_ node: Int, path: String) throws(DataPipelineError) -> [Move] {
      var moves: [Move] = []
      for (id, list) in try members(node, path) {
        let movePath = "\(path).\(id)"
        try expect(.array, list, movePath)
        var sources: [MoveSource] = []
        for (index, element) in tape.elements(of: list).enumerated() {
          let sourcePath = "\(movePath)[\(index)]"
          try expect(.string, element, sourcePath)
          let code: String
          do { code = try tape.string(element) } catch {
            throw ShowdownLearnsets.malformed(
              fileName,
              (error.line, error.column),
              sourcePath,
              error.message
            )
          }
          guard let parsed = ShowdownSourceCode(code) else {
            throw self.error(
              element,
              sourcePath,
              ShowdownSourceCode.expectation + ", found \(tape.excerpt(element))"
            )
          }
          if case .source(let source) = parsed, !sources.contains(source) { sources.append(source) }
        }
        moves.append(Move(id: id, path: movePath, sources: sources))
      }
      return moves
    }
  }
}

/// One of Showdown's source codes: a ``MoveSource``, or a `C` code that stands for none.
enum ShowdownSourceCode: Equatable {
  /// A way to learn the move (an event's index dropped: `9S3` is `9S`).
  case source(MoveSource)
  /// `3C`, `4C`: not a source.
  case notASource

  /// What a code looks like, for error messages.
  static let expectation =
    "expected a move source such as \"9L20\", \"8M\" or \"9S0\" (a generation 1-9, then M, T, "
    + "L and a level, E, S and an event index, R, D, V or C)"

  /// Parses `9L20`, `8M`, `9S0`, `4C`; `nil` for anything else.
  init?(_ code: String) {
    let utf8 = Array(code.utf8)
    guard utf8.count >= 2, (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(utf8[0]) else {
      return nil
    }
    let rest = utf8.dropFirst(2)
    switch utf8[1] {
    case UInt8(ascii: "C"):
      guard rest.isEmpty else { return nil }
      self = .notASource
    case UInt8(ascii: "S"):
      // The index into the entry's eventData: at least one digit, at most four.
      guard (1...4).contains(rest.count), rest.allSatisfy(\.isASCIIDigit) else { return nil }
      self = .source(MoveSource(generation: Int(utf8[0] - UInt8(ascii: "0")), method: .event))
    case UInt8(ascii: "L"):
      // A level: digits only (MoveSource also checks 0...100).
      guard (1...3).contains(rest.count), rest.allSatisfy(\.isASCIIDigit),
        let source = MoveSource(code)
      else { return nil }
      self = .source(source)
    default:
      guard let source = MoveSource(code) else { return nil }
      self = .source(source)
    }
  }
}

extension UInt8 {
  /// Whether the byte is an ASCII digit.
  fileprivate var isASCIIDigit: Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) }
}
