import Foundation

/// Walks parsed JSON with a path, checking types and keys (strict or lenient).
struct SpecReader {
  var lenient: Bool
  var diagnostics: [LayoutSpecDiagnostic] = []

  /// The members of an object, after checking for duplicate and unknown keys.
  mutating func object(
    _ value: JSONValue,
    _ path: String,
    known: [String]
  ) throws(LayoutSpecError) -> [String: JSONValue] {
    guard case .object(let members) = value else {
      throw .typeMismatch(path: path, expected: "an object", found: value.typeName)
    }
    var result: [String: JSONValue] = [:]
    for (key, member) in members {
      let memberPath = "\(path).\(key)"
      guard result[key] == nil else { throw .duplicateKey(path: memberPath) }
      guard known.contains(key) else {
        if lenient {
          diagnostics.append(LayoutSpecDiagnostic(path: memberPath, message: "unknown key ignored"))
          continue
        }
        throw .unknownKey(path: memberPath)
      }
      result[key] = member
    }
    return result
  }

  func required(
    _ members: [String: JSONValue],
    _ key: String,
    _ path: String
  ) throws(LayoutSpecError) -> JSONValue {
    guard let value = members[key] else { throw .missingKey(path: "\(path).\(key)") }
    return value
  }

  /// A length, offset, fraction or scale: finite and at most
  /// ``LayoutSpec/Defaults/maximumMagnitude`` either side of zero, so that the solver's sums
  /// stay finite and no renderer meets a coordinate it cannot convert.
  func number(_ value: JSONValue, _ path: String) throws(LayoutSpecError) -> Double {
    let number = try anyNumber(value, path)
    let limit = LayoutSpec.Defaults.maximumMagnitude
    guard number.isFinite, abs(number) <= limit else {
      throw .invalidValue(
        path: path,
        reason:
          "value \(number.isFinite ? formatNumber(number) : "\(number)") is out of range; lengths, offsets, fractions and scales are between -\(formatNumber(limit)) and \(formatNumber(limit))"
      )
    }
    return number
  }

  /// Any JSON number, unchecked.
  private func anyNumber(_ value: JSONValue, _ path: String) throws(LayoutSpecError) -> Double {
    guard case .number(let number) = value else {
      throw .typeMismatch(path: path, expected: "a number", found: value.typeName)
    }
    return number
  }

  func length(_ value: JSONValue, _ path: String) throws(LayoutSpecError) -> Double {
    let number = try number(value, path)
    guard number >= 0 else {
      throw .invalidValue(
        path: path,
        reason: "invalid value \(formatNumber(number)); use zero or more"
      )
    }
    return number
  }

  func integer(_ value: JSONValue, _ path: String) throws(LayoutSpecError) -> Int {
    let number = try anyNumber(value, path)
    guard number.rounded() == number, abs(number) < 1e15 else {
      throw .typeMismatch(path: path, expected: "an integer", found: "\(formatNumber(number))")
    }
    return Int(number)
  }

  func bool(_ value: JSONValue, _ path: String) throws(LayoutSpecError) -> Bool {
    guard case .bool(let bool) = value else {
      throw .typeMismatch(path: path, expected: "a boolean", found: value.typeName)
    }
    return bool
  }

  func string(_ value: JSONValue, _ path: String) throws(LayoutSpecError) -> String {
    guard case .string(let string) = value else {
      throw .typeMismatch(path: path, expected: "a string", found: value.typeName)
    }
    return string
  }

  func array(_ value: JSONValue, _ path: String) throws(LayoutSpecError) -> [JSONValue] {
    guard case .array(let array) = value else {
      throw .typeMismatch(path: path, expected: "an array", found: value.typeName)
    }
    return array
  }

  func choice<T: RawRepresentable & CaseIterable>(
    _ value: JSONValue,
    _ path: String,
    as type: T.Type
  ) throws(LayoutSpecError) -> T where T.RawValue == String {
    let text = try string(value, path)
    guard let result = T(rawValue: text) else {
      let names = T.allCases.map(\.rawValue).joined(separator: ", ")
      throw .invalidValue(path: path, reason: "unknown value '\(text)'; use one of \(names)")
    }
    return result
  }

