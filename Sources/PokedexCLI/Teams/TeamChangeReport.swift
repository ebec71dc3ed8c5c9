import CollectionStore
import PokedexKit
import PokedexTeams

/// A change to the teams printed the way a fetched-results controller drives a table: one
/// line per section or row inserted, deleted, moved or updated, from the snapshot diff.
///
/// ```text
/// inserted  Sand #3  Garchomp
/// moved     Sand #2 -> Rain #5  Excadrill
/// updated   Sand #1  Tyranitar
/// ```
enum TeamChangeReport {
  /// The lines for `change`; "no change" when it is empty.
  static func lines(for change: CollectionChange<TeamSectionInfo, StoredMember>) -> [String] {
    guard !change.isEmpty else { return ["no change"] }
    let diff = change.diff
    func sectionName(_ sections: [TeamSection], _ index: Int) -> String {
      sections.indices.contains(index) ? sections[index].name : "?"
    }
    func describe(_ section: TeamSection, count: Int) -> String {
      "\(section.info.isBox ? "box" : "team") '\(section.name)' (\(count) member\(count == 1 ? "" : "s"))"
    }
    func memberName(_ id: Int) -> String {
      (change.newItems[id] ?? change.oldItems[id])?.value.member.displayName ?? "member \(id)"
    }
    var lines: [String] = []
    for deletion in diff.sectionDeletions where change.oldSections.indices.contains(deletion.index)
    {
      lines.append(
        "deleted   " + describe(change.oldSections[deletion.index], count: deletion.items.count)
      )
    }
    for insertion in diff.sectionInsertions
    where change.newSections.indices.contains(insertion.index) {
      lines.append(
        "inserted  " + describe(change.newSections[insertion.index], count: insertion.items.count)
      )
    }
    for reload in diff.sectionReloads
    where change.oldSections.indices.contains(reload.oldIndex)
      && change.newSections.indices.contains(reload.newIndex)
    {
      let old = change.oldSections[reload.oldIndex]
      let new = change.newSections[reload.newIndex]
      var what: [String] = []
      if old.name != new.name { what.append("renamed '\(old.name)' to '\(new.name)'") }
      if old.folder != new.folder {
        what.append("folder \(new.folder.map { "'\($0)'" } ?? "none")")
      }
      if old.info != new.info { what.append("format \(new.info.format ?? "none")") }
      lines.append(
        "updated   \(new.info.isBox ? "box" : "team") '\(new.name)': "
          + what.joined(separator: ", ")
      )
    }
    for deletion in diff.itemDeletions {
      lines.append(
        "deleted   \(sectionName(change.oldSections, deletion.path.section)) #\(deletion.path.item + 1)  \(memberName(deletion.id))"
      )
    }
    for insertion in diff.itemInsertions {
      lines.append(
        "inserted  \(sectionName(change.newSections, insertion.path.section)) #\(insertion.path.item + 1)  \(memberName(insertion.id))"
      )
    }
    for move in diff.itemMoves {
      lines.append(
        "moved     \(sectionName(change.oldSections, move.from.section)) #\(move.from.item + 1) -> "
          + "\(sectionName(change.newSections, move.to.section)) #\(move.to.item + 1)  \(memberName(move.id))"
      )
    }
    for update in diff.itemReconfigures + diff.itemReloads {
      lines.append(
        "updated   \(sectionName(change.newSections, update.newPath.section)) #\(update.newPath.item + 1)  \(memberName(update.id))"
      )
    }
    return lines
  }
}
