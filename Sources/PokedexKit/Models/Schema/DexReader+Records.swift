import Dispatch
import JSONCore
import Synchronization

// Reading a long array of records on two threads, without trusting a guess.
//
// The second thread starts at a guessed record boundary near the middle of the array; the
// first reads from the start. The guess is used only if the first thread, reading record
// after record exactly as a single thread would, arrives at that very offset as the start
// of a record. Reading a record depends only on the bytes from its start, so the second
// thread's records are then exactly the ones the first would have read. Any other outcome
// (the guess fell inside a string or a nested object, or the second thread failed) leaves
// the first thread to read on by itself: the result is always the single-threaded one.

extension DexReader {
  /// Where ``readRecords(splitAt:_:)`` starts its second thread.
  enum RecordSplit: Equatable {
    /// A guessed record boundary near the middle, for arrays large enough to gain from it.
    case automatic
    /// The second thread starts at this offset (tests use any offset, even a wrong one).
    case at(Int)
    /// One thread.
    case none
  }

  /// Arrays shorter than this many bytes are read on one thread: starting a thread costs
  /// more than it saves.
  static let parallelThreshold = 256 * 1024

  /// Reads an array of records, on two threads when `split` names (or finds) a second
  /// starting point; the records are always what a single thread reads, or its failure.
  /// `splitUsed` is the offset from which the second thread's records were taken, if they
  /// were.
  ///
  /// - Complexity: O(n) in the bytes read; about half of it on each thread when the guess is
  ///   right.
  mutating func readRecords<Element: Sendable>(
    splitAt split: RecordSplit = .automatic,
    _ element: @escaping @Sendable (inout DexReader) throws(Failure) -> Element
  ) throws(Failure) -> (records: [Element], splitUsed: Int?) {
    if case .passOver(let end) = recordFilter {
      guard scanner.peek() == UInt8(ascii: "["), end > scanner.position, end <= scanner.count,
        scanner.bytes[end - 1] == UInt8(ascii: "]")
      else { throw Failure(offset: scanner.position) }
      scanner.position = end
      return ([], nil)
    }
    guard scanner.consume(UInt8(ascii: "[")) else { throw Failure(offset: scanner.position) }
    if scanner.consume(UInt8(ascii: "]")) { return ([], nil) }
    let start = scanner.position
    guard let second = secondStart(for: split, after: start) else {
      return (try readRecordRun(of: element, stoppingAt: nil).elements, nil)
    }
    let document = scanner.bytes
    let filter = recordFilter
    let runs = Mutex((first: RecordRun<Element>(), second: RecordRun<Element>()))
    DispatchQueue.concurrentPerform(iterations: 2) { thread in
      let run = DexReader.readRun(document, from: thread == 0 ? start : second, filter: filter) {
        (reader: inout DexReader) throws(Failure) in
        try reader.readRecordRun(of: element, stoppingAt: thread == 0 ? second : nil)
      }
      runs.withLock { if thread == 0 { $0.first = run } else { $0.second = run } }
    }
    // Moved out, not copied: the first run's array is then extended in place.
    var (first, rest) = runs.withLock { runs in
      (
        first: take(&runs.first, leaving: RecordRun()),
        rest: take(&runs.second, leaving: RecordRun())
      )
    }
    return try joined(&first, rest, at: second, of: element)
  }

  /// The second thread's starting offset, or `nil` for one thread.
  private func secondStart(for split: RecordSplit, after start: Int) -> Int? {
    switch split {
    case .none: return nil
    case .at(let offset): return offset > start && offset < scanner.count ? offset : nil
    case .automatic:
      guard scanner.count - start >= Self.parallelThreshold else { return nil }
      return scanner.likelyRecordStart(after: start + (scanner.count - start) / 2)
    }
  }

  /// The records of both threads when the first stopped at the second's start and the
  /// second read to the end of the array; otherwise the first thread's (it read on past a
  /// wrong guess), or a single-threaded read from where the first stopped.
  private mutating func joined<Element>(
    _ first: inout RecordRun<Element>,
    _ second: RecordRun<Element>,
    at split: Int,
    of element: (inout DexReader) throws(Failure) -> Element
  ) throws(Failure) -> (records: [Element], splitUsed: Int?) {
    if let failure = first.failure { throw failure }
    scanner.position = first.end
    guard first.stoppedAtSplit else { return (first.elements, nil) }
    assert(first.end == split, "the first thread stops only at the second's start")
    if second.failure == nil {
      scanner.position = second.end
      first.elements.append(contentsOf: second.elements)
      return (first.elements, split)
    }
    // The second thread failed: read on from the split here, to fail at the same place.
    first.elements.append(contentsOf: try readRecordRun(of: element, stoppingAt: nil).elements)
    return (first.elements, nil)
  }

  /// Reads records from the scanner's position (the start of a record) to the end of the
  /// array, or until the next record would start at `stop`.
  private mutating func readRecordRun<Element>(
    of element: (inout DexReader) throws(Failure) -> Element,
    stoppingAt stop: Int?
  ) throws(Failure) -> RecordRun<Element> {
    var elements: [Element] = []
    let start = scanner.position
    while true {
      if try !skipsUnwantedRecord() {
        elements.append(try element(&self))
        if elements.count == 1, recordFilter == nil {
          elements.reserveCapacity(estimatedCount(from: start))
        }
      }
      if scanner.consume(UInt8(ascii: "]")) {
        return RecordRun(elements: elements, end: scanner.position, stoppedAtSplit: false)
      }
      guard scanner.consume(UInt8(ascii: ",")) else { throw Failure(offset: scanner.position) }
      scanner.skipWhitespace()
      if scanner.position == stop {
        return RecordRun(elements: elements, end: scanner.position, stoppedAtSplit: true)
      }
    }
  }

