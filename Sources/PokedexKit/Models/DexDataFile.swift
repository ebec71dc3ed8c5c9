/// The root of one of the bundled data files: `pokemons.json` (``Pokedex``), `moves.json`
/// (``MoveDex``), `learnsets.json` (``LearnsetDex``), `abilities.json` (``AbilityDex``),
/// `natures.json` (``NatureDex``) and `items.json` (``ItemDex``). Each is read by
/// ``PokedexLoader`` the same way: fast when written by this tool, explained with its JSON
/// path when malformed.
public protocol DexDataFile: Codable, Hashable, Sendable {
  /// The file's name in the bundle, `"moves.json"`.
  static var resourceName: String { get }
  /// The schema version this build reads and writes.
  static var currentSchemaVersion: Int { get }
  /// The version of the file format; readers reject a newer one.
  var schemaVersion: Int { get }
}

extension Pokedex: DexDataFile {
  public static let resourceName = "pokemons.json"
}

extension MoveDex: DexDataFile {
  public static let resourceName = "moves.json"
}

extension LearnsetDex: DexDataFile {
  public static let resourceName = "learnsets.json"
}

extension AbilityDex: DexDataFile {
  public static let resourceName = "abilities.json"
}

extension NatureDex: DexDataFile {
  public static let resourceName = "natures.json"
}

extension ItemDex: DexDataFile {
  public static let resourceName = "items.json"
}
