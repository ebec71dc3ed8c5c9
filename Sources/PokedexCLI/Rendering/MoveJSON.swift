import PokedexKit
import TerminalUI

/// Moves as JSON records in the schema of `Data/moves.json`.
enum MoveJSON {
  /// Every key of the move, in the file's order.
  static func record(_ move: Move) -> OutputJSON {
    var members: [(String, OutputJSON)] = [
      ("id", .int(move.id)), ("identifier", .string(move.identifier)),
      ("names", .names(move.names)), ("aliases", .strings(move.aliases)),
      ("generation", .int(move.generation)), ("type", .string(move.type)),
      ("damageClass", .string(move.damageClass)), ("power", .int(move.power)),
      ("accuracy", .int(move.accuracy)), ("pp", .int(move.pp)),
      ("priority", .int(move.priority)), ("target", .string(move.target)),
      ("flags", .strings(move.flags)), ("effectChance", .int(move.effectChance)),
      ("shortEffect", .string(move.shortEffect)), ("effect", .string(move.effect)),
      (
        "olderEffects",
        .array(
          move.olderEffects.map {
            .object([
              ("generation", .int($0.generation)), ("shortEffect", .string($0.shortEffect)),
              ("effect", .string($0.effect)),
            ])
          }
        )
      ),
      (
        "machines",
        .array(
          move.machines.map {
            .object([("versionGroup", .string($0.versionGroup)), ("item", .string($0.item))])
          }
        )
      ),
    ]
    if let fields = move.fromShowdown { members.append(("fromShowdown", .showdownFields(fields))) }
    return .object(members)
  }
}