  func kind(_ value: JSONValue, _ path: String, _ names: [String]) throws(LayoutSpecError) -> String
  {
    let text = try string(value, path)
    guard names.contains(text) else {
      throw .invalidValue(
        path: path,
        reason: "unknown kind '\(text)'; use one of \(names.joined(separator: ", "))"
      )
    }
    return text
  }

  // MARK: Values of the format

  mutating func dimension(_ value: JSONValue, _ path: String) throws(LayoutSpecError)
    -> LayoutDimension
  {
    let members = try object(value, path, known: ["kind", "value"])
    let kind = try kind(
      required(members, "kind", path),
      "\(path).kind",
      ["absolute", "fractionalWidth", "fractionalHeight", "estimated"]
    )
    let number = try length(required(members, "value", path), "\(path).value")
    switch kind {
    case "absolute": return .absolute(number)
    case "fractionalWidth": return .fractionalWidth(number)
    case "fractionalHeight": return .fractionalHeight(number)
    default: return .estimated(number)
    }
  }

  mutating func size(_ value: JSONValue, _ path: String) throws(LayoutSpecError) -> LayoutSize {
    let members = try object(value, path, known: ["width", "height"])
    return LayoutSize(
      widthDimension: try dimension(required(members, "width", path), "\(path).width"),
      heightDimension: try dimension(required(members, "height", path), "\(path).height")
    )
  }

  mutating func cgSize(_ value: JSONValue, _ path: String) throws(LayoutSpecError) -> CGSize {
    let members = try object(value, path, known: ["width", "height"])
    return CGSize(
      width: try length(required(members, "width", path), "\(path).width"),
      height: try length(required(members, "height", path), "\(path).height")
    )
  }

  mutating func point(_ value: JSONValue, _ path: String) throws(LayoutSpecError) -> CGPoint {
    let members = try object(value, path, known: ["x", "y"])
    return CGPoint(
      x: try number(required(members, "x", path), "\(path).x"),
      y: try number(required(members, "y", path), "\(path).y")
    )
  }

  mutating func insets(_ value: JSONValue, _ path: String) throws(LayoutSpecError)
    -> DirectionalEdgeInsets
  {
    let members = try object(value, path, known: ["top", "leading", "bottom", "trailing"])
    func edge(_ key: String) throws(LayoutSpecError) -> Double {
      try members[key].map { v throws(LayoutSpecError) in try number(v, "\(path).\(key)") } ?? 0
    }
    return DirectionalEdgeInsets(
      top: try edge("top"),
      leading: try edge("leading"),
      bottom: try edge("bottom"),
      trailing: try edge("trailing")
    )
  }

  mutating func spacing(_ value: JSONValue, _ path: String) throws(LayoutSpecError) -> LayoutSpacing
  {
    let members = try object(value, path, known: ["kind", "value"])
    let kind = try kind(required(members, "kind", path), "\(path).kind", ["fixed", "flexible"])
    let number = try length(required(members, "value", path), "\(path).value")
    return kind == "fixed" ? .fixed(number) : .flexible(number)
  }

  mutating func edgeSpacing(_ value: JSONValue, _ path: String) throws(LayoutSpecError)
    -> EdgeSpacing
  {
    let members = try object(value, path, known: ["leading", "top", "trailing", "bottom"])
    func edge(_ key: String) throws(LayoutSpecError) -> LayoutSpacing? {
      guard let member = members[key] else { return nil }
      if case .null = member { return nil }
      return try spacing(member, "\(path).\(key)")
    }
    return EdgeSpacing(
      leading: try edge("leading"),
      top: try edge("top"),
      trailing: try edge("trailing"),
      bottom: try edge("bottom")
    )
  }

