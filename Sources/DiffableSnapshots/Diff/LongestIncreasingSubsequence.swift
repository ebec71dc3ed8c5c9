/// For each element of `values` (distinct integers), whether it belongs to a
/// longest strictly increasing subsequence; the elements marked `false` are
/// the fewest to move to sort `values`.
///
/// Patience sorting with predecessor links; an element larger than the
/// current longest tail is appended in O(1), so nearly sorted input runs in
/// nearly linear time.
///
/// ```swift
/// longestIncreasingSubsequenceMembership([0, 3, 1, 2])  // [true, false, true, true]
/// ```
///
/// - Complexity: O(k log L), k the count and L the length of the result.
@usableFromInline func longestIncreasingSubsequenceMembership(_ values: [Int]) -> [Bool] {
  let count = values.count
  if count < 2 || isStrictlyIncreasing(values) {
    return [Bool](repeating: true, count: count)
  }
  var member = [Bool](repeating: false, count: count)
  var previous = [Int32](repeating: -1, count: count)
  // tailIndex[l] is the index of the smallest value ending an increasing
  // subsequence of length l + 1, tailValue[l] that value (kept beside it so
  // the search reads one array). sample[b] = tailValue[b * blockSize] lets the
  // search pick a block with independent comparisons before a short binary
  // search inside it: fewer dependent loads than one long binary search.
  let blockShift = 6
  var tailIndex = [Int32](repeating: 0, count: count)
  var tailValue = [Int](repeating: 0, count: count)
  var sample = [Int](repeating: 0, count: (count >> blockShift) + 1)
  var length = 0
  values.withUnsafeBufferPointer { value in
    previous.withUnsafeMutableBufferPointer { previous in
      tailIndex.withUnsafeMutableBufferPointer { tailIndex in
        tailValue.withUnsafeMutableBufferPointer { tailValue in
          sample.withUnsafeMutableBufferPointer { sample in
            for index in 0..<count {
              let current = value[index]
              let position: Int
              if length == 0 || tailValue[length - 1] < current {
                position = length
                length += 1
              } else {
                position = lowerBound(
                  of: current,
                  tails: tailValue,
                  length: length,
                  samples: sample,
                  blockShift: blockShift
                )
              }
              tailIndex[position] = Int32(truncatingIfNeeded: index)
              tailValue[position] = current
              if position & ((1 << blockShift) - 1) == 0 { sample[position >> blockShift] = current }
              previous[index] = position > 0 ? tailIndex[position - 1] : -1
            }
          }
        }
      }
    }
  }
  var index = length > 0 ? Int(tailIndex[length - 1]) : -1
  while index >= 0 {
    member[index] = true
    index = Int(previous[index])
  }
  return member
}

/// The first position `p < length` with `tails[p] >= value`, given that
/// `tails[length - 1] >= value` and `samples[b] == tails[b << blockShift]`.
@inline(__always)
private func lowerBound(
  of value: Int,
  tails: UnsafeMutableBufferPointer<Int>,
  length: Int,
  samples: UnsafeMutableBufferPointer<Int>,
  blockShift: Int
) -> Int {
  let sampleCount = ((length - 1) >> blockShift) + 1
  // The number of blocks whose first tail is below `value`.
  var below = 0
  if sampleCount <= 64 {
    for block in 0..<sampleCount { below &+= samples[block] < value ? 1 : 0 }
  } else {
    below = branchFreeLowerBound(of: value, in: samples, from: 0, count: sampleCount)
  }
  guard below > 0 else { return 0 }
  // The answer is after the first tail of block `below - 1`, and at most the
  // first tail of block `below` (or the last tail).
  let start = ((below - 1) << blockShift) + 1
  let end = min(below << blockShift, length - 1)
  return branchFreeLowerBound(of: value, in: tails, from: start, count: end - start + 1)
}

/// The first position in `start..<start + count` holding a value `>= value`,
/// or `start + count` when there is none; the range must be sorted.
@inline(__always)
private func branchFreeLowerBound(
  of value: Int,
  in buffer: UnsafeMutableBufferPointer<Int>,
  from start: Int,
  count: Int
) -> Int {
  guard count > 0 else { return start }
  var base = start
  var width = count
  while width > 1 {
    let half = width >> 1
    base = buffer[base + half - 1] < value ? base + half : base
    width -= half
  }
  return buffer[base] < value ? base + 1 : base
}

/// Whether `values` is strictly increasing.
private func isStrictlyIncreasing(_ values: [Int]) -> Bool {
  values.withUnsafeBufferPointer { value in
    var index = 1
    while index < value.count {
      if value[index - 1] >= value[index] { return false }
      index += 1
    }
    return true
  }
}
