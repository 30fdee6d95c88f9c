/// Where a value sits inside a JSON document, written as `$.request.query.term` or `$.responses[1]`.
///
/// Every fixture error carries one, so a message can say exactly which member was wrong.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    private var components: [Component]

    private enum Component: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    /// The document root, `$`.
    public static let root = JSONPath(components: [])

    /// The path of member `key` below this one.
    public func appending(_ key: String) -> JSONPath {
        JSONPath(components: components + [.key(key)])
    }

    /// The path of element `index` below this one.
    public func appending(index: Int) -> JSONPath {
        JSONPath(components: components + [.index(index)])
    }

    public var description: String {
        var text = "$"
        for component in components {
            switch component {
            case .key(let key):
                if key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) && !key.isEmpty {
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
}
