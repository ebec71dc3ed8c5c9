import TerminalUI

/// Where in a query's text something is: the source line and a span of it.
///
/// A query's arguments are joined with single spaces into one line named `query`;
/// a saved filter's terms make a line named after it (`@fast`); a `--sort` or
/// `--section-by` value is a line named after that option.
public struct QuerySourceLocation: Hashable, Sendable {
  /// The name of the source: `"query"`, `"@fast"`, `"--sort"`.
  public var source: String
  /// The whole source line.
  public var line: String
  /// The first character of the span, counted in characters from 1.
  public var column: Int
  /// The number of characters in the span, at least 1.
  public var length: Int

  /// Creates a location.
  public init(source: String, line: String, column: Int, length: Int) {
    self.source = source
    self.line = line
    self.column = column
    self.length = max(1, length)
  }
}

/// The kind of value a `key:value` term names, for ``QueryError/unknownValue(_:_:suggestion:at:)``.
public enum QueryValueKind: String, Hashable, Sendable {
  case type
  case ability
  case eggGroup = "egg group"
  case color = "colour"
  case habitat
  case shape
  /// A move, in `move:` or a move query's name.
  case move
  /// A way to learn a move, in `learns:` (`level`, `tm`, `egg`...).
  case learnMethod = "learn method"
  /// A Pokémon, in a move query's `learnedby:`.
  case pokemon = "Pokémon"
  /// A move's damage class, in a move query's `category:`.
  case category = "move category"
  /// A move's flag, in a move query's `flag:`.
  case moveFlag = "move flag"
  /// A move's target, in a move query's `target:`.
  case target = "move target"
  /// A Smogon tier, in `tier:`, `doubles:` or `natdex:` (`ou`, `uubl`, `dou`).
  case tier
  /// An item, in an item query's name.
  case item
  /// An item's category, in an item query's `category:`.
  case itemCategory = "item category"
  /// Showdown's reason an item is not in the current games, in `nonstandard:`.
  case nonstandard = "nonstandard reason"
}

/// Why two terms can never hold together, for ``QueryError/contradiction(_:conflictsWith:reason:at:)``.
public enum QueryContradiction: Hashable, Sendable {
  /// A term and its negation.
  case negation
  /// Two types beyond the two a Pokémon can have.
  case tooManyTypes
  /// Two different values of a property a Pokémon has only one of: `"colour"`, `"generation"`.
  case singleValued(String)
  /// `learns:` terms that leave no way to learn a move (`learns:egg learns:tm`).
  case noLearnMethod
}

