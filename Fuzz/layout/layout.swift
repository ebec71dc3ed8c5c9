// Fuzz target `layout`: the layout spec reader, the solver and the ASCII renderer, as
// `pokedex layout --spec FILE` runs them (a spec laid out on its own, no query).
//
// Input: a spec file (JSON, `Guides/LayoutCommand.md`), read leniently as the command does.
// The only bounds are the documented ones: the spec's size (`LayoutSpecFile.maximumSpecSize`,
// 16 MiB, far above libFuzzer's `-max_len`) and `LayoutSpec.Defaults.maximumItemCount`, which
// the reader enforces itself.
//
// Property: never a crash; a spec that reads either fails to solve with an error or solves
// and renders. An odd-length input renders with `--ascii` characters.
import CollectionLayout
import Foundation

@testable import PokedexCLI

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayout(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let data = Data(UnsafeBufferPointer(start: start, count: count))
  guard data.count <= LayoutSpecFile.maximumSpecSize else { return 0 }
  let spec: LayoutSpec
  do {
    spec = try LayoutSpec.decode(data, lenient: true).spec
  } catch {
    _ = error.description
    return 0
  }
  let solution: LayoutSolution
  do {
    solution = try spec.solve()
  } catch {
    _ = error.description
    return 0
  }
  let layout = LaidOutLayout(
    source: .spec(path: "fuzz.json"),
    spec: spec,
    solution: solution,
    content: nil
  )
  let renderer = ASCIILayoutRenderer(layout: layout, ascii: count % 2 == 1, showsStats: false)
  // `try?`: a renderer that refuses a canvas too large (exit 65) throws; one that does not
  // throw compiles here too, with a warning.
  _ = try? renderer.render(viewport: nil)
  return 0
}
