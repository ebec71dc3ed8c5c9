/// Pokémon Showdown's ids and how they map to PokeAPI's identifiers.
///
/// Showdown names everything by an id: the display name lower-cased with everything outside
/// `[a-z0-9]` removed (`"Mr. Mime"` is `mrmime`, `"Tauros-Paldea-Aqua"` is
/// `taurospaldeaaqua`). PokeAPI's identifiers are lower-case words joined by hyphens
/// (`mr-mime`, `tauros-paldea-aqua-breed`). `Guides/Learnsets.md` explains every rule here.
///
/// ```swift
/// ShowdownID.id("trick-room")  // "trickroom"
/// ShowdownID.id("Mr. Mime")    // "mrmime"
/// ```
package enum ShowdownID {
  /// Showdown's id of `text`: ASCII letters lower-cased, digits kept, everything else
  /// dropped (`é` too, as Showdown's `toID` does).
  package static func id(_ text: some StringProtocol) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        bytes.append(byte)
      case UInt8(ascii: "A")...UInt8(ascii: "Z"):
        bytes.append(byte + 32)
      default:
        continue
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Showdown entries whose id no rule derives from PokeAPI, and the Pokémon each is.
  ///
  /// Each is a form Showdown names differently: the words in another order, or a name of
  /// its own. Every other entry maps by the rules of ``ShowdownPokemonIndex``.
  package static let pokemonExceptions: [String: String] = [
    // Battle Bond Greninja is its own Pokémon in PokeAPI, "greninja-battle-bond".
    "greninjabond": "greninja-battle-bond",
    // Own Tempo Rockruff, which evolves into Dusk Lycanroc.
    "rockruffdusk": "rockruff-own-tempo",
    // Necrozma fused with Solgaleo or Lunala: PokeAPI shortens the names.
    "necrozmaduskmane": "necrozma-dusk",
    "necrozmadawnwings": "necrozma-dawn",
    // Alolan totem Pokémon: Showdown puts the region first, PokeAPI the word totem (and
    // drops the region of Marowak's).
    "raticatealolatotem": "raticate-totem-alola",
    "marowakalolatotem": "marowak-totem",
    "mimikyubustedtotem": "mimikyu-totem-busted",
    // Legends: Z-A's Meowstic Megas: Showdown puts the gender first.
    "meowsticmmega": "meowstic-male-mega",
    "meowsticfmega": "meowstic-female-mega",
    // Gigantamax forms of species with two forms: Showdown's plain "-Gmax" is the first.
    "toxtricitygmax": "toxtricity-amped-gmax",
    "urshifugmax": "urshifu-single-strike-gmax",
    // The default forms differ: Showdown's Minior is the Red Core (PokeAPI's default is its
    // Meteor Form) and its Maushold the family of three (PokeAPI's, of four).
    "minior": "minior-red",
    "miniormeteor": "minior-red-meteor",
    "maushold": "maushold-family-of-three",
    "mausholdfour": "maushold-family-of-four",
  ]

  /// PokeAPI Pokémon that Showdown does not tell apart from another: Showdown names them by
  /// that one's entry (PokeAPI slug to Showdown id). Zygarde with Power Construct is Zygarde
  /// with its special ability; Minior's Meteor Forms differ only in the colour of their core.
  package static let sharedEntries: [String: String] = [
    "zygarde-10-power-construct": "zygarde10",
    "zygarde-50-power-construct": "zygarde",
    "minior-orange-meteor": "miniormeteor",
    "minior-yellow-meteor": "miniormeteor",
    "minior-green-meteor": "miniormeteor",
    "minior-blue-meteor": "miniormeteor",
    "minior-indigo-meteor": "miniormeteor",
    "minior-violet-meteor": "miniormeteor",
  ]

  /// PokeAPI Pokémon Showdown has no entry for, and why: they never battle.
  package static let withoutEntries: [String: String] = [
    "koraidon-limited-build": "a ride form", "koraidon-sprinting-build": "a ride form",
    "koraidon-swimming-build": "a ride form", "koraidon-gliding-build": "a ride form",
    "miraidon-low-power-mode": "a ride form", "miraidon-drive-mode": "a ride form",
    "miraidon-aquatic-mode": "a ride form", "miraidon-glide-mode": "a ride form",
  ]

  /// Showdown move ids whose PokeAPI identifier is spelled differently.
  package static let moveExceptions: [String: String] = [
    // Showdown uses the newer spelling "Vise Grip"; PokeAPI keeps "vice-grip".
    "visegrip": "vice-grip"
  ]
}
