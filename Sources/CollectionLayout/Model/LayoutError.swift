import Foundation

/// Where an element sits in a layout definition, from the section down.
///
/// Its description reads like a key path into the definition, for example
/// `sections[2].group.subitems[1]`; ``LayoutSpec`` turns it into a JSON path.
///
/// ```swift
/// LayoutElementPath([.section(0), .group, .subitem(1)]).description
/// // "sections[0].group.subitems[1]"
/// ```
public struct LayoutElementPath: Hashable, Sendable, CustomStringConvertible {
  /// One step of a path.
  public enum Component: Hashable, Sendable {
    /// The section at an index.
    case section(Int)
    /// The layout configuration.
    case configuration
    /// A section's group.
    case group
    /// A group's subitem at an index.
    case subitem(Int)
    /// A custom group's frame at an index.
    case customItem(Int)
    /// An item's supplementary item at an index.
    case supplementaryItem(Int)
    /// A boundary supplementary item at an index.
    case boundarySupplementaryItem(Int)
    /// A decoration item at an index.
    case decorationItem(Int)
    /// A section's item count.
    case itemCount
  }

  /// The steps, outermost first.
  public var components: [Component]

  /// Creates a path.
  public init(_ components: [Component]) { self.components = components }

  /// The path extended by one step.
  public func appending(_ component: Component) -> LayoutElementPath {
    LayoutElementPath(components + [component])
  }

  /// The path as dotted keys, for example `sections[0].group.subitems[1]`.
  public var description: String {
    var text = ""
    for component in components {
      let part: String
      switch component {
      case .section(let i): part = "sections[\(i)]"
      case .configuration: part = "configuration"
      case .group: part = "group"
      case .subitem(let i): part = "subitems[\(i)]"
      case .customItem(let i): part = "customItems[\(i)]"
      case .supplementaryItem(let i): part = "supplementaryItems[\(i)]"
      case .boundarySupplementaryItem(let i): part = "boundarySupplementaryItems[\(i)]"
      case .decorationItem(let i): part = "decorationItems[\(i)]"
      case .itemCount: part = "itemCount"
      }
      text += text.isEmpty ? part : "." + part
    }
    return text.isEmpty ? "layout" : text
  }
}