/// An error in a query, a sort key or a section key, located like a compiler diagnostic.
///
/// ```swift
/// do {
///   _ = try Query(["fire", "firre"], index: index)
/// } catch {
///   print(error.rendered)
///   // error: unknown term 'firre'
///   //  --> query:1:6
///   // fire firre
///   //      ^^^^^
///   // help: did you mean 'fire'?
/// }
/// ```
public enum QueryError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A term that is no type, flag, generation, comparison, saved filter or `key:value`.
  case unknownTerm(String, suggestion: String?, at: QuerySourceLocation)
  /// A `key:` the language does not have (`typ:fire`).
  case unknownKey(String, suggestion: String?, at: QuerySourceLocation)
  /// A value the data does not have: a type, ability, egg group, colour, habitat, shape,
  /// move, learn method, or in a move query a Pokémon, category, flag or target.
  case unknownValue(QueryValueKind, String, suggestion: String?, at: QuerySourceLocation)
  /// A side of a comparison that is neither a stat nor a number (`hpp>100`).
  case unknownStat(String, suggestion: String?, at: QuerySourceLocation)
  /// A number that does not parse, or is negative (`hp>1o0`, `hp>-5`).
  case invalidNumber(String, at: QuerySourceLocation)
  /// A generation outside the dex's, or a falling range (`gen:10`, `gen:3-1`).
  case invalidGeneration(String, valid: ClosedRange<Int>, at: QuerySourceLocation)
  /// A term with nothing after its key or operator (`type:`, `hp>`).
  case missingValue(String, at: QuerySourceLocation)
  /// Nothing between two separators (`fire,,water`, `fire|`, a lone `!`).
  case emptyTerm(at: QuerySourceLocation)
  /// A comparison with more than one operator (`hp>100>50`).
  case multipleOperators(String, at: QuerySourceLocation)
  /// A comparison of two numbers (`100>50`).
  case comparisonWithoutStat(String, at: QuerySourceLocation)
  /// `!` before a comparison; `replacement` is the comparison that says it directly.
  case negatedComparison(String, replacement: String, at: QuerySourceLocation)
  /// A term that can never hold together with an earlier one (`fire !fire`).
  case contradiction(
    String,
    conflictsWith: String,
    reason: QueryContradiction,
    at: QuerySourceLocation
  )
  /// Comparisons that leave no possible value of a stat (`spe>100 spe<50`).
  case emptyRange(String, conflictsWith: String, stat: String, at: QuerySourceLocation)
  /// An `@name` that no saved filter has.
  case unknownSavedFilter(String, suggestion: String?, at: QuerySourceLocation)
  /// A saved filter that refers to itself, directly or through others.
  case recursiveSavedFilter(String, at: QuerySourceLocation)
  /// A saved filter used more than ``QueryLimits/maximumSavedFilterDepth`` filters deep
  /// (`@a` uses `@b`, which uses `@c`...); the name is the filter used where the limit is crossed.
  case savedFilterTooDeep(String, limit: Int, at: QuerySourceLocation)
  /// A query or saved filter whose saved filters expand to more than
  /// ``QueryLimits/maximumExpandedTerms`` alternatives; the first value names it (`query` or
  /// `@name`), the second is the saved filter whose use crossed the limit.
  case expansionTooLarge(String, filter: String, limit: Int, at: QuerySourceLocation)
  /// A query operator character where none can be (`hp!>100`, `!!fire`, `type::fire`,
  /// `hp:>100`, `fire@`): the character and the alternative it is in.
  case misplacedOperator(Character, in: String, at: QuerySourceLocation)
  /// A `--sort` key that is not a sort key, or an order other than `asc`/`desc`.
  case unknownSortKey(String, suggestion: String?, at: QuerySourceLocation)
  /// A `--section-by` key that is not a section key.
  case unknownSectionKey(String, suggestion: String?, at: QuerySourceLocation)
  /// A `learns:` term in a query (or saved filter) without a `move:` term for it to restrict.
  case learnsWithoutMove(String, at: QuerySourceLocation)
  /// A `learns:` alternative beside alternatives of another key (`learns:egg|fire`): `learns:`
  /// restricts the query's `move:` terms, it tests nothing alone.
  case learnsInAlternative(String, at: QuerySourceLocation)
  /// The move data a `move:`, `learns:` or `learnedby:` term needs could not be loaded; the
  /// text says why.
  case moveDataUnavailable(String, at: QuerySourceLocation)
  /// A key, numeric property, sort key or term the move or item query language does not
  /// have.
  case unknownRecordWord(
    RecordQueryLanguage,
    RecordQueryWord,
    String,
    suggestion: String?,
    at: QuerySourceLocation
  )

  /// Where the error is.
  public var location: QuerySourceLocation {
    switch self {
    case .unknownTerm(_, _, let at), .unknownKey(_, _, let at), .unknownValue(_, _, _, let at),
      .unknownStat(_, _, let at), .invalidNumber(_, let at), .invalidGeneration(_, _, let at),
      .missingValue(_, let at), .emptyTerm(let at), .multipleOperators(_, let at),
      .comparisonWithoutStat(_, let at), .negatedComparison(_, _, let at),
      .contradiction(_, _, _, let at), .emptyRange(_, _, _, let at),
      .unknownSavedFilter(_, _, let at), .recursiveSavedFilter(_, let at),
      .savedFilterTooDeep(_, _, let at), .expansionTooLarge(_, _, _, let at),
      .misplacedOperator(_, _, let at), .unknownSortKey(_, _, let at),
      .unknownSectionKey(_, _, let at), .learnsWithoutMove(_, let at),
      .learnsInAlternative(_, let at), .moveDataUnavailable(_, let at),
      .unknownRecordWord(_, _, _, _, let at):
      at
    }
  }

  /// What is wrong, in lower case without a trailing period.
  public var message: String {
    switch self {
    case .unknownTerm(let term, _, _): "unknown term '\(term)'"
    case .unknownKey(let key, _, _): "unknown key '\(key):'"
    case .unknownValue(let kind, let value, _, _): "unknown \(kind.rawValue) '\(value)'"
    case .unknownStat(let stat, _, _): "unknown stat '\(stat)'"
    case .invalidNumber(let text, _): "invalid number '\(text)'"
    case .invalidGeneration(let text, _, _): "invalid generation '\(text)'"
    case .missingValue(let term, _): "missing value in '\(term)'"
    case .emptyTerm: "empty term"
    case .multipleOperators(let term, _): "more than one comparison operator in '\(term)'"
    case .comparisonWithoutStat(let term, _): "comparison '\(term)' has no stat"
    case .negatedComparison(let term, _, _): "'!' cannot negate the comparison '\(term)'"
    case .contradiction(let term, let other, _, _): "'\(term)' contradicts '\(other)'"
    case .emptyRange(let term, let other, let stat, _):
      "'\(term)' and '\(other)' leave no possible value of \(stat)"
    case .unknownSavedFilter(let name, _, _): "unknown saved filter '@\(name)'"
    case .recursiveSavedFilter(let name, _): "saved filter '@\(name)' refers to itself"
    case .savedFilterTooDeep(let name, let limit, _):
      "saved filter '@\(name)' is nested more than \(limit) saved filters deep"
    case .expansionTooLarge(let source, _, let limit, _):
      source == "query"
        ? "the query expands to more than \(limit) terms"
        : "saved filter '\(source)' expands to more than \(limit) terms"
    case .misplacedOperator(let character, let term, _): "unexpected '\(character)' in '\(term)'"
    case .unknownSortKey(let key, _, _): "unknown sort key '\(key)'"
    case .unknownSectionKey(let key, _, _): "unknown section key '\(key)'"
    case .learnsWithoutMove(let term, _): "'\(term)' restricts no move: term"
    case .learnsInAlternative(let term, _): "'\(term)' cannot be an alternative of other terms"
    case .moveDataUnavailable(let reason, _): "cannot load the move data: \(reason)"
    case .unknownRecordWord(_, .key, let key, _, _): "unknown key '\(key):'"
    case .unknownRecordWord(let language, .property, let text, _, _):
      "unknown \(language.rawValue) property '\(text)'"
    case .unknownRecordWord(_, let word, let text, _, _): "unknown \(word.rawValue) '\(text)'"
    }
  }

  /// What to do about it, if there is something to say.
  public var help: String? {
    switch self {
    case .unknownTerm(_, let suggestion?, _), .unknownKey(_, let suggestion?, _),
      .unknownValue(_, _, let suggestion?, _), .unknownStat(_, let suggestion?, _),
      .unknownSavedFilter(_, let suggestion?, _), .unknownSortKey(_, let suggestion?, _),
      .unknownSectionKey(_, let suggestion?, _), .unknownRecordWord(_, _, _, let suggestion?, _):
      "did you mean '\(suggestion)'?"
    case .unknownTerm:
      "a term is a type (fire), a flag (legendary), a generation (gen:1), a comparison (spe>100) "
        + "or key:value (ability:levitate); see 'pokedex help query'"
    case .unknownKey:
      "keys are " + QueryVocabulary.keys.joined(separator: ", ")
    case .unknownValue(.ability, _, nil, _):
      "write the ability's slug (swift-swim) or its name in any language"
    case .unknownValue(.move, _, nil, _):
      "write the move's identifier (trick-room) or its name in any language ('move:Trick Room')"
    case .unknownValue(.learnMethod, _, nil, _):
      "methods are " + QueryLearnMethods.names.joined(separator: ", ")
    case .unknownValue(.pokemon, _, nil, _):
      "write the Pokémon's slug (raichu-alola) or its name in any language"
    case .unknownValue:
      String?.none
    case .unknownStat:
      "stats are " + QueryStat.allCases.map(\.rawValue).joined(separator: ", ")
    case .invalidNumber:
      "write a number that is zero or more, such as 100 or 1.5"
    case .invalidGeneration(_, let valid, _):
      "generations are \(valid.lowerBound) to \(valid.upperBound); write gen:1 or a range gen:1-3"
    case .missingValue:
      "write a value after the key or operator, such as type:fire or hp>100"
    case .emptyTerm:
      "remove the extra ',' or '|', or the lone '!'"
    case .multipleOperators:
      "write one comparison per term, such as 'hp>50, hp<100'"
    case .comparisonWithoutStat:
      "put a stat on one side, such as 'hp>100' or 'atk>spa'"
    case .negatedComparison(_, let replacement, _):
      "write '\(replacement)' instead"
    case .contradiction(_, _, .negation, _):
      "a Pokémon cannot both match and not match a term; remove one of them"
    case .contradiction(_, _, .tooManyTypes, _):
      "a Pokémon has at most two types; use '|' for alternatives, such as 'fire|water'"
    case .contradiction(_, _, .singleValued(let property), _):
      "a Pokémon has only one \(property); use '|' for alternatives"
    case .contradiction(_, _, .noLearnMethod, _):
      "'learns:' terms are AND-ed; use '|' for alternatives, such as 'learns:egg|tutor'"
    case .emptyRange:
      "no Pokémon can match both; check the operators' direction"
    case .unknownSavedFilter:
      String?.none
    case .recursiveSavedFilter:
      "a saved filter may use other saved filters, but not itself"
    case .savedFilterTooDeep(_, let limit, _):
      "saved filters may use each other at most \(limit) levels deep; use the terms of a deeper filter directly"
    case .expansionTooLarge(_, let filter, let limit, _):
      "'@\(filter)' stands for many terms; with every saved filter replaced by its terms a query holds at most \(limit), so use each filter once"
    case .misplacedOperator("!", _, _):
      "'!' negates a whole alternative and comes once, first ('!fire'); 'not equal' is '!=' ('hp!=100')"
    case .misplacedOperator(":", _, _):
      "write one ':' between a key and its value ('type:fire'); a comparison has none ('hp>100')"
    case .misplacedOperator:
      "'@' comes once, first, before a saved filter's name ('@fast')"
    case .unknownSortKey:
      "sort keys are " + PokemonSortDescriptor.Key.allCases.map(\.rawValue).joined(separator: ", ")
        + ", each optionally followed by ':asc' or ':desc'"
    case .unknownSectionKey:
      "section keys are " + PokemonSectionKey.allCases.map(\.rawValue).joined(separator: ", ")
    case .learnsWithoutMove:
      "'learns:' restricts how the query's move: terms are learned; add one, such as "
        + "'move:surf learns:tm'"
    case .learnsInAlternative:
      "write 'learns:' as a term of its own, such as 'move:surf learns:egg|tutor'"
    case .moveDataUnavailable:
      "the move and learnset files are installed beside pokemons.json; see 'pokedex help data'"
    case .unknownRecordWord(.move, let word, _, nil, _):
      MoveQueryVocabulary.help(for: word)
    case .unknownRecordWord(.item, let word, _, nil, _):
      ItemQueryVocabulary.help(for: word)
    }
  }

  /// The compiler-style rendering: message, location, source line, caret and help.
  ///
  /// ```text
  /// error: unknown term 'firre'
  ///  --> query:1:6
  /// fire firre
  ///      ^^^^^
  /// help: did you mean 'fire'?
  /// ```
  ///
  /// Control characters typed in the query show as their pictures (`␛` for an escape), one
  /// column each, so that the terminal neither acts on them nor misplaces the caret; the
  /// caret is placed by the columns the text before it takes on a terminal (``TextWidth``:
  /// two for a wide character, none for a combining mark).
  public var rendered: String {
    let location = location
    let line = visibleControls(location.line)
    let prefix = line.prefix(max(0, location.column - 1))
    let span = line.dropFirst(prefix.count).prefix(location.length)
    let padding = String(repeating: " ", count: TextWidth.of(prefix))
    let carets = String(repeating: "^", count: max(1, TextWidth.of(span)))
    var lines = [
      "error: \(visibleControls(message))",
      " --> \(location.source):1:\(location.column)",
      line,
      padding + carets,
    ]
    if let help { lines.append("help: \(visibleControls(help))") }
    return lines.joined(separator: "\n")
  }

  /// The same as ``message``.
  public var description: String { message }
}

/// `text` with each C0 control character and DEL replaced by its picture (U+2400 to U+2421).
private func visibleControls(_ text: String) -> String {
  guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
    return text
  }
  var result = String.UnicodeScalarView()
  for scalar in text.unicodeScalars {
    switch scalar.value {
    case 0..<0x20: result.append(Unicode.Scalar(0x2400 + scalar.value) ?? "?")
    case 0x7F: result.append("\u{2421}")
    default: result.append(scalar)
    }
  }
  return String(result)
}
