// A helper for the PlistPreferences tests and `Scripts/prefs-torture`: real
// processes hammering one preferences file.
//
//   prefs-stress increment PATH COUNT [--relaxed]   COUNT locked read-modify-write increments of "counter"
//   prefs-stress write-large PATH BYTES             commit ever larger sequence numbers with a BYTES-long
//                                                   blob, printing each number once its commit returned
//   prefs-stress check PATH LAST BYTES              verify a write-large file after a kill (prints its number)
//   prefs-stress set PATH KEY VALUE                 one raw set (an integer when VALUE parses as one)
import Foundation
import PlistPreferences

let counter = PreferenceKey("counter", default: 0)
let sequence = PreferenceKey("seq", default: 0)
let blob = PreferenceKey("blob", default: "")

/// The blob committed together with sequence number `n`.
func blobText(_ n: Int, bytes: Int) -> String {
  let letter = Character(UnicodeScalar(UInt8(97 + n % 26)))
  return String(repeating: letter, count: bytes)
}

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("prefs-stress: \(message)\n".utf8))
  exit(1)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else {
  fail("usage: prefs-stress increment PATH COUNT | write-large PATH BYTES | set PATH KEY VALUE")
}
let relaxed = arguments.contains("--relaxed")
let options = PreferencesOptions(
  durability: relaxed ? .relaxed : .durable,
  lockTimeout: .seconds(120)
)
let store = PreferencesStore(path: arguments[1], options: options)

do {
  switch arguments[0] {
  case "increment":
    guard arguments.count >= 3, let count = Int(arguments[2]) else { fail("increment needs COUNT") }
    for _ in 0..<count {
      try store.update { $0[counter] += 1 }
    }
  case "write-large":
    guard arguments.count >= 3, let bytes = Int(arguments[2]) else {
      fail("write-large needs BYTES")
    }
    var next = store[sequence] + 1
    while true {
      let text = blobText(next, bytes: bytes)
      try store.update { transaction in
        transaction[sequence] = next
        transaction[blob] = text
      }
      // One unbuffered write(2): the parent sees exactly the commits that returned.
      FileHandle.standardOutput.write(Data("\(next)\n".utf8))
      next += 1
    }
  case "check":
    // Exit 0 and print the sequence number when the file parses, holds at least
    // the sequence number LAST, and its blob matches its sequence number.
    guard arguments.count >= 4, let last = Int(arguments[2]), let bytes = Int(arguments[3]) else {
      fail("check needs LAST and BYTES")
    }
    guard let data = FileManager.default.contents(atPath: arguments[1]) else {
      if last == 0 {
        print(0)
        exit(0)
      }
      fail("the file is missing after commit \(last)")
    }
    guard (try? PropertyListSerialization.propertyList(from: data, format: nil)) is [String: Any]
    else {
      fail("the file does not parse (\(data.count) bytes)")
    }
    let seen = store[sequence]
    guard seen >= last else { fail("lost commit \(last): the file holds \(seen)") }
    guard seen <= last + 1 else {
      fail("the file holds \(seen), beyond the last commit \(last) + 1")
    }
    guard store[blob] == blobText(seen, bytes: bytes) else {
      fail("the blob does not match \(seen)")
    }
    guard store.diagnostics.isEmpty else { fail("diagnostics: \(store.diagnostics)") }
    print(seen)
  case "set":
    guard arguments.count >= 4 else { fail("set needs KEY and VALUE") }
    let value: PropertyListValue = Int(arguments[3]).map { .integer($0) } ?? .string(arguments[3])
    try store.setValue(value, forKey: arguments[2])
  default:
    fail("unknown command '\(arguments[0])'")
  }
} catch {
  fail("\(error)")
}
