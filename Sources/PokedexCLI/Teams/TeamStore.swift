import CollectionStore
import Foundation
import PlistPreferences
import PokedexKit
import PokedexTeams

/// The player's teams and boxes: a ``CollectionStore`` of ``StoredMember`` records in
/// sections that are teams (at most six) or boxes.
typealias TeamStore = CollectionStore<TeamSectionInfo, StoredMember>
typealias TeamDocument = CollectionDocument<TeamSectionInfo, StoredMember>
typealias TeamSection = CollectionSection<TeamSectionInfo>
typealias TeamItem = CollectionItem<StoredMember>

extension CommandContext {
  /// Where the teams file lives: `$POKEDEX_TEAMS_FILE`, else `$POKEDEX_CONFIG_HOME/teams.jsonl`,
  /// else `$XDG_CONFIG_HOME/pokedex/teams.jsonl`, else `~/.config/pokedex/teams.jsonl` (the
  /// preferences file's rules).
  func teamsLocation() throws(CLIError) -> PreferencesLocation {
    do {
      return try PreferencesLocation.resolve(
        appName: "pokedex",
        fileName: "teams.jsonl",
        variables: .init(prefsFile: "POKEDEX_TEAMS_FILE", configHome: "POKEDEX_CONFIG_HOME"),
        environment: environment
      )
    } catch {
      throw .location(error)
    }
  }

  /// The teams store. `POKEDEX_TEAMS_DURABILITY=relaxed` skips `fsync` (tests and benchmarks
  /// on slow disks); anything else is durable.
  func openTeams() throws(CLIError) -> TeamStore {
    TeamStore(
      path: try teamsLocation().path,
      kind: "pokedex-teams",
      durable: environment["POKEDEX_TEAMS_DURABILITY"] != "relaxed"
    )
  }
}

/// Finding teams and members by what a player types.
enum TeamLookup {
  /// The team or box named `name` (case-insensitively).
  ///
  /// - Throws: exit 1 with the closest name when there is none.
  static func section(named name: String, in document: TeamDocument) throws(CLIError)
    -> TeamSection
  {
    let key = name.lowercased()
    if let section = document.sections.first(where: { $0.name.lowercased() == key }) {
      return section
    }
    let names = document.sections.map(\.name)
    let hint =
      closestMatch(to: name, in: names).map { "; did you mean '\($0)'?" }
      ?? (names.isEmpty ? "; create one with 'pokedex team new NAME'" : "; see 'pokedex team list'")
    throw CLIError.failed(.failure, "no team or box named '\(name.escapedForMessage)'\(hint)")
  }

  /// The position of the member `reference` designates in `items`: a 1-based position, or a
  /// nickname or species (case-insensitive; it must match one member only).
  static func position(of reference: String, in items: [TeamItem], section: TeamSection)
    throws(CLIError) -> Int
  {
    if let number = Int(reference) {
      guard number >= 1, number <= items.count else {
        throw CLIError.failed(
          .failure,
          "'\(section.name)' has \(items.count) member\(items.count == 1 ? "" : "s"); there is no member \(number)"
        )
      }
      return number - 1
    }
    let key = NameNormalizer.key(reference)
    let matches = items.indices.filter { index in
      let member = items[index].value.member
      return NameNormalizer.key(member.nickname ?? "") == key
        || NameNormalizer.key(member.species) == key
    }
    switch matches.count {
    case 1: return matches[0]
    case 0:
      let names = items.map(\.value.member.displayName)
      let hint = closestMatch(to: reference, in: names).map { "; did you mean '\($0)'?" } ?? ""
      throw CLIError.failed(
        .failure,
        "'\(section.name)' has no member '\(reference.escapedForMessage)'\(hint)"
      )
    default:
      let positions = matches.map { String($0 + 1) }.joined(separator: ", ")
      throw CLIError.failed(
        .usage,
        "'\(reference.escapedForMessage)' matches members \(positions) of '\(section.name)'; give the position instead"
      )
    }
  }

  /// Checks a name for a team, box or folder: not empty, one line, no `/` (the paste
  /// header's folder separator) and no `===`.
  static func checkName(_ name: String, what: String) throws(CLIError) {
    let trimmed = name.trimmingCharacters(in: .whitespaces)
    if trimmed.isEmpty { throw .usage("a \(what) name cannot be empty") }
    if trimmed != name { throw .usage("a \(what) name cannot start or end with spaces") }
    if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      throw .usage("a \(what) name cannot contain tabs, line breaks or other control characters")
    }
    if name.contains("/") {
      throw .usage("a \(what) name cannot contain '/' (Showdown's folder separator)")
    }
    if name.contains("===") { throw .usage("a \(what) name cannot contain '==='") }
    if name.count > 100 { throw .usage("a \(what) name is limited to 100 characters") }
  }

  /// `format` as a battle format: Showdown's id of it, lower-case letters and digits as
  /// Showdown reads a format (`gen8-1v1` and `Gen 8 1v1` are `gen81v1`), or `nil` when not
  /// given.
  ///
  /// - Throws: a usage error for text without a letter or digit.
  static func battleFormat(_ format: String?) throws(CLIError) -> String? {
    guard let format else { return nil }
    let id = ShowdownID.id(format)
    guard !id.isEmpty, id.utf8.count <= 100 else {
      throw .usage(
        "'\(format.escapedForMessage)' is not a battle format; give Showdown's id, such as gen9ou or gen4ou"
      )
    }
    return id
  }

  /// Checks that no other section has `name`.
  static func checkUnique(_ name: String, in document: TeamDocument, except id: Int? = nil)
    throws(CollectionStoreError)
  {
    let key = name.lowercased()
    if let other = document.sections.first(where: { $0.name.lowercased() == key && $0.id != id }) {
      let kind = other.info.isBox ? "box" : "team"
      throw .invalidChange("a \(kind) named '\(other.name)' already exists")
    }
  }

  /// Checks that no section has any of `names`, the names of new sections of one kind
  /// (`isBox`), and that no two of them are the same, as ``checkUnique(_:in:except:)``
  /// would checking each one after adding those before it.
  ///
  /// - Complexity: O(s + n), for an import of thousands of teams.
  static func checkUnique(_ names: [String], isBox: Bool, in document: TeamDocument)
    throws(CollectionStoreError)
  {
    var taken = Dictionary(
      document.sections.map { ($0.name.lowercased(), (name: $0.name, isBox: $0.info.isBox)) },
      uniquingKeysWith: { first, _ in first }
    )
    for name in names {
      if let other = taken[name.lowercased()] {
        throw .invalidChange(
          "a \(other.isBox ? "box" : "team") named '\(other.name)' already exists"
        )
      }
      taken[name.lowercased()] = (name, isBox)
    }
  }
}

extension CollectionDocument where Info == TeamSectionInfo, Value == StoredMember {
  /// The members of a team or box, in order.
  ///
  /// - Throws: exit 65 when the section's bytes are damaged.
  func members(of section: TeamSection) throws(CLIError) -> [TeamItem] {
    do { return try items(in: section.id) } catch { throw CLIError.store(error) }
  }
}
