/// `pokedex help --man`: a man page (roff, section 1) generated from the commands' tables
/// (name, usage, discussion, options) and the help topics, so that it never says anything
/// the tool's own help does not.
///
/// ```swift
/// let page = ManPage.render(
///   commands: PokedexCommands.all,
///   globalOptions: GlobalOptions.leadingSpecs,
///   topics: HelpTopic.all,
///   version: PokedexCommands.version
/// )
/// // ".TH POKEDEX 1 ...", ".SH NAME", ... ; `man -l -` shows it
/// ```
enum ManPage {
  /// The whole page.
  ///
  /// - Complexity: O(*n*) in the length of the help texts.
  static func render(
    commands: [any Command],
    globalOptions: [OptionSpec],
    topics: [HelpTopic],
    version: String
  ) -> String {
    var lines = [
      ".TH POKEDEX 1 \"\" \"pokedex \(version)\" \"User Commands\"",
      ".SH NAME",
      "pokedex \\- query, lay out and diff the Pok\\['e]dex from a terminal",
      ".SH SYNOPSIS",
      ".B pokedex",
      "[global options] <command> [arguments] [options]",
      ".SH DESCRIPTION",
      "Settings are taken from a flag, then an environment variable, then the preferences",
      "file, then the built-in default. Global options can come before or after the command.",
      ".SH GLOBAL OPTIONS",
    ]
    lines += globalOptions.flatMap(optionLines)
    lines.append(".SH COMMANDS")
    for command in commands { lines += commandLines(command) }
    for topic in topics {
      lines.append(".SH \(text(topic.name.uppercased()))")
      lines += preformatted(topic.text)
    }
    lines += [
      ".SH SEE ALSO",
      "\\fBpokedex help\\fR \\fITOPIC\\fR, \\fBpokedex\\fR \\fICOMMAND\\fR \\fB\\-\\-help\\fR",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  /// A command's subsection: summary, usage, discussion, options.
  private static func commandLines(_ command: any Command) -> [String] {
    var lines = [".SS \"pokedex \(text(command.name))\"", text(command.summary)]
    if !command.aliases.isEmpty {
      lines.append(".br")
      lines.append("Also: " + command.aliases.map(text).joined(separator: ", "))
    }
    lines += preformatted(command.usage.map { "pokedex " + $0 }.joined(separator: "\n"))
    if !command.discussion.isEmpty { lines += preformatted(command.discussion) }
    lines += command.optionSpecs.flatMap(optionLines)
    return lines
  }

  /// A tagged paragraph: the option (bold) and its value (italic), then its help.
  private static func optionLines(_ spec: OptionSpec) -> [String] {
    var tag = "\\fB" + text(spec.name) + "\\fR"
    if let short = spec.short { tag = "\\fB" + text(short) + "\\fR, " + tag }
    if let value = spec.valueName { tag += " \\fI" + text(value) + "\\fR" }
    return [".TP", tag, text(spec.help)]
  }

  /// Text kept as written (examples, tables), in a no-fill block.
  private static func preformatted(_ block: String) -> [String] {
    let body = block.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.isEmpty ? "" : text(String(line))
    }
    return [".PP", ".nf"] + body + [".fi"]
  }

  /// `line` escaped for roff: backslashes, hyphens (so that `--lang` stays two ASCII
  /// hyphens' worth of minus signs), and a leading `.` or `'` that would be a request.
  static func text(_ line: String) -> String {
    var escaped = line.replacingOccurrences(of: "\\", with: "\\e")
      .replacingOccurrences(of: "-", with: "\\-")
    if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = "\\&" + escaped }
    return escaped
  }
}
