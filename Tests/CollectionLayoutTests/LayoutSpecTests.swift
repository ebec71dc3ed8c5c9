import Foundation
import PokedexTestSupport
import Testing

@testable import CollectionLayout

@Suite struct LayoutSpecTests {
  /// The example of the spec format: 12 items in a 5-column grid of 75-point squares.
  static let example = """
    {
      "environment": {
        "containerSize": {"width": 375, "height": 667},
        "displayScale": 2,
        "layoutDirection": "leftToRight",
        "safeAreaInsets": {"top": 0, "leading": 0, "bottom": 0, "trailing": 0},
        "contentInsetsReference": "safeArea"
      },
      "layout": {
        "api": "section",
        "configuration": {
          "scrollDirection": "vertical",
          "interSectionSpacing": 0,
          "boundarySupplementaryItems": []
        },
        "sections": [
          {
            "itemCount": 12,
            "definition": {
              "group": {
                "kind": "group",
                "axis": "horizontal",
                "size": {"width": {"kind": "fractionalWidth", "value": 1.0},
                         "height": {"kind": "fractionalWidth", "value": 0.2}},
                "subitems": [
                  {"kind": "item",
                   "size": {"width": {"kind": "fractionalWidth", "value": 0.2},
                            "height": {"kind": "fractionalHeight", "value": 1.0}}}
                ]
              },
              "contentInsets": {"top": 0, "leading": 0, "bottom": 0, "trailing": 0},
              "interGroupSpacing": 0,
              "orthogonalScrollingBehavior": "none",
              "boundarySupplementaryItems": [],
              "supplementariesFollowContentInsets": true,
              "decorationItems": []
            }
          }
        ]
      },
      "measuredSizes": []
    }
    """

  @Test func exampleExport() throws {
    let spec = try LayoutSpec(jsonData: Data(Self.example.utf8))
    let export = LayoutExport(solution: try spec.solve()).jsonString()
    assertGolden(export, named: "spec-example-export.json")
  }

  /// A spec with a header, footer, background, badge, orthogonal section and a second
  /// section; exercises every part of the export.
  static let rich = """
    {
      "environment": {"containerSize": {"width": 300, "height": 600}},
      "layout": {
        "api": "sectionProvider",
        "configuration": {"interSectionSpacing": 10},
        "sections": [
          {"itemCount": 3, "definition": {
            "group": {"kind": "group", "axis": "horizontal",
              "size": {"width": {"kind": "absolute", "value": 100}, "height": {"kind": "absolute", "value": 50}},
              "subitems": [{"kind": "item",
                "size": {"width": {"kind": "fractionalWidth", "value": 1}, "height": {"kind": "fractionalHeight", "value": 1}},
                "supplementaryItems": [{"elementKind": "badge",
                  "size": {"width": {"kind": "absolute", "value": 10}, "height": {"kind": "absolute", "value": 10}},
                  "containerAnchor": {"edges": ["top", "trailing"]}}]}]},
            "contentInsets": {"top": 5, "leading": 10, "bottom": 5, "trailing": 10},
            "interGroupSpacing": 20,
            "orthogonalScrollingBehavior": "continuous",
            "boundarySupplementaryItems": [{"elementKind": "header", "alignment": "top",
              "size": {"width": {"kind": "fractionalWidth", "value": 1}, "height": {"kind": "absolute", "value": 30}}}],
            "decorationItems": [{"elementKind": "background"}]}},
          {"itemCount": 2, "definition": {
            "group": {"kind": "group", "axis": "horizontal", "count": 2,
              "size": {"width": {"kind": "fractionalWidth", "value": 1}, "height": {"kind": "absolute", "value": 40}},
              "interItemSpacing": {"kind": "fixed", "value": 10},
              "subitems": [{"kind": "item",
                "size": {"width": {"kind": "absolute", "value": 1}, "height": {"kind": "fractionalHeight", "value": 1}}}]}}}
        ]
      }
    }
    """