  mutating func anchor(_ value: JSONValue, _ path: String) throws(LayoutSpecError) -> LayoutAnchor {
    let members = try object(value, path, known: ["edges", "absoluteOffset", "fractionalOffset"])
    var edges: DirectionalRectEdge = []
    for (offset, element) in try array(required(members, "edges", path), "\(path).edges")
      .enumerated()
    {
      let elementPath = "\(path).edges[\(offset)]"
      switch try kind(element, elementPath, ["top", "leading", "bottom", "trailing"]) {
      case "top": edges.insert(.top)
      case "leading": edges.insert(.leading)
      case "bottom": edges.insert(.bottom)
      default: edges.insert(.trailing)
      }
    }
    if members["absoluteOffset"] != nil, members["fractionalOffset"] != nil {
      throw .invalidValue(
        path: path,
        reason: "give either absoluteOffset or fractionalOffset, not both"
      )
    }
    if let offset = members["fractionalOffset"] {
      return LayoutAnchor(
        edges: edges,
        fractionalOffset: try point(offset, "\(path).fractionalOffset")
      )
    }
    if let offset = members["absoluteOffset"] {
      return LayoutAnchor(edges: edges, absoluteOffset: try point(offset, "\(path).absoluteOffset"))
    }
    return LayoutAnchor(edges: edges)
  }

  mutating func supplementaryItem(
    _ value: JSONValue,
    _ path: String
  ) throws(LayoutSpecError) -> SupplementaryItem {
    let members = try object(
      value,
      path,
      known: ["elementKind", "size", "containerAnchor", "itemAnchor", "zIndex"]
    )
    var item = SupplementaryItem(
      layoutSize: try size(required(members, "size", path), "\(path).size"),
      elementKind: try string(required(members, "elementKind", path), "\(path).elementKind"),
      containerAnchor: try anchor(
        required(members, "containerAnchor", path),
        "\(path).containerAnchor"
      )
    )
    if let itemAnchor = members["itemAnchor"] {
      item.itemAnchor = try anchor(itemAnchor, "\(path).itemAnchor")
    }
    if let zIndex = members["zIndex"] { item.zIndex = try integer(zIndex, "\(path).zIndex") }
    return item
  }

  mutating func subitem(_ value: JSONValue, _ path: String) throws(LayoutSpecError) -> LayoutSubitem
  {
    guard case .object(let members) = value else {
      throw .typeMismatch(path: path, expected: "an object", found: value.typeName)
    }
    guard let kindValue = members.first(where: { $0.key == "kind" })?.value else {
      throw .missingKey(path: "\(path).kind")
    }
    if try kind(kindValue, "\(path).kind", ["item", "group"]) == "item" {
      return .item(try item(value, path))
    }
    return .group(try group(value, path))
  }

  mutating func item(_ value: JSONValue, _ path: String) throws(LayoutSpecError) -> LayoutItem {
    let members = try object(
      value,
      path,
      known: ["kind", "size", "contentInsets", "edgeSpacing", "supplementaryItems"]
    )
    var item = LayoutItem(layoutSize: try size(required(members, "size", path), "\(path).size"))
    if let insets = members["contentInsets"] {
      item.contentInsets = try self.insets(insets, "\(path).contentInsets")
    }
    if let edges = members["edgeSpacing"] {
      item.edgeSpacing = try edgeSpacing(edges, "\(path).edgeSpacing")
    }
    if let list = members["supplementaryItems"] {
      let listPath = "\(path).supplementaryItems"
      for (offset, element) in try array(list, listPath).enumerated() {
        item.supplementaryItems.append(try supplementaryItem(element, "\(listPath)[\(offset)]"))
      }
    }
    return item
  }

  mutating func group(_ value: JSONValue, _ path: String) throws(LayoutSpecError) -> LayoutGroup {
    let members = try object(
      value,
      path,
      known: [
        "kind", "axis", "size", "subitems", "count", "repeatingCount", "interItemSpacing",
        "contentInsets", "edgeSpacing", "customFrames",
      ]
    )
    let axis = try kind(
      required(members, "axis", path),
      "\(path).axis",
      ["horizontal", "vertical", "custom"]
    )
    let layoutSize = try size(required(members, "size", path), "\(path).size")
    var subitems: [LayoutSubitem] = []
    if axis != "custom" || members["subitems"] != nil {
      let listPath = "\(path).subitems"
      for (offset, element) in try array(required(members, "subitems", path), listPath).enumerated()
      {
        subitems.append(try subitem(element, "\(listPath)[\(offset)]"))
      }
    }
    var group: LayoutGroup
    if axis == "custom" {
      group = try customGroup(members, path, layoutSize: layoutSize)
    } else {
      group = try stackingGroup(
        members,
        path,
        layoutSize: layoutSize,
        horizontal: axis == "horizontal",
        subitems: subitems
      )
    }
    if let insets = members["contentInsets"] {
      group.contentInsets = try self.insets(insets, "\(path).contentInsets")
    }
    if let edges = members["edgeSpacing"] {
      group.edgeSpacing = try edgeSpacing(edges, "\(path).edgeSpacing")
    }
    return group
  }

