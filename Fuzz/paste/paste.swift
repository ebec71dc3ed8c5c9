// Fuzz target `paste`: the Showdown team paste, as `pokedex team import` reads it.
//
// Property: nothing crashes, neither parsing (any bytes, as UTF-8 with replacements) nor
// checking what parsed against the bundled data (species, abilities, items, natures, moves
// and learnsets, as `team import` does). A paste that parses is written back in canonical
// form, which parses to the same teams (the format round-trips every field it has), and
// writing that again gives the same text.
import Foundation

@testable import PokedexKit
@testable import PokedexTeams

/// The validator `team import` uses, over the bundled data, built once.
private let validator: TeamValidator? = {
  guard let dex = try? PokedexLoader.load() else { return nil }
  return TeamValidator(
    dex: dex,
    moves: try? PokedexLoader.load(MoveDex.self),
    learnsets: try? PokedexLoader.load(LearnsetDex.self)
  )
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPaste(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
  guard let paste = try? ShowdownPaste.parse(text) else { return 0 }
  if let validator {
    _ = validator.validate(paste, as: .team)
    _ = validator.validate(paste, as: .box)
  }
  let written = ShowdownPaste.render(paste.teams)
  let again: ShowdownPaste
  do {
    again = try ShowdownPaste.parse(written)
  } catch {
    fatalError("paste: the canonical text of a paste does not parse: \(error)")
  }
  guard again.teams == paste.teams else {
    fatalError("paste: the canonical text parses to other teams")
  }
  guard ShowdownPaste.render(again.teams) == written else {
    fatalError("paste: writing the canonical text again changes it")
  }
  return 0
}
