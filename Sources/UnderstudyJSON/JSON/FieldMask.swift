import Foundation

/// A field mask as Google's APIs take it (`X-Goog-FieldMask`, `$fields`): comma-separated
/// dotted paths into the answer (`places.displayName.text`), `*` for every field. Arrays are
/// transparent: a path names the member in each element. Order, spacing and repetition of the
/// paths mean nothing, so two masks are equal when they name the same paths.
package struct FieldMask: Sendable, Hashable, CustomStringConvertible {
    /// The paths as written (dotted), sorted and each once: the mask's one spelling. A path of
    /// `*` (or ending in `.*`) asks for everything at its place.
    package let paths: [String]

    /// The mask `text` spells; `nil` when it names no path (empty, or only commas and spaces).
    package init?(_ text: String) {
        var paths: [String] = []
        for piece in text.utf8.split(separator: UInt8(ascii: ",")) {
            // Spaces and tabs around a path mean nothing (read on bytes: Foundation's trimming
            // was a fifth of answering a masked search, and a mask is read several times a request).
            var start = piece.startIndex, end = piece.endIndex
            while start < end, piece[start] == UInt8(ascii: " ") || piece[start] == UInt8(ascii: "\t") { start = piece.index(after: start) }
            while end > start, piece[piece.index(before: end)] == UInt8(ascii: " ") || piece[piece.index(before: end)] == UInt8(ascii: "\t") {
                end = piece.index(before: end)
            }
            guard start < end else { continue }
            paths.append(String(decoding: piece[start..<end], as: UTF8.self))
        }
        guard !paths.isEmpty else { return nil }
        paths.sort()
        self.paths = paths.count == 1 ? paths : paths.enumerated().filter { $0.offset == 0 || paths[$0.offset - 1] != $0.element }.map(\.element)
    }

    /// The mask `*`.
    package static let everything = FieldMask("*")!

    /// Whether the mask asks for every field (`*`).
    package var isEverything: Bool { paths.contains("*") }

    /// The paths joined again: the mask's one spelling.
    package var description: String { paths.joined(separator: ",") }

    /// Each path split at its dots.
    package var segmentedPaths: [[String]] {
        paths.map { $0.split(separator: ".", omittingEmptySubsequences: false).map(String.init) }
    }

    /// The paths of this mask that `wider` does not hold, sorted (`[]`: this mask is within it).
    /// A path is held by an equal path, by a path it lies below (`places` holds
    /// `places.displayName.text`) and by a path ending in `*` at or above its place.
    package func paths(outside wider: FieldMask) -> [String] {
        paths.filter { path in !wider.paths.contains { Self.holds($0, path) } }
    }

    /// Whether every path of this mask lies within `wider`.
    package func isWithin(_ wider: FieldMask) -> Bool {
        paths.allSatisfy { path in wider.paths.contains { Self.holds($0, path) } }
    }

    /// Whether dotted path `outer` holds `inner`: equal, an ancestor, or a `*` at or above it.
    private static func holds(_ outer: String, _ inner: String) -> Bool {
        if outer == "*" || outer == inner { return true }
        // The prefix on bytes: masks are ASCII, and `String`'s prefix and count are Unicode-aware (slow).
        let outerBytes = outer.utf8, innerBytes = inner.utf8
        if outerBytes.last == UInt8(ascii: "*"), outerBytes.dropLast().last == UInt8(ascii: ".") { return innerBytes.starts(with: outerBytes.dropLast()) }
        return innerBytes.count > outerBytes.count && innerBytes.dropFirst(outerBytes.count).first == UInt8(ascii: ".") && innerBytes.starts(with: outerBytes)
    }

    /// `value` with only the fields the mask asks for: members of objects at every depth, in
    /// each element of arrays. A member the value lacks stays absent, and an object left
    /// without members is left out, as the provider omits unset fields.
    package func pruning(_ value: JSONValue) -> JSONValue {
        Self.prune(value, with: Node(segmentedPaths)) ?? .object([:])
    }

    /// The paths as a tree of member names; `whole` where a path ends (everything below is kept).
    private struct Node {
        var whole = false
        var children: [String: Node] = [:]

        init(_ paths: [[String]]) {
            for path in paths { insert(path[...]) }
        }

        private init() {}

        private mutating func insert(_ path: ArraySlice<String>) {
            guard let first = path.first, first != "*" else {
                whole = true
                return
            }
            var child = children[first] ?? Node()
            child.insert(path.dropFirst())
            children[first] = child
        }
    }

    private static func prune(_ value: JSONValue, with node: Node) -> JSONValue? {
        if node.whole { return value }
        switch value {
        case .array(let elements):
            return .array(elements.map { prune($0, with: node) ?? .object([:]) })
        case .object(let members):
            var kept: [String: JSONValue] = [:]
            for (name, child) in node.children {
                guard let member = members[name], let pruned = prune(member, with: child) else { continue }
                kept[name] = pruned
            }
            return kept.isEmpty ? nil : .object(kept)
        default:
            // A scalar where the mask goes deeper: the path asks for members it cannot have.
            return nil
        }
    }
}
