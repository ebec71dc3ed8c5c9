// Fuzz target `plist`: the property-list codec of the preferences store.
//
// Property: never a crash; bytes that parse as a preferences document serialize again (in
// the format they were in) unless the store's checks refuse a key or string with an error,
// and what is serialized parses back to the same document in the same format.
import Foundation

@testable import PlistPreferences

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlist(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let data = Data(UnsafeBufferPointer(start: start, count: count))
  guard case .success(let parsed) = PropertyListCodec.parse(data) else { return 0 }
  // A value the store refuses to write (a key or string it cannot represent) is an error, not
  // loss; a document that passes the store's own checks must serialize.
  let valid = parsed.document.allSatisfy { key, value in
    (try? PropertyListCodec.validateKey(key)) != nil
      && (try? PropertyListCodec.validate(value, key: key)) != nil
  }
  let written: Data
  do {
    written = try PropertyListCodec.serialize(parsed.document, format: parsed.format)
  } catch {
    guard !valid else {
      fatalError("plist: a document that validates does not serialize: \(error)")
    }
    return 0
  }
  switch PropertyListCodec.parse(written) {
  case .failure(let failure):
    fatalError("plist: the serialized document does not parse: \(failure.reason)")
  case .success(let again):
    guard again.format == parsed.format else {
      fatalError("plist: the document came back in another format")
    }
    guard again.document == parsed.document else {
      fatalError("plist: the document changed in a round trip")
    }
  }
  return 0
}
