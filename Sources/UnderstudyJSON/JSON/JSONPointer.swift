import Foundation
import UnderstudySupport

extension JSONValue {
    /// The value at an RFC 6901 JSON pointer (`""` is the whole document, `/a/0/b~1c` is a
    /// member `b/c` of the first element of `a`).
    package func at(pointer: String) -> JSONValue? {
        guard !pointer.isEmpty else { return self }
        var current = self
        for token in pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            let key = JSONPointer.unescape(token)
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

/// Building RFC 6901 pointers, for the places that report where a value sits.
package enum JSONPointer {
    /// `pointer` extended by one member name or index, escaped (`~` → `~0`, `/` → `~1`).
    package static func appending(_ token: String, to pointer: String) -> String {
        pointer + "/" + escape(token)
    }

    /// `token` escaped for use in a pointer; names without `~` or `/` are returned as they are.
    /// Byte by byte: Foundation's `replacingOccurrences` (through `NSString` and ICU) was a
    /// third of loading the contracts, for every OpenAPI path (`/v3/businesses/{id}`) named in
    /// a pointer.
    package static func escape(_ token: String) -> String {
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return token }
        var escaped: [UInt8] = []
        escaped.reserveCapacity(token.utf8.count + 8)
        for byte in token.utf8 {
            switch byte {
            case UInt8(ascii: "~"): escaped += [UInt8(ascii: "~"), UInt8(ascii: "0")]
            case UInt8(ascii: "/"): escaped += [UInt8(ascii: "~"), UInt8(ascii: "1")]
            default: escaped.append(byte)
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }

    /// One pointer token unescaped: `~1` → `/` and `~0` → `~`, in one pass from the left, which
    /// is what RFC 6901's order (`~1` first, then `~0`) gives (`~01` is `~1`, not `/`). A `~`
    /// followed by anything else stays as it is.
    package static func unescape(_ token: Substring) -> String {
        guard token.utf8.contains(UInt8(ascii: "~")) else { return String(token) }
        let bytes = Array(token.utf8)
        var unescaped: [UInt8] = []
        unescaped.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "~"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "0") || bytes[index + 1] == UInt8(ascii: "1") {
                unescaped.append(bytes[index + 1] == UInt8(ascii: "0") ? UInt8(ascii: "~") : UInt8(ascii: "/"))
                index += 2
            } else {
                unescaped.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: unescaped, as: UTF8.self)
    }

    /// The pointer of a URI fragment reference (`#/components/schemas/Business` → `/components/schemas/Business`),
    /// percent-decoded.
    package static func fromFragment(_ reference: String) -> String {
        let fragment = reference.hasPrefix("#") ? String(reference.dropFirst()) : reference
        return percentDecoded(fragment) ?? fragment
    }

    /// `fragment` percent-decoded; `nil` when its percent-encoding is invalid. Most fragments
    /// have nothing to decode, and Foundation's decoding goes through `NSString`.
    package static func percentDecoded(_ fragment: String) -> String? {
        fragment.utf8.contains(UInt8(ascii: "%")) ? fragment.removingPercentEncoding : fragment
    }
}

extension JSONValue {
    /// A copy with the value at `pointer` replaced by `value`, creating missing object members
    /// on the way; `nil` when the pointer runs through a non-container or past an array's end.
    package func setting(pointer: String, to value: JSONValue) -> JSONValue? {
        guard !pointer.isEmpty else { return value }
        let tokens = pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map(JSONPointer.unescape)
        return setting(tokens[...], to: value)
    }

    private func setting(_ tokens: ArraySlice<String>, to value: JSONValue) -> JSONValue? {
        guard let token = tokens.first else { return value }
        switch self {
        case .object(var members):
            guard let child = (members[token] ?? (tokens.count > 1 ? .object([:]) : .null)).setting(tokens.dropFirst(), to: value) else { return nil }
            members[token] = child
            return .object(members)
        case .array(var elements):
            guard let index = Int(token), elements.indices.contains(index), let child = elements[index].setting(tokens.dropFirst(), to: value) else { return nil }
            elements[index] = child
            return .array(elements)
        default:
            return nil
        }
    }
}

extension JSONValue {
    /// The value a chain of local `$ref`s (`#/components/schemas/X`) in `document` ends at
    /// (32 hops at most, then the last one reached); the value itself when it is no reference.
    package func dereferenced(in document: JSONValue) -> JSONValue {
        var current = self
        for _ in 0..<32 {
            guard let reference = current["$ref"]?.stringValue, let target = document.at(pointer: JSONPointer.fromFragment(reference)) else { return current }
            current = target
        }
        return current
    }

    /// A copy without the member at `pointer`; unchanged when there is none.
    package func removing(pointer: String) -> JSONValue {
        guard let slash = pointer.lastIndex(of: "/") else { return self }
        let parentPointer = String(pointer[..<slash])
        let name = JSONPointer.unescape(pointer[pointer.index(after: slash)...])
        guard case .object(var members)? = at(pointer: parentPointer), members[name] != nil else { return self }
        members[name] = nil
        return setting(pointer: parentPointer, to: .object(members)) ?? self
    }
}
