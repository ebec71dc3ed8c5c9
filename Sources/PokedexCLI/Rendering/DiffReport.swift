import JSONCore
import PokedexKit

/// Renders a ``DexComparison`` as a human summary or as JSON.
///
/// The JSON schema (documented in Guides/Diffing.md) is deterministic: keys in
/// a fixed order, entries in snapshot order, one entry per line.
struct DiffReport {
  let comparison: DexComparison

  init(_ comparison: DexComparison) { self.comparison = comparison }

  /// A counts line, then the Added, Removed, Moved, Changed and Tables
  /// sections with at most `limit` entries each (and `limit` fields per
  /// changed Pokémon); the rest is summed up as "... and N more".
  func text(limit: Int) -> String {
    let c = comparison
    let counts = "\(c.oldCount) -> \(c.newCount) Pokémon"
    guard !c.isIdentical else { return "identical: \(c.newCount) Pokémon, same tables\n" }
    var lines = [
      "\(counts): \(c.added.count) added, \(c.removed.count) removed, \(c.moved.count) moved, "
        + "\(c.changed.count) changed; \(plural(c.tableChanges.count, "table change"))"
    ]
    func section<Element>(_ title: String, _ entries: [Element], _ render: (Element) -> [String]) {
      guard !entries.isEmpty else { return }
      lines.append("\(title) (\(entries.count)):")
      for entry in entries.prefix(limit) { lines += render(entry) }
      if entries.count > limit { lines.append("  ... and \(entries.count - limit) more") }
    }
    section("Added", c.added) { ["  + \(label($0.id, $0.slug))  \(place($0.location))"] }
    section("Removed", c.removed) { ["  - \(label($0.id, $0.slug))  \(place($0.location))"] }
    section("Moved", c.moved) {
      ["  ~ \(label($0.id, $0.slug))  \(place($0.from)) -> \(place($0.to))"]
    }
    section("Changed", c.changed) { change in
      var block = ["  * \(label(change.id, change.slug))  \(place(change.location))"]
      block += change.fields.prefix(limit).map { "      \($0)" }
      if change.fields.count > limit {
        block.append("      ... and \(change.fields.count - limit) more")
      }
      return block
    }
    section("Tables", c.tableChanges) { ["  \($0)"] }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Every change as JSON.
  func json() -> String {
    let c = comparison
    var out = "{\n"
    out += "  \"identical\": \(c.isIdentical),\n"
    out += "  \"pokemon\": {\"old\": \(c.oldCount), \"new\": \(c.newCount)},\n"
    out +=
      "  \"counts\": {\"added\": \(c.added.count), \"removed\": \(c.removed.count), "
      + "\"moved\": \(c.moved.count), \"changed\": \(c.changed.count), "
      + "\"tables\": \(c.tableChanges.count)},\n"
    func array<Element>(
      _ key: String,
      _ entries: [Element],
      last: Bool = false,
      _ render: (Element) -> String
    ) {
      out += "  \(Self.string(key)): ["
      if !entries.isEmpty {
        out += "\n" + entries.map { "    " + render($0) }.joined(separator: ",\n") + "\n  "
      }
      out += last ? "]\n" : "],\n"
    }
    array("added", c.added) { "{\(identity($0.id, $0.slug)), \(location($0.location))}" }
    array("removed", c.removed) { "{\(identity($0.id, $0.slug)), \(location($0.location))}" }
    array("moved", c.moved) {
      "{\(identity($0.id, $0.slug)), \"from\": {\(location($0.from))}, \"to\": {\(location($0.to))}}"
    }
    array("changed", c.changed) { change in
      "{\(identity(change.id, change.slug)), \(location(change.location)), \"fields\": [\n"
        + change.fields.map { "      " + field($0) }.joined(separator: ",\n") + "\n    ]}"
    }
    array("tables", c.tableChanges, last: true) { field($0) }
    return out + "}\n"
  }

  // MARK: - Text pieces

  private func label(_ id: Int, _ slug: String) -> String { "\(id) \(slug)" }

  private func place(_ location: DexComparison.Location) -> String {
    location.index < 0
      ? "generation \(location.generation)"
      : "generation \(location.generation), position \(location.index + 1)"
  }

  private func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }

  // MARK: - JSON pieces

  private func identity(_ id: Int, _ slug: String) -> String {
    "\"id\": \(id), \"slug\": \(Self.string(slug))"
  }

  private func location(_ location: DexComparison.Location) -> String {
    "\"generation\": \(location.generation), \"index\": \(location.index)"
  }

  private func field(_ change: FieldChange) -> String {
    "{\"path\": \(Self.string(change.path)), \"old\": \(Self.value(change.old)), \"new\": \(Self.value(change.new))}"
  }

  static func value(_ value: FieldValue) -> String {
    switch value {
    case .absent: "null"
    case .bool(let flag): flag ? "true" : "false"
    case .integer(let number): String(number)
    case .number(let number): number.isFinite ? value.description : "null"
    case .string(let text): string(text)
    case .list(let items): "[" + items.map(string).joined(separator: ", ") + "]"
    }
  }

  /// A JSON string literal: `"`, `\` and control characters escaped.
  static func string(_ text: String) -> String { JSONOutput.quoted(text) }
}
