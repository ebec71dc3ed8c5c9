import CollectionLayout
import CollectionStore
import FileKit
import Foundation
import JSONCore
import PokedexKit
import PokedexTeams

extension TeamSession {
  // MARK: list

  /// `team list`: every team and box with its folder, size and dates (members are not
  /// decoded: their counts are in the file's header).
  func list(json: Bool) throws(CLIError) {
    let document = try read()
    if json {
      let entries = document.sections.map { section in
        ListEntry(
          name: section.name,
          kind: section.info.isBox ? "box" : "team",
          folder: section.folder,
          format: section.info.format,
          members: document.count(in: section.id),
          created: Self.dateText(section.created),
          modified: Self.dateText(section.modified)
        )
      }
      context.stdout.line(try Self.json(entries))
      return
    }
    guard !document.sections.isEmpty else {
      context.stderr.line(
        "no teams or boxes yet; create one with 'pokedex team new NAME' or 'pokedex team import FILE'"
      )
      return
    }
    let rows = document.sections.map { section in
      let count = document.count(in: section.id)
      return [
        section.name, section.info.isBox ? "box" : "team", section.folder ?? "",
        section.capacity.map { "\(count)/\($0)" } ?? String(count),
        Self.dateText(section.modified),
      ]
    }
    context.stdout.write(
      TextTable(
        headers: ["Name", "Kind", "Folder", "Members", "Modified"],
        numeric: [false, false, false, true, false],
        rows: rows
      ).render(width: context.tableWidth, style: style)
    )
  }

  private struct ListEntry: Encodable {
    var name: String
    var kind: String
    var folder: String?
    var format: String?
    var members: Int
    var created: String
    var modified: String
  }

  // MARK: show

  /// `team show TEAM`: the members as cards laid out by `CollectionLayout` with their stats
  /// at their level, nature, EVs and IVs.
  func show(
    _ team: String,
    preset: LayoutPreset,
    width: Int?,
    format: String,
    ascii: Bool
  ) throws(CLIError) {
    let document = try read()
    let section = try TeamLookup.section(named: team, in: document)
    let items = try document.members(of: section)
    let validator = try validator()
    var pokemon: [Pokemon] = []
    var cells: [LaidOutLayout.MemberCell] = []
    for item in items {
      let member = item.value.member
      guard let found = validator.pokemon(forSpecies: member.species) else {
        context.stderr.line(
          "warning: '\(member.displayName)': the data has no species '\(member.species)'; left out"
        )
        continue
      }
      pokemon.append(found)
      var title = member.displayName
      if member.nickname != nil { title += " (\(member.species))" }
      title += " · Lv \(member.level)"
      if let item = member.item { title += " @ \(item)" }
      cells.append(LaidOutLayout.MemberCell(title: title, stats: member.stats(of: found)))
    }
    let width = width ?? max(8, min(context.width, 1000))
    let columns = LayoutPreset.gridColumns(forWidth: width)
    var spec = try preset.load(columns: columns)
    spec.environment.container.contentSize = CGSize(
      width: Double(width) * ASCIILayoutRenderer.pointsPerColumn,
      height: 24 * ASCIILayoutRenderer.pointsPerRow
    )
    let name = "\(section.name)\(section.info.isBox ? " (box)" : "")"
    spec = try spec.replacingItemCounts(
      with: [pokemon.count],
      displayPath: "preset '\(preset.rawValue)'"
    )
    let solution: LayoutSolution
    do {
      solution = try spec.solve()
    } catch {
      throw .layout(error, displayPath: "preset '\(preset.rawValue)'")
    }
    var content = LaidOutLayout.Content(
      terms: [],
      includesForms: true,
      sort: "",
      sectionKey: nil,
      sections: [PokemonSection(identifier: String(section.id), name: name, pokemon: pokemon)],
      matchCount: pokemon.count,
      names: NameResolver(language: "en", dex: validator.dex)
    )
    content.members = [cells]
    let layout = LaidOutLayout(
      source: .preset(preset, columns: columns),
      spec: spec,
      solution: solution,
      content: content
    )
    let showsStats = preset == .row || preset == .list
    let rendering: (text: String, notes: [String])
    switch format {
    case "json":
      rendering = (try LayoutJSONExport(layout: layout).jsonString(), [])
    case "svg":
      let svg = try SVGLayoutRenderer(layout: layout, showsStats: showsStats).render()
      rendering = (svg.text, svg.notes)
    default:
      let ascii = try ASCIILayoutRenderer(
        layout: layout,
        ascii: ascii,
        showsStats: showsStats
      ).render(viewport: nil)
      rendering = (ascii.text, ascii.notes)
    }
    context.stdout.write(rendering.text.hasSuffix("\n") ? rendering.text : rendering.text + "\n")
    for note in rendering.notes { context.stderr.line("note: \(note)") }
  }

