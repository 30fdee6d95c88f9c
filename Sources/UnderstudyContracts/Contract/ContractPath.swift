import UnderstudyFixtures
import UnderstudySupport
/// An OpenAPI path template (`/v3/businesses/{id}/reviews`, `/bphoto/{photo_id}/{size}.jpg`):
/// unlike a fixture path, a placeholder may share its segment with literal text.
///
/// A class: routing reads each candidate operation's template, and a value was copied (its
/// text, segments and compiled form retained and released) at every read.
package final class ContractPath: Sendable, Hashable {
    package enum Segment: Sendable, Hashable {
        case literal(String)
        case parameter(name: String, prefix: String, suffix: String)
    }

    /// The template as written in the contract.
    package let text: String
    package let segments: [Segment]
    /// The template compiled for plain paths, when it is plain ASCII itself (see `isPlain(_:)`):
    /// a plain path is matched against it byte by byte.
    private let plain: PlainTemplate?

    package var isPlain: Bool { plain != nil }

    package init(text: String, segments: [Segment]) {
        self.text = text
        self.segments = segments
        plain = Self.isPlain(text) ? PlainTemplate(segments) : nil
    }

    // The segments and the compiled form follow from the text.
    package static func == (lhs: ContractPath, rhs: ContractPath) -> Bool { lhs.text == rhs.text }
    package func hash(into hasher: inout Hasher) { hasher.combine(text) }

    /// How many segments are literal: more literal segments is a more specific path, so
    /// `/me/permissions` wins over `/{id}/permissions`.
    package var literalCount: Int { segments.count { if case .literal = $0 { true } else { false } } }

    /// Parses a template; `nil` with a reason when it is malformed.
    package static func parse(_ text: String) -> Result<ContractPath, PathPatternError> {
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
    package func match(_ path: String) -> [String: String]? {
        match(segments: RequestPath.segments(of: path))
    }

    /// The same for a path already split into segments (split once, matched against every operation).
    package func match(segments parts: [Substring]) -> [String: String]? {
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
    package static func isPlain(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 < 0x80 && $0 != 0x0D }
    }

    /// `match(_:)` for a plain `path` against a plain template, without splitting the path:
    /// bytes are characters there, and equal characters are equal bytes.
    package func matchPlain(_ path: String) -> [String: String]? {
        plain?.match(path)
    }

    /// The names of the placeholders, in order.
    package var parameterNames: [String] {
        segments.compactMap { if case .parameter(let name, _, _) = $0 { name } else { nil } }
    }
}

/// A plain template as steps over one byte array: matching a path walks its bytes once and
/// copies nothing but the placeholders' values.
private final class PlainTemplate: Sendable {
    /// A literal segment (`bytes[start..<start + count]`), or a placeholder with that prefix and a suffix.
    package struct Step {
        package let isLiteral: Bool
        package let start: Int
        package let count: Int
        package let suffixStart: Int
        package let suffixCount: Int
        package let name: Int
    }

    package let bytes: [UInt8]
    package let steps: [Step]
    package let names: [String]

    package init(_ segments: [ContractPath.Segment]) {
        var bytes: [UInt8] = [], steps: [Step] = [], names: [String] = []
        for segment in segments {
            switch segment {
            case .literal(let literal):
                steps.append(Step(isLiteral: true, start: bytes.count, count: literal.utf8.count, suffixStart: 0, suffixCount: 0, name: 0))
                bytes += literal.utf8
            case .parameter(let name, let prefix, let suffix):
                let start = bytes.count
                bytes += prefix.utf8
                steps.append(Step(isLiteral: false, start: start, count: prefix.utf8.count, suffixStart: bytes.count, suffixCount: suffix.utf8.count, name: names.count))
                bytes += suffix.utf8
                names.append(name)
            }
        }
        self.bytes = bytes
        self.steps = steps
        self.names = names
    }

    /// `ContractPath.match(_:)` for a plain path: the same segments (split on `/`, the empty one
    /// before a leading slash dropped), compared byte by byte.
    package func match(_ path: String) -> [String: String]? {
        var path = path
        return path.withUTF8 { path in
            bytes.withUnsafeBufferPointer { template in
                guard !path.isEmpty else { return steps.isEmpty ? [:] : nil }
                guard !steps.isEmpty else { return nil }
                var values: [String: String] = [:]
                var start = path[0] == UInt8(ascii: "/") ? 1 : 0
                for position in steps.indices {
                    let step = steps[position]
                    var end = start
                    while end < path.count && path[end] != UInt8(ascii: "/") { end += 1 }
                    let length = end - start
                    if step.isLiteral {
                        guard length == step.count, Self.same(path, start, template, step.start, step.count) else { return nil }
                    } else {
                        guard length > step.count + step.suffixCount, Self.same(path, start, template, step.start, step.count),
                            Self.same(path, end - step.suffixCount, template, step.suffixStart, step.suffixCount)
                        else { return nil }
                        let value = UnsafeBufferPointer(rebasing: path[(start + step.count)..<(end - step.suffixCount)])
                        values[names[step.name]] = String(decoding: value, as: UTF8.self)
                    }
                    // The path has exactly as many segments as the template.
                    guard position == steps.count - 1 ? end == path.count : end < path.count else { return nil }
                    start = end + 1
                }
                return values
            }
        }
    }

    private static func same(_ one: UnsafeBufferPointer<UInt8>, _ oneStart: Int, _ other: UnsafeBufferPointer<UInt8>, _ otherStart: Int, _ count: Int) -> Bool {
        for offset in 0..<count where one[oneStart + offset] != other[otherStart + offset] { return false }
        return true
    }
}
