/// One section a change touched, before and after, as the change report
/// (``CollectionChange``) and the store's identifier check see it.
///
/// A side lists the section's items, or, when the change only appended items at its end (or,
/// undone, removed them), only those, from position `offset` on: the others are neither
/// decoded nor compared, so adding a member to a box of 200,000 reports one insertion at
/// position 200,001 without decoding the box.
struct TouchedSection<Info: Codable & Hashable & Sendable, Value: Codable & Hashable & Sendable>:
  Sendable
{
  struct Side: Sendable {
    /// The section, or `nil` when it does not exist on this side.
    var section: CollectionSection<Info>?
    /// Its items from position `offset` on (all of them when `offset` is 0).
    var items: [CollectionItem<Value>]
    var offset = 0
  }

  var id: Int
  var before: Side
  var after: Side
}