  // MARK: analyze

  /// `team analyze TEAM`: defensive table, offensive coverage, speed tiers and warnings.
  func analyze(_ team: String, json: Bool) throws(CLIError) {
    let document = try read()
    let section = try TeamLookup.section(named: team, in: document)
    let items = try document.members(of: section)
    let validator = try validator()
    let moves = try? context.load(MoveDex.self, global)
    let analysis = TeamAnalysis(
      team: ShowdownTeam(name: section.name, members: items.map(\.value.member)),
      dex: validator.dex,
      moves: moves
    )
    if json {
      context.stdout.line(try Self.json(analysis))
      return
    }
    context.stdout.write(
      TeamAnalysisText(analysis: analysis, style: style, width: context.tableWidth).render()
    )
  }

  // MARK: export and import

  /// `team export [TEAM...|--all]`: Showdown's paste format (or JSON), one header per team.
  func export(_ names: [String], all: Bool, json: Bool) throws(CLIError) {
    let teams = try teams(names, all: all)
    if json {
      context.stdout.line(try Self.json(teams))
    } else {
      context.stdout.write(ShowdownPaste.render(teams))
    }
  }

  /// `team validate [TEAM...|--all]`: each team's problems, by its battle format or
  /// `battleFormat`; changes nothing.
  ///
  /// - Returns: exit 1 when any team has a problem, else 0.
  func validate(
    _ names: [String],
    all: Bool,
    battleFormat: String?,
    json: Bool
  ) throws(CLIError) -> ExitCode {
    let document = try read()
    let sections = try sections(names, all: all, in: document)
    var validator = try validator(checkingMoves: true)
    // Tiers move every month: an import only warns of a tier ban; validating refuses it.
    validator.tierBanSeverity = .error
    var reports: [TeamValidationReport] = []
    for section in sections {
      var team = try showdownTeam(section, in: document)
      if let battleFormat { team.format = battleFormat }
      let problems = validator.validate(team, as: section.info.isBox ? .box : .team)
      reports.append(TeamValidationReport(team: team, problems: problems))
    }
    if json {
      context.stdout.line(try Self.json(reports))
    } else {
      for line in reports.flatMap(\.lines) { context.stdout.line(line) }
    }
    return reports.contains { !$0.problems.isEmpty } ? .failure : .success
  }

  /// The teams `names` name, or every team with `all`, as pastes have them.
  private func teams(_ names: [String], all: Bool) throws(CLIError) -> [ShowdownTeam] {
    let document = try read()
    return try sections(names, all: all, in: document).map { section throws(CLIError) in
      try showdownTeam(section, in: document)
    }
  }

  private func sections(
    _ names: [String],
    all: Bool,
    in document: TeamDocument
  ) throws(CLIError) -> [TeamSection] {
    if all {
      guard names.isEmpty else { throw .usage("give team names or --all, not both") }
      return document.sections
    }
    guard !names.isEmpty else { throw .usage("missing TEAM (or --all for every team and box)") }
    return try names.map { name throws(CLIError) in
      try TeamLookup.section(named: name, in: document)
    }
  }

  private func showdownTeam(
    _ section: TeamSection,
    in document: TeamDocument
  ) throws(CLIError) -> ShowdownTeam {
    ShowdownTeam(
      format: section.info.format,
      folder: section.folder,
      name: section.name,
      members: try document.members(of: section).map(\.value.member)
    )
  }

