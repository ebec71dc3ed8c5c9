import Foundation
import Testing

@testable import JSONCore

/// `JSONTapeObject` reads what `FastJSONDecoder` reads, with the same errors.
@Suite struct JSONTapeObjectTests {
  struct Item: Codable, Equatable {
    var id: Int
    var name: String
    var folder: String?
    var tags: [String]?
  }

  static func object(_ text: String) throws -> JSONTapeObject {
    try JSONTapeObject(try JSONTape(bytes: Array(text.utf8)))
  }

  @Test func readsMembersInAnyOrder() throws {
    var object = try Self.object(#"{"name": "Sand", "id": 3, "folder": null, "inner": {"x": 1}}"#)
    #expect(try object.integer("id") == 3)
    #expect(try object.string("name") == "Sand")
    #expect(try object.stringIfPresent("folder") == nil)
    #expect(try object.integerIfPresent("missing") == nil)
    var inner = try object.object("inner")
    #expect(try inner.integer("x") == 1)
    #expect(try object.objectIfPresent("folder") == nil)
    #expect(object.value("name") != nil)
    #expect(object.value("nope") == nil)
  }

  @Test func aKeyWrittenTwiceGivesItsFirstValueAsTheDecoderDoes() throws {
    let text = #"{"id": 1, "name": "a", "id": 2}"#
    var object = try Self.object(text)
    let decoded = try FastJSONDecoder().decode(Item.self, from: Array(text.utf8))
    #expect(try object.integer("id") == decoded.id)
  }

  @Test func readsArraysOfObjectsAndDecodesOtherValues() throws {
    var object = try Self.object(
      #"{"items": [{"id": 1, "name": "a"}, {"id": 2, "name": "b", "tags": ["x"]}]}"#
    )
    let ids = try object.objects("items").map { item in
      var item = item
      return try item.integer("id")
    }
    #expect(ids == [1, 2])
    #expect(try object.objects("items").map(\.node) == [3, 8])
    var second = try #require(try object.objects("items").last)
    #expect(try second.decode([String].self, "tags") == ["x"])
  }

  /// Each error is the one `FastJSONDecoder` gives for the same value: located, with its
  /// path.
  @Test(arguments: [
    #"{"items": [{"id": "1", "name": "a"}]}"#,
    #"{"items": [{"name": "a"}]}"#,
    #"{"items": [{"id": 99999999999999999999, "name": "a"}]}"#,
    #"{"items": [{"id": 1, "name": "a", "folder": 3}]}"#,
    #"{"items": [{"id": 1, "name": "a", "tags": [1]}]}"#,
    #"{"items": [7]}"#,
    #"{"items": {}}"#,
    #"[]"#,
  ])
  func errorsAreTheDecoders(text: String) throws {
    struct Root: Codable { var items: [Item] }
    let expected = #expect(throws: JSONError.self) {
      try FastJSONDecoder().decode(Root.self, from: Array(text.utf8))
    }
    let found = #expect(throws: JSONError.self) {
      var root = try Self.object(text)
      for item in try root.objects("items") {
        var item = item
        _ = try item.integer("id")
        _ = try item.string("name")
        _ = try item.stringIfPresent("folder")
        if item.value("tags") != nil { _ = try item.decode([String].self, "tags") }
      }
    }
    #expect(found == expected)
    #expect(found?.path.isEmpty == (text == "[]"))
  }

  @Test func anErrorAboutAValueIsLocatedAtIt() throws {
    var object = try Self.object("{\n  \"when\": \"today\"\n}")
    let error = object.error("expected a date", key: "when")
    #expect(error.description == "2:11: when: expected a date")
    #expect(object.error("missing", key: "other").description == "1:1: missing")
  }
}
