import Foundation
import UnderstudyJSON
import UnderstudySupport

/// A string with `{{ expression }}` placeholders filled from the request and the clock when a
/// response is served. Compiled when fixtures load, so a mistake is reported by file and JSON
/// path, not discovered by a request. Rendering reads nothing but the request and the clock:
/// no files, no environment.
///
/// Expressions: `request.method`, `request.path`, `request.path.NAME` (a `{NAME}` segment of
/// the fixture's path), `request.query.NAME` (the first value), `request.header.NAME`,
/// `request.json/POINTER` (RFC 6901, into a JSON request body), `now` (ISO 8601, UTC),
/// `now.epoch` (seconds), `now.epochMillis`. A missing value renders as the empty string.
package struct Template: Sendable, Hashable {
    package enum Part: Sendable, Hashable {
        case literal(String)
        case value(Expression)
    }

    package enum Expression: Sendable, Hashable {
        case method, path, now, nowEpoch, nowEpochMillis
        case pathParameter(String)
        case query(String)
        case header(String)
        case json(pointer: String)
    }

    package let parts: [Part]

    /// Whether the whole string is one `{{json …}}` placeholder, rendered as a JSON value.
    package let rendersJSON: Bool

    /// Whether `text` contains a placeholder at all.
    package static func containsPlaceholder(_ text: String) -> Bool { text.contains("{{") }

    /// Compiles `text`; throws with a reason naming the bad placeholder.
    package init(_ text: String) throws(TemplateError) {
        var parts: [Part] = []
        var rest = Substring(text)
        var rendersJSON = false
        while let open = rest.range(of: "{{") {
            if open.lowerBound > rest.startIndex { parts.append(.literal(String(rest[..<open.lowerBound]))) }
            guard let close = rest[open.upperBound...].range(of: "}}") else {
                throw TemplateError(reason: "\"{{\" without a closing \"}}\"")
            }
            var source = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            if source.hasPrefix("json ") {
                guard parts.isEmpty, rest[close.upperBound...].isEmpty else {
                    throw TemplateError(reason: "{{json …}} must be the whole string, to become a JSON value")
                }
                rendersJSON = true
                source = String(source.dropFirst(5)).trimmingCharacters(in: .whitespaces)
            }
            parts.append(.value(try Self.expression(source)))
            rest = rest[close.upperBound...]
        }
        if !rest.isEmpty { parts.append(.literal(String(rest))) }
        self.parts = parts
        self.rendersJSON = rendersJSON
    }

    private static func expression(_ source: String) throws(TemplateError) -> Expression {
        switch source {
        case "request.method": return .method
        case "request.path": return .path
        case "now": return .now
        case "now.epoch": return .nowEpoch
        case "now.epochMillis": return .nowEpochMillis
        default: break
        }
        for (prefix, make) in [("request.path.", Expression.pathParameter), ("request.query.", Expression.query)] where source.hasPrefix(prefix) {
            let name = String(source.dropFirst(prefix.count))
            if !name.isEmpty { return make(name) }
        }
        if source.hasPrefix("request.header."), source.count > "request.header.".count {
            return .header(String(source.dropFirst("request.header.".count)).lowercased())
        }
        if source.hasPrefix("request.json") {
            let pointer = String(source.dropFirst("request.json".count))
            guard pointer.isEmpty || pointer.hasPrefix("/") else { throw TemplateError(reason: "a JSON pointer starts with '/': \"\(source)\"") }
            return .json(pointer: pointer)
        }
        throw TemplateError(
            reason: "unknown placeholder \"\(source)\"; expected request.method, request.path, request.path.NAME, "
                + "request.query.NAME, request.header.NAME, request.json/POINTER, now, now.epoch or now.epochMillis")
    }

    /// The text with every placeholder filled; cut short (and `context.exceeded` set) once the
    /// answer has used up `context`'s byte budget.
    package func render(_ context: TemplateContext) -> String {
        var text = ""
        for part in parts {
            guard !context.exceeded else { return text }
            let piece: String
            switch part {
            case .literal(let literal): piece = literal
            case .value(let expression): piece = context.value(of: expression)
            }
            guard context.spend(piece.utf8.count) else { return text }
            text += piece
        }
        return text
    }

    /// The text for a header value: filled values (decoded request text) have their control
    /// characters, `%` and non-ASCII bytes percent-encoded, so a line break in a query value can
    /// neither split the header block nor make the server drop the header (a 302 without its
    /// `Location`), and a URL built from a value stays a URL.
    package func renderHeader(_ context: TemplateContext) -> String {
        var text = ""
        for part in parts {
            switch part {
            case .literal(let literal): text += literal
            case .value(let expression): text += Self.headerSafe(context.value(of: expression))
            }
        }
        return text
    }

    package static func headerSafe(_ value: String) -> String {
        guard value.utf8.contains(where: { $0 < 0x20 || $0 >= 0x7F || $0 == UInt8(ascii: "%") }) else { return value }
        var text = ""
        for byte in value.utf8 {
            if byte < 0x20 || byte >= 0x7F || byte == UInt8(ascii: "%") {
                text += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            } else {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return text
    }

    /// As a JSON value: a `{{json …}}` placeholder becomes the JSON it renders to (a number,
    /// an object) when that parses, otherwise a string.
    package func renderJSON(_ context: TemplateContext) -> JSONValue {
        let text = render(context)
        if rendersJSON, let value = try? JSONParser.parse(text) { return value }
        return .string(text)
    }
}

/// Why a template could not be compiled.
package struct TemplateError: Error, Sendable {
    public let reason: String
}

/// What a template may read: the request, the fixture's path parameters, and the clock.
/// A class so the request's JSON body is parsed once per response, however many
/// `request.json/…` placeholders read it.
///
/// It also holds the answer's byte budget: placeholders can repeat a 16 MB request body, so an
/// unbounded answer could take gigabytes and hold an event loop for minutes.
package final class TemplateContext {
    /// The most bytes placeholders and literals may render into one answer.
    package static let maximumRenderedBytes = 32 << 20

    package let request: Request
    package let pathParameters: [String: String]
    package let now: Date
    private lazy var jsonBody: JSONValue? = try? JSONParser.parse(request.body)
    private var remaining: Int
    /// Whether rendering stopped at the budget: the answer must not be sent.
    package private(set) var exceeded = false

    package init(request: Request, pathParameters: [String: String], now: Date, budget: Int = TemplateContext.maximumRenderedBytes) {
        self.request = request
        self.pathParameters = pathParameters
        self.now = now
        remaining = budget
    }

    /// Takes `count` bytes from the budget; `false` (and `exceeded`) when they do not fit.
    package func spend(_ count: Int) -> Bool {
        guard count <= remaining else {
            exceeded = true
            return false
        }
        remaining -= count
        return true
    }

    package func value(of expression: Template.Expression) -> String {
        switch expression {
        case .method: return request.method
        case .path: return request.path
        case .pathParameter(let name): return pathParameters[name] ?? ""
        case .query(let name): return request.query.values(name).first ?? ""
        case .header(let name): return request.headerValues(name).first ?? ""
        case .json(let pointer):
            guard let value = jsonBody?.at(pointer: pointer) else { return "" }
            if case .string(let text) = value { return text }
            return JSONWriter.string(value)
        case .now:
            return ISO8601Time.string(from: now)
        case .nowEpoch: return String(Int(now.timeIntervalSince1970.rounded(.down)))
        case .nowEpochMillis: return String(Int((now.timeIntervalSince1970 * 1000).rounded(.down)))
        }
    }
}

/// The parts of a templated response, compiled at load time.
package struct ResponseTemplate: Sendable {
    /// Header values with placeholders, by position in `headers`.
    package let headers: [Int: Template]
    package let body: TemplatedBody?
}

/// A body rendered per request.
package enum TemplatedBody: Sendable {
    case text(Template)
    case json(TemplatedJSON)
}

/// A JSON value whose strings may hold placeholders.
package indirect enum TemplatedJSON: Sendable {
    case literal(JSONValue)
    case template(Template)
    case array([TemplatedJSON])
    case object([String: TemplatedJSON])

    package func render(_ context: TemplateContext) -> JSONValue {
        switch self {
        case .literal(let value): value
        case .template(let template): template.renderJSON(context)
        case .array(let elements): .array(elements.map { $0.render(context) })
        case .object(let members): .object(members.mapValues { $0.render(context) })
        }
    }
}

extension String {
    /// The string with `0`s in front up to `width` characters (`"5"` → `"05"`).
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
