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

    /// The names of the placeholders, in order.
    var parameterNames: [String] {
        segments.compactMap { if case .parameter(let name, _, _) = $0 { name } else { nil } }
    }
}
