import Foundation

/// A layout described in JSON: environment, layout, item counts and measured sizes.
///
/// The format is described in `Guides/Layout.md` (the project's layout spec format).
/// Decoding is strict: an unknown key, a wrong type or an unknown kind is an error naming
/// its JSON path; ``decode(_:lenient:)`` turns unknown keys into diagnostics instead.
/// Absent optional keys take the defaults of ``LayoutSpec/Defaults``.
///
/// ```swift
/// let spec = try LayoutSpec(jsonData: data)
/// let solution = try spec.solve()
/// let json = LayoutExport(solution: solution).jsonString()
/// ```
///
/// A failing example: `{"environment": {}}` throws
/// `$.environment.containerSize: missing required key`.
public struct LayoutSpec: Sendable {
  /// How sections get their definitions.
  public enum API: String, Hashable, Sendable, CaseIterable {
    /// One definition for every section (the first section's).
    case section
    /// Each section has its own definition.
    case sectionProvider
  }

  /// One section of a spec.
  public struct Section: Sendable {
    /// The number of items.
    public var itemCount: Int
    /// The definition; may be absent for later sections of the `section` API.
    public var definition: LayoutSection?

    /// Creates a section.
    public init(itemCount: Int, definition: LayoutSection?) {
      self.itemCount = itemCount
      self.definition = definition
    }
  }

  /// The defaults of absent keys, in one place.
  public enum Defaults {
    /// `environment.displayScale`.
    public static let displayScale: Double = 1
    /// `environment.layoutDirection`.
    public static let layoutDirection = LayoutDirection.leftToRight
    /// `contentInsetsReference` (configuration, else environment).
    public static let contentInsetsReference = ContentInsetsReference.safeArea
    /// `layout.api`.
    public static let api = API.section
    /// The largest `itemCount` a spec may ask for.
    public static let maximumItemCount = 100_000_000
    /// The largest magnitude of any other number in a spec (a length, inset, spacing,
    /// offset, fraction or scale): 1,000,000. A larger one is malformed, named by its JSON
    /// path; no screen is a million points wide.
    public static let maximumMagnitude = 1_000_000.0
    /// `layout.configuration.scrollDirection`.
    public static let scrollDirection = ScrollDirection.vertical
  }

  /// The environment the layout is solved in.
  public var environment: LayoutEnvironment
  /// How sections get their definitions.
  public var api: API
  /// The layout configuration.
  public var configuration: LayoutConfiguration
  /// The sections, in order.
  public var sections: [Section]
  /// Sizes reported by fitted cells.
  public var measuredSizes: MeasuredSizes

  /// Creates a spec from values.
  public init(
    environment: LayoutEnvironment,
    api: API,
    configuration: LayoutConfiguration,
    sections: [Section],
    measuredSizes: MeasuredSizes = MeasuredSizes()
  ) {
    self.environment = environment
    self.api = api
    self.configuration = configuration
    self.sections = sections
    self.measuredSizes = measuredSizes
  }

  /// Decodes a spec strictly: any unknown key is an error.
  ///
  /// - Throws: ``LayoutSpecError`` naming the JSON path (or line and column).
  public init(jsonData: Data) throws(LayoutSpecError) {
    self = try Self.decode(jsonData, lenient: false).spec
  }

  /// Decodes a spec; with `lenient`, unknown keys become diagnostics instead of errors.
  ///
  /// - Throws: ``LayoutSpecError`` naming the JSON path (or line and column).
  /// - Complexity: O(n) in the size of the data.
  public static func decode(
    _ data: Data,
    lenient: Bool
  ) throws(LayoutSpecError) -> (spec: LayoutSpec, diagnostics: [LayoutSpecDiagnostic]) {
    let json = try JSONValue.parse([UInt8](data))
    var reader = SpecReader(lenient: lenient)
    let spec = try decodeRoot(json, reader: &reader)
    return (spec, reader.diagnostics)
  }