/// A layout that cannot be solved.
///
/// Every case names the element (``LayoutElementPath``) and says what to change. The
/// counterpart of the exceptions UIKit raises ("This group cannot fit even a single item").
///
/// ```swift
/// do { _ = try layout.solve(in: environment, itemCounts: [10]) } catch {
///   print(error)  // sections[0].group: this group cannot fit even a single item ...
/// }
/// ```
public enum LayoutError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A dimension is negative or not finite.
  case invalidDimension(path: LayoutElementPath, axis: String, value: Double)
  /// Insets are not finite, or are larger than the element they inset.
  case invalidInsets(path: LayoutElementPath, reason: String)
  /// A spacing or offset is negative or not finite.
  case invalidSpacing(path: LayoutElementPath, value: Double)
  /// A group has no subitems.
  case emptyGroup(path: LayoutElementPath)
  /// Not even the first subitem fits in the group.
  case groupCannotFitItem(path: LayoutElementPath, available: Double, required: Double)
  /// A group's insets leave no room for its subitems.
  case noRoomForGroup(path: LayoutElementPath, effectiveWidth: Double, effectiveHeight: Double)
  /// A custom group's provider returned no frames.
  case customGroupWithoutFrames(path: LayoutElementPath)
  /// A custom group's frame is not finite or has a negative size.
  case invalidCustomFrame(path: LayoutElementPath)
  /// A `count:` or `repeatingSubitem:count:` group has a count below 1.
  case invalidRepetitionCount(path: LayoutElementPath, count: Int)
  /// A group repeats its subitems more often than the engine allows.
  case templateTooLarge(path: LayoutElementPath, limit: Int)
  /// Two supplementary items of one section (or of the layout) share an element kind.
  case duplicateSupplementaryKind(path: LayoutElementPath, elementKind: String)
  /// A section's insets (with the environment's) leave a negative effective size.
  case negativeEffectiveSize(path: LayoutElementPath, width: Double, height: Double)
  /// The environment is unusable.
  case invalidEnvironment(reason: String)
  /// The section provider returned no section for an index.
  case missingSectionDefinition(section: Int)
  /// A section's item count is negative.
  case invalidItemCount(section: Int, count: Int)
  /// A measured size is negative or not finite.
  case invalidMeasuredSize(section: Int, item: Int, axis: String, value: Double)

  /// A lower-case message naming the element (``path``) and what to do.
  public var description: String {
    switch self {
    case .invalidEnvironment: return "environment: \(reason)"
    case .invalidMeasuredSize: return reason
    default: return "\(path?.description ?? "layout"): \(reason)"
    }
  }

  /// The message without the element's path (for callers that name it their own way).
  public var reason: String {
    switch self {
    case .invalidDimension(_, let axis, let value):
      return
        "invalid \(axis) dimension \(formatNumber(value)); use a finite value of zero or more"
    case .invalidInsets(_, let reason):
      return reason
    case .invalidSpacing(_, let value):
      return "invalid spacing \(formatNumber(value)); use a finite value of zero or more"
    case .emptyGroup(_):
      return "the group has no subitems; add at least one item"
    case .groupCannotFitItem(_, let available, let required):
      return
        "this group cannot fit even a single item (the first subitem needs \(formatNumber(required)) points along the group's axis, \(formatNumber(available)) are available); make the group larger or the subitem, its edge spacing or the inter-item spacing smaller"
    case .noRoomForGroup(_, let width, let height):
      return
        "there is no room for this group's subitems (effective content size \(formatNumber(width))x\(formatNumber(height))); make sure the content insets of the group and its parent do not exceed its size"
    case .customGroupWithoutFrames(_):
      return "the custom group's item provider returned no frames; return at least one frame"
    case .invalidCustomFrame(_):
      return "invalid custom frame; use finite numbers and a width and height of zero or more"
    case .invalidRepetitionCount(_, let count):
      return "invalid count \(count); use a count of 1 or more"
    case .templateTooLarge(_, let limit):
      return
        "the group holds more than \(limit) items; give its subitems a larger size or the group a smaller one"
    case .duplicateSupplementaryKind(_, let kind):
      return
        "duplicate supplementary element kind '\(kind)'; give every supplementary item of a section its own kind"
    case .negativeEffectiveSize(_, let width, let height):
      return
        "the effective content size \(formatNumber(width))x\(formatNumber(height)) is negative; reduce the section's content insets or the environment's insets"
    case .invalidEnvironment(let reason):
      return reason
    case .missingSectionDefinition:
      return "the section provider returned no section; return one for every index"
    case .invalidItemCount(_, let count):
      return "invalid item count \(count); use zero or more"
    case .invalidMeasuredSize(let section, let item, let axis, let value):
      return
        "measured size of item \(item) in section \(section): invalid \(axis) \(formatNumber(value)); use a finite value of zero or more"
    }
  }

  /// The element the error is about, when there is one.
  public var path: LayoutElementPath? {
    switch self {
    case .invalidDimension(let path, _, _), .invalidInsets(let path, _),
      .invalidSpacing(let path, _),
      .emptyGroup(let path), .groupCannotFitItem(let path, _, _), .noRoomForGroup(let path, _, _),
      .customGroupWithoutFrames(let path), .invalidCustomFrame(let path),
      .invalidRepetitionCount(let path, _), .templateTooLarge(let path, _),
      .duplicateSupplementaryKind(let path, _), .negativeEffectiveSize(let path, _, _):
      return path
    case .invalidEnvironment, .invalidMeasuredSize: return nil
    case .missingSectionDefinition(let section): return LayoutElementPath([.section(section)])
    case .invalidItemCount(let section, _):
      return LayoutElementPath([.section(section), .itemCount])
    }
  }
}

/// The shortest text that reads back as `value`: `75`, not `75.0`; `266.5`.
///
/// ```swift
/// formatNumber(75)     // "75"
/// formatNumber(266.5)  // "266.5"
/// ```
package func formatNumber(_ value: Double) -> String {
  if value == 0 { return "0" }  // also -0
  if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
  return value.description
}
