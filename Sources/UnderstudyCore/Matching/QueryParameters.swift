/// Decoded query parameters, in request order, with repeated names kept.
///
/// `+` decodes to a space and `%XX` sequences to UTF-8, so `term=caf%C3%A9+bar`,
/// `term=café%20bar` and `term=caf%c3%a9%20bar` are the same value.
public struct QueryParameters: Sendable, Equatable {
    /// The parameters in order, decoded. Requests carry a handful of parameters, so lookups
    /// scan this list: cheaper per request than building a dictionary of arrays.
    public let pairs: [(name: String, value: String)]

    /// Parses a raw (still encoded) query string, without the `?`.
    public init<S: StringProtocol>(parsing query: S) {
        var pairs: [(name: String, value: String)] = []
        for component in query.split(separator: "&", omittingEmptySubsequences: true) {
            let equals = component.firstIndex(of: "=")
            let rawName = equals.map { component[..<$0] } ?? component[...]
            let rawValue = equals.map { component[component.index(after: $0)...] } ?? ""
            pairs.append((PercentDecoding.decode(rawName, plusAsSpace: true), PercentDecoding.decode(rawValue, plusAsSpace: true)))
        }
        self.pairs = pairs
    }

    /// Builds parameters from decoded pairs.
    public init(pairs: [(name: String, value: String)]) {
        self.pairs = pairs
    }

    /// Every value of `name`, in order; empty when the parameter is absent.
    public func values(_ name: String) -> [String] {
        pairs.compactMap { $0.name == name ? $0.value : nil }
    }

    /// The value of `name` when it occurs exactly once; `nil` when absent or repeated.
    public func singleValue(_ name: String) -> String? {
        var found: String?
        for pair in pairs where pair.name == name {
            if found != nil { return nil }
            found = pair.value
        }
        return found
    }

    /// Whether `name` occurs at all.
    public func contains(_ name: String) -> Bool { pairs.contains { $0.name == name } }

    /// The distinct names present, in order of first appearance.
    public var names: [String] {
        var seen = Set<String>()
        return pairs.compactMap { seen.insert($0.name).inserted ? $0.name : nil }
    }

    public static func == (lhs: QueryParameters, rhs: QueryParameters) -> Bool {
        Set(lhs.names) == Set(rhs.names) && lhs.names.allSatisfy { lhs.values($0) == rhs.values($0) }
    }
}

/// Percent-decoding that never fails: an invalid escape is kept as written, and invalid
/// UTF-8 is repaired, because a fake server must answer (with a miss) rather than reject.
enum PercentDecoding {
    static func decode<S: StringProtocol>(_ text: S, plusAsSpace: Bool) -> String {
        let utf8 = text.utf8
        guard utf8.contains(where: { $0 == UInt8(ascii: "%") || (plusAsSpace && $0 == UInt8(ascii: "+")) }) else {
            return String(text)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "+") && plusAsSpace {
                bytes.append(0x20)
            } else if byte == UInt8(ascii: "%"),
                let high = utf8.index(index, offsetBy: 1, limitedBy: utf8.endIndex), high != utf8.endIndex,
                let low = utf8.index(high, offsetBy: 1, limitedBy: utf8.endIndex), low != utf8.endIndex,
                let h = hexValue(utf8[high]), let l = hexValue(utf8[low])
            {
                bytes.append(h << 4 | l)
                index = low
            } else {
                bytes.append(byte)
            }
            index = utf8.index(after: index)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
