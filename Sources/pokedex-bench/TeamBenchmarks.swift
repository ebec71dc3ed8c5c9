import CollectionStore
import Foundation
import PokedexKit
import PokedexTeams

/// `pokedex-bench teams-fixture PATH [--boxes N] [--members M]`: writes the teams file the
/// `team` benchmark runs against (`Scripts/bench-teams`): N boxes of M members each
/// (default 1,000 × 30 = 30,000 members), plus a team "Sand" of five, through the store's
/// own API, so the file is exactly what `pokedex team` writes.
enum TeamBenchmarks {
  static func fixture(_ arguments: [String]) -> Int32 {
    guard let path = arguments.first else {
      print("usage: pokedex-bench teams-fixture PATH [--boxes N] [--members M]")
      return 64
    }
    func option(_ name: String, _ fallback: Int) -> Int {
      guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count,
        let value = Int(arguments[index + 1]), value >= 0
      else { return fallback }
      return value
    }
    let boxes = option("--boxes", 1_000)
    let perBox = option("--members", 30)
    let species = [
      "Garchomp", "Tyranitar", "Excadrill", "Rotom-Wash", "Ferrothorn", "Ninetales-Alola",
      "Corviknight", "Toxapex", "Dragapult", "Landorus-Therian", "Heatran", "Clefable",
    ]
    let moves = ["Protect", "Rest", "Substitute", "Toxic"]
    let store = CollectionStore<TeamSectionInfo, StoredMember>(
      path: path,
      kind: "pokedex-teams",
      durable: false
    )
    let date = Date()
    do {
      try store.perform("fixture") { (document) throws(CollectionStoreError) in
        let team = document.appendSection(
          named: "Sand",
          capacity: 6,
          info: TeamSectionInfo(isBox: false),
          date: date
        )
        try document.append(
          species.prefix(5).map { StoredMember(member: TeamMember(species: $0, moves: moves)) },
          to: team.id,
          date: date
        )
        var serial = 0
        for box in 1...max(boxes, 1) where boxes > 0 {
          let section = document.appendSection(
            named: "Box \(box)",
            info: TeamSectionInfo(isBox: true),
            date: date
          )
          var members: [StoredMember] = []
          for _ in 0..<perBox {
            serial += 1
            var member = TeamMember(species: species[serial % species.count])
            member.level = 50 + serial % 51
            member.nature = ["Jolly", "Adamant", "Timid", "Bold"][serial % 4]
            member.moves = Array(moves.prefix(1 + serial % 4))
            members.append(StoredMember(member: member))
          }
          try document.append(members, to: section.id, date: date)
        }
      }
      // A file built over time holds small undo entries, not one of 30,000 members.
      try store.removeHistory()
    } catch {
      FileHandle.standardError.write(Data("teams-fixture: \(error)\n".utf8))
      return 1
    }
    return 0
  }
}