  /// Skips the record at the scanner's position, and says so, if ``recordFilter`` does
  /// not want it.
  private mutating func skipsUnwantedRecord() throws(Failure) -> Bool {
    guard let filter = recordFilter else { return false }
    let start = scanner.position
    switch filter {
    case .passOver: return false  // `readRecords` passes over the array before reading a record
    case .firstMember(let key, let values):
      guard scanner.consume(UInt8(ascii: "{")), let name = scanner.plainString(),
        scanner.bytes(name, equal: key), scanner.consume(UInt8(ascii: ":")),
        let value = scanner.plainString(), !values.contains(scanner.text(value))
      else {
        scanner.position = start
        return false
      }
      scanner.position = start
      try skipRecord()
      return true
    case .mentioning(let strings):
      let document = scanner.bytes
      var mentions = false
      // A string with escapes may spell one of `strings` otherwise: read such a record.
      try skipRecord { token in
        let string = token.range
        mentions =
          mentions || token.hasEscapes
          || strings.contains { $0.count == string.count && document[string].elementsEqual($0) }
      }
      guard mentions else { return true }
      scanner.position = start
      return false
    }
  }

  private mutating func skipRecord(visitingStrings visit: (JSONStringToken) -> Void = { _ in })
    throws(Failure)
  {
    do {
      try scanner.skipValue(visitingStrings: visit)
    } catch {
      throw Failure(offset: error.offset)
    }
  }

  /// Room for the records from `start` to the end of the document if they are about as
  /// long as the one just read (and a quarter more), so that the array is not copied as it
  /// grows: pages reserved but never written cost nothing.
  private func estimatedCount(from start: Int) -> Int {
    let length = Swift.max(scanner.position - start, 1)
    return Swift.min((scanner.count - start) / length * 5 / 4, Self.maximumReservedRecords) + 1
  }

  /// The most records ``readRecords(splitAt:_:)`` reserves room for before reading them.
  static let maximumReservedRecords = 1 << 16

  /// Runs `body` on a reader of `document` at `position`, catching its failure.
  private static func readRun<Element>(
    _ document: [UInt8],
    from position: Int,
    filter: RecordFilter?,
    _ body: (inout DexReader) throws(Failure) -> RecordRun<Element>
  ) -> RecordRun<Element> {
    do throws(Failure) {
      return try JSONScanner.scan(document, from: position) { scanner throws(Failure) in
        var reader = DexReader(scanner)
        reader.recordFilter = filter
        return try body(&reader)
      }
    } catch {
      return RecordRun(failure: error)
    }
  }
}

/// Returns `value`, leaving `replacement` in its place.
private func take<Value>(_ value: inout Value, leaving replacement: Value) -> Value {
  var result = replacement
  swap(&result, &value)
  return result
}

/// The records one thread read, and where it stopped.
private struct RecordRun<Element>: Sendable where Element: Sendable {
  var elements: [Element] = []
  /// The offset after the closing `]`, or of the record the run stopped before.
  var end = 0
  /// Whether the run stopped before the record at the other thread's start.
  var stoppedAtSplit = false
  var failure: DexReader.Failure?
}

extension JSONScanner {
  /// The first offset at or after `offset` that looks like the start of a record of an
  /// array of objects: a `{` on a line of its own after a `,` after a `}`, with only
  /// whitespace between (the writer puts records on lines of their own, and objects in an
  /// inline list, such as a Pokémon's abilities, on one line). This is
  /// a guess (the bytes may be inside a string); ``DexReader/readRecords(splitAt:_:)``
  /// checks it.
  func likelyRecordStart(after offset: Int) -> Int? {
    var position = offset
    while position < bytes.count {
      if bytes[position] == UInt8(ascii: "{"), follows(UInt8(ascii: "}"), before: position) {
        return position
      }
      position += 1
    }
    return nil
  }

  /// Whether `close`, a comma, a line feed and only whitespace come right before `position`.
  private func follows(_ close: UInt8, before position: Int) -> Bool {
    var index = position - 1
    var sawComma = false
    var sawLineFeed = false
    while index >= 0 {
      switch bytes[index] {
      case 0x0A where !sawComma: sawLineFeed = true
      case 0x20, 0x09, 0x0A, 0x0D: break
      case UInt8(ascii: ",") where !sawComma: sawComma = true
      case close: return sawComma && sawLineFeed
      default: return false
      }
      index -= 1
    }
    return false
  }
}

extension SchemaField {
  /// The field `key`, a long array of records at `keyPath`, read on two threads when that
  /// gains time (see ``DexReader/readRecords(splitAt:_:)``).
  static func records<Element: SchemaValue & Sendable>(
    _ key: String,
    _ keyPath: WritableKeyPath<Model, [Element]> & Sendable
  ) -> SchemaField {
    var field = SchemaField(key, keyPath)
    field.read = { reader, model throws(DexReader.Failure) in
      model[keyPath: keyPath] = try reader.readRecords {
        (reader: inout DexReader) throws(DexReader.Failure) in try Element.read(from: &reader)
      }.records
    }
    return field
  }
}
