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
func longestIncreasingSubsequenceMembership(_ values: [Int]) -> [Bool] {
  let count = values.count
  if count < 2 || isStrictlyIncreasing(values) {
    return [Bool](repeating: true, count: count)
  }
  var member = [Bool](repeating: false, count: count)
  var previous = [Int](repeating: -1, count: count)
  // tails[l] = the index of the smallest value ending an increasing
  // subsequence of length l + 1.
  var tails: [Int] = []
  values.withUnsafeBufferPointer { value in
    previous.withUnsafeMutableBufferPointer { previous in
      for index in 0..<count {
        let current = value[index]
        guard let last = tails.last else {
          tails.append(index)
          continue
        }
        if value[last] < current {
          previous[index] = last
          tails.append(index)
          continue
        }
        var low = 0
        var high = tails.count - 1
        while low < high {
          let middle = (low + high) / 2
          if value[tails[middle]] < current { low = middle + 1 } else { high = middle }
        }
        tails[low] = index
        previous[index] = low > 0 ? tails[low - 1] : -1
      }
    }
  }
  var index = tails.last ?? -1
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
