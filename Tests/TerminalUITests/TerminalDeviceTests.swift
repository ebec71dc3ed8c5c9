import Testing

@testable import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A pseudo-terminal: the device side a program sees, and the side a terminal emulator
/// drives.
final class PseudoTerminal {
  let controller: Int32
  let device: Int32

  init?(rows: UInt16 = 30, columns: UInt16 = 100) {
    #if os(Linux)
      // posix_openpt and friends are not in Swift's Glibc module; their ioctls are.
      controller = open("/dev/ptmx", O_RDWR | O_NOCTTY)
      var unlock: Int32 = 0
      var number: UInt32 = 0
      guard controller >= 0, ioctl(controller, 0x4004_5431 /* TIOCSPTLCK */, &unlock) == 0,
        ioctl(controller, 0x8004_5430 /* TIOCGPTN */, &number) == 0
      else { return nil }
      let path = "/dev/pts/\(number)"
    #else
      controller = posix_openpt(O_RDWR | O_NOCTTY)
      guard controller >= 0, grantpt(controller) == 0, unlockpt(controller) == 0,
        let name = ptsname(controller)
      else { return nil }
      let path = String(cString: name)
    #endif
    device = open(path, O_RDWR | O_NOCTTY)
    guard device >= 0 else { return nil }
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(controller, UInt(TIOCSWINSZ), &size)
  }

  deinit {
    close(device)
    close(controller)
  }

  /// The device's local modes (`ICANON`, `ECHO`, `ISIG`, …).
  var localModes: tcflag_t {
    var settings = termios()
    _ = tcgetattr(device, &settings)
    return settings.c_lflag
  }

  /// What the program wrote, as the emulator reads it.
  func readOutput() -> String {
    var buffer = [UInt8](repeating: 0, count: 4096)
    var pollDescriptor = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
    guard poll(&pollDescriptor, 1, 1000) > 0 else { return "" }
    let count = buffer.withUnsafeMutableBytes { read(controller, $0.baseAddress, $0.count) }
    return String(decoding: buffer.prefix(max(0, count)), as: UTF8.self)
  }

  /// Types `text` as the user would.
  func type(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(controller, $0.baseAddress, $0.count) }
  }
}

@Suite struct TerminalDeviceTests {
  @Test func rawModeTurnsOffLineEditingEchoAndSignalsAndRestoreTurnsThemBack() throws {
    let pty = try #require(PseudoTerminal())
    let cooked = pty.localModes
    #expect(cooked & tcflag_t(ICANON) != 0 && cooked & tcflag_t(ECHO) != 0)
    let terminal = TerminalDevice(input: pty.device, output: pty.device)
    try terminal.enterRawMode()
    #expect(terminal.isRaw)
    let raw = pty.localModes
    #expect(raw & tcflag_t(ICANON) == 0 && raw & tcflag_t(ECHO) == 0 && raw & tcflag_t(ISIG) == 0)
    terminal.restore()
    terminal.restore()  // twice is harmless
    #expect(pty.localModes == cooked)
    #expect(!terminal.isRaw)
  }

  @Test func goingAwayRestoresTheTerminal() throws {
    let pty = try #require(PseudoTerminal())
    let cooked = pty.localModes
    do {
      let terminal = TerminalDevice(input: pty.device, output: pty.device)
      try terminal.enterRawMode()
      #expect(pty.localModes != cooked)
    }
    #expect(pty.localModes == cooked)
  }

  @Test func sizeKeysAndFramesGoThroughTheDevice() throws {
    let pty = try #require(PseudoTerminal(rows: 30, columns: 100))
    let terminal = TerminalDevice(input: pty.device, output: pty.device)
    try terminal.enterRawMode()
    #expect(terminal.size() == TerminalSize(rows: 30, columns: 100))
    #expect(try terminal.read(timeout: 10).isEmpty)  // nothing typed yet
    pty.type("q\u{1B}[A")
    var decoder = KeyDecoder()
    let typed = try terminal.read(timeout: 1000).bytes
    #expect(decoder.decode(typed) == [.plain(.character("q")), .plain(.up)])
    try terminal.write(Array((TerminalModes.enter + "frame\n").utf8))
    #expect(pty.readOutput() == TerminalModes.enter + "frame\n")  // raw: no CR added
  }

  @Test func aPipeIsNotATerminal() throws {
    var descriptors: [Int32] = [0, 0]
    #expect(pipe(&descriptors) == 0)
    defer { descriptors.forEach { close($0) } }
    let terminal = TerminalDevice(input: descriptors[0], output: descriptors[1])
    #expect(throws: TerminalError.notATerminal(descriptor: descriptors[0])) {
      try terminal.enterRawMode()
    }
    #expect(terminal.size() == nil)
    #expect(!terminal.isRaw)
  }
}

@Suite(.serialized) struct SignalPipeTests {
  @Test func signalsArriveBesideTheKeys() throws {
    let pty = try #require(PseudoTerminal())
    let terminal = TerminalDevice(input: pty.device, output: pty.device)
    try terminal.enterRawMode()
    do {
      let signals = try SignalPipe()
      #expect(throws: TerminalError.system(call: "SignalPipe", errno: EBUSY)) { try SignalPipe() }
      // To the process, as a terminal sends them (the test's own thread may block them, so
      // another thread runs the handler). Signals whose default action is harmless, in case
      // one arrives after the pipe is gone.
      kill(getpid(), SIGWINCH)
      kill(getpid(), SIGCONT)
      pty.type("k")
      var input = TerminalInput(bytes: [], signals: [])
      for _ in 0..<10 where input.bytes.isEmpty || Set(input.signals).count < 2 {
        let next = try terminal.read(timeout: 500, signals: signals)
        input.bytes += next.bytes
        input.signals += next.signals
      }
      #expect(Set(input.signals) == [SIGWINCH, SIGCONT])
      #expect(input.bytes == Array("k".utf8))
      #expect(try terminal.read(timeout: 10, signals: signals).isEmpty)
    }
    // The pipe is gone, with its handlers: a new pipe can be made.
    #expect(try SignalPipe().readDescriptor >= 0)
  }
}
