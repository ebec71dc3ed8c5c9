// Fuzz target `plist`: the property-list codec of the preferences store.
//
// Property: never a crash; bytes that parse as a preferences document serialize again, in
// the format they were in and in the other one, unless the store's checks refuse a key or
// string with an error, and what is serialized parses back to the same document in that
// format (dates to whole seconds in XML, which stores no fraction, as the store documents).
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
  let formats = [parsed.format] + PreferencesFileFormat.allCases.filter { $0 != parsed.format }
  for format in formats {
    let written: Data
    do {
      written = try PropertyListCodec.serialize(parsed.document, format: format)
    } catch {
      guard !valid else {
        fatalError("plist: a document that validates does not serialize as \(format): \(error)")
      }
      return 0
    }
    checkParses(written, as: format, to: parsed.document)
  }
  return 0
}

/// `written` parses, in `format`, to `document`.
private func checkParses(
  _ written: Data,
  as format: PreferencesFileFormat,
  to document: [String: PropertyListValue]
) {
  let expected = format == .xml ? document.mapValues(\.truncatingDates) : document
  switch PropertyListCodec.parse(written) {
  case .failure(let failure):
    fatalError("plist: the document serialized as \(format) does not parse: \(failure.reason)")
  case .success(let again):
    guard again.format == format else {
      fatalError("plist: the document serialized as \(format) parses as \(again.format)")
    }
    guard same(.dictionary(again.document), .dictionary(expected)) else {
      fatalError("plist: the document changed in a round trip through \(format)")
    }
  }
}

/// `==`, except that two NaN dates are the same (`PropertyListValue`'s `==` says so of NaN
/// reals only, and `Date`'s `==` never of NaN).
private func same(_ a: PropertyListValue, _ b: PropertyListValue) -> Bool {
  switch (a, b) {
  case (.date(let x), .date(let y)):
    return x == y
      || (x.timeIntervalSinceReferenceDate.isNaN && y.timeIntervalSinceReferenceDate.isNaN)
  case (.array(let x), .array(let y)):
    return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
  case (.dictionary(let x), .dictionary(let y)):
    return x.count == y.count
      && x.allSatisfy { key, value in y[key].map { same(value, $0) } ?? false }
  default:
    return a == b
  }
}
