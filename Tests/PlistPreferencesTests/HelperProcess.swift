import Foundation
import PokedexTestSupport

/// The `prefs-stress` helper executable, built by `swift build`/`swift test`
/// into the same products directory as the test bundle.
enum HelperProcess {
  static let name = "prefs-stress"

  /// Where it was found, or `nil` with the places searched.
  static let location: Result<URL, LookupFailure> = find()

  struct LookupFailure: Error, CustomStringConvertible {
    var searched: [String]
    var description: String {
      "cannot find the \(name) helper; build it with 'swift build --product \(name)' "
        + "or set PREFS_STRESS_PATH (searched: \(searched.joined(separator: ", ")))"
    }
  }

  private static func find() -> Result<URL, LookupFailure> {
    var candidates: [URL] = []
    if let explicit = ProcessInfo.processInfo.environment["PREFS_STRESS_PATH"], !explicit.isEmpty {
      candidates.append(URL(fileURLWithPath: explicit))
    }
    // The products directory holds the test bundle (`pokedexPackageTests.xctest`,
    // a file on Linux and a directory on macOS) and the executables.
    var directories: [URL] = []
    for bundle in Bundle.allBundles + [Bundle.main] {
      var url = bundle.bundleURL
      for _ in 0..<4 {
        url.deleteLastPathComponent()
        directories.append(url)
      }
    }
    if let executable = Bundle.main.executableURL {
      directories.append(executable.deletingLastPathComponent())
    }
    let selfExe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    directories.append(selfExe.deletingLastPathComponent())
    let build = packageRoot().appendingPathComponent(".build")
    directories.append(build.appendingPathComponent("debug"))
    candidates += directories.map { $0.appendingPathComponent(name) }
    for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate.path) {
      return .success(candidate)
    }
    return .failure(LookupFailure(searched: Array(Set(candidates.map(\.path))).sorted()))
  }

  /// Starts the helper with `arguments`, capturing its standard output.
  static func start(_ arguments: [String]) throws -> (Process, Pipe) {
    let process = Process()
    process.executableURL = try location.get()
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    return (process, output)
  }

  /// Runs the helper to completion and returns its exit status.
  static func run(_ arguments: [String]) throws -> Int32 {
    let process = Process()
    process.executableURL = try location.get()
    process.arguments = arguments
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }
}
