import Foundation
import PokedexKit
import PokedexPipeline
import PokedexTestSupport

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Checks that a document is well-formed XML with Foundation's `XMLParser`.
enum XMLCheck {
  /// `nil` when `text` parses; otherwise the parser's complaint with its line and column.
  static func problem(in text: String) -> String? {
    let parser = XMLParser(data: Data(text.utf8))
    let delegate = Delegate()
    parser.delegate = delegate
    if parser.parse(), delegate.error == nil, delegate.rootSeen { return nil }
    let reason = delegate.error ?? parser.parserError.map { "\($0)" } ?? "no root element"
    return "line \(parser.lineNumber), column \(parser.columnNumber): \(reason)"
  }

  private final class Delegate: NSObject, XMLParserDelegate {
    var error: String?
    var rootSeen = false

    func parser(
      _ parser: XMLParser,
      didStartElement elementName: String,
      namespaceURI: String?,
      qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      rootSeen = true
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
      if error == nil { error = "\(parseError)" }
    }
  }
}

/// A headless Chromium (or Chrome) to take screenshots of SVG files, when one is installed.
enum Chromium {
  /// The browser's path, or `nil` when none is on `PATH`.
  static let path: String? = {
    let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(
      separator: ":"
    )
    for name in ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"] {
      for directory in directories {
        let candidate = "\(directory)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      }
    }
    return nil
  }()

  /// Renders `svg` into `png` at `width` × `height` pixels.
  static func screenshot(svg: String, png: String, width: Int, height: Int) throws -> (
    status: Int32, output: String
  ) {
    guard let path else { return (127, "no browser") }
    let result = try runProcess(
      path,
      [
        "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
        "--window-size=\(width),\(height)", "--screenshot=\(png)",
        URL(fileURLWithPath: svg).absoluteString,
      ],
      environment: ["HOME": FileManager.default.temporaryDirectory.path]
    )
    return (result.status, result.stdout + result.stderr)
  }
}

/// The size in a PNG file's header.
enum PNGInfo {
  static func size(of bytes: Data) -> (Int, Int)? {
    let header = [UInt8](bytes.prefix(24))
    guard header.count == 24, header[12...15].elementsEqual("IHDR".utf8) else { return nil }
    let width = header[16...19].reduce(0) { $0 << 8 | Int($1) }
    let height = header[20...23].reduce(0) { $0 << 8 | Int($1) }
    return (width, height)
  }
}

