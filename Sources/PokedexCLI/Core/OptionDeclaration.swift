/// What a command declares among its options: a ``Flag``, an ``Option`` or an ``OptionGroup``.
package protocol OptionDeclaration: Sendable {
  /// The options it declares, in the order help lists them.
  var specs: [OptionSpec] { get }
}
