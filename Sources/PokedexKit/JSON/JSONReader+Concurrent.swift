import Dispatch
import Foundation

extension JSONReader {
  /// Reads a large array of objects on two cores.
  ///
  /// JSON can't be split blindly: a byte's meaning depends on everything before it. But a
  /// raw line feed never occurs inside a string, and a pretty-printed array repeats the
  /// same bytes between its elements (`"},\n    {"`). So this reads the first element,
  /// takes the bytes between it and the second as the separator, and guesses element
  /// starts at sixteenths of the rest of the document by searching for that separator from
  /// there. That cuts the array into chunks, which this thread and a second one take in
  /// turn from a shared counter until none is left (so a core the machine takes away for a
  /// while simply reads fewer). A chunk is read element by element until it lands exactly
  /// on the next guess, which proves that guess an element start; the first chunk starts at
  /// a known one, so the proof runs down the chain. If a chunk never lands on the next
  /// guess (an unusual layout, or a separator found inside an element), it reads on to the
  /// end of the array, and the chunks after it are dropped. A chunk that fails is read
  /// again here, from its proven start. The result is the same either way.
  ///
  /// - Complexity: O(n) in the bytes read, split across two cores when the array is large
  ///   and more than one is available.
  mutating func readConcurrently<T: JSONReadable & Sendable>(
    of type: T.Type = T.self
  ) throws(Failure) -> [T] {
    try consume(UInt8(ascii: "["))
    if peek() == UInt8(ascii: "]") {
      position += 1
      return []
    }
    let firstStart = position
    var result = [try T(reading: &self)]
    let firstEnd = position
    guard try separator(UInt8(ascii: "]")) else { return result }
    skipWhitespace()
    let secondStart = position
    // Room for the elements of `bytes` bytes, if they are about the size of the first.
    let elementBytes = max(firstEnd - firstStart, 16)
    func estimate(_ bytes: Int) -> Int { bytes / elementBytes * 5 / 4 + 8 }
    guard ProcessInfo.processInfo.activeProcessorCount > 1, count - secondStart > 1 << 16,
      firstEnd > 0
    else {
      result.reserveCapacity(1 + estimate(count - secondStart))
      _ = try readElements(into: &result, stoppingAt: nil)
      return result
    }
    let separator = UnsafeBufferPointer(
      start: base + firstEnd - 1,
      count: secondStart - firstEnd + 2
    )
    var starts = [secondStart]
    for sixteenth in 1..<16 {
      let from = secondStart + (count - secondStart) * sixteenth / 16
      if let start = guessElementStart(separator: separator, from: from),
        let last = starts.last, start > last
      {
        starts.append(start)
      }
    }
    guard starts.count > 1 else {
      result.reserveCapacity(1 + estimate(count - secondStart))
      _ = try readElements(into: &result, stoppingAt: nil)
      return result
    }
    let chunks = Chunks<T>(bytes: bytes, starts: starts, capacity: estimate) {
      (reader: inout JSONReader) throws(Failure) in try T(reading: &reader)
    }
    let helperDone = DispatchSemaphore(value: 0)
    // A thread of its own: `concurrentPerform` may run everything on this one while the
    // pool's workers are still starting, as they are in a process that has just begun.
    Thread {
      if chunks.helperStarts() { chunks.work(interner: StringInterner()) }
      helperDone.signal()
    }.start()
    chunks.work(interner: interner)
    // Wait only for a helper that has begun: one that never got to run (no thread could
    // be made) finds the work closed when it does, and this thread has read every chunk.
    if chunks.close() { helperDone.wait() }
    // Walk the chain of proven starts, collecting the chunks' elements.
    self.split = .used
    var runs: [ElementRun<T>] = []
    var tail: [T] = []
    for index in starts.indices {
      switch chunks.take(index) {
      case .read(let elements, let end, let landed)?:
        runs.append(elements)
        position = end
        guard landed else {
          if index + 1 < starts.count { self.split = .wrongGuess }
          return ElementRun.concatenate(result, runs)
        }
      case .failed?, nil:
        // Not this chunk's to explain: read again from its proven start.
        self.split = .chunkFailed
        position = starts[index]
        do {
          _ = try readElements(into: &tail, stoppingAt: nil)
        } catch {
          for run in runs { run.discard() }
          throw error
        }
        return ElementRun.concatenate(result, runs, tail)
      }
    }
    return ElementRun.concatenate(result, runs)
  }

  /// Reads elements after a separator until the array ends, or until an element would
  /// start exactly at `stop`; returns whether it stopped there.
  fileprivate mutating func readElements<T: JSONReadable>(
    into result: inout [T],
    stoppingAt stop: Int?
  ) throws(Failure) -> Bool {
    try readElements(stoppingAt: stop) { (reader: inout JSONReader) throws(Failure) in
      result.append(try T(reading: &reader))
    }
  }

  /// Calls `element` to read each element after a separator until the array ends, or
  /// until an element would start exactly at `stop`; returns whether it stopped there.
  @inline(__always)
  fileprivate mutating func readElements(
    stoppingAt stop: Int?,
    _ element: (inout JSONReader) throws(Failure) -> Void
  ) throws(Failure) -> Bool {
    repeat {
      skipWhitespace()
      if position == stop { return true }
      try element(&self)
    } while try separator(UInt8(ascii: "]"))
    return false
  }

