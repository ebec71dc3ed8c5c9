/// One line of shell, split the way bash and zsh split a simple pipeline, to check that
/// an example can be pasted into a terminal as it is written.
///
/// Quotes (`'...'`, `"..."`) and backslashes are honoured. `|` and `>`/`<` are operators
/// only as words of their own (`... | jq .counts`, `... > file`); a redirection's target
/// is dropped. Characters the shell would interpret inside a word (`spe>100`,
/// `type:water|grass`, `!legendary`, `name:char*`) are reported as problems: they must
/// be quoted.
struct ShellLine {
  /// The commands of the pipeline, each as the words the program receives.
  var commands: [[String]] = [[]]
  /// What the shell would do differently from what the example means.
  var problems: [String] = []

  /// Characters that a shell interprets when they appear unquoted inside a word.
  static let special: Set<Character> = [
    "|", ">", "<", "!", "*", "?", "[", "]", "&", ";", "(", ")", "`", "$", "{", "}",
  ]

  init(_ line: String) {
    let characters = Array(line)
    var word: String?
    var redirecting = false
    var index = 0
    func endWord() {
      guard let finished = word else { return }
      if redirecting { redirecting = false } else { commands[commands.count - 1].append(finished) }
      word = nil
    }
    while index < characters.count {
      let character = characters[index]
      index += 1
      switch character {
      case " ", "\t":
        endWord()
      case "'":
        word = (word ?? "") + Self.readUntil("'", in: characters, from: &index, problems: &problems)
      case "\"":
        word =
          (word ?? "") + Self.readUntil("\"", in: characters, from: &index, problems: &problems)
      case "\\" where index < characters.count:
        word = (word ?? "") + String(characters[index])
        index += 1
      case "#" where word == nil:
        endWord()
        return
      case "|", ">", "<":
        if word == nil && (index == characters.count || characters[index] == " ") {
          if character == "|" { commands.append([]) } else { redirecting = true }
        } else {
          problems.append("unquoted '\(character)' in '\(line)'")
          word = (word ?? "") + String(character)
        }
      default:
        if Self.special.contains(character) {
          problems.append("unquoted '\(character)' in '\(line)'")
        }
        word = (word ?? "") + String(character)
      }
    }
    endWord()
  }

  /// The text up to the closing `quote` (backslash escapes honoured inside double quotes).
  private static func readUntil(
    _ quote: Character,
    in characters: [Character],
    from index: inout Int,
    problems: inout [String]
  ) -> String {
    var text = ""
    while index < characters.count, characters[index] != quote {
      if quote == "\"", characters[index] == "\\", index + 1 < characters.count {
        index += 1
      }
      text.append(characters[index])
      index += 1
    }
    if index == characters.count { problems.append("unterminated \(quote) quote") }
    index += 1
    return text
  }
}
