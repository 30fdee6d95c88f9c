/// An OpenAPI path template (`/v3/businesses/{id}/reviews`, `/bphoto/{photo_id}/{size}.jpg`):
/// unlike a fixture path, a placeholder may share its segment with literal text.
struct ContractPath: Sendable, Hashable {
    enum Segment: Sendable, Hashable {
        case literal(String)
        case parameter(name: String, prefix: String, suffix: String)
    }

    /// The template as written in the contract.
    let text: String
    let segments: [Segment]
    /// Whether the template is plain ASCII (see `isPlain(_:)`), so a plain path is
    /// matched against it byte by byte.
    let isPlain: Bool

    init(text: String, segments: [Segment]) {
        self.text = text
        self.segments = segments
        isPlain = Self.isPlain(text)
    }

    /// How many segments are literal: more literal segments is a more specific path, so
    /// `/me/permissions` wins over `/{id}/permissions`.
    var literalCount: Int { segments.count { if case .literal = $0 { true } else { false } } }

    /// Parses a template; `nil` with a reason when it is malformed.
    static func parse(_ text: String) -> Result<ContractPath, PathPatternError> {
        guard text.hasPrefix("/") else { return .failure(PathPatternError(reason: "must start with '/'")) }
        var segments: [Segment] = []
        for segment in RequestPath.segments(of: text) {
            guard let open = segment.firstIndex(of: "{") else {
                if segment.contains("}") { return .failure(PathPatternError(reason: "'}' without '{' in segment '\(segment)'")) }
                segments.append(.literal(String(segment)))
                continue
            }
            guard let close = segment[open...].firstIndex(of: "}"), segment.index(after: open) < close else {
                return .failure(PathPatternError(reason: "placeholder in segment '\(segment)' is not closed or has no name"))
            }
            let suffix = segment[segment.index(after: close)...]
            guard !suffix.contains("{") else { return .failure(PathPatternError(reason: "segment '\(segment)' has two placeholders")) }
            segments.append(.parameter(name: String(segment[segment.index(after: open)..<close]), prefix: String(segment[..<open]), suffix: String(suffix)))
        }
        return .success(ContractPath(text: text, segments: segments))
    }

    /// The placeholders' values when `path` (decoded) fits the template, else `nil`.
    func match(_ path: String) -> [String: String]? {
        match(segments: RequestPath.segments(of: path))
    }

    /// The same for a path already split into segments (split once, matched against every operation).
    func match(segments parts: [Substring]) -> [String: String]? {
        guard parts.count == segments.count else { return nil }
        var values: [String: String] = [:]
        for (segment, part) in zip(segments, parts) {
            switch segment {
            case .literal(let literal):
                guard part == literal else { return nil }
            case .parameter(let name, let prefix, let suffix):
                guard part.count > prefix.count + suffix.count, part.hasPrefix(prefix), part.hasSuffix(suffix) else { return nil }
                values[name] = String(part.dropFirst(prefix.count).dropLast(suffix.count))
            }
        }
        return values
    }

    /// Whether `text` is ASCII without a carriage return: there every byte is one character
    /// (only CR LF joins two ASCII bytes into one), and characters are equal exactly when their
    /// bytes are, so a path compares byte by byte without splitting it into strings.
    static func isPlain(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 < 0x80 && $0 != 0x0D }
    }

    /// `match(_:)` for a plain `path` against a plain template, without splitting the path:
    /// bytes are characters there, and equal characters are equal bytes.
    func matchPlain(_ path: String) -> [String: String]? {
        var path = path
        return path.withUTF8 { bytes -> [String: String]? in
            guard !bytes.isEmpty else { return segments.isEmpty ? [:] : nil }
            guard !segments.isEmpty else { return nil }
            var values: [String: String] = [:]
            // `RequestPath.segments` drops the empty segment before a leading slash.
            var start = bytes[0] == UInt8(ascii: "/") ? 1 : 0
            for (position, segment) in segments.enumerated() {
                var end = start
                while end < bytes.count && bytes[end] != UInt8(ascii: "/") { end += 1 }
                let part = UnsafeBufferPointer(rebasing: bytes[start..<end])
                switch segment {
                case .literal(let literal):
                    guard part.elementsEqual(literal.utf8) else { return nil }
                case .parameter(let name, let prefix, let suffix):
                    let (prefix, suffix) = (prefix.utf8, suffix.utf8)
                    guard part.count > prefix.count + suffix.count, part.starts(with: prefix), part.reversed().starts(with: suffix.reversed()) else {
                        return nil
                    }
                    values[name] = String(decoding: part.dropFirst(prefix.count).dropLast(suffix.count), as: UTF8.self)
                }
                let isLast = position == segments.count - 1
                // The path has exactly as many segments as the template.
                guard isLast ? end == bytes.count : end < bytes.count else { return nil }
                start = end + 1
            }
            return values
        }
    }

    /// The names of the placeholders, in order.
    var parameterNames: [String] {
        segments.compactMap { if case .parameter(let name, _, _) = $0 { name } else { nil } }
    }
}
