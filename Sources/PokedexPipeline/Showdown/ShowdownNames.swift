/// One name or a list of names, as Showdown writes `battleOnly`.
struct ShowdownNames: Decodable, Hashable, Sendable {
  var names: [String]

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let name = try? container.decode(String.self) {
      names = [name]
    } else {
      names = try container.decode([String].self)
    }
  }
}
