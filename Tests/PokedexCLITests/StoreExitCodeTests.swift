import CollectionStore
import PlistPreferences
import Testing

@testable import PokedexCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A failed step on a file gives the same exit status from either store: 73 when the output
/// cannot be created or written at all (a read-only or full disk, a quota, no permission),
/// 74 for other I/O failures.
@Suite struct StoreExitCodeTests {
  @Test(arguments: [
    (EROFS, ExitCode.cannotCreate), (EACCES, .cannotCreate), (EPERM, .cannotCreate),
    (ENOSPC, .cannotCreate), (EDQUOT, .cannotCreate), (EIO, .ioError), (EBADF, .ioError),
  ])
  func bothStoresMapAFailedWriteAlike(code: Int32, expected: ExitCode) {
    for operation in ["write", "fsync"] {
      let teams = CLIError(CollectionStoreError.file(operation: operation, path: "/t", code: code))
      let prefs = CLIError(
        preferences: PreferencesError.systemCall(operation: operation, path: "/p", code: code)
      )
      #expect(teams.code == expected, "teams, \(operation), errno \(code)")
      #expect(prefs.code == expected, "preferences, \(operation), errno \(code)")
    }
  }

  /// The teams store: a missing file while reading is missing input; while creating, the
  /// output cannot be created.
  @Test func aMissingFileIsNoInputOnlyWhenRead() {
    #expect(
      CLIError(CollectionStoreError.file(operation: "open", path: "/t", code: ENOENT)).code
        == .noInput
    )
    #expect(
      CLIError(
        CollectionStoreError.file(operation: "create the directory", path: "/t", code: ENOENT)
      ).code
        == .cannotCreate
    )
  }
}
