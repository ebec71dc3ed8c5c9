import PokedexKit

/// The abilities that change how much damage a type deals to their holder, for
/// ``TeamAnalysis``.
///
/// | ability | effect |
/// |---|---|
/// | Levitate, Earth Eater | Ground 0x |
/// | Flash Fire, Well-Baked Body | Fire 0x |
/// | Water Absorb, Storm Drain | Water 0x |
/// | Dry Skin | Water 0x, Fire 1.25x |
/// | Volt Absorb, Lightning Rod, Motor Drive | Electric 0x |
/// | Sap Sipper | Grass 0x |
/// | Thick Fat | Fire and Ice 1/2x |
/// | Heatproof, Water Bubble | Fire 1/2x |
/// | Purifying Salt | Ghost 1/2x |
/// | Wonder Guard | 0x from anything not super-effective |
enum AbilityMatchups {
  /// The factor in percent each ability applies to each attacking type, by the ability's
  /// Showdown id.
  private static let factors: [String: [String: Int]] = [
    "levitate": ["ground": 0],
    "eartheater": ["ground": 0],
    "flashfire": ["fire": 0],
    "wellbakedbody": ["fire": 0],
    "waterabsorb": ["water": 0],
    "stormdrain": ["water": 0],
    "dryskin": ["water": 0, "fire": 125],
    "voltabsorb": ["electric": 0],
    "lightningrod": ["electric": 0],
    "motordrive": ["electric": 0],
    "sapsipper": ["grass": 0],
    "thickfat": ["fire": 50, "ice": 50],
    "heatproof": ["fire": 50],
    "waterbubble": ["fire": 50],
    "purifyingsalt": ["ghost": 50],
  ]

  /// The damage factor in percent against a holder of `ability` (an identifier or any
  /// spelling of one), given the factor `typeFactor` its types give.
  static func factor(_ typeFactor: Int, of attacking: String, ability: String?) -> Int {
    guard let ability else { return typeFactor }
    let id = ShowdownID.id(ability)
    if id == "wonderguard" { return typeFactor > 100 ? typeFactor : 0 }
    guard let percent = factors[id]?[attacking] else { return typeFactor }
    return typeFactor * percent / 100
  }
}
