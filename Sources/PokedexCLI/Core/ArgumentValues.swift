/// What the parser read from one command's arguments, by option name: operands, the flags
/// given and the text of each option's values, each option checked against its spec (known,
/// a value where one is needed, one of the allowed values) but not yet read as its type.
///
/// Splitting follows swift-argument-parser: `--name value`, `--name=value`, `-n value`, a
/// negative number as an operand, and `--` ending options. Commands read the result through
/// ``ParsedArguments``, by declaration.
struct ArgumentValues: Sendable {
  /// The operands, in order.
  var positionals: [String] = []
  /// The values given for each option, by long name, in order.
  var values: [String: [String]] = [:]
  /// The flags given, by long name.
  var flags: Set<String> = []

  /// The long names of the options and flags given.
  var givenNames: Set<String> { flags.union(values.keys) }

  /// Parses `arguments` against `specs`.
  ///
  /// - Throws: a usage error for an unknown option (with the closest name), a missing
  ///   value, a value not allowed, or a value given to a flag.
  /// - Complexity: O(*n* × *m*) in the arguments and the options.
  static func parse(_ arguments: [String], specs: [OptionSpec]) throws(CLIError) -> ArgumentValues {
    var result = ArgumentValues()
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      guard !optionsEnded, argument.hasPrefix("-"), argument.count > 1, Double(argument) == nil
      else {
        result.positionals.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      var name = argument
      var inlineValue: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      guard let spec = specs.first(where: { $0.isNamed(name) }) else {
        let hint =
          closestMatch(to: name, in: specs.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
        throw .usage("unknown option '\(name.escapedForMessage)'\(hint)")
      }
      guard spec.takesValue else {
        guard inlineValue == nil else { throw .usage("'\(spec.name)' takes no value") }
        result.flags.insert(spec.name)
        continue
      }
      let value: String
      if let inlineValue {
        value = inlineValue
      } else {
        guard index < arguments.count else {
          throw .usage("missing value for '\(spec.name)' (expected \(spec.valueName ?? "a value"))")
        }
        value = arguments[index]
        index += 1
      }
      if let allowed = spec.allowed, !allowed.contains(value) {
        throw .usage(
          "invalid value '\(value.escapedForMessage)' for \(spec.name): expected one of \(allowed.joined(separator: ", "))"
        )
      }
      result.values[spec.name, default: []].append(value)
    }
    return result
  }
}
