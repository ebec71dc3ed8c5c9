import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension JSONReader {
  /// The number of pieces ``readConcurrently(of:)`` cuts an array into: enough that the
  /// two threads finish within a small piece of each other.
  static let chunkCount = 32

  /// Reads a large array of objects on two cores.
  ///
  /// JSON can't be split blindly: a byte's meaning depends on everything before it. But a
  /// raw line feed never occurs inside a string, and a pretty-printed array repeats the
  /// same bytes between its elements (`"},\n    {"`). So this reads the first element,
  /// takes the bytes between it and the second as the separator, and guesses element
  /// starts at 32 even steps through the rest of the document by searching for that
  /// separator from there. That cuts the array into chunks, which this thread and a
  /// second one take in turn from a shared counter until none is left (so a core the
  /// machine takes away for a while simply reads fewer). A chunk is read element by element
  /// until it lands exactly on the next guess, which proves that guess an element start;
  /// the first chunk starts at a known one, so the proof runs down the chain. If a chunk
  /// never lands on the next guess (an unusual layout, or a separator found inside an
  /// element), it reads on to the end of the array, and the chunks after it are dropped. A
  /// chunk that fails is read again here, from its proven start. The result is the same
  /// either way.
  ///
  /// Each chunk writes its elements straight into the result's storage, in a region sized
  /// from its bytes; the regions are then closed up in place. (Copying 1,351 Pokémon into
  /// a new array afterwards took half a millisecond on one thread.)
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
    let first = try T(reading: &self)
    let firstEnd = position
    guard try separator(UInt8(ascii: "]")) else { return [first] }
    skipWhitespace()
    let secondStart = position
    // Room for the elements of `bytes` bytes, if they are about the size of the first.
    let elementBytes = max(firstEnd - firstStart, 16)
    func estimate(_ bytes: Int) -> Int { bytes / elementBytes * 5 / 4 + 8 }
    guard count - secondStart > 1 << 16, firstEnd > 0,
      let helper = helper ?? HelperThread.startIfUseful()
    else {
      var result = [first]
      result.reserveCapacity(1 + estimate(count - secondStart))
      _ = try readElements(into: &result, stoppingAt: nil)
      return result
    }
    self.helper = nil  // one job per helper
    let separator = UnsafeBufferPointer(
      start: base + firstEnd - 1,
      count: secondStart - firstEnd + 2
    )
    var starts = [secondStart]
    for step in 1..<Self.chunkCount {
      let from = secondStart + (count - secondStart) * step / Self.chunkCount
      if let start = guessElementStart(separator: separator, from: from),
        let last = starts.last, start > last
      {
        starts.append(start)
      }
    }
    guard starts.count > 1 else {
      helper.dismiss()
      var result = [first]
      result.reserveCapacity(1 + estimate(count - secondStart))
      _ = try readElements(into: &result, stoppingAt: nil)
      return result
    }
    let capacities = starts.indices.map { index in
      estimate((index + 1 < starts.count ? starts[index + 1] : count) - starts[index])
    }
    // Where reading must go on, on this thread, after the chunks (a chunk failed there).
    var rereadFrom: Int?
    var spill: [T] = []
    var split = SplitOutcome.used
    var end = secondStart
    var result = [T](unsafeUninitializedCapacity: 1 + capacities.reduce(0, +)) {
      buffer,
      initialized in
      guard let storage = buffer.baseAddress else { return }
      storage.initialize(to: first)
      initialized = 1
      let chunks = Chunks<T>(
        bytes: bytes,
        starts: starts,
        regions: ElementRun.regions(in: storage + 1, capacities: capacities)
      ) { (reader: inout JSONReader) throws(Failure) in try T(reading: &reader) }
      helper.run {
        if chunks.helperStarts() { chunks.work(interner: StringInterner()) }
      }
      chunks.work(interner: interner)
      // Wait only for a helper that has begun: one that never got to run (no thread could
      // be made) finds the work closed when it does, and this thread has read every chunk.
      if chunks.close() { helper.wait() }
      // Walk the chain of proven starts, closing up the chunks' elements in place.
      chain: for index in starts.indices {
        switch chunks.take(index) {
        case .read(let elements, let stop, let landed)?:
          // Runs that outgrew their regions can outgrow the result: the rest then goes
          // after it, in order.
          if spill.isEmpty, initialized + elements.count <= buffer.count {
            initialized = elements.move(to: storage, at: initialized)
          } else {
            elements.move(appendingTo: &spill)
          }
          end = stop
          guard landed else {
            // It read on to the end of the array: the chunks after it are not needed.
            if index + 1 < starts.count { split = .wrongGuess }
            break chain
          }
        case .failed?, nil:
          // Not this chunk's to explain: read again from its proven start.
          split = .chunkFailed
          rereadFrom = starts[index]
          break chain
        }
      }
      chunks.discardRemaining()
    }
    self.split = split
    position = end
    result += spill
    if let rereadFrom {
      position = rereadFrom
      _ = try readElements(into: &result, stoppingAt: nil)
    }
    return result
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

/// A second thread for ``JSONReader/readConcurrently(of:)``, started before it is needed
/// (a thread takes a while to start running, which the loader spends reading the tables
/// before the Pokémon). It runs at most one job, then ends.
///
/// A POSIX thread of its own: Foundation's `Thread` and `ProcessInfo` took about 0.5 ms to
/// set up the first time, on the thread that has the work to do; `concurrentPerform` may
/// run everything on the calling thread while the pool's workers are still starting, as
/// they are in a process that has just begun.
final class HelperThread: @unchecked Sendable {
  // Sendable: `job` is written before `handed` is signalled and read after.
  private let handed = DispatchSemaphore(value: 0)
  private let finished = DispatchSemaphore(value: 0)
  private var job: (@Sendable () -> Void)?

  private init() {}

  /// A started helper, or `nil` when only one core is available or no thread could start.
  static func startIfUseful() -> HelperThread? {
    guard availableCores() > 1 else { return nil }
    let helper = HelperThread()
    let context = Unmanaged.passRetained(helper).toOpaque()
    #if canImport(Darwin)
      var thread: pthread_t?
    #else
      var thread = pthread_t()
    #endif
    guard pthread_create(&thread, nil, helperMain, context) == 0 else {
      Unmanaged<HelperThread>.fromOpaque(context).release()
      return nil
    }
    #if canImport(Darwin)
      if let thread { pthread_detach(thread) }
    #else
      pthread_detach(thread)
    #endif
    return helper
  }

  /// The thread's body: waits for a job (or for ``dismiss()``), runs it, and ends.
  fileprivate func main() {
    handed.wait()
    job?()
    finished.signal()
  }

  /// Hands the helper its job.
  func run(_ job: @escaping @Sendable () -> Void) {
    self.job = job
    handed.signal()
  }

  /// Waits for the job handed with ``run(_:)`` to end.
  func wait() { finished.wait() }

  /// Lets the thread end without a job.
  func dismiss() { handed.signal() }

  /// The cores online (without Foundation's `ProcessInfo`, whose first use costs more
  /// than a helper saves on a small file).
  static func availableCores() -> Int {
    Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
  }
}

#if canImport(Darwin)
  private func helperMain(_ context: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    Unmanaged<HelperThread>.fromOpaque(context).takeRetainedValue().main()
    return nil
  }
#else
  private func helperMain(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let context else { return nil }
    Unmanaged<HelperThread>.fromOpaque(context).takeRetainedValue().main()
    return nil
  }
#endif

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
  /// Where each chunk starts writing its elements.
  let regions: [ElementRun<T>]
  let element: (inout JSONReader) throws(JSONReader.Failure) -> T
  private var outcomes: [Outcome?]
  private var next = 0
  private var helperStarted = false
  private var closed = false
  private let lock = NSLock()

  init(
    bytes: SharedBytes,
    starts: [Int],
    regions: [ElementRun<T>],
    element: @escaping (inout JSONReader) throws(JSONReader.Failure) -> T
  ) {
    self.bytes = bytes
    self.starts = starts
    self.regions = regions
    self.element = element
    outcomes = Array(repeating: nil, count: starts.count)
  }

  /// Destroys the elements of every chunk not taken.
  func discardRemaining() {
    lock.withLock {
      for case .read(let elements, _, _)? in outcomes { elements.discard() }
      outcomes = Array(repeating: nil, count: outcomes.count)
    }
  }

  /// Takes chunks until none is left, reading each with `interner`.
  func work(interner: StringInterner) {
    while let index = take() {
      var reader = JSONReader(bytes, position: starts[index], interner: interner)
      let stop = index + 1 < starts.count ? starts[index + 1] : nil
      var elements = regions[index]
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

/// Elements read by one chunk: written into a region of the result's storage, or, once
/// they outgrow it, into memory of their own. Each run is either moved into the result or
/// discarded, exactly once; moving is a plain copy of bytes, where copying elements would
/// retain every reference in them (and releasing the originals release them again).
private struct ElementRun<T> {
  private(set) var start: UnsafeMutablePointer<T>
  private(set) var count = 0
  private var capacity: Int
  /// Whether `start` is memory of the run's own (to free), not a region of the result.
  private var ownsMemory = false

  private init(region: UnsafeMutablePointer<T>, capacity: Int) {
    start = region
    self.capacity = capacity
  }

  /// Runs in consecutive regions of `storage` of the given capacities.
  static func regions(in storage: UnsafeMutablePointer<T>, capacities: [Int]) -> [ElementRun] {
    var offset = 0
    return capacities.map { capacity in
      defer { offset += capacity }
      return ElementRun(region: storage + offset, capacity: capacity)
    }
  }

  /// Adds `element`, taking it over (a copy would retain every reference in it, and the
  /// caller's release of the original release them again).
  mutating func append(_ element: consuming T) {
    if count == capacity {
      capacity = max(capacity * 2, 16)
      let grown = UnsafeMutablePointer<T>.allocate(capacity: capacity)
      grown.moveInitialize(from: start, count: count)
      if ownsMemory { start.deallocate() }
      start = grown
      ownsMemory = true
    }
    (start + count).initialize(to: consume element)
    count += 1
  }

  /// Destroys the elements (and frees memory of the run's own).
  func discard() {
    start.deinitialize(count: count)
    if ownsMemory { start.deallocate() }
  }

  /// Moves the elements to `storage + offset` (memory before the run's region, or
  /// anywhere if the run has memory of its own) and returns the offset after them.
  func move(to storage: UnsafeMutablePointer<T>, at offset: Int) -> Int {
    (storage + offset).moveInitialize(from: start, count: count)
    if ownsMemory { start.deallocate() }
    return offset + count
  }

  /// Moves the elements to the end of `array`.
  func move(appendingTo array: inout [T]) {
    array.reserveCapacity(array.count + count)
    for index in 0..<count { array.append((start + index).move()) }
    if ownsMemory { start.deallocate() }
  }
}
