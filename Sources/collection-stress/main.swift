// A helper for the CollectionStore tests: real processes hammering one collection file.
//
//   collection-stress append PATH SECTION COUNT [--relaxed]   COUNT commits, each appending
//                                                             "<pid>-<n>" to SECTION
//   collection-stress write-forever PATH                      commit 1, 2, 3, ... to "log" (after
//                                                             the items already there), printing
//                                                             each number once its commit returned
//   collection-stress check PATH LAST                         verify a write-forever file after
//                                                             a kill (prints its item count)
import CollectionStore
import Foundation

typealias Store = CollectionStore<EmptyInfo, String>

let usage =
  "usage: collection-stress append PATH SECTION COUNT [--relaxed] | write-forever PATH"
  + " | check PATH LAST"

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("collection-stress: \(message)\n".utf8))
  exit(1)
}

/// The identifier of the section named `name`, appended first when there is none.
func section(named name: String, in document: inout Store.Document, date: Date) -> Int {
  if let existing = document.sections.first(where: { $0.name == name }) { return existing.id }
  return document.appendSection(named: name, info: EmptyInfo(), date: date).id
}

let arguments = CommandLine.arguments.dropFirst().filter { $0 != "--relaxed" }
let relaxed = CommandLine.arguments.dropFirst().contains("--relaxed")
guard arguments.count >= 2 else { fail(usage) }
let store = Store(
  path: arguments[1],
  kind: "stress",
  lockTimeout: .seconds(120),
  durable: !relaxed
)

do throws(CollectionStoreError) {
  switch arguments[0] {
  case "append":
    guard arguments.count == 4, let count = Int(arguments[3]), count >= 0 else {
      fail("append needs SECTION and COUNT\n\(usage)")
    }
    let name = arguments[2]
    let pid = ProcessInfo.processInfo.processIdentifier
    for n in 1..<(count + 1) {
      let value = "\(pid)-\(n)"
      try store.perform("append \(value) to \(name)") { (document) throws(CollectionStoreError) in
        let date = Date()
        let id = section(named: name, in: &document, date: date)
        try document.append([value], to: id, date: date)
      }
    }
  case "write-forever":
    guard arguments.count == 2 else { fail("write-forever takes only PATH\n\(usage)") }
    while true {
      // Each commit appends the number after the last one committed (1 in a new file), so a
      // writer started on the file a killed one left carries on its count.
      let commit = try store.perform("append to log") {
        (document) throws(CollectionStoreError) -> Int in
        let date = Date()
        let log = section(named: "log", in: &document, date: date)
        let next = document.count(in: log) + 1
        try document.append([String(next)], to: log, date: date)
        return next
      }
      // One unbuffered write(2): the parent sees exactly the commits that returned.
      FileHandle.standardOutput.write(Data("\(commit.result)\n".utf8))
    }
  case "check":
    // Exit 0 and print the number of items when the file reads without warnings and "log"
    // holds 1...k in order, with LAST <= k <= LAST + 1.
    guard arguments.count == 3, let last = Int(arguments[2]) else {
      fail("check needs LAST\n\(usage)")
    }
    let reading = try store.read()
    guard reading.warnings.isEmpty else {
      fail("warnings: \(reading.warnings.joined(separator: "; "))")
    }
    var values: [String] = []
    if let log = reading.document.sections.first(where: { $0.name == "log" }) {
      values = try reading.document.items(in: log.id).map(\.value)
    }
    let names = reading.document.sections.map(\.name)
    guard names.isEmpty || names == ["log"] else { fail("unexpected sections: \(names)") }
    guard values == (0..<values.count).map({ String($0 + 1) }) else {
      fail("'log' is not 1...\(values.count) in order: \(values.prefix(20))...")
    }
    guard values.count >= last else {
      fail("lost commit \(last): the file holds \(values.count)")
    }
    guard values.count <= last + 1 else {
      fail("the file holds \(values.count), beyond the last commit \(last) + 1")
    }
    print(values.count)
  default:
    fail("unknown command '\(arguments[0])'\n\(usage)")
  }
} catch {
  fail(error.description)
}