  @Test func richExport() throws {
    let spec = try LayoutSpec(jsonData: Data(Self.rich.utf8))
    let solution = try spec.solve()
    // Section 0: header 0..30 (width 300 - 10 - 10 = 280 at x 10), strip at y 35 height 50,
    // items at x 10, 130, 250; extent 30 + 5 + 50 + 5 = 90. Section 1 at 90 + 10 = 100:
    // two items of (300 - 10) / 2 = 145 at x 0 and 155. Content height 140.
    #expect(solution.contentSize == CGSize(width: 300, height: 140))
    #expect(
      solution.frameForItem(at: LayoutIndexPath(section: 0, item: 2))
        == CGRect(x: 250, y: 35, width: 100, height: 50)
    )
    #expect(
      solution.frameForItem(at: LayoutIndexPath(section: 1, item: 1))
        == CGRect(x: 155, y: 100, width: 145, height: 40)
    )
    let export = LayoutExport(
      solution: solution,
      itemFields: { [LayoutExport.Field("name", .string("#\($0.item) \"q\""))] },
      sectionFields: { [LayoutExport.Field("title", .string("Section \($0)"))] }
    ).jsonString()
    assertGolden(export, named: "spec-rich-export.json")
    // Deterministic bytes: a second solve and export give the same text.
    let again = LayoutExport(
      solution: try spec.solve(),
      itemFields: { [LayoutExport.Field("name", .string("#\($0.item) \"q\""))] },
      sectionFields: { [LayoutExport.Field("title", .string("Section \($0)"))] }
    ).jsonString()
    #expect(export == again)
  }

  struct ErrorCase: Sendable, CustomTestStringConvertible {
    var name: String
    var json: String
    var message: String
    var testDescription: String { name }
  }

  static let header =
    #"{"environment": {"containerSize": {"width": 100, "height": 100}}, "layout": {"sections": ["#
  static func spec(_ definition: String, count: Int = 1) -> String {
    header + #"{"itemCount": \#(count), "definition": \#(definition)}]}}"#
  }
  static let item50 =
    #"{"kind": "item", "size": {"width": {"kind": "absolute", "value": 50}, "height": {"kind": "absolute", "value": 50}}}"#

  static let errorCases: [ErrorCase] = [
    ErrorCase(
      name: "syntax",
      json: "{\n  \"environment\": ,\n}",
      message: "invalid JSON at line 2, column 18: unexpected character, expected a value"
    ),
    ErrorCase(
      name: "missing key",
      json: #"{"environment": {}, "layout": {"sections": []}}"#,
      message: "$.environment.containerSize: missing required key"
    ),
    ErrorCase(
      name: "unknown key",
      json:
        #"{"environment": {"containerSize": {"width": 1, "height": 1}, "colour": 1}, "layout": {"sections": []}}"#,
      message: "$.environment.colour: unknown key; remove it or check its spelling"
    ),
    ErrorCase(
      name: "type mismatch",
      json: header + #"{"itemCount": "3"}]}}"#,
      message: "$.layout.sections[0].itemCount: expected a number, found a string"
    ),
    ErrorCase(
      name: "unknown dimension kind",
      json: spec(
        #"{"group": {"kind": "group", "axis": "horizontal", "size": {"width": {"kind": "percent", "value": 1}, "height": {"kind": "absolute", "value": 1}}, "subitems": []}}"#
      ),
      message:
        "$.layout.sections[0].definition.group.size.width.kind: unknown kind 'percent'; use one of absolute, fractionalWidth, fractionalHeight, estimated"
    ),
    ErrorCase(
      name: "group cannot fit an item",
      json: spec(
        #"{"group": {"kind": "group", "axis": "horizontal", "size": {"width": {"kind": "absolute", "value": 40}, "height": {"kind": "absolute", "value": 50}}, "subitems": [\#(item50)]}}"#
      ),
      message:
        "$.layout.sections[0].definition.group: this group cannot fit even a single item (the first subitem needs 50 points along the group's axis, 40 are available); make the group larger or the subitem, its edge spacing or the inter-item spacing smaller"
    ),
    ErrorCase(
      name: "negative effective size",
      json: spec(
        #"{"contentInsets": {"leading": 60, "trailing": 60}, "group": {"kind": "group", "axis": "horizontal", "size": {"width": {"kind": "absolute", "value": 40}, "height": {"kind": "absolute", "value": 50}}, "subitems": [\#(item50)]}}"#
      ),
      message:
        "$.layout.sections[0].definition: the effective content size -20x100 is negative; reduce the section's content insets or the environment's insets"
    ),
    ErrorCase(
      name: "custom group without frames",
      json: spec(
        #"{"group": {"kind": "group", "axis": "custom", "size": {"width": {"kind": "absolute", "value": 40}, "height": {"kind": "absolute", "value": 50}}, "customFrames": []}}"#
      ),
      message:
        "$.layout.sections[0].definition.group: the custom group's item provider returned no frames; return at least one frame"
    ),
    ErrorCase(
      name: "duplicate supplementary kinds",
      json: spec(
        #"{"group": {"kind": "group", "axis": "horizontal", "size": {"width": {"kind": "absolute", "value": 50}, "height": {"kind": "absolute", "value": 50}}, "subitems": [\#(item50)]}, "boundarySupplementaryItems": [{"elementKind": "h", "alignment": "top", "size": {"width": {"kind": "absolute", "value": 5}, "height": {"kind": "absolute", "value": 5}}}, {"elementKind": "h", "alignment": "bottom", "size": {"width": {"kind": "absolute", "value": 5}, "height": {"kind": "absolute", "value": 5}}}]}"#
      ),
      message:
        "$.layout.sections[0].definition.boundarySupplementaryItems[1]: duplicate supplementary element kind 'h'; give every supplementary item of a section its own kind"
    ),
    ErrorCase(
      name: "negative dimension",
      json: spec(
        #"{"group": {"kind": "group", "axis": "horizontal", "size": {"width": {"kind": "absolute", "value": -5}, "height": {"kind": "absolute", "value": 50}}, "subitems": [\#(item50)]}}"#
      ),
      message:
        "$.layout.sections[0].definition.group.size.width.value: invalid value -5; use zero or more"
    ),
    ErrorCase(
      name: "nested subitem names its path",
      json: spec(
        #"{"group": {"kind": "group", "axis": "vertical", "size": {"width": {"kind": "absolute", "value": 50}, "height": {"kind": "absolute", "value": 100}}, "subitems": [{"kind": "group", "axis": "horizontal", "contentInsets": {"leading": 30, "trailing": 30}, "size": {"width": {"kind": "absolute", "value": 50}, "height": {"kind": "absolute", "value": 50}}, "subitems": [\#(item50)]}]}}"#
      ),
      message:
        "$.layout.sections[0].definition.group.subitems[0]: there is no room for this group's subitems (effective content size -10x50); make sure the content insets of the group and its parent do not exceed its size"
    ),
    ErrorCase(
      name: "measured size out of range",
      json: header
        + #"{"itemCount": 1, "definition": {"group": {"kind": "group", "axis": "horizontal", "size": {"width": {"kind": "absolute", "value": 50}, "height": {"kind": "absolute", "value": 50}}, "subitems": [\#(item50)]}}}]}, "measuredSizes": [{"section": 0, "item": 4, "width": 1, "height": 1}]}"#,
      message: "$.measuredSizes[0].item: item 4 does not exist; section 0 has 1 items"
    ),
  ]

  @Test(arguments: errorCases)
  func errors(_ errorCase: ErrorCase) {
    do {
      let spec = try LayoutSpec(jsonData: Data(errorCase.json.utf8))
      _ = try spec.solve()
      Issue.record("\(errorCase.name): no error")
    } catch {
      #expect(error.description == errorCase.message)
    }
  }

  /// Malformed JSON: the reasons, lines and columns the spec reader has always given
  /// (recorded from its own parser before it moved onto JSONCore's scanner).
  static let syntaxErrorCases: [ErrorCase] = [
    ErrorCase(
      name: "empty input",
      json: "",
      message: "invalid JSON at line 1, column 1: unexpected end of input, expected a value"
    ),
    ErrorCase(
      name: "whitespace only",
      json: "   ",
      message: "invalid JSON at line 1, column 4: unexpected end of input, expected a value"
    ),
    ErrorCase(
      name: "missing colon",
      json: #"{"a" 1}"#,
      message: "invalid JSON at line 1, column 6: expected ':'"
    ),
    ErrorCase(
      name: "trailing comma in an object",
      json: #"{"a": 1,}"#,
      message: "invalid JSON at line 1, column 9: expected a string key"
    ),
    ErrorCase(
      name: "number as a key",
      json: #"{1: 2}"#,
      message: "invalid JSON at line 1, column 2: expected a string key"
    ),
    ErrorCase(
      name: "unclosed object",
      json: #"{"a": 1"#,
      message: "invalid JSON at line 1, column 8: unexpected end of input, expected ',' or '}'"
    ),
    ErrorCase(
      name: "unclosed array",
      json: "[1, 2",
      message: "invalid JSON at line 1, column 6: unexpected end of input, expected ',' or ']'"
    ),
    ErrorCase(
      name: "missing comma in an array",
      json: "[1 2]",
      message: "invalid JSON at line 1, column 4: expected ',' or ']'"
    ),
    ErrorCase(
      name: "missing comma in an object",
      json: #"{"a": 1 "b": 2}"#,
      message: "invalid JSON at line 1, column 9: expected ',' or '}'"
    ),
    ErrorCase(
      name: "trailing comma in an array",
      json: "[1,]",
      message: "invalid JSON at line 1, column 4: unexpected character, expected a value"
    ),
    ErrorCase(
      name: "text after the value",
      json: "{} x",
      message: "invalid JSON at line 1, column 4: unexpected text after the JSON value"
    ),
    ErrorCase(
      name: "misspelt true",
      json: "tru",
      message: "invalid JSON at line 1, column 1: invalid literal, expected 'true'"
    ),
    ErrorCase(
      name: "misspelt false",
      json: "[falsy]",
      message: "invalid JSON at line 1, column 2: invalid literal, expected 'false'"
    ),
    ErrorCase(
      name: "misspelt null",
      json: "nul",
      message: "invalid JSON at line 1, column 1: invalid literal, expected 'null'"
    ),
    ErrorCase(
      name: "control character in a string",
      json: "\"a\tb\"",
      message: "invalid JSON at line 1, column 3: control character in string"
    ),
    ErrorCase(
      name: "unterminated string",
      json: "\"abc",
      message: "invalid JSON at line 1, column 5: unterminated string"
    ),
    ErrorCase(
      name: "invalid escape",
      json: #""a\qb""#,
      message: "invalid JSON at line 1, column 5: invalid escape"
    ),
    ErrorCase(
      name: "short unicode escape at the end",
      json: #""a\u12""#,
      message: #"invalid JSON at line 1, column 5: invalid \u escape"#
    ),
    ErrorCase(
      name: "unicode escape with a non-digit",
      json: #""\u12zz""#,
      message: #"invalid JSON at line 1, column 6: invalid \u escape"#
    ),
    ErrorCase(
      name: "lone minus",
      json: "[-]",
      message: "invalid JSON at line 1, column 3: invalid number"
    ),
    ErrorCase(
      name: "no digits after the point",
      json: "1.",
      message: "invalid JSON at line 1, column 3: invalid number: expected digits after '.'"
    ),
    ErrorCase(
      name: "no exponent digits",
      json: "1e",
      message: "invalid JSON at line 1, column 3: invalid number: expected exponent digits"
    ),
    ErrorCase(
      name: "number out of range",
      json: "1e400",
      message: "invalid JSON at line 1, column 1: number out of range"
    ),
    ErrorCase(
      name: "leading point",
      json: "[.5]",
      message: "invalid JSON at line 1, column 2: unexpected character, expected a value"
    ),
    ErrorCase(
      name: "too deep",
      json: String(repeating: "[", count: 600),
      message: "invalid JSON at line 1, column 513: nesting deeper than 512"
    ),
    ErrorCase(
      name: "byte order mark",
      json: "\u{FEFF}{}",
      message: "invalid JSON at line 1, column 1: unexpected character, expected a value"
    ),
    ErrorCase(
      name: "column in scalars",
      json: #"{"é": ,}"#,
      message: "invalid JSON at line 1, column 7: unexpected character, expected a value"
    ),
    ErrorCase(
      name: "second line",
      json: "{\n  \"environment\": ,\n}",
      message: "invalid JSON at line 2, column 18: unexpected character, expected a value"
    ),
  ]

  @Test(arguments: syntaxErrorCases)
  func syntaxErrors(_ errorCase: ErrorCase) {
    do {
      _ = try LayoutSpec(jsonData: Data(errorCase.json.utf8))
      Issue.record("\(errorCase.name): no error")
    } catch {
      #expect(error.description == errorCase.message)
    }
  }

  @Test func lenientDecodingWarnsAboutUnknownKeys() throws {
    let json = Self.example.replacingOccurrences(
      of: "\"displayScale\": 2,",
      with: "\"displayScale\": 2, \"theme\": \"dark\","
    )
    let (spec, diagnostics) = try LayoutSpec.decode(Data(json.utf8), lenient: true)
    #expect(diagnostics.map(\.description) == ["$.environment.theme: unknown key ignored"])
    #expect(spec.environment.displayScale == 2)
  }
}

@Suite struct ExportTextTests {
  @Test(arguments: [0, 7, -5, 10, 99, 100, 1_000_000, Int.max, Int.min, -1])
  func integersAreWrittenAsSwiftDoes(_ value: Int) {
    var text = ExportText()
    text.write(value)
    #expect(String(decoding: text.bytes, as: UTF8.self) == String(value))
  }

  @Test(arguments: [(0.0, "0"), (-0.0, "0"), (75.0, "75"), (127.2, "127.2"), (-3.5, "-3.5")])
  func numbersAreWrittenInTheirShortestForm(_ value: Double, _ expected: String) {
    var text = ExportText()
    text.write(number: value)
    #expect(String(decoding: text.bytes, as: UTF8.self) == expected)
  }

  @Test func stringsAreEscaped() {
    var text = ExportText()
    text.write(string: "a\"b\\c\nd\u{1}é")
    #expect(String(decoding: text.bytes, as: UTF8.self) == #""a\"b\\c\nd\u0001é""#)
  }
}
