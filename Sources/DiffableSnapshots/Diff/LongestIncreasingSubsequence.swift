/// For each element of `values` (distinct integers), whether it belongs to a
/// longest strictly increasing subsequence; the elements marked `false` are
/// the fewest to move to sort `values`.
///
/// Patience sorting with predecessor links. An element larger than the
/// current longest tail is appended in O(1), so nearly sorted input runs in
/// nearly linear time. Otherwise the tail to replace is found without a long
/// chain of dependent loads (see ``PatienceTails``). Memory is allocated as
/// it is needed.
///
/// ```swift
/// longestIncreasingSubsequenceMembership([0, 3, 1, 2])  // [true, false, true, true]
/// ```
///
/// - Complexity: O(k (1 + L / 4096 + log L)), k the count and L the length
///   of the result: in practice linear for L up to a few thousand (a random
///   permutation of a million has L ≈ 2,000), O(k log L) beyond.
@usableFromInline func longestIncreasingSubsequenceMembership(_ values: [UInt32]) -> [Bool] {
  guard DiffableSnapshotsTuning.patienceTails else {
    return plainLongestIncreasingSubsequenceMembership(values)
  }
  let count = values.count
  if count < 2 || isStrictlyIncreasing(values) {
    return [Bool](repeating: true, count: count)
  }
  let none = UInt32.max
  // previous[i]: the index of the element before element i in the best
  // subsequence ending at i (`none` for the first).
  var previous = [UInt32](repeating: none, count: count)
  var tails = PatienceTails(capacity: min(count, 1 << 10))
  for index in 0..<count {
    let current = values[index]
    let position = tails.position(for: current)
    tails.set(position, value: current, index: UInt32(truncatingIfNeeded: index))
    previous[index] = position > 0 ? tails.index(at: position &- 1) : none
  }
  assert(tails.checkInvariants())
  var member = [Bool](repeating: false, count: count)
  var index = tails.length > 0 ? tails.index(at: tails.length - 1) : none
  while index != none {
    member[Int(index)] = true
    index = previous[Int(index)]
  }
  return member
}

/// Whether `values` is strictly increasing.
private func isStrictlyIncreasing(_ values: [UInt32]) -> Bool {
  var index = 1
  while index < values.count {
    if values[index - 1] >= values[index] { return false }
    index += 1
  }
  return true
}

/// The textbook version of ``longestIncreasingSubsequenceMembership(_:)``: patience
/// sorting with a binary search over the piles' tails, and the same choice of
/// subsequence.
///
/// - Complexity: O(k log L) for k values and a result of length L.
@usableFromInline func plainLongestIncreasingSubsequenceMembership(_ values: [UInt32]) -> [Bool] {
  // tailValues[l] is the smallest value ending an increasing subsequence of length l + 1,
  // tailIndices[l] the index of that value; previous[i] the index before i in the best
  // subsequence ending at i (-1 for none).
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
