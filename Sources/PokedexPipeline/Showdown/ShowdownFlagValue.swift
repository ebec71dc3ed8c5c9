/// A member Showdown sets to `true` or to a name (`isZ: "pikashuniumz"`, `isMax: true`):
/// present means set.
struct ShowdownFlagValue: Decodable, Hashable, Sendable {
  /// The name given, or `nil` for `true`.
  var name: String?

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let flag = try? container.decode(Bool.self) {
      guard flag else {
        throw DecodingError.dataCorruptedError(
          in: container,
          debugDescription: "expected true or a name, found false"
        )
      }
      name = nil
    } else {
      name = try container.decode(String.self)
    }
  }
}
