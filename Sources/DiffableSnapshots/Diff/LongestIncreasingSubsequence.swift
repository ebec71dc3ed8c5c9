/// For each element of `values` (distinct integers), whether it belongs to a
/// longest strictly increasing subsequence; the elements marked `false` are
/// the fewest to move to sort `values`.
///
/// Patience sorting with predecessor links: each element replaces the first
/// pile tail that is not smaller (a binary search over the tails), or starts
/// a new pile; the subsequence is read back from the last pile.
///
/// ```swift
/// longestIncreasingSubsequenceMembership([0, 3, 1, 2])  // [true, false, true, true]
/// ```
///
/// - Complexity: O(k log L) for k values and a result of length L.
@usableFromInline func longestIncreasingSubsequenceMembership(_ values: [UInt32]) -> [Bool] {
  // tailValues[l] is the smallest value that ends an increasing subsequence of length
  // l + 1, tailIndices[l] the index of that value; previous[i] the index before i in the
  // best subsequence ending at i (-1 for none).
  var tailValues: [UInt32] = []
  var tailIndices: [Int] = []
  var previous = [Int](repeating: -1, count: values.count)
  for (index, value) in values.enumerated() {
    var low = 0
    var high = tailValues.count
    while low < high {
      let middle = (low + high) / 2
      if tailValues[middle] < value { low = middle + 1 } else { high = middle }
    }
    if low > 0 { previous[index] = tailIndices[low - 1] }
    if low == tailValues.count {
      tailValues.append(value)
      tailIndices.append(index)
    } else {
      tailValues[low] = value
      tailIndices[low] = index
    }
  }
  var member = [Bool](repeating: false, count: values.count)
  var index = tailIndices.last ?? -1
  while index >= 0 {
    member[index] = true
    index = previous[index]
  }
  return member
}
