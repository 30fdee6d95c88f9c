import UnderstudySupport
/// The path a fixture answers: exact (`/v3/businesses/search`) or a template whose `{name}`
/// segments each match one non-empty path segment (`/v3/businesses/{id}/reviews`).
package struct PathPattern: Sendable, Hashable, CustomStringConvertible {
    /// The path as written in the fixture.
    public let text: String
    /// The segments, with `nil` for a `{name}` placeholder.
    package let segments: [String?]

    /// Whether the pattern has no placeholders.
    public let isExact: Bool
    /// The placeholder names by segment position, for templates (`request.path.id`).
    package let parameterNames: [Int: String]

    private init(text: String, segments: [String?], parameterNames: [Int: String]) {
        self.text = text
        self.segments = segments
        self.parameterNames = parameterNames
        isExact = !segments.contains(nil)
    }

    /// The values of the `{name}` segments in a request that matched this pattern.
    package func parameters(in request: Request) -> [String: String] {
        guard !parameterNames.isEmpty else { return [:] }
        let requestSegments = request.pathSegments
        var values: [String: String] = [:]
        for (position, name) in parameterNames where requestSegments.indices.contains(position) {
            values[name] = String(requestSegments[position])
        }
        return values
    }

    /// Parses a path; `nil` with a reason when it is not an absolute path or a placeholder is malformed.
    public static func parse(_ text: String) -> Result<PathPattern, PathPatternError> {
        guard text.hasPrefix("/") else { return .failure(PathPatternError(reason: "must start with '/'")) }
        // Byte checks: String.contains(String) goes through Foundation and is slow at startup.
        if text.containsByte(UInt8(ascii: "?")) { return .failure(PathPatternError(reason: "must not contain a query; put parameters under \"query\"")) }
        // Nearly every path has no placeholder: split on the bytes, without the checks below.
        if !text.containsByte(UInt8(ascii: "{")) && !text.containsByte(UInt8(ascii: "}")) {
            return .success(PathPattern(text: text, segments: RequestPath.segments(of: text).map(String.init), parameterNames: [:]))
        }
        var segments: [String?] = []
        var parameterNames: [Int: String] = [:]
        for segment in RequestPath.segments(of: text) {
            if segment.hasPrefix("{") && segment.hasSuffix("}") && segment.count > 2 {
                parameterNames[segments.count] = String(segment.dropFirst().dropLast())
                segments.append(nil)
            } else if segment.utf8.contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") }) {
                return .failure(PathPatternError(reason: "placeholder '\(segment)' must be a whole segment, like {id}"))
            } else {
                segments.append(String(segment))
            }
        }
        return .success(PathPattern(text: text, segments: segments, parameterNames: parameterNames))
    }

    /// Whether the request's decoded path fits this pattern; an exact path is compared whole,
    /// without splitting the request path.
    package func matches(_ request: Request) -> Bool {
        isExact ? text == request.path : matches(segments: request.pathSegments)
    }

    /// Whether the decoded request path `segments` fit this pattern.
    package func matches(segments requestSegments: [Substring]) -> Bool {
        guard requestSegments.count == segments.count else { return false }
        for (expected, actual) in zip(segments, requestSegments) {
            if let expected {
                if expected != actual { return false }
            } else if actual.isEmpty {
                return false
            }
        }
        return true
    }

    /// Points for specificity: an exact path beats a template; literal segments count.
    package var specificity: Int { isExact ? 20 : 10 + segments.count(where: { $0 != nil }) }

    public var description: String { text }

    /// Patterns are equal when they match the same paths: `{id}` and `{business}` are the same.
    public static func == (lhs: PathPattern, rhs: PathPattern) -> Bool { lhs.segments == rhs.segments }
    public func hash(into hasher: inout Hasher) { hasher.combine(segments) }
}

/// Why a fixture's path could not be read.
package struct PathPatternError: Error, Sendable {
    public let reason: String

    package init(reason: String) {
        self.reason = reason
    }
}
