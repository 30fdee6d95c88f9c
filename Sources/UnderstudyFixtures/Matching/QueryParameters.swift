import UnderstudySupport
/// Decoded query parameters, in request order, with repeated names kept.
///
/// `+` decodes to a space and `%XX` sequences to UTF-8, so `term=caf%C3%A9+bar`,
/// `term=café%20bar` and `term=caf%c3%a9%20bar` are the same value.
package struct QueryParameters: Sendable, Equatable {
    /// The parameters in order, decoded. Requests carry a handful of parameters, so lookups
    /// scan this list: cheaper per request than building a dictionary of arrays.
    public let pairs: [(name: String, value: String)]

    /// Parses a raw (still encoded) query string, without the `?`.
    public init<S: StringProtocol>(parsing query: S) {
        var pairs: [(name: String, value: String)] = []
        // One pass over the bytes: this runs for every request the server answers.
        query.withContiguousUTF8 { Self.parse($0, into: &pairs) }
        self.pairs = pairs
    }

    /// Parses a raw query from its bytes, without the `?`.
    package init(parsing bytes: UnsafeBufferPointer<UInt8>) {
        var pairs: [(name: String, value: String)] = []
        Self.parse(bytes, into: &pairs)
        self.pairs = pairs
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, into pairs: inout [(name: String, value: String)]) {
        // Room for every pair at once rather than growing the array as they come.
        var separators = 0
        for byte in bytes where byte == UInt8(ascii: "&") { separators += 1 }
        pairs.reserveCapacity(separators + 1)
        var start = 0
        while start < bytes.count {
            var end = start
            var equals = -1
            while end < bytes.count && bytes[end] != UInt8(ascii: "&") {
                if equals < 0 && bytes[end] == UInt8(ascii: "=") { equals = end }
                end += 1
            }
            if end > start {
                let nameEnd = equals < 0 ? end : equals
                let valueStart = equals < 0 ? end : equals + 1
                pairs.append((
                    PercentDecoding.decode(UnsafeBufferPointer(rebasing: bytes[start..<nameEnd]), plusAsSpace: true),
                    PercentDecoding.decode(UnsafeBufferPointer(rebasing: bytes[valueStart..<end]), plusAsSpace: true)))
            }
            start = end + 1
        }
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
        singlePosition(of: name).map { pairs[$0].value }
    }

    /// Whether `name` occurs exactly once, with the value `expected`: `singleValue(name) ==
    /// expected` without copying the value out.
    package func hasSingleValue(_ name: String, equalTo expected: String) -> Bool {
        singlePosition(of: name).map { pairs[$0].value == expected } ?? false
    }

    /// Where `name`'s one pair is; `nil` when absent or repeated. Pairs are read in place by
    /// index: iterating copied each pair's two strings for every condition checked.
    private func singlePosition(of name: String) -> Int? {
        var found: Int?
        for index in pairs.indices where pairs[index].name == name {
            if found != nil { return nil }
            found = index
        }
        return found
    }

    /// Whether `name` occurs at all.
    public func contains(_ name: String) -> Bool {
        for index in pairs.indices where pairs[index].name == name { return true }
        return false
    }

    /// The distinct names present, in order of first appearance.
    public var names: [String] {
        var seen = Set<String>()
        return pairs.compactMap { seen.insert($0.name).inserted ? $0.name : nil }
    }

    /// Every name with its values in order, in one pass: for code that visits every name
    /// (`values(_:)` per name would cost the square of the parameter count).
    public var valuesByName: [String: [String]] {
        var grouped: [String: [String]] = [:]
        for pair in pairs { grouped[pair.name, default: []].append(pair.value) }
        return grouped
    }

    public static func == (lhs: QueryParameters, rhs: QueryParameters) -> Bool {
        lhs.valuesByName == rhs.valuesByName
    }
}

/// Percent-decoding that never fails: an invalid escape is kept as written, and invalid
/// UTF-8 is repaired, because a fake server must answer (with a miss) rather than reject.
package enum PercentDecoding {
    package static func decode<S: StringProtocol>(_ text: S, plusAsSpace: Bool) -> String {
        text.withContiguousUTF8 { decode($0, plusAsSpace: plusAsSpace) }
    }

    package static func decode(_ bytes: UnsafeBufferPointer<UInt8>, plusAsSpace: Bool) -> String {
        guard bytes.contains(where: { $0 == UInt8(ascii: "%") || (plusAsSpace && $0 == UInt8(ascii: "+")) }) else {
            return String(decoding: bytes, as: UTF8.self)
        }
        // Decoded straight into the string's storage (decoding never lengthens), which repairs
        // invalid UTF-8 as `String(decoding:as:)` does.
        return String(unsafeUninitializedCapacity: bytes.count) { decoded in
            var count = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "+") && plusAsSpace {
                    decoded[count] = 0x20
                } else if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
                    let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
                {
                    decoded[count] = high << 4 | low
                    index += 2
                } else {
                    decoded[count] = byte
                }
                count += 1
                index += 1
            }
            return count
        }
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
