/// A section's container and insets split into scroll-axis (`S`) and cross-axis (`C`)
/// parts (2.3, 5.6).
struct SectionAxes {
  let sectionPreS: Double
  let sectionPostS: Double
  let sectionPreC: Double
  let sectionPostC: Double
  /// The content insets reference's insets on the cross axis.
  let referencePreC: Double
  let referencePostC: Double
  /// The container's length across the scroll axis.
  let lengthC: Double
  /// Whether the section scrolls orthogonally to the layout.
  let orthogonal: Bool
  /// The section container (2.3): the section's insets count on its cross axis only.
  let effectiveC: Double
  let effectiveWidth: Double
  let effectiveHeight: Double
  /// Where the section's boundary items start and how long they are across the scroll axis.
  let supplementaryCrossOrigin: Double
  let supplementaryCrossLength: Double

  /// Validates the section's insets and spacing, then splits them along the layout's axes.
  init(layout: LayoutSolver, section: LayoutSection, path: LayoutElementPath) throws(LayoutError) {
    let vertical = layout.vertical
    let insets = section.contentInsets
    guard insets.isFinite else {
      throw .invalidInsets(path: path, reason: "content insets must be finite numbers")
    }
    guard section.interGroupSpacing.isFinite, section.interGroupSpacing >= 0 else {
      throw .invalidSpacing(path: path, value: section.interGroupSpacing)
    }
    let reference = Self.reference(of: section, in: layout)
    sectionPreS = vertical ? insets.top : insets.leading
    sectionPostS = vertical ? insets.bottom : insets.trailing
    sectionPreC = vertical ? insets.leading : insets.top
    sectionPostC = vertical ? insets.trailing : insets.bottom
    referencePreC = vertical ? reference.leading : reference.top
    referencePostC = vertical ? reference.trailing : reference.bottom
    let lengthS = vertical ? layout.height : layout.width
    lengthC = vertical ? layout.width : layout.height
    orthogonal = section.orthogonalScrollingBehavior != .none
    var effectiveS = lengthS
    var effectiveC = lengthC - referencePreC - referencePostC
    if orthogonal {
      effectiveS -= sectionPreS + sectionPostS
    } else {
      effectiveC -= sectionPreC + sectionPostC
    }
    self.effectiveC = effectiveC
    effectiveWidth = vertical ? effectiveC : effectiveS
    effectiveHeight = vertical ? effectiveS : effectiveC
    guard effectiveWidth >= 0, effectiveHeight >= 0 else {
      throw .negativeEffectiveSize(path: path, width: effectiveWidth, height: effectiveHeight)
    }
    let follows = section.supplementariesFollowContentInsets
    supplementaryCrossOrigin = referencePreC + (follows ? sectionPreC : 0)
    supplementaryCrossLength =
      lengthC - referencePreC - referencePostC - (follows ? sectionPreC + sectionPostC : 0)
  }

  /// The insets of the section's content insets reference.
  private static func reference(
    of section: LayoutSection,
    in layout: LayoutSolver
  ) -> DirectionalEdgeInsets {
    let environment = layout.environment
    if section.contentInsetsReference == .automatic {
      return environment.container.contentInsets
    }
    return LayoutSolver.crossInsets(
      environment.insets(for: section.contentInsetsReference),
      vertical: layout.vertical
    )
  }
}

/// A group template root's edges and slot lengths in scroll-axis (`S`) and cross-axis (`C`)
/// terms.
struct RootEdges {
  let preS: ResolvedEdge
  let postS: ResolvedEdge
  let preC: ResolvedEdge
  let postC: ResolvedEdge
  let lengthS: Double
  let lengthC: Double

  init(_ root: TemplateNode, vertical: Bool) {
    preS = vertical ? root.top : root.leading
    postS = vertical ? root.bottom : root.trailing
    preC = vertical ? root.leading : root.top
    postC = vertical ? root.trailing : root.bottom
    lengthS = vertical ? root.height : root.width
    lengthC = vertical ? root.width : root.height
  }
}
