import Foundation

/// The parts of a spec's root object: environment, configuration, sections, measured sizes.
extension SpecReader {
  /// The environment, and the content insets reference it names (the configuration's
  /// default).
  mutating func environment(
    _ value: JSONValue,
    _ path: String
  ) throws(LayoutSpecError) -> (LayoutEnvironment, ContentInsetsReference) {
    let members = try object(
      value,
      path,
      known: [
        "containerSize", "displayScale", "layoutDirection", "safeAreaInsets", "layoutMargins",
        "contentInsetsReference",
      ]
    )
    var environment = LayoutEnvironment(
      containerSize: try cgSize(required(members, "containerSize", path), "\(path).containerSize")
    )
    environment.displayScale = LayoutSpec.Defaults.displayScale
    if let scale = members["displayScale"] {
      environment.displayScale = try number(scale, "\(path).displayScale")
    }
    environment.layoutDirection = LayoutSpec.Defaults.layoutDirection
    if let direction = members["layoutDirection"] {
      environment.layoutDirection = try choice(
        direction,
        "\(path).layoutDirection",
        as: LayoutDirection.self
      )
    }
    if let insets = members["safeAreaInsets"] {
      environment.safeAreaInsets = try self.insets(insets, "\(path).safeAreaInsets")
    }
    if let insets = members["layoutMargins"] {
      environment.layoutMargins = try self.insets(insets, "\(path).layoutMargins")
    }
    var reference = LayoutSpec.Defaults.contentInsetsReference
    if let value = members["contentInsetsReference"] {
      reference = try choice(
        value,
        "\(path).contentInsetsReference",
        as: ContentInsetsReference.self
      )
    }
    return (environment, reference)
  }

  /// Reads the layout's configuration over the defaults already in `configuration`.
  mutating func configuration(
    _ value: JSONValue,
    _ path: String,
    into configuration: inout LayoutConfiguration
  ) throws(LayoutSpecError) {
    let members = try object(
      value,
      path,
      known: [
        "scrollDirection", "interSectionSpacing", "boundarySupplementaryItems",
        "contentInsetsReference",
      ]
    )
    if let direction = members["scrollDirection"] {
      configuration.scrollDirection = try choice(
        direction,
        "\(path).scrollDirection",
        as: ScrollDirection.self
      )
    }
    if let spacing = members["interSectionSpacing"] {
      configuration.interSectionSpacing = try length(spacing, "\(path).interSectionSpacing")
    }
    configuration.boundarySupplementaryItems = try boundaryItems(
      members["boundarySupplementaryItems"],
      "\(path).boundarySupplementaryItems"
    )
    if let value = members["contentInsetsReference"] {
      configuration.contentInsetsReference = try choice(
        value,
        "\(path).contentInsetsReference",
        as: ContentInsetsReference.self
      )
    }
  }

  /// The sections: item counts and definitions (required for every section with the
  /// section provider API, for the first one otherwise).
  mutating func sections(
    _ value: JSONValue,
    _ path: String,
    api: LayoutSpec.API
  ) throws(LayoutSpecError) -> [LayoutSpec.Section] {
    var sections: [LayoutSpec.Section] = []
    for (offset, element) in try array(value, path).enumerated() {
      let sectionPath = "\(path)[\(offset)]"
      let members = try object(element, sectionPath, known: ["itemCount", "definition"])
      let count = try itemCount(
        required(members, "itemCount", sectionPath),
        "\(sectionPath).itemCount"
      )
      var definition: LayoutSection?
      if let value = members["definition"] {
        definition = try section(value, "\(sectionPath).definition")
      } else if api == .sectionProvider || offset == 0 {
        throw .missingKey(path: "\(sectionPath).definition")
      }
      sections.append(LayoutSpec.Section(itemCount: count, definition: definition))
    }
    return sections
  }

  /// A section's item count: an integer from zero to the documented maximum.
  private func itemCount(_ value: JSONValue, _ path: String) throws(LayoutSpecError) -> Int {
    let count = try integer(value, path)
    guard count <= LayoutSpec.Defaults.maximumItemCount else {
      throw .invalidValue(
        path: path,
        reason:
          "item count \(count) is too large; use at most \(LayoutSpec.Defaults.maximumItemCount)"
      )
    }
    guard count >= 0 else {
      throw .invalidValue(path: path, reason: "invalid item count \(count); use zero or more")
    }
    return count
  }

  /// The measured sizes, each naming an existing item of `sections`.
  mutating func measuredSizes(
    _ value: JSONValue,
    _ path: String,
    sections: [LayoutSpec.Section]
  ) throws(LayoutSpecError) -> MeasuredSizes {
    var measured = MeasuredSizes()
    for (offset, element) in try array(value, path).enumerated() {
      let entryPath = "\(path)[\(offset)]"
      let members = try object(element, entryPath, known: ["section", "item", "width", "height"])
      let section = try integer(required(members, "section", entryPath), "\(entryPath).section")
      let item = try integer(required(members, "item", entryPath), "\(entryPath).item")
      guard section >= 0, section < sections.count else {
        throw .invalidValue(
          path: "\(entryPath).section",
          reason: "section \(section) does not exist; the spec has \(sections.count) sections"
        )
      }
      guard item >= 0, item < sections[section].itemCount else {
        throw .invalidValue(
          path: "\(entryPath).item",
          reason:
            "item \(item) does not exist; section \(section) has \(sections[section].itemCount) items"
        )
      }
      measured[LayoutIndexPath(section: section, item: item)] = CGSize(
        width: try length(required(members, "width", entryPath), "\(entryPath).width"),
        height: try length(required(members, "height", entryPath), "\(entryPath).height")
      )
    }
    return measured
  }
}
