// UIKitCompat: UIKit's and Core Data's names for the toolkit's engines, for code written
// for iOS that runs where UIKit does not exist (Linux CI, servers, terminals).
//
//     #if canImport(UIKit)
//     import UIKit
//     #else
//     import UIKitCompat
//     #endif
//
// One import brings Foundation (CGFloat, CGSize, IndexPath), the engines (CollectionLayout,
// DiffableSnapshots) and the compatibility types: UIKit's layout, snapshot and data source
// names over the engines (layout and diffing are theirs), and headless collection and table
// views that drive a view controller's data-source code without a screen. See
// Guides/PortingFromUIKit.md.

@_exported import CollectionLayout
@_exported import DiffableSnapshots
@_exported import Foundation
import Synchronization

/// A misuse of a UIKit-compatible API that UIKit answers with an exception (a duplicate
/// identifier in a snapshot, an unknown anchor, a nil section definition).
///
/// The engines throw typed errors instead; this layer keeps UIKit's non-throwing
/// signatures, so it reports the misuse to a handler, with UIKit's message:
///
/// ```swift
/// let failures = UIKitCompatFailure.Recorder()
/// UIKitCompatFailure.$handler.withValue(failures.record) {
///   var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
///   snapshot.appendItems([1])   // no section yet
/// }
/// failures.messages  // ["There are currently no sections in the data source. Please add a section first."]
/// ```
///
/// The default handler prints the message on standard error and aborts the process, as an
/// uncaught `NSInternalInconsistencyException` stops an iOS app. The operation that failed changes
/// nothing, so code that installs a handler which returns goes on with its data intact; a
/// headless view whose update failed loads its data source's contents instead, and a plain
/// cell or view stands in for one that could not be made.
public struct UIKitCompatFailure: Error, Equatable, Sendable, CustomStringConvertible {
  /// The API that was misused, `NSDiffableDataSourceSnapshot.appendItems(_:toSection:)`.
  public var api: String
  /// UIKit's message for the misuse.
  public var message: String

  /// A failure of `api` with `message`.
  public init(api: String, message: String) {
    self.api = api
    self.message = message
  }

  /// `api: message`.
  public var description: String { "\(api): \(message)" }

  /// The handler for the current task; `nil` (the default) stops the process with the
  /// failure's message.
  ///
  /// Bind it for a scope with `UIKitCompatFailure.$handler.withValue(_:operation:)`; it
  /// applies to the code in the scope and to the tasks it creates.
  @TaskLocal public static var handler: (@Sendable (UIKitCompatFailure) -> Void)?

  /// Reports a failure to the current handler, or stops the process when there is none.
  static func report(_ failure: UIKitCompatFailure) {
    guard let handler else {
      // The documented default, as iOS does with an uncaught exception: the message on
      // standard error, then SIGABRT. Only a bug in the calling code gets here, never input.
      FileHandle.standardError.write(Data("UIKitCompat: \(failure)\n".utf8))
      abort()
    }
    handler(failure)
  }

  /// Collects the failures reported to its ``record(_:)`` method: a handler for tests and
  /// tools.
  public final class Recorder: Sendable {
    private let storage = Mutex<[UIKitCompatFailure]>([])

    /// An empty recorder.
    public init() {}

    /// Records `failure`; pass it as the handler.
    @Sendable public func record(_ failure: UIKitCompatFailure) {
      storage.withLock { $0.append(failure) }
    }

    /// The failures recorded, in order.
    public var failures: [UIKitCompatFailure] { storage.withLock { $0 } }

    /// Their messages, in order.
    public var messages: [String] { failures.map(\.message) }
  }
}

/// UIKit's exception texts that more than one type reports.
enum UIKitMessage {
  /// Items given twice, or already in the snapshot.
  static func duplicateItem(_ id: some Any) -> String {
    "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(\(id))}"
  }

  /// An item (an anchor or a parent) that is not in the snapshot.
  static func unknownItem(_ id: some Any, in snapshot: String) -> String {
    "Invalid item identifier specified: \(id). It is not in the \(snapshot)."
  }
}