  /// `team import [FILE|-]`: every team of a paste becomes a new team (or box), all in one
  /// commit; any error writes nothing.
  func importPaste(
    _ file: String?,
    isBox: Bool,
    lenient: Bool,
    battleFormat: String? = nil,
    quiet: Bool
  ) throws(CLIError) {
    let text: String
    let fileName: String
    if let file, file != "-" {
      let bytes = try FileIO.read(context.absolutePath(file), limit: 4 << 20)
      text = String(decoding: bytes, as: UTF8.self)
      fileName = file
    } else {
      if StandardInput.isTerminal {
        context.stderr.line("reading a paste from standard input; end it with Ctrl-D")
      }
      text = try StandardInput.read(limit: 4 << 20)
      fileName = "<stdin>"
    }
    // Every line is read as Showdown reads it; a strict import refuses the paste if any
    // line could not be, naming each, and a lenient one skips those lines with a warning.
    let reading = ShowdownPaste.read(text)
    if !reading.problems.isEmpty {
      guard lenient else {
        throw .diagnostics(
          .data,
          reading.problems.map { $0.rendered(fileName: fileName) }.joined(separator: "\n")
            + "nothing was changed; fix the lines, or pass --lenient to skip them with a warning"
        )
      }
      for problem in reading.problems {
        context.stderr.line(
          "warning: \(fileName):\(problem.line): \(problem.message); left out"
        )
      }
    }
    var paste = reading.paste
    if let battleFormat {
      for index in paste.teams.indices { paste.teams[index].format = battleFormat }
    }
    guard !paste.teams.isEmpty, paste.teams.contains(where: { !$0.members.isEmpty }) else {
      throw CLIError.failed(
        .data,
        "\(fileName): no Pokémon in the paste; a set starts with a line such as 'Garchomp @ Choice Scarf'"
      )
    }
    // The paste is checked inside the commit.
    let validator = try validator(
      checkingMoves: paste.teams.contains { $0.members.contains { !$0.moves.isEmpty } }
    )
    let context = context
    let now = Date()
    for team in paste.teams where !team.members.isEmpty {
      if let name = team.name { try TeamLookup.checkName(name, what: isBox ? "box" : "team") }
      if let folder = team.folder { try TeamLookup.checkName(folder, what: "folder") }
    }
    // Kept as Showdown's importer keeps them, so that an export prints what Showdown does.
    paste.teams = paste.teams.map(validator.normalized)
    try change("import \(fileName)", quiet: quiet) { document in
      // Each problem names the file and its line: `sand.txt:3: unknown species "Garchomq"`.
      let problems = validator.validate(paste, as: isBox ? .box : .team).map { problem in
        var located = problem
        located.message =
          (problem.line.map { "\(fileName):\($0): " } ?? "\(fileName): ") + problem.message
        located.line = nil
        return located
      }
      try MemberOptions.report(problems, lenient: lenient, context: context)
      let named = Self.naming(paste.teams.filter { !$0.members.isEmpty }, in: document)
      try TeamLookup.checkUnique(named.map(\.name), isBox: isBox, in: document)
      for (name, team) in named {
        let section = document.appendSection(
          named: name,
          folder: team.folder,
          capacity: isBox ? nil : TeamValidator.maximumTeamSize,
          info: TeamSectionInfo(isBox: isBox, format: team.format),
          date: now
        )
        try document.append(
          team.members.map { StoredMember(member: $0) },
          to: section.id,
          date: now
        )
      }
    }
  }

  /// Each team with its name: its own, or for a team without one the first `Imported N`
  /// (from 1) that no section of `document` and no team before it has.
  ///
  /// - Complexity: O(*s* + *t*) for *s* sections and *t* teams.
  static func naming(
    _ teams: [ShowdownTeam],
    in document: TeamDocument
  ) -> [(name: String, team: ShowdownTeam)] {
    var taken = Set(document.sections.map { $0.name.lowercased() })
    for team in teams { if let name = team.name { taken.insert(name.lowercased()) } }
    var next = 1
    return teams.map { team in
      if let name = team.name { return (name, team) }
      while taken.contains("imported \(next)") { next += 1 }
      let name = "Imported \(next)"
      taken.insert(name.lowercased())
      return (name, team)
    }
  }

  // MARK: Helpers

  var style: Style {
    Style(
      mode: global[\.color],
      isTerminal: context.stdoutIsTerminal,
      environment: context.environment
    )
  }

  /// `2026-11-24 21:05` (UTC).
  static func dateText(_ date: Date) -> String {
    String(CollectionDate.string(from: date).prefix(16)).replacingOccurrences(of: "T", with: " ")
  }

  static func json(_ value: some Encodable) throws(CLIError) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    do {
      return String(decoding: try encoder.encode(value), as: UTF8.self)
    } catch {
      throw CLIError.failed(.software, "cannot encode JSON: \(error)")
    }
  }
}
