import Foundation

extension JSONValue {
    /// The value at an RFC 6901 JSON pointer (`""` is the whole document, `/a/0/b~1c` is a
    /// member `b/c` of the first element of `a`).
    func at(pointer: String) -> JSONValue? {
        guard !pointer.isEmpty else { return self }
        var current = self
        for token in pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            switch current {
            case .object(let members):
                guard let next = members[key] else { return nil }
                current = next
            case .array(let elements):
                guard let index = Int(key), elements.indices.contains(index) else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }
}