  /// A group with axis `custom`: its frames, and none of the stacking keys.
  private mutating func customGroup(
    _ members: [String: JSONValue],
    _ path: String,
    layoutSize: LayoutSize
  ) throws(LayoutSpecError) -> LayoutGroup {
    for key in ["count", "repeatingCount", "interItemSpacing"] where members[key] != nil {
      throw .invalidValue(
        path: "\(path).\(key)",
        reason: "not allowed in a custom group; remove it"
      )
    }
    var frames: [GroupCustomItem] = []
    if let list = members["customFrames"] {
      let listPath = "\(path).customFrames"
      for (offset, element) in try array(list, listPath).enumerated() {
        frames.append(try customFrame(element, "\(listPath)[\(offset)]"))
      }
    }
    let provided = frames
    return .custom(layoutSize: layoutSize) { _ in provided }
  }

  /// One frame of a custom group.
  private mutating func customFrame(
    _ value: JSONValue,
    _ path: String
  ) throws(LayoutSpecError) -> GroupCustomItem {
    let frame = try object(value, path, known: ["x", "y", "width", "height", "zIndex"])
    return GroupCustomItem(
      frame: CGRect(
        x: try number(required(frame, "x", path), "\(path).x"),
        y: try number(required(frame, "y", path), "\(path).y"),
        width: try length(required(frame, "width", path), "\(path).width"),
        height: try length(required(frame, "height", path), "\(path).height")
      ),
      zIndex: try frame["zIndex"].map { v throws(LayoutSpecError) in
        try integer(v, "\(path).zIndex")
      } ?? 0
    )
  }

  /// A horizontal or vertical group: its subitems, counted, repeated or listed, and spacing.
  private mutating func stackingGroup(
    _ members: [String: JSONValue],
    _ path: String,
    layoutSize: LayoutSize,
    horizontal: Bool,
    subitems: [LayoutSubitem]
  ) throws(LayoutSpecError) -> LayoutGroup {
    if members["customFrames"] != nil {
      throw .invalidValue(
        path: "\(path).customFrames",
        reason: "only custom groups have frames; use axis 'custom'"
      )
    }
    if members["count"] != nil, members["repeatingCount"] != nil {
      throw .invalidValue(path: path, reason: "give either count or repeatingCount, not both")
    }
    let count = try members["count"].map { v throws(LayoutSpecError) in
      try integer(v, "\(path).count")
    }
    let repeating = try members["repeatingCount"].map { v throws(LayoutSpecError) in
      try integer(v, "\(path).repeatingCount")
    }
    if count != nil || repeating != nil, subitems.count != 1 {
      throw .invalidValue(
        path: "\(path).subitems",
        reason:
          "a group with count or repeatingCount needs exactly one subitem, found \(subitems.count)"
      )
    }
    var group: LayoutGroup
    if let count, let subitem = subitems.first {
      group =
        horizontal
        ? .horizontal(layoutSize: layoutSize, subitem: subitem, count: count)
        : .vertical(layoutSize: layoutSize, subitem: subitem, count: count)
    } else if let repeating, let subitem = subitems.first {
      group =
        horizontal
        ? .horizontal(layoutSize: layoutSize, repeatingSubitem: subitem, count: repeating)
        : .vertical(layoutSize: layoutSize, repeatingSubitem: subitem, count: repeating)
    } else {
      group =
        horizontal
        ? .horizontal(layoutSize: layoutSize, subitems: subitems)
        : .vertical(layoutSize: layoutSize, subitems: subitems)
    }
    if let spacing = members["interItemSpacing"] {
      group.interItemSpacing = try self.spacing(spacing, "\(path).interItemSpacing")
    }
    return group
  }