/// Layout specs written by hand for the `--spec` tests.
enum SpecFixtures {
  /// A 640-pt-wide grid of `columns` items per 160-pt-tall row (the `count:` form), or of
  /// items `itemWidth` points wide repeated while they fit.
  static func grid(itemCount: Int, columns: Int, itemWidth: Double? = nil) -> String {
    let width =
      itemWidth.map { #"{"kind": "absolute", "value": \#($0)}"# }
      ?? #"{"kind": "fractionalWidth", "value": 1}"#
    return """
      {
        "environment": {"containerSize": {"width": 640, "height": 480}, "displayScale": 1},
        "layout": {
          "sections": [
            {"itemCount": \(itemCount),
             "definition": {
               "group": {"kind": "group", "axis": "horizontal",\(itemWidth == nil ? " \"count\": \(columns)," : "")
                         "size": {"width": {"kind": "fractionalWidth", "value": 1},
                                  "height": {"kind": "absolute", "value": 160}},
                         "subitems": [{"kind": "item",
                                       "size": {"width": \(width),
                                                "height": {"kind": "fractionalHeight", "value": 1}}}]}}}
          ]
        }
      }
      """
  }

  /// Two sections of their own definitions (`sectionProvider`): three 100-pt columns under a
  /// header, then 50-pt-wide cells six to a row above a footer.
  static let twoSections = """
    {
      "environment": {"containerSize": {"width": 300, "height": 400}},
      "layout": {
        "api": "sectionProvider",
        "configuration": {"interSectionSpacing": 16},
        "sections": [
          {"itemCount": 4,
           "definition": {
             "group": {"kind": "group", "axis": "horizontal",
                       "size": {"width": {"kind": "fractionalWidth", "value": 1},
                                "height": {"kind": "absolute", "value": 64}},
                       "subitems": [{"kind": "item",
                                     "size": {"width": {"kind": "fractionalWidth", "value": 0.3333333333333333},
                                              "height": {"kind": "fractionalHeight", "value": 1}}}]},
             "boundarySupplementaryItems": [
               {"elementKind": "header", "alignment": "top",
                "size": {"width": {"kind": "fractionalWidth", "value": 1}, "height": {"kind": "absolute", "value": 32}}}]}},
          {"itemCount": 7,
           "definition": {
             "group": {"kind": "group", "axis": "horizontal",
                       "size": {"width": {"kind": "fractionalWidth", "value": 1},
                                "height": {"kind": "absolute", "value": 48}},
                       "subitems": [{"kind": "item",
                                     "size": {"width": {"kind": "absolute", "value": 50},
                                              "height": {"kind": "fractionalHeight", "value": 1}}}]},
             "boundarySupplementaryItems": [
               {"elementKind": "footer", "alignment": "bottom",
                "size": {"width": {"kind": "fractionalWidth", "value": 1}, "height": {"kind": "absolute", "value": 32}}}]}}
        ]
      }
    }
    """

  /// Right to left: a three-column grid, then a strip of 40%-wide groups scrolling sideways.
  static let rightToLeft = """
    {
      "environment": {"containerSize": {"width": 320, "height": 400}, "layoutDirection": "rightToLeft"},
      "layout": {
        "api": "sectionProvider",
        "configuration": {"interSectionSpacing": 16},
        "sections": [
          {"itemCount": 5,
           "definition": {
             "group": {"kind": "group", "axis": "horizontal", "count": 3,
                       "size": {"width": {"kind": "fractionalWidth", "value": 1},
                                "height": {"kind": "absolute", "value": 64}},
                       "subitems": [{"kind": "item",
                                     "size": {"width": {"kind": "fractionalWidth", "value": 1},
                                              "height": {"kind": "fractionalHeight", "value": 1}}}]}}},
          {"itemCount": 6,
           "definition": {
             "group": {"kind": "group", "axis": "horizontal",
                       "size": {"width": {"kind": "fractionalWidth", "value": 0.4},
                                "height": {"kind": "absolute", "value": 48}},
                       "subitems": [{"kind": "item",
                                     "size": {"width": {"kind": "fractionalWidth", "value": 1},
                                              "height": {"kind": "fractionalHeight", "value": 1}}}]},
             "orthogonalScrollingBehavior": "continuous"}}
        ]
      }
    }
    """
}

/// A small dex for the layout tests: the first twelve Pokémon of the bundled data, written
/// once per test process to a temporary file, so each in-process run loads 12 Pokémon
/// instead of 1,351.
enum SmallDex {
  static let path: String = {
    let source = packageRoot().appendingPathComponent("Data/pokemons.json").path
    do {
      var dex = try PokedexLoader.load(path: source)
      dex.pokemon = dex.pokemon.filter { $0.nationalNumber <= 12 && $0.isDefault }
      let bytes = try PokedexEncoder().encode(dex)
      let path = FileManager.default.temporaryDirectory
        .appendingPathComponent(
          "pokedex-layout-tests-\(ProcessInfo.processInfo.processIdentifier).json"
        ).path
      try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
      return path
    } catch {
      return source
    }
  }()
}

/// Runs `pokedex layout ARGUMENTS` in-process on the small dex.
func layout(
  _ arguments: [String],
  environment: [String: String] = [:],
  width: Int? = nil,
  currentDirectory: String = "/tmp"
) -> CLIResult {
  pokedex(
    ["layout"] + arguments,
    environment: ["POKEDEX_DATA": SmallDex.path].merging(environment) { $1 },
    width: width,
    currentDirectory: currentDirectory
  )
}

func layout(_ arguments: String..., environment: [String: String] = [:]) -> CLIResult {
  layout(arguments, environment: environment)
}
