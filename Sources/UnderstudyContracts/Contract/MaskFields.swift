import UnderstudyJSON

/// The fields an operation's answer can hold, read from its 200 schema: what a field mask may
/// name. Objects give their `properties` (and those of `allOf`/`anyOf`/`oneOf` members), arrays
/// their items' (a mask path passes through arrays); a schema that lists no properties but
/// allows any (a free-form map) holds any path below it.
package final class MaskFields: Sendable {
    /// The members this level names, by name.
    package let members: [String: MaskFields]
    /// Whether any path below this level is allowed (free-form, or deeper than is read).
    package let open: Bool

    private init(members: [String: MaskFields], open: Bool) {
        self.members = members
        self.open = open
    }

    /// How deep a schema is read; below, every path is allowed (schemas may be recursive).
    static let maximumDepth = 12

    /// The fields `schema` (a schema as written, `$ref`s into `document`) describes.
    package convenience init(schema: JSONValue, document: JSONValue) {
        self.init(schema, document: document, depth: 0)
    }

    private convenience init(_ schema: JSONValue, document: JSONValue, depth: Int) {
        guard depth < Self.maximumDepth else {
            self.init(members: [:], open: true)
            return
        }
        var members: [String: MaskFields] = [:]
        var open = false
        var scalar = false
        for part in Self.parts(of: schema.dereferenced(in: document), document: document) {
            if let items = part["items"] {
                let inner = MaskFields(items, document: document, depth: depth + 1)
                members.merge(inner.members) { first, _ in first }
                open = open || inner.open
                continue
            }
            if let properties = part["properties"]?.objectValue {
                for (name, property) in properties where members[name] == nil {
                    members[name] = MaskFields(property, document: document, depth: depth + 1)
                }
            }
            if part["properties"] == nil, part["type"] == nil || PackDecoder.types(of: part).contains("object") {
                // No properties named: a map (`additionalProperties`) or a schema that says nothing.
                if part["additionalProperties"] != .bool(false) { open = true }
            } else if part["properties"] == nil {
                scalar = true
            }
        }
        self.init(members: members, open: open && members.isEmpty && !scalar)
    }

    /// The schema and the members of its `allOf`, `anyOf` and `oneOf`, dereferenced.
    private static func parts(of schema: JSONValue, document: JSONValue) -> [JSONValue] {
        var parts = [schema]
        for keyword in ["allOf", "anyOf", "oneOf"] {
            for member in schema[keyword]?.arrayValue ?? [] { parts.append(member.dereferenced(in: document)) }
        }
        return parts
    }

    /// The first path of `mask` the answer cannot hold, as written (`places.displayNam`); `nil`
    /// when every path names fields of the answer. `*` is allowed at the end of a path.
    package func unknownPath(in mask: FieldMask) -> String? {
        // Sorted only when there is one to report: the first in the mask's one spelling.
        mask.segmentedPaths.filter { !holds($0[...]) }.map { $0.joined(separator: ".") }.min()
    }

    private func holds(_ path: ArraySlice<String>) -> Bool {
        guard let first = path.first else { return true }
        if first == "*" { return path.count == 1 }
        if open { return true }
        guard let member = members[first] else { return false }
        return member.holds(path.dropFirst())
    }
}
