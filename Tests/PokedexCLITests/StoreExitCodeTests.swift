import FileKit
import PlistPreferences
import PokedexCLI
import Testing

@testable import CollectionStore

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
      let teams = CLIError.store(.file(operation: operation, path: "/t", code: code))
      let prefs = CLIError.preferences(.systemCall(operation: operation, path: "/p", code: code))
      #expect(teams.code == expected, "teams, \(operation), errno \(code)")
      #expect(prefs.code == expected, "preferences, \(operation), errno \(code)")
    }
  }

  /// The teams store's steps, as FileKit names them in its errors: a missing file or
  /// directory is missing input for a step that reads, and an output that cannot be
  /// created for a step that creates one (whatever `errno` says, for those).
  @Test func everyStepOfTheTeamsStoreHasItsStatus() {
    let reading: [FileOperation] = [.open, .stat, .lstat, .read, .readlink, .openDirectory]
    let creating: [FileOperation] = [
      .create, .makeDirectory, .rename(from: "/t.tmp"), .openLock,
    ]
    for operation in reading {
      let error = CollectionStoreError(FileError(operation, "/t", code: ENOENT))
      #expect(CLIError.store(error).code == .noInput, "\(operation)")
    }
    for operation in creating {
      for code in [ENOENT, EEXIST, EIO] {
        let error = CollectionStoreError(FileError(operation, "/t", code: code))
        #expect(CLIError.store(error).code == .cannotCreate, "\(operation), errno \(code)")
      }
    }
  }

  /// The teams store: a missing file while reading is missing input; while creating, the
  /// output cannot be created.
  @Test func aMissingFileIsNoInputOnlyWhenRead() {
    #expect(CLIError.store(.file(operation: "open", path: "/t", code: ENOENT)).code == .noInput)
    #expect(
      CLIError.store(.file(operation: "create the directory", path: "/t", code: ENOENT)).code
        == .cannotCreate
    )
  }
}
