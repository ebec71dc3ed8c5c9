import Dispatch
import Foundation

extension JSONReader {
  /// Reads a large array of objects, the second half on another core.
  ///
  /// JSON can't be split blindly: a byte's meaning depends on everything before it. But a
  /// raw line feed never occurs inside a string, and a pretty-printed array repeats the
  /// same bytes between its elements (`"},\n    {"`). So this reads the first element,
  /// takes the bytes between it and the second as the separator, and guesses the start of
  /// an element a little before the middle by searching for that separator from there (the
  /// first core has read the document's other tables already, and its caller has more to do). One core reads
  /// from the guess to the array's end while the other reads from the beginning. The guess
  /// counts only if the first reader, going element by element, lands exactly on it;
  /// otherwise (an unusual layout, or a separator that happens to occur deeper in the data)
  /// the first reader simply goes on to the end and the second one's work is dropped. The
  /// result is the same either way.
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
    var result = [try T(reading: &self)]
    let firstEnd = position
    guard try separator(UInt8(ascii: "]")) else { return result }
    skipWhitespace()
    let secondStart = position
    guard ProcessInfo.processInfo.activeProcessorCount > 1, count - secondStart > 1 << 16,
      firstEnd > 0,
      let split = guessElementStart(
        separator: UnsafeBufferPointer(
          start: base + firstEnd - 1,
          count: secondStart - firstEnd + 2
        ),
        from: secondStart + (count - secondStart) * 36 / 100
      )
    else {
      _ = try readElements(into: &result, stoppingAt: nil)
      return result
    }
    let halves = Halves<T>(first: self, second: JSONReader(base, count: count, position: split))
    // A thread of its own: `concurrentPerform` may run both halves on this one while the
    // pool's workers are still starting, as they are in a process that has just begun.
    let secondDone = DispatchSemaphore(value: 0)
    Thread {
      halves.readSecond()
      secondDone.signal()
    }.start()
    halves.readFirst(stoppingAt: split)
    secondDone.wait()
    self = halves.first
    let first = try halves.firstResult.get()
    result += first.elements
    guard first.reachedSplit else {
      self.split = .wrongGuess
      return result
    }
    switch halves.secondResult {
    case .success(let second):
      self.split = .used
      result += second.elements
      position = second.end
    case .failure:
      self.split = .secondHalfFailed
      // Not this reader's to explain: read on from the split, where the failure recurs.
      _ = try readElements(into: &result, stoppingAt: nil)
    }
    return result
  }

  /// Reads elements after a separator until the array ends, or until an element would
  /// start exactly at `split`; returns whether it stopped there.
  fileprivate mutating func readElements<T: JSONReadable>(
    into result: inout [T],
    stoppingAt split: Int?
  ) throws(Failure) -> Bool {
    repeat {
      skipWhitespace()
      if position == split { return true }
      result.append(try T(reading: &self))
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

/// The two readers of ``JSONReader/readConcurrently(of:)`` and their results; each is
/// touched by one thread until both are done.
private final class Halves<T: JSONReadable & Sendable>: @unchecked Sendable {
  var first: JSONReader
  var second: JSONReader
  var firstResult: Result<(elements: [T], reachedSplit: Bool), JSONReader.Failure> = .success(
    ([], false)
  )
  var secondResult: Result<(elements: [T], end: Int), JSONReader.Failure> = .success(([], 0))

  init(first: JSONReader, second: JSONReader) {
    self.first = first
    self.second = second
  }

  func readFirst(stoppingAt split: Int) {
    var elements: [T] = []
    firstResult = Result { () throws(JSONReader.Failure) in
      let reached = try first.readElements(into: &elements, stoppingAt: split)
      return (elements, reached)
    }
  }

  func readSecond() {
    var elements: [T] = []
    secondResult = Result { () throws(JSONReader.Failure) in
      _ = try second.readElements(into: &elements, stoppingAt: nil)
      return (elements, second.position)
    }
  }
}
