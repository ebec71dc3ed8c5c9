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
  var previous = [Int](repeating: -1, count: count)
  // tailIndex[l] is the index of the smallest value ending an increasing
  // subsequence of length l + 1, tailValue[l] that value (kept beside it so
  // the binary search reads one array).
  var tailIndex = [Int](repeating: 0, count: count)
  var tailValue = [Int](repeating: 0, count: count)
  var length = 0
  values.withUnsafeBufferPointer { value in
    previous.withUnsafeMutableBufferPointer { previous in
      tailIndex.withUnsafeMutableBufferPointer { tailIndex in
        tailValue.withUnsafeMutableBufferPointer { tailValue in
          for index in 0..<count {
            let current = value[index]
            var low: Int
            if length == 0 || tailValue[length - 1] < current {
              low = length
              length += 1
            } else {
              // Branch-free lower bound: the first tail >= current. The loop
              // runs log2(length) times whatever the data, so it predicts well.
              var base = 0
              var width = length
              while width > 1 {
                let half = width >> 1
                base = tailValue[base + half] < current ? base + half : base
                width -= half
              }
              low = tailValue[base] < current ? base + 1 : base
            }
            tailIndex[low] = index
            tailValue[low] = current
            previous[index] = low > 0 ? tailIndex[low - 1] : -1
          }
        }
      }
    }
  }
  var index = length > 0 ? tailIndex[length - 1] : -1
  while index >= 0 {
    member[index] = true
    index = previous[index]
  }
  return member
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
