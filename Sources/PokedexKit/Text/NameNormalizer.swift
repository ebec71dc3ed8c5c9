/// Turns names and user input into lookup keys, so that spelling variants meet.
///
/// The key is lower-case, keeps only letters and digits, drops accents in
/// either composed (NFC) or decomposed (NFD) form, maps `♀` to `f` and `♂`
/// to `m`, and folds full-width Latin letters to ASCII. Letters of other
/// scripts (kana, hangul, CJK) are kept as they are, and Swift's
/// canonical-equivalence string comparison makes NFC and NFD kana meet.
///
/// ```swift
/// NameNormalizer.key("Mr. Mime")    // "mrmime"
/// NameNormalizer.key("Farfetch’d")  // "farfetchd"
/// NameNormalizer.key("Nidoran♀")    // "nidoranf"
/// NameNormalizer.key("Flabébé")     // "flabebe"
/// ```
///
/// It is the veekun rule (NFKD, strip marks, lower-case) merged with
/// Showdown's `toID` (drop everything but letters and digits), without
/// Foundation, so that building an index over every name stays fast.
public enum NameNormalizer {
  /// The lookup key of `text`.
  ///
  /// - Complexity: O(*n*) in the length of `text`.
  public static func key(_ text: String) -> String {
    asciiKey(text) ?? unicodeKey(text, keepingWildcards: false)
  }

  /// The lookup key of a pattern, keeping the wildcards `*` and `?`.
  ///
  /// ```swift
  /// NameNormalizer.patternKey("Char*")  // "char*"
  /// ```
  public static func patternKey(_ text: String) -> String {
    unicodeKey(text, keepingWildcards: true)
  }

  /// The ASCII fast path; `nil` when `text` holds a non-ASCII byte.
  ///
  /// A text that is already a key (lower-case letters and digits, the common
  /// case for slugs) is returned as it is, without a copy; one that only has
  /// upper-case letters besides (most English names) is lower-cased by the
  /// standard library's ASCII path.
  private static func asciiKey(_ text: String) -> String? {
    var hasUpperCase = false
    var hasOther = false
    for byte in text.utf8 {
      switch byte {
      case 0x61...0x7A, 0x30...0x39: continue
      case 0x41...0x5A: hasUpperCase = true
      case 0x80...: return nil
      default: hasOther = true
      }
    }
    if !hasOther { return hasUpperCase ? text.lowercased() : text }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      switch byte {
      case 0x61...0x7A, 0x30...0x39: bytes.append(byte)
      case 0x41...0x5A: bytes.append(byte | 0x20)
      default: break
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func unicodeKey(_ text: String, keepingWildcards: Bool) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      var value = scalar.value
      if (0xFF01...0xFF5E).contains(value) { value -= 0xFEE0 }  // full-width ASCII
      switch value {
      case 0x61...0x7A, 0x30...0x39:
        bytes.append(UInt8(value))
      case 0x41...0x5A:
        bytes.append(UInt8(value | 0x20))
      case 0x2A, 0x3F:
        if keepingWildcards { bytes.append(UInt8(value)) }
      case 0..<0x80, 0x0300...0x036F:
        break  // ASCII punctuation and combining diacritics
      case 0x2640:
        bytes.append(0x66)  // ♀ as "f"
      case 0x2642:
        bytes.append(0x6D)  // ♂ as "m"
      case 0x3041...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3:
        UTF8.encode(scalar) { bytes.append($0) }  // kana, CJK ideographs, hangul: kept as is
      case 0xC0...0x17F:
        let folded = latinFolding[Int(value - 0xC0)]
        if folded.isEmpty {
          appendLetter(scalar, to: &bytes)
        } else {
          bytes.append(contentsOf: folded)
        }
      default:
        appendLetter(scalar, to: &bytes)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends a letter, digit or mark in lower case; drops punctuation, symbols and spaces.
  private static func appendLetter(_ scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .titlecaseLetter:
      bytes.append(contentsOf: scalar.properties.lowercaseMapping.utf8)
    case .lowercaseLetter, .modifierLetter, .otherLetter, .decimalNumber, .letterNumber,
      .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark:
      UTF8.encode(scalar) { bytes.append($0) }
    default:
      break
    }
  }

  /// The ASCII base letters of U+00C0 through U+017F; empty where there is none.
  private static let latinFolding: [[UInt8]] = {
    let table =
      "a a a a a a ae c e e e e i i i i d n o o o o o _ o u u u u y th ss "
      + "a a a a a a ae c e e e e i i i i d n o o o o o _ o u u u u y th y "
      + "a a a a a a c c c c c c c c d d d d e e e e e e e e e e g g g g "
      + "g g g g h h h h i i i i i i i i i i ij ij j j k k _ l l l l l l _ "
      + "_ l l n n n n n n _ _ _ o o o o o o oe oe r r r r r r s s s s s s "
      + "s s t t t t t t u u u u u u u u u u u u w w y y y z z z z z z s"
    return table.split(separator: " ").map { $0 == "_" ? [] : Array($0.utf8) }
  }()
}
