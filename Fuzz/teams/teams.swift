// Fuzz target `teams`: a teams file's manifest (`Guides/Teams.md`, "The file"), as every
// `pokedex team` command reads it.
//
// Each input is read twice: as the whole file, and as a header line given the footer that
// matches it (the checksum of the last line would otherwise stop almost every mutation
// before the header is decoded).
//
// Property: nothing crashes. A manifest that parses (its stored files are not read) is
// serialized again, as a commit that changes nothing writes it, and that parses to the
// same sections, in the same order, with the same counts.
import Foundation

@testable import CollectionStore
@testable import FileKit
@testable import PokedexKit
@testable import PokedexTeams

private typealias Contents = CollectionFileFormat.Contents<TeamSectionInfo, StoredMember>

/// A data directory that does not exist: parsing never reads a stored file.
private let files = CollectionFiles(
  directory: CollectionDataDirectory(manifest: "/nonexistent/pokedex-fuzz/teams.jsonl")
)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTeams(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: start, count: count))
  check(bytes)
  let header = Array(bytes.prefix { $0 != 0x0A })
  if let footer = try? CollectionFileFormat.encode(
    CollectionFileFormat.Footer(headerChecksum: Checksum.hex(of: header[...]))
  ) {
    check(header + [0x0A] + footer + [0x0A])
  }
  return 0
}

private func check(_ bytes: [UInt8]) {
  guard
    let contents: Contents = try? CollectionFileFormat.parse(
      bytes,
      kind: "pokedex-teams",
      files: files
    ),
    // Serializing a single file (version 1) decodes its sections, which may fail; a
    // manifest (version 2) only names its files.
    let serialized = try? CollectionFileFormat.serialize(
      contents,
      kind: "pokedex-teams",
      singleFile: contents.files == nil
    )
  else { return }
  let again: Contents
  do {
    again = try CollectionFileFormat.parse(serialized.bytes, kind: "pokedex-teams", files: files)
  } catch {
    fatalError("teams: a serialized manifest does not parse: \(error)")
  }
  guard again.document.sections == contents.document.sections,
    contents.document.sections.allSatisfy({
      again.document.count(in: $0.id) == contents.document.count(in: $0.id)
    })
  else {
    fatalError("teams: a serialized manifest parses to other sections")
  }
}