  /// The offset of the last byte of the first occurrence of `separator` that contains a
  /// line feed at or after `offset`, or `nil`.
  private func guessElementStart(separator: UnsafeBufferPointer<UInt8>, from offset: Int) -> Int? {
    guard let pattern = separator.baseAddress,
      let newline = separator.firstIndex(of: 0x0A)
    else { return nil }
    var position = offset
    while position < count {
      guard let found = memchr(base + position, 0x0A, count - position) else { return nil }
      let line = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
      let start = line - newline
      if start >= offset, start + separator.count <= count,
        memcmp(base + start, pattern, separator.count) == 0
      {
        return start + separator.count - 1
      }
      position = line + 1
    }
    return nil
  }
}

/// The chunks of ``JSONReader/readConcurrently(of:)``: handed out one at a time under a
/// lock; each result slot is written by the one thread that took its chunk.
///
/// Its types carry no protocol requirements (the element reader is a closure, the outcome
/// an enum of its own rather than `Result`): a generic type whose metadata needs a
/// conformance costs a search of every conformance in the binary the first time, about
/// 0.1 ms.
private final class Chunks<T>: @unchecked Sendable {
  enum Outcome {
    /// The chunk's elements; where reading stopped; whether it landed on the next start.
    case read(ElementRun<T>, end: Int, landed: Bool)
    case failed
  }

  let bytes: SharedBytes
  let starts: [Int]
  /// The room to reserve for the elements of so many bytes.
  let capacity: (Int) -> Int
  let element: (inout JSONReader) throws(JSONReader.Failure) -> T
  private var outcomes: [Outcome?]
  private var next = 0
  private var helperStarted = false
  private var closed = false
  private let lock = NSLock()

  init(
    bytes: SharedBytes,
    starts: [Int],
    capacity: @escaping (Int) -> Int,
    element: @escaping (inout JSONReader) throws(JSONReader.Failure) -> T
  ) {
    self.bytes = bytes
    self.starts = starts
    self.capacity = capacity
    self.element = element
    outcomes = Array(repeating: nil, count: starts.count)
  }

  deinit {
    for case .read(let elements, _, _)? in outcomes { elements.discard() }
  }

  /// Takes chunks until none is left, reading each with `interner`.
  func work(interner: StringInterner) {
    while let index = take() {
      var reader = JSONReader(bytes, position: starts[index], interner: interner)
      let stop = index + 1 < starts.count ? starts[index + 1] : nil
      var elements = ElementRun<T>(capacity: capacity((stop ?? bytes.count) - starts[index]))
      let outcome: Outcome
      do throws(JSONReader.Failure) {
        let landed = try reader.readElements(stoppingAt: stop) {
          (reader: inout JSONReader) throws(JSONReader.Failure) in
          elements.append(try element(&reader))
        }
        outcome = .read(elements, end: reader.position, landed: landed)
      } catch {
        elements.discard()
        outcome = .failed
      }
      lock.withLock { outcomes[index] = outcome }
    }
  }

  /// The outcome of chunk `index`, which the caller now owns (`nil` if it was never read).
  func take(_ index: Int) -> Outcome? {
    lock.withLock {
      defer { outcomes[index] = nil }
      return outcomes[index]
    }
  }

  /// Whether the helper may work: `false` once this thread has closed the work.
  func helperStarts() -> Bool {
    lock.withLock {
      guard !closed else { return false }
      helperStarted = true
      return true
    }
  }

  /// Ends handing out chunks; returns whether a helper started (and must be waited for).
  func close() -> Bool {
    lock.withLock {
      closed = true
      return helperStarted
    }
  }

  private func take() -> Int? {
    lock.withLock {
      guard next < starts.count, !closed else { return nil }
      defer { next += 1 }
      return next
    }
  }
}

/// Elements read by one chunk, in memory managed here so that they are moved into the
/// result rather than copied (a copy retains every reference in every element, and the
/// chunk's release then releases them all again). Each run is either concatenated or
/// discarded, exactly once.
private struct ElementRun<T> {
  private(set) var start: UnsafeMutablePointer<T>
  private(set) var count = 0
  private var capacity: Int

  init(capacity: Int) {
    self.capacity = max(capacity, 1)
    start = .allocate(capacity: self.capacity)
  }

  mutating func append(_ element: T) {
    if count == capacity {
      capacity *= 2
      let grown = UnsafeMutablePointer<T>.allocate(capacity: capacity)
      grown.moveInitialize(from: start, count: count)
      start.deallocate()
      start = grown
    }
    (start + count).initialize(to: element)
    count += 1
  }

  /// Destroys the elements and frees the memory.
  func discard() {
    start.deinitialize(count: count)
    start.deallocate()
  }

  /// `head`, then the elements of `runs` (moved out, their memory freed), then `tail`.
  static func concatenate(_ head: [T], _ runs: [ElementRun], _ tail: [T] = []) -> [T] {
    let total = runs.reduce(head.count + tail.count) { $0 + $1.count }
    return [T](unsafeUninitializedCapacity: total) { buffer, initialized in
      guard var target = buffer.baseAddress else {
        for run in runs { run.start.deallocate() }  // all empty
        return
      }
      for element in head {
        target.initialize(to: element)
        target += 1
      }
      for run in runs {
        target.moveInitialize(from: run.start, count: run.count)
        run.start.deallocate()
        target += run.count
      }
      for element in tail {
        target.initialize(to: element)
        target += 1
      }
      initialized = total
    }
  }
}
