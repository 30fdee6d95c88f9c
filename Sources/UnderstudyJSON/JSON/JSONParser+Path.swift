import UnderstudySupport
extension JSONParser {
    /// The JSON path of the value starting at byte `end`, found by re-reading the document up to
    /// there. Only an error needs it, so parsing itself tracks no path.
    package static func path(in bytes: UnsafeBufferPointer<UInt8>, upTo end: Int) -> JSONPath {
        // Each open container: whether it is an object, its current member name or element index.
        var open: [(isObject: Bool, key: String?, index: Int)] = []
        var index = 0
        while index < Swift.min(end, bytes.count) {
            switch bytes[index] {
            case UInt8(ascii: "{"): open.append((true, nil, 0))
            case UInt8(ascii: "["): open.append((false, nil, 0))
            case UInt8(ascii: "}"), UInt8(ascii: "]"): if !open.isEmpty { open.removeLast() }
            case UInt8(ascii: ","): if let last = open.indices.last, !open[last].isObject { open[last].index += 1 }
            case UInt8(ascii: "\""):
                let start = index
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") { index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1 }
                // A string right after `{` or `,` in an object is a member name; it stays current
                // until the next one.
                if let last = open.indices.last, open[last].isObject, isMemberName(bytes, after: index) {
                    let quoted = UnsafeBufferPointer(rebasing: bytes[start..<Swift.min(index + 1, bytes.count)])
                    open[last].key = (try? JSONParser.parse(quoted))?.stringValue ?? String(decoding: quoted.dropFirst().dropLast(), as: UTF8.self)
                }
            default: break
            }
            index += 1
        }
        var path = JSONPath.root
        for container in open { path = container.isObject ? path.appending(container.key ?? "") : path.appending(index: container.index) }
        return path
    }

    /// Whether the string ending at `close` is followed by `:` (after whitespace).
    private static func isMemberName(_ bytes: UnsafeBufferPointer<UInt8>, after close: Int) -> Bool {
        var index = close + 1
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        return index < bytes.count && bytes[index] == UInt8(ascii: ":")
    }
}
