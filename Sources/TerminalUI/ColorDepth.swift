/// How many colours a terminal shows: none, the 256-colour palette, or 24-bit colour.
///
/// Terminals do not report it; the environment does, by convention. `COLORTERM=truecolor`
/// (or `24bit`) says the terminal takes 24-bit colour; every other colour terminal is
/// assumed to take the 256-colour palette, which xterm, the Linux console (approximately)
/// and every terminal emulator in use do. Whether colour is wanted at all (`NO_COLOR`,
/// `TERM=dumb`, a pipe) is the program's rule, which picks ``monochrome`` or
/// ``supported(by:)``.
///
/// ```swift
/// let depth = ColorDepth.supported(by: ["COLORTERM": "truecolor"])   // .trueColor
/// depth.color(red: 0xEE, green: 0x81, blue: 0x30)                     // .rgb(238, 129, 48)
/// ColorDepth.palette256.color(red: 0xEE, green: 0x81, blue: 0x30)     // .palette(209)
/// ColorDepth.monochrome.color(red: 0xEE, green: 0x81, blue: 0x30)     // nil
/// ```
public enum ColorDepth: Int, Comparable, Sendable, CaseIterable {
  /// No colour: text attributes (bold, dim, inverse) at most.
  case monochrome
  /// The 256-colour palette (`ESC[38;5;Nm`).
  case palette256
  /// 24-bit colour (`ESC[38;2;R;G;Bm`).
  case trueColor

  /// The colours a colour terminal with `environment` takes: ``trueColor`` when
  /// `COLORTERM` is `truecolor` or `24bit` (in any case), ``palette256`` otherwise.
  public static func supported(by environment: [String: String]) -> ColorDepth {
    switch (environment["COLORTERM"] ?? "").lowercased() {
    case "truecolor", "24bit": return .trueColor
    default: return .palette256
    }
  }

  public static func < (lhs: ColorDepth, rhs: ColorDepth) -> Bool { lhs.rawValue < rhs.rawValue }

  /// The colour `red`, `green`, `blue` as this depth shows it: itself in 24-bit, the
  /// nearest palette colour in 256 colours, `nil` without colour.
  public func color(red: UInt8, green: UInt8, blue: UInt8) -> TextStyle.Color? {
    switch self {
    case .monochrome: return nil
    case .palette256: return .palette(Self.nearestPaletteIndex(red: red, green: green, blue: blue))
    case .trueColor: return .rgb(red, green, blue)
    }
  }

  /// The levels of each channel in the palette's 6×6×6 colour cube (indices 16–231).
  private static let cubeLevels = [0, 95, 135, 175, 215, 255]

  /// The palette colour nearest to `red`, `green`, `blue`: the nearest of the colour
  /// cube's and the grey ramp's (232–255, greys 8 to 238), by squared distance. The first
  /// 16 colours are left out: terminals change them with their theme.
  ///
  /// - Complexity: O(1).
  static func nearestPaletteIndex(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
    let channels = [Int(red), Int(green), Int(blue)]
    let steps = channels.map { value in
      cubeLevels.indices.min { abs(cubeLevels[$0] - value) < abs(cubeLevels[$1] - value) } ?? 0
    }
    let cube = steps.map { cubeLevels[$0] }
    let average = channels.reduce(0, +) / 3
    let greyStep = min(23, max(0, (average - 8 + 5) / 10))
    let grey = 8 + 10 * greyStep
    let distance = { (color: [Int]) in
      zip(color, channels).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }
    }
    if distance([grey, grey, grey]) < distance(cube) { return UInt8(232 + greyStep) }
    return UInt8(16 + 36 * steps[0] + 6 * steps[1] + steps[2])
  }
}