  /// Reads the root object: the environment, then the layout, then the measured sizes.
  private static func decodeRoot(
    _ json: JSONValue,
    reader: inout SpecReader
  ) throws(LayoutSpecError) -> LayoutSpec {
    let root = try reader.object(json, "$", known: ["environment", "layout", "measuredSizes"])
    let (environment, reference) = try reader.environment(
      reader.required(root, "environment", "$"),
      "$.environment"
    )
    let layoutPath = "$.layout"
    let layoutMembers = try reader.object(
      reader.required(root, "layout", "$"),
      layoutPath,
      known: ["api", "configuration", "sections"]
    )
    var api = Defaults.api
    if let value = layoutMembers["api"] {
      api = try reader.choice(value, "\(layoutPath).api", as: API.self)
    }
    var configuration = LayoutConfiguration()
    configuration.scrollDirection = Defaults.scrollDirection
    configuration.contentInsetsReference = reference
    if let value = layoutMembers["configuration"] {
      try reader.configuration(value, "\(layoutPath).configuration", into: &configuration)
    }
    let sections = try reader.sections(
      reader.required(layoutMembers, "sections", layoutPath),
      "\(layoutPath).sections",
      api: api
    )
    var measured = MeasuredSizes()
    if let value = root["measuredSizes"] {
      measured = try reader.measuredSizes(value, "$.measuredSizes", sections: sections)
    }
    return LayoutSpec(
      environment: environment,
      api: api,
      configuration: configuration,
      sections: sections,
      measuredSizes: measured
    )
  }

  /// The item count of every section.
  public var itemCounts: [Int] { sections.map(\.itemCount) }

  /// The layout the spec describes.
  public var layout: CompositionalLayout {
    let definitions = sections.map(\.definition)
    switch api {
    case .section:
      if let first = definitions.first, let definition = first {
        return CompositionalLayout(section: definition, configuration: configuration)
      }
      return CompositionalLayout(sectionProvider: { _, _ in nil }, configuration: configuration)
    case .sectionProvider:
      return CompositionalLayout(
        sectionProvider: { index, _ in index < definitions.count ? definitions[index] : nil },
        configuration: configuration
      )
    }
  }

  /// Solves the spec.
  ///
  /// - Throws: ``LayoutSpecError/layout(path:error:)`` with the JSON path of the culprit.
  /// - Complexity: as ``CompositionalLayout/solve(in:itemCounts:measuredSizes:)``.
  public func solve() throws(LayoutSpecError) -> LayoutSolution {
    do {
      return try layout.solve(in: environment, itemCounts: itemCounts, measuredSizes: measuredSizes)
    } catch {
      throw .layout(path: jsonPath(for: error), error: error)
    }
  }

  /// The JSON path of the element a layout error is about.
  public func jsonPath(for error: LayoutError) -> String {
    switch error {
    case .invalidEnvironment: return "$.environment"
    case .invalidMeasuredSize: return "$.measuredSizes"
    case .missingSectionDefinition(let section): return "$.layout.sections[\(section)].definition"
    default: break
    }
    guard let path = error.path else { return "$.layout" }
    var text = "$.layout"
    for component in path.components {
      switch component {
      case .section(let index):
        text += ".sections[\(api == .section ? 0 : index)].definition"
      case .configuration: text += ".configuration"
      case .group: text += ".group"
      case .subitem(let index): text += ".subitems[\(index)]"
      case .customItem(let index): text += ".customFrames[\(index)]"
      case .supplementaryItem(let index): text += ".supplementaryItems[\(index)]"
      case .boundarySupplementaryItem(let index): text += ".boundarySupplementaryItems[\(index)]"
      case .decorationItem(let index): text += ".decorationItems[\(index)]"
      case .itemCount: text = text.replacingOccurrences(of: ".definition", with: "") + ".itemCount"
      }
    }
    return text
  }
}
