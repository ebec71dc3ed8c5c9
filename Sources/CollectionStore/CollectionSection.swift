import Foundation
import JSONCore

/// A named, ordered group of items in a ``CollectionDocument``: a team, a box, a shopping
/// list's aisle.
///
/// `Info` is what the application keeps besides the name (a team's format, whether a
/// section is a box); use `EmptyInfo` when there is nothing.
///
/// ```swift
/// let team = CollectionSection(id: 7, name: "Sand", folder: "Ladder", capacity: 6, info: info, date: .now)
/// ```
public struct CollectionSection<Info: Codable & Hashable & Sendable>: Codable, Hashable, Sendable,
  Identifiable
{
  /// The section's identifier, unique in its document and never reused.
  public var id: Int
  /// Its name, unique in its document (compared case-insensitively by the store's callers).
  public var name: String
  /// The folder it is grouped in, if any.
  public var folder: String?
  /// The most items it may hold, or `nil` for any number.
  public var capacity: Int?
  /// What the application keeps besides.
  public var info: Info
  /// When it was created.
  public var created: Date
  /// When it or its items last changed.
  public var modified: Date

  /// Creates a section created and modified at `date` (kept to whole seconds, as stored).
  public init(
    id: Int,
    name: String,
    folder: String? = nil,
    capacity: Int? = nil,
    info: Info,
    date: Date
  ) {
    self.id = id
    self.name = name
    self.folder = folder
    self.capacity = capacity
    self.info = info
    self.created = CollectionDate.wholeSeconds(date)
    self.modified = created
  }

  private enum CodingKeys: String, CodingKey {
    case id, name, folder, capacity, info, created, modified
  }

  /// The section `object` holds, read as ``init(from:)`` reads it (for a file's header,
  /// which holds thousands).
  init(_ object: JSONTapeObject) throws(JSONError) {
    var object = object
    // In the order the keys are written (sorted), each found in O(1).
    capacity = try object.integerIfPresent(CodingKeys.capacity.stringValue)
    created = try CollectionDate.read(CodingKeys.created.stringValue, in: &object)
    folder = try object.stringIfPresent(CodingKeys.folder.stringValue)
    id = try object.integer(CodingKeys.id.stringValue)
    info = try object.decode(Info.self, CodingKeys.info.stringValue)
    modified =
      object.value(CodingKeys.modified.stringValue) == nil
      ? created : try CollectionDate.read(CodingKeys.modified.stringValue, in: &object)
    name = try object.string(CodingKeys.name.stringValue)
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(Int.self, forKey: .id)
    name = try container.decode(String.self, forKey: .name)
    folder = try container.decodeIfPresent(String.self, forKey: .folder)
    capacity = try container.decodeIfPresent(Int.self, forKey: .capacity)
    info = try container.decode(Info.self, forKey: .info)
    (created, modified) = try CollectionDate.decodeDates(container, .created, .modified)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(name, forKey: .name)
    try container.encodeIfPresent(folder, forKey: .folder)
    try container.encodeIfPresent(capacity, forKey: .capacity)
    try container.encode(info, forKey: .info)
    try CollectionDate.encodeDates(created, modified, into: &container, .created, .modified)
  }
}

/// One record of a ``CollectionDocument``, with the identity and dates the store keeps.
public struct CollectionItem<Value: Codable & Hashable & Sendable>: Codable, Hashable, Sendable,
  Identifiable
{
  /// The item's identifier, unique in its document and never reused: it follows the item
  /// across sections, so a move is a move and not a deletion and an insertion.
  public var id: Int
  /// The record.
  public var value: Value
  /// When it was created.
  public var created: Date
  /// When it last changed (stored only when it differs from ``created``).
  public var modified: Date

  /// Creates an item created and modified at `date` (kept to whole seconds, as stored).
  public init(id: Int, value: Value, date: Date) {
    self.id = id
    self.value = value
    self.created = CollectionDate.wholeSeconds(date)
    self.modified = created
  }

  private enum CodingKeys: String, CodingKey { case id, value, created, modified }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(Int.self, forKey: .id)
    value = try container.decode(Value.self, forKey: .value)
    (created, modified) = try CollectionDate.decodeDates(container, .created, .modified)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(value, forKey: .value)
    try CollectionDate.encodeDates(created, modified, into: &container, .created, .modified)
  }
}

/// Nothing: the `Info` of sections that need none.
public struct EmptyInfo: Codable, Hashable, Sendable {
  public init() {}
}
