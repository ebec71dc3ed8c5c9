/// One alternative of a term, as typed: `!fire` in `water|!fire`.
struct QueryAlternative: Hashable, Sendable {
  /// The text after `!`, trimmed, in its original case.
  var body: String
  /// Whether it starts with `!`.
  var isNegated: Bool
  /// The whole alternative, `!` included.
  var location: QuerySourceLocation
  /// The column of `body`'s first character.
  var bodyColumn: Int

  /// The alternative, `!` and body, with the spaces between them dropped.
  var text: String { (isNegated ? "!" : "") + body }

  /// The alternative exactly as typed, from its `!` to the end of its body.
  var typed: String {
    let characters = Array(location.line)
    let start = min(max(0, location.column - 1), characters.count)
    let end = min(start + location.length, characters.count)
    return characters.string(start..<end)
  }

  /// The location of `count` characters of `body` from `offset`.
  func location(ofBodyOffset offset: Int, count: Int) -> QuerySourceLocation {
    QuerySourceLocation(
      source: location.source,
      line: location.line,
      column: bodyColumn + offset,
      length: count
    )
  }

  /// The location of the body alone.
  var bodyLocation: QuerySourceLocation { location(ofBodyOffset: 0, count: body.count) }
}

/// One term: alternatives separated by `|`.
struct QueryTerm: Hashable, Sendable {
  var alternatives: [QueryAlternative]
  /// The whole term.
  var location: QuerySourceLocation
  /// The term as typed, trimmed.
  var text: String
}

/// Splits a query's arguments into terms and alternatives, keeping where each is.
enum QuerySource {
  /// The terms of `arguments`: each argument is split at `,`, each term at `|`,
  /// and a leading `!` marks an alternative negated. Arguments that are empty or
  /// blank are skipped.
  ///
  /// - Throws: ``QueryError/emptyTerm(at:)`` for an empty term or alternative.
  static func terms(of arguments: [String], source: String) throws(QueryError) -> [QueryTerm] {
    // A loop rather than `joined(separator:)`, whose generic entry point resolves
    // associated types at run time on first use.
    var line = ""
    for (position, argument) in arguments.enumerated() {
      if position > 0 { line += " " }
      line += argument
    }
    var terms: [QueryTerm] = []
    var argumentStart = 0  // character offset of the argument in `line`
    for argument in arguments {
      defer { argumentStart += argument.count + 1 }
      let characters = Array(argument)
      guard characters.contains(where: { !$0.isWhitespace }) else { continue }
      for (start, end) in ranges(of: characters, splitAt: ",") {
        let (termStart, termEnd) = trimmed(characters, start, end)
        let termLocation = QuerySourceLocation(
          source: source,
          line: line,
          column: argumentStart + termStart + 1,
          length: termEnd - termStart
        )
        guard termStart < termEnd else {
          throw .emptyTerm(at: emptyLocation(source, line, argumentStart, start, end, characters))
        }
        var alternatives: [QueryAlternative] = []
        for (altStart, altEnd) in ranges(of: characters, from: termStart, to: termEnd, splitAt: "|")
        {
          var (bodyStart, bodyEnd) = trimmed(characters, altStart, altEnd)
          let alternativeStart = bodyStart
          var isNegated = false
          if bodyStart < bodyEnd, characters[bodyStart] == "!" {
            isNegated = true
            (bodyStart, bodyEnd) = trimmed(characters, bodyStart + 1, bodyEnd)
          }
          guard bodyStart < bodyEnd else {
            throw .emptyTerm(
              at: emptyLocation(source, line, argumentStart, altStart, altEnd, characters)
            )
          }
          alternatives.append(
            QueryAlternative(
              body: characters.string(bodyStart..<bodyEnd),
              isNegated: isNegated,
              location: QuerySourceLocation(
                source: source,
                line: line,
                column: argumentStart + alternativeStart + 1,
                length: bodyEnd - alternativeStart
              ),
              bodyColumn: argumentStart + bodyStart + 1
            )
          )
        }
        terms.append(
          QueryTerm(
            alternatives: alternatives,
            location: termLocation,
            text: characters.string(termStart..<termEnd)
          )
        )
      }
    }
    return terms
  }

  /// The half-open ranges between separators.
  private static func ranges(
    of characters: [Character],
    from start: Int = 0,
    to end: Int? = nil,
    splitAt separator: Character
  ) -> [(Int, Int)] {
    let end = end ?? characters.count
    var result: [(Int, Int)] = []
    var pieceStart = start
    for index in start..<end where characters[index] == separator {
      result.append((pieceStart, index))
      pieceStart = index + 1
    }
    result.append((pieceStart, end))
    return result
  }

  /// The range without leading and trailing whitespace.
  private static func trimmed(_ characters: [Character], _ start: Int, _ end: Int) -> (Int, Int) {
    var start = start
    var end = end
    while start < end, characters[start].isWhitespace { start += 1 }
    while end > start, characters[end - 1].isWhitespace { end -= 1 }
    return (start, end)
  }

  /// Where an empty piece is: the separator after it, or the one before it at the end.
  private static func emptyLocation(
    _ source: String,
    _ line: String,
    _ argumentStart: Int,
    _ start: Int,
    _ end: Int,
    _ characters: [Character]
  ) -> QuerySourceLocation {
    let offset = end < characters.count ? end : max(0, start - 1)
    return QuerySourceLocation(
      source: source,
      line: line,
      column: argumentStart + offset + 1,
      length: 1
    )
  }
}
