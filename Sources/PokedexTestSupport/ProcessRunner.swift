import Foundation

/// The outcome of running a program.
public struct ProcessResult: Sendable {
  public var status: Int32
  public var stdout: String
  public var stderr: String
}

/// The path of an executable built by SwiftPM alongside the tests (`pokedex`, a helper tool).
///
/// Looks in the directory of the running test bundle and its parents, where
/// SwiftPM puts the products of the same build.
public func builtProductPath(_ name: String) -> String? {
  var directories: [URL] = []
  if let executable = Bundle.main.executableURL {
    directories.append(executable.deletingLastPathComponent())
  }
  for bundle in Bundle.allBundles {
    directories.append(bundle.bundleURL.deletingLastPathComponent())
  }
  for start in directories {
    var directory = start
    for _ in 0..<4 {
      let candidate = directory.appendingPathComponent(name).path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      directory.deleteLastPathComponent()
    }
  }
  return nil
}

/// Runs `executable` with `arguments`, no standard input, and `environment`
/// (added to a minimal one), and returns its status and output.
public func runProcess(
  _ executable: String,
  _ arguments: [String],
  environment: [String: String] = [:],
  currentDirectory: String? = nil,
  input: String? = nil
) throws -> ProcessResult {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  var env = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
  if let home = ProcessInfo.processInfo.environment["HOME"] { env["HOME"] = home }
  env.merge(environment) { $1 }
  process.environment = env
  if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
  let out = Pipe()
  let err = Pipe()
  let stdin = Pipe()
  process.standardOutput = out
  process.standardError = err
  process.standardInput = stdin
  try process.run()
  if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
  try stdin.fileHandleForWriting.close()
  // Read both pipes concurrently so a full pipe never blocks the child.
  let group = DispatchGroup()
  nonisolated(unsafe) var errData = Data()
  group.enter()
  DispatchQueue.global().async {
    errData = err.fileHandleForReading.readDataToEndOfFile()
    group.leave()
  }
  let outData = out.fileHandleForReading.readDataToEndOfFile()
  group.wait()
  process.waitUntilExit()
  return ProcessResult(
    status: process.terminationStatus,
    stdout: String(decoding: outData, as: UTF8.self),
    stderr: String(decoding: errData, as: UTF8.self)
  )
}

/// Runs a system tool (`/bin/mount`, `/bin/umount`) with its stderr discarded and returns
/// its exit status, or -1 when it is missing or cannot start: tests that need it skip.
public func runStatus(_ tool: String, _ arguments: [String]) -> Int32 {
  guard FileManager.default.isExecutableFile(atPath: tool) else { return -1 }
  let process = Process()
  process.executableURL = URL(fileURLWithPath: tool)
  process.arguments = arguments
  process.standardError = FileHandle.nullDevice
  do { try process.run() } catch { return -1 }
  process.waitUntilExit()
  return process.terminationStatus
}
