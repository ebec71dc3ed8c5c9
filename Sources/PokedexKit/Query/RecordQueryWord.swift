/// Which word of a move or item query is unknown, for
/// ``QueryError/unknownRecordWord(_:_:_:suggestion:at:)``.
public enum RecordQueryWord: String, Hashable, Sendable {
  /// A plain word or comparison that is no term (`!` on nothing known).
  case term
  /// A `key:` the language does not have (`typ:fire`).
  case key
  /// A side of a comparison that is no numeric property (`powr>90`).
  case property
  /// A `--sort` key.
  case sortKey = "sort key"
}
