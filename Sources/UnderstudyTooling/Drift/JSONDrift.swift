import UnderstudyJSON
import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport
/// A structural difference between two JSON documents, at a JSON pointer.
package struct DriftChange: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// A member the old document never had.
        case added
        /// A member the new document no longer has.
        case removed
        /// A value whose types changed (`number` → `string`, `object` → `null|object`).
        case retyped
    }

    public let kind: Kind
    /// Where: an RFC 6901 pointer in which `*` stands for every element of an array
    /// (`/businesses/*/price`).
    public let pointer: String
    /// The types before (`removed`, `retyped`) and after (`added`, `retyped`), `|`-joined.
    public let before: String?
    public let after: String?

    public var description: String {
        switch kind {
        case .added: "added \(pointer) (\(after ?? ""))"
        case .removed: "removed \(pointer) (\(before ?? ""))"
        case .retyped: "retyped \(pointer): \(before ?? "") → \(after ?? "")"
        }
    }
}

/// Compares the structure of two JSON documents: which members were added or removed, and
/// which values changed type, by JSON pointer. Values themselves are not compared.
///
/// Arrays are compared by the union shape of their elements: every element of an array is
/// merged into one shape (`/businesses/*`), whose members are those any element has. So a
/// result list that is longer, shorter or reordered is no drift, while a field that appears
/// on some business for the first time, or vanishes from all of them, is. An empty array says
/// nothing about its elements, so it is never compared with a full one element-wise.
package enum JSONDrift {
    /// The changes from `old` to `new`, sorted by pointer. Below an added or removed member,
    /// nothing more is listed.
    public static func changes(from old: JSONValue, to new: JSONValue) -> [DriftChange] {
        var changes: [DriftChange] = []
        compare(Shape(old), Shape(new), at: "", into: &changes)
        return changes.sorted { ($0.pointer, $0.kind.rawValue) < ($1.pointer, $1.kind.rawValue) }
    }

    private static func compare(_ old: Shape, _ new: Shape, at pointer: String, into changes: inout [DriftChange]) {
        if old.types != new.types {
            changes.append(DriftChange(kind: .retyped, pointer: pointer.isEmpty ? "/" : pointer, before: old.typeList, after: new.typeList))
        }
        if old.types.contains("object") && new.types.contains("object") {
            for name in Set(old.members.keys).union(new.members.keys).sorted() {
                let child = JSONPointer.appending(name, to: pointer)
                switch (old.members[name], new.members[name]) {
                case (let before?, let after?): compare(before, after, at: child, into: &changes)
                case (let before?, nil): changes.append(DriftChange(kind: .removed, pointer: child, before: before.typeList, after: nil))
                case (nil, let after?): changes.append(DriftChange(kind: .added, pointer: child, before: nil, after: after.typeList))
                case (nil, nil): break
                }
            }
        }
        if let before = old.elements, let after = new.elements {
            compare(before, after, at: pointer + "/*", into: &changes)
        }
    }

    /// The union of the shapes of one or more JSON values.
    final class Shape {
        var types: Set<String> = []
        var members: [String: Shape] = [:]
        /// The union of every element of every array seen here; `nil` until a non-empty one is.
        var elements: Shape?

        init() {}

        convenience init(_ value: JSONValue) {
            self.init()
            merge(value)
        }

        var typeList: String { types.sorted().joined(separator: "|") }

        func merge(_ value: JSONValue) {
            switch value {
            case .null: types.insert("null")
            case .bool: types.insert("boolean")
            case .number: types.insert("number")
            case .string: types.insert("string")
            case .array(let values):
                types.insert("array")
                for element in values {
                    if elements == nil { elements = Shape() }
                    elements!.merge(element)
                }
            case .object(let values):
                types.insert("object")
                for (name, member) in values {
                    if members[name] == nil { members[name] = Shape() }
                    members[name]!.merge(member)
                }
            }
        }
    }
}
