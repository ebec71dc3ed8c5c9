import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a preferences file lives, and which rule chose it.
///
/// ``resolve(appName:fileName:variables:environment:userHomeDirectory:)`` is a
/// pure function of the environment dictionary it is given, so a command-line
/// tool passes `ProcessInfo.processInfo.environment` and tests pass their own.
/// The first match wins:
///
/// 1. `$<APP>_PREFS_FILE`: an explicit file (absolute);
/// 2. `$<APP>_CONFIG_HOME/<fileName>` (absolute);
/// 3. `$XDG_CONFIG_HOME/<app>/<fileName>`, only when absolute, otherwise ignored as the XDG
///    specification says;
/// 4. `$HOME/.config/<app>/<fileName>`;
/// 5. the home directory from the user database (`getpwuid`);
/// 6. otherwise ``PreferencesError/noHomeDirectory``: never `/.config`.
///
/// ```swift
/// let location = try PreferencesLocation.resolve(
///   appName: "pokedex", variables: .init(prefix: "POKEDEX"),
///   environment: ["HOME": "/home/ash"])
/// location.path  // "/home/ash/.config/pokedex/prefs.plist"
/// ```
public struct PreferencesLocation: Hashable, Sendable {
  /// The rule that produced a location.
  public enum Source: String, Hashable, Sendable {
    /// The explicit-file variable (`<APP>_PREFS_FILE`).
    case fileVariable
    /// The configuration-directory variable (`<APP>_CONFIG_HOME`).
    case configHomeVariable
    /// `XDG_CONFIG_HOME`.
    case xdgConfigHome
    /// `HOME`.
    case home
    /// The user database (`getpwuid(getuid())`).
    case userDatabase
    /// A path given directly to the store.
    case explicit
  }

  /// The names of the two application-specific environment variables.
  public struct Variables: Hashable, Sendable {
    /// The variable naming the preferences file itself, such as `POKEDEX_PREFS_FILE`.
    public var prefsFile: String
    /// The variable naming the directory holding it, such as `POKEDEX_CONFIG_HOME`.
    public var configHome: String

    /// Names the variables explicitly.
    public init(prefsFile: String, configHome: String) {
      self.prefsFile = prefsFile
      self.configHome = configHome
    }

    /// `<prefix>_PREFS_FILE` and `<prefix>_CONFIG_HOME`.
    ///
    /// ```swift
    /// PreferencesLocation.Variables(prefix: "POKEDEX").prefsFile  // "POKEDEX_PREFS_FILE"
    /// ```
    public init(prefix: String) {
      self.init(prefsFile: "\(prefix)_PREFS_FILE", configHome: "\(prefix)_CONFIG_HOME")
    }
  }

  /// The absolute path of the preferences file (possibly a symlink).
  public var path: String
  /// The rule that chose ``path``.
  public var source: Source

  /// A location for a path chosen by the caller.
  public init(path: String, source: Source = .explicit) {
    self.path = path
    self.source = source
  }

  /// The directory holding the file.
  public var directory: String { (path as NSString).deletingLastPathComponent }

  /// Resolves the preferences file from an environment.
  ///
  /// - Parameters:
  ///   - appName: The application's directory name under the configuration home;
  ///     one path component (no `/`, not `.` or `..`).
  ///   - fileName: The file's name, one path component.
  ///   - variables: The names of the application-specific variables.
  ///   - environment: The environment to read; never the process's own unless passed.
  ///   - userHomeDirectory: The user database's home directory, consulted only when
  ///     `HOME` is unset or unusable.
  /// - Throws: ``PreferencesError/invalidName(_:reason:)``,
  ///   ``PreferencesError/relativePath(variable:value:)`` or
  ///   ``PreferencesError/noHomeDirectory``.
  public static func resolve(
    appName: String,
    fileName: String = "prefs.plist",
    variables: Variables,
    environment: [String: String],
    userHomeDirectory: () -> String? = PreferencesLocation.userDatabaseHome
  ) throws(PreferencesError) -> PreferencesLocation {
    try validateComponent(appName)
    try validateComponent(fileName)
    if let file = nonEmpty(environment[variables.prefsFile]) {
      try requireAbsolute(file, variable: variables.prefsFile)
      let name = (file as NSString).lastPathComponent
      if file.hasSuffix("/") || name == "." || name == ".." {
        throw .invalidName(file, reason: "\(variables.prefsFile) must name a file, not a directory")
      }
      return PreferencesLocation(path: file, source: .fileVariable)
    }
    if let home = nonEmpty(environment[variables.configHome]) {
      try requireAbsolute(home, variable: variables.configHome)
      return PreferencesLocation(path: join(home, fileName), source: .configHomeVariable)
    }
    if let xdg = nonEmpty(environment["XDG_CONFIG_HOME"]), xdg.hasPrefix("/") {
      return PreferencesLocation(path: join(join(xdg, appName), fileName), source: .xdgConfigHome)
    }
    if let home = usableHome(environment["HOME"]) {
      return PreferencesLocation(
        path: join(join(join(home, ".config"), appName), fileName),
        source: .home
      )
    }
    if let home = usableHome(userHomeDirectory()) {
      return PreferencesLocation(
        path: join(join(join(home, ".config"), appName), fileName),
        source: .userDatabase
      )
    }
    throw .noHomeDirectory
  }

  /// The current user's home directory from the user database, or `nil`.
  public static func userDatabaseHome() -> String? {
    guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return nil }
    return String(cString: directory)
  }

  /// Checks that `name` is one path component: not empty, no `/`, not `.` or
  /// `..`, no control characters, at most 255 bytes.
  ///
  /// ```swift
  /// try PreferencesLocation.validateComponent("../x")  // throws .invalidName
  /// ```
  public static func validateComponent(_ name: String) throws(PreferencesError) {
    if name.isEmpty { throw .invalidName(name, reason: "a name cannot be empty") }
    if name == "." || name == ".." {
      throw .invalidName(name, reason: "'.' and '..' are not allowed, use a plain name")
    }
    if name.contains("/") {
      throw .invalidName(name, reason: "a name must be one path component without '/'")
    }
    if let problem = PropertyListCodec.firstForbiddenCharacter(in: name) {
      throw .invalidName(name.debugDescriptionBody, reason: "it \(problem)")
    }
    if name.contains("\t") || name.contains("\n") || name.contains("\r") {
      throw .invalidName(
        name.debugDescriptionBody,
        reason: "a name cannot contain tabs or line breaks"
      )
    }
    if name.utf8.count > 255 { throw .invalidName(name, reason: "a name is limited to 255 bytes") }
  }

  private static func nonEmpty(_ value: String?) -> String? {
    guard let value, !value.isEmpty else { return nil }
    return value
  }

  private static func usableHome(_ value: String?) -> String? {
    guard let value = nonEmpty(value), value.hasPrefix("/") else { return nil }
    let trimmed = trimmingTrailingSlashes(value)
    return trimmed.isEmpty ? nil : trimmed
  }

  private static func requireAbsolute(_ value: String, variable: String) throws(PreferencesError) {
    guard value.hasPrefix("/") else { throw .relativePath(variable: variable, value: value) }
    if value.utf8.contains(0) {
      throw .invalidName(value.debugDescriptionBody, reason: "a path cannot contain NUL")
    }
  }

  private static func trimmingTrailingSlashes(_ path: String) -> String {
    var path = Substring(path)
    while path.hasSuffix("/") { path = path.dropLast() }
    return String(path)
  }

  private static func join(_ directory: String, _ name: String) -> String {
    let base = trimmingTrailingSlashes(directory)
    return base + "/" + name
  }
}
