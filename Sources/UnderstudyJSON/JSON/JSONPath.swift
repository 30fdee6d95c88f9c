import Foundation
import UnderstudySupport

/// Where a value sits inside a JSON document, written as `$.request.query.term` or `$.responses[1]`.
///
/// Every fixture error carries one, so a message can say exactly which member was wrong.
/// A path is a chain of links to its parent, and its last component held by value: the
/// decoder makes a path for every member it visits, and nearly all of them are leaves no
/// error ever names, so appending allocates only when it makes a path longer than one more
/// component, never a copy of the whole path.
package struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// The components before `last`, or all of them when `last` is `nil`.
    private let parent: Link?
    /// The last component, held by value; `nil` for the root, or when it is in `parent` (`asParent`).
    private let last: Component?

    private final class Link: Sendable {
        package let parent: Link?
        package let component: Component

        package init(parent: Link?, component: Component) {
            self.parent = parent
            self.component = component
        }
    }

    private enum Component: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    /// The document root, `$`.
    public static let root = JSONPath(parent: nil, last: nil)

    /// The path of member `key` below this one.
    public func appending(_ key: String) -> JSONPath {
        appending(.key(key))
    }

    /// The path of element `index` below this one.
    public func appending(index: Int) -> JSONPath {
        appending(.index(index))
    }

    /// The same path with its last component moved into a link: the members appended to it
    /// then share that link, where each would make one of its own. For a loop over members.
    package var asParent: JSONPath {
        JSONPath(parent: chain, last: nil)
    }

    private func appending(_ component: Component) -> JSONPath {
        JSONPath(parent: chain, last: component)
    }

    /// Every component as links.
    private var chain: Link? {
        last.map { Link(parent: parent, component: $0) } ?? parent
    }

    private var components: [Component] {
        var components = last.map { [$0] } ?? []
        var link = parent
        while let current = link {
            components.append(current.component)
            link = current.parent
        }
        return components.reversed()
    }

    public var description: String {
        var text = "$"
        for component in components {
            switch component {
            case .key(let key):
                if !key.isEmpty && key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
                    text += ".\(key)"
                } else {
                    text += "[\"\(key.replacingOccurrences(of: "\"", with: "\\\""))\"]"
                }
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }

    /// The same place as an RFC 6901 JSON pointer (`/paths/~1me/get`), as schema findings name it.
    public var pointer: String {
        components.map { component in
            switch component {
            case .key(let key): "/" + JSONPointer.escape(key)
            case .index(let index): "/\(index)"
            }
        }.joined()
    }

    public static func == (lhs: JSONPath, rhs: JSONPath) -> Bool { lhs.components == rhs.components }
    public func hash(into hasher: inout Hasher) { hasher.combine(components) }
}