  mutating func boundaryItem(
    _ value: JSONValue,
    _ path: String
  ) throws(LayoutSpecError) -> BoundarySupplementaryItem {
    let members = try object(
      value,
      path,
      known: [
        "elementKind", "size", "alignment", "absoluteOffset", "extendsBoundary",
        "pinToVisibleBounds",
        "zIndex",
      ]
    )
    var item = BoundarySupplementaryItem(
      layoutSize: try size(required(members, "size", path), "\(path).size"),
      elementKind: try string(required(members, "elementKind", path), "\(path).elementKind"),
      alignment: try choice(
        required(members, "alignment", path),
        "\(path).alignment",
        as: RectAlignment.self
      )
    )
    if let offset = members["absoluteOffset"] {
      item.absoluteOffset = try point(offset, "\(path).absoluteOffset")
    }
    if let extends = members["extendsBoundary"] {
      item.extendsBoundary = try bool(extends, "\(path).extendsBoundary")
    }
    if let pin = members["pinToVisibleBounds"] {
      item.pinToVisibleBounds = try bool(pin, "\(path).pinToVisibleBounds")
    }
    if let zIndex = members["zIndex"] { item.zIndex = try integer(zIndex, "\(path).zIndex") }
    return item
  }

  mutating func boundaryItems(
    _ value: JSONValue?,
    _ path: String
  ) throws(LayoutSpecError) -> [BoundarySupplementaryItem] {
    guard let value else { return [] }
    var items: [BoundarySupplementaryItem] = []
    for (offset, element) in try array(value, path).enumerated() {
      items.append(try boundaryItem(element, "\(path)[\(offset)]"))
    }
    return items
  }

  mutating func decorationItem(_ value: JSONValue, _ path: String) throws(LayoutSpecError)
    -> DecorationItem
  {
    let members = try object(value, path, known: ["elementKind", "contentInsets", "zIndex"])
    var item = DecorationItem.background(
      elementKind: try string(required(members, "elementKind", path), "\(path).elementKind")
    )
    if let insets = members["contentInsets"] {
      item.contentInsets = try self.insets(insets, "\(path).contentInsets")
    }
    if let zIndex = members["zIndex"] { item.zIndex = try integer(zIndex, "\(path).zIndex") }
    return item
  }

  mutating func section(_ value: JSONValue, _ path: String) throws(LayoutSpecError) -> LayoutSection
  {
    let members = try object(
      value,
      path,
      known: [
        "group", "contentInsets", "interGroupSpacing", "orthogonalScrollingBehavior",
        "boundarySupplementaryItems", "supplementariesFollowContentInsets", "decorationItems",
        "contentInsetsReference",
      ]
    )
    let groupValue = try required(members, "group", path)
    let groupPath = "\(path).group"
    if case .object(let groupMembers) = groupValue,
      let kindValue = groupMembers.first(where: { $0.key == "kind" })?.value
    {
      _ = try kind(kindValue, "\(groupPath).kind", ["group"])
    }
    var section = LayoutSection(group: try group(groupValue, groupPath))
    if let insets = members["contentInsets"] {
      section.contentInsets = try self.insets(insets, "\(path).contentInsets")
    }
    if let spacing = members["interGroupSpacing"] {
      section.interGroupSpacing = try length(spacing, "\(path).interGroupSpacing")
    }
    if let behavior = members["orthogonalScrollingBehavior"] {
      section.orthogonalScrollingBehavior = try choice(
        behavior,
        "\(path).orthogonalScrollingBehavior",
        as: OrthogonalScrollingBehavior.self
      )
    }
    section.boundarySupplementaryItems = try boundaryItems(
      members["boundarySupplementaryItems"],
      "\(path).boundarySupplementaryItems"
    )
    if let follows = members["supplementariesFollowContentInsets"] {
      section.supplementariesFollowContentInsets = try bool(
        follows,
        "\(path).supplementariesFollowContentInsets"
      )
    }
    if let list = members["decorationItems"] {
      let listPath = "\(path).decorationItems"
      for (offset, element) in try array(list, listPath).enumerated() {
        section.decorationItems.append(try decorationItem(element, "\(listPath)[\(offset)]"))
      }
    }
    if let reference = members["contentInsetsReference"] {
      section.contentInsetsReference = try choice(
        reference,
        "\(path).contentInsetsReference",
        as: ContentInsetsReference.self
      )
    }
    return section
  }
}
