import PokedexKit
import TerminalUI

/// Moves as JSON records in the schema of `Data/moves.json`.
enum MoveJSON {
  /// Every key of the move, in the file's order.
  static func record(_ move: Move) -> OutputJSON {
    .object([
      ("id", .int(move.id)), ("identifier", .string(move.identifier)),
      ("names", .names(move.names)), ("generation", .int(move.generation)),
      ("type", .string(move.type)), ("damageClass", .string(move.damageClass)),
      ("power", .int(move.power)), ("accuracy", .int(move.accuracy)), ("pp", .int(move.pp)),
      ("priority", .int(move.priority)), ("target", .string(move.target)),
      ("flags", .strings(move.flags)), ("effectChance", .int(move.effectChance)),
      ("shortEffect", .string(move.shortEffect)), ("effect", .string(move.effect)),
      (
        "machines",
        .array(
          move.machines.map {
            .object([("versionGroup", .string($0.versionGroup)), ("item", .string($0.item))])
          }
        )
      ),
    ])
  }
}
