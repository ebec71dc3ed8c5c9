// The schema's one door into a model's memory, and the only file in PokedexKit that uses
// unsafe pointers.
//
// A field of the schema is named by a key path to a stored property. Setting a value
// through the key path costs a walk of the key-path runtime (and a generic-metadata lookup)
// per field, which for the 40,000 fields of the bundled dex was a third of the load. Stored
// properties have a fixed offset in their struct (`MemoryLayout.offset(of:)`), so the
// reader and writer use that offset instead.
//
// Invariants (checked by `assert` in debug and test builds):
// - an offset comes from `MemoryLayout<Model>.offset(of: keyPath)` for a key path to a stored
//   property of `Model` whose type is exactly `Value`, so the bytes at it hold an initialized
//   `Value` for as long as the model lives (SE-0210);
// - `offset + MemoryLayout<Value>.size <= MemoryLayout<Model>.size`;
// - no pointer made here outlives the call that made it;
// - `SchemaFieldTests` checks every field of every schema against its key path (the slow twin).

/// Where a stored property lives in its model, for reading and writing it in place.
struct FieldOffset<Model, Value>: Sendable {
  private let offset: Int

  /// The offset of the stored property `keyPath`, or `nil` for a computed property (or a
  /// model of no size, whose bytes have no address).
  init?(_ keyPath: WritableKeyPath<Model, Value>) {
    guard MemoryLayout<Model>.size > 0, let offset = MemoryLayout<Model>.offset(of: keyPath)
    else { return nil }
    assert(offset >= 0 && offset + MemoryLayout<Value>.size <= MemoryLayout<Model>.size)
    self.offset = offset
  }

  /// Replaces the property's value in `model`.
  @inline(__always)
  func set(_ value: Value, in model: inout Model) {
    withUnsafeMutableBytes(of: &model) { bytes in
      guard let base = bytes.baseAddress else { return }
      (base + offset).assumingMemoryBound(to: Value.self).pointee = value
    }
  }

  /// The property's value in `model`.
  @inline(__always)
  func get(from model: Model) -> Value {
    withUnsafeBytes(of: model) { bytes in
      // A model of nonzero size (checked in `init`) has an address.
      (bytes.baseAddress.unsafelyUnwrapped + offset).assumingMemoryBound(to: Value.self).pointee
    }
  }
}
