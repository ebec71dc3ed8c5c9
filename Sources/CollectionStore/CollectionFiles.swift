import Foundation
import Synchronization

/// The stored files of one read of a split collection file: what a ``CollectionDocument``
/// reads a section's items from when they are first asked for, each file once.
///
/// A document read for a commit (under the store's lock) *recovers* a damaged section file
/// (missing, or not matching the manifest's length and checksum): the file is moved aside
/// (``CollectionDataDirectory/quarantine(_:now:)``), and the section reads as its previous
/// version (the file the manifest keeps for it) when that one is sound, else as empty. The
/// commit then writes the recovered section, and says so in its warnings. A document read
/// without the lock changes nothing: a damaged file is an error that says the next change
/// recovers it.
final class CollectionFiles: Sendable {
  let directory: CollectionDataDirectory
  /// Whether damage is recovered (a commit) or an error (a read).
  let recovers: Bool
  private let state = Mutex(State())

  private struct State: Sendable {
    /// Bytes read (or recovered), by file name.
    var cache: [String: ArraySlice<UInt8>] = [:]
    /// The names of damaged files whose section was recovered.
    var recovered: Set<String> = []
    var warnings: [String] = []
  }

  /// The files of `directory`; damage is recovered when `recovers` (under the lock).
  init(directory: CollectionDataDirectory, recovers: Bool = false) {
    self.directory = directory
    self.recovers = recovers
  }

  /// What the recoveries did, for the commit's warnings.
  var warnings: [String] { state.withLock { $0.warnings } }

  /// Whether a section was recovered: the commit must write it even if nothing else changed.
  var hasRecoveries: Bool { state.withLock { !$0.recovered.isEmpty } }

  /// Whether the section file `name` was damaged and recovered (its section must be written
  /// again, from the recovered bytes).
  func wasRecovered(_ name: String) -> Bool { state.withLock { $0.recovered.contains(name) } }

  /// The items' bytes of a section (named `sectionName` in messages), stored in `file`, with
  /// `previous`, its version before its last change, for a recovery.
  ///
  /// - Throws: `.corruptFile` for a damaged file read without the lock; `.file` when it
  ///   cannot be read.
  func section(named sectionName: String, in file: StoredFile, previous: StoredFile?)
    throws(CollectionStoreError) -> ArraySlice<UInt8>
  {
    if let bytes = state.withLock({ $0.cache[file.name] }) { return bytes }
    let bytes: ArraySlice<UInt8>
    do {
      bytes = try directory.read(file)
    } catch .corruptFile(let reason) {
      guard recovers else {
        throw .corruptFile(
          reason:
            "the items of '\(sectionName)': \(reason); the next change to '\(sectionName)' moves the file aside and recovers its previous version"
        )
      }
      let moved = directory.quarantine(file.name, now: Date()).map { "moved it to '\($0)' and " }
      let saved = previous.flatMap { previous in try? directory.read(previous) }
      bytes = saved ?? ArraySlice("[]".utf8)
      let warning =
        "the items of '\(sectionName)' were damaged (\(reason)); \(moved ?? "")"
        + (saved == nil
          ? "recovered nothing (there is no sound previous version): it is now empty"
          : "recovered its previous version")
      state.withLock {
        $0.recovered.insert(file.name)
        $0.warnings.append(warning)
      }
    }
    state.withLock { $0.cache[file.name] = bytes }
    return bytes
  }

  /// The bytes of an undo or redo entry stored in `file` (`what` names it in messages).
  func history(_ file: StoredFile, what: String) throws(CollectionStoreError) -> ArraySlice<UInt8> {
    do {
      return try directory.read(file)
    } catch .corruptFile(let reason) {
      throw .corruptFile(
        reason: "\(what): \(reason); the history cannot go back past it (other changes still work)"
      )
    }
  }
}
