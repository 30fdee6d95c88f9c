import Foundation

/// One recorded interaction: the conditions a request must meet, and what to answer.
///
/// A fixture is one JSON file under `fixtures/<provider>/`; the format (version 1) is
/// documented in `docs/fixtures.md`. Fixtures are immutable once loaded; per-fixture state
/// such as the position in a sequence lives in the responder. A class, so the index hands out
/// references instead of copying every field on each request.
public final class Fixture: Sendable {
    /// The current (and only) format version, the value of the `understudy` member.
    public static let formatVersion = 1

    /// The file, relative to the fixtures root (`yelp/search-pizza.json`): the fixture's identity.
    public let file: String
    /// The provider whose API this fixture stands in for (`yelp`, `google`, `facebook`, `feed`).
    public let provider: String
    /// An optional human description.
    public let name: String?
    /// Breaks ties between equally specific matches: higher wins. Default 0.
    public let priority: Int
    /// What a request must satisfy.
    public let request: RequestPattern
    /// The answers: one, or a sequence played in order by repeated matching requests, the
    /// last one repeating.
    public let responses: [FixtureResponse]
    /// The fixture's place in a named scenario, if any.
    public let scenario: ScenarioStep?
    /// How specific the fixture is: its request conditions and a required scenario state.
    public let specificity: Int

    public init(
        file: String, provider: String, name: String?, priority: Int, request: RequestPattern, responses: [FixtureResponse],
        scenario: ScenarioStep? = nil
    ) {
        self.file = file
        self.provider = provider
        self.name = name
        self.priority = priority
        self.request = request
        self.responses = responses
        self.scenario = scenario
        specificity = request.specificity + (scenario?.specificity ?? 0)
    }
}

/// The request side of a fixture: every condition listed must hold; anything not listed
/// (extra parameters, other headers) is ignored.
public final class RequestPattern: Sendable, Hashable {
    /// The method, upper-case.
    public let method: String
    /// The path, exact or a template.
    public let path: PathPattern
    /// Conditions on decoded query parameters, by name.
    public let query: [String: ValueCondition]
    /// Conditions on headers, by lower-cased name.
    public let headers: [String: ValueCondition]
    /// A condition on the body, if any.
    public let body: BodyCondition?

    /// How specific the pattern is: more and stricter conditions score higher.
    public let specificity: Int

    public init(method: String, path: PathPattern, query: [String: ValueCondition], headers: [String: ValueCondition], body: BodyCondition?) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        specificity = path.specificity
            + query.values.reduce(0) { $0 + $1.specificity }
            + headers.values.reduce(0) { $0 + $1.specificity }
            + (body?.specificity ?? 0)
    }

    /// Patterns are equal when they accept exactly the same requests.
    public static func == (lhs: RequestPattern, rhs: RequestPattern) -> Bool {
        lhs.method == rhs.method && lhs.path == rhs.path && lhs.query == rhs.query && lhs.headers == rhs.headers && lhs.body == rhs.body
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(method)
        hasher.combine(path)
        hasher.combine(query)
        hasher.combine(headers)
        hasher.combine(body)
    }
}

/// One answer of a fixture.
public struct FixtureResponse: Sendable {
    /// The HTTP status code.
    public let status: Int
    /// Header fields sorted by name (JSON objects are unordered); a repeated header is several
    /// fields in the order of its array. A default `Content-Type` comes last.
    public let headers: [HTTPField]
    /// Where the body comes from.
    public let body: ResponseBody
    /// A fault to play instead of a well-formed answer; `status`, `headers` and `body` then
    /// shape what little is sent (the head of a short body, say).
    public let fault: Fault?
    /// For `"template": true`: the body and header values to render per request.
    let template: ResponseTemplate?
    /// How long to wait before answering; `nil` for the server's default.
    public let delay: Delay?
    /// Send the body in chunks over a duration.
    public let dribble: Dribble?
}

/// The parts of a templated response, compiled at load time.
struct ResponseTemplate: Sendable {
    /// Header values with placeholders, by position in `headers`.
    let headers: [Int: Template]
    let body: TemplatedBody?
}

/// A body rendered per request.
enum TemplatedBody: Sendable {
    case text(Template)
    case json(TemplatedJSON)
}

/// A JSON value whose strings may hold placeholders.
indirect enum TemplatedJSON: Sendable {
    case literal(JSONValue)
    case template(Template)
    case array([TemplatedJSON])
    case object([String: TemplatedJSON])

    func render(_ context: TemplateContext) -> JSONValue {
        switch self {
        case .literal(let value): value
        case .template(let template): template.renderJSON(context)
        case .array(let elements): .array(elements.map { $0.render(context) })
        case .object(let members): .object(members.mapValues { $0.render(context) })
        }
    }
}

/// A response body: bytes held in memory, or a file beside the fixture read when served.
public enum ResponseBody: Sendable {
    /// The bytes, e.g. from `json`, `text` or `base64` in the fixture.
    case bytes([UInt8])
    /// A file beside the fixture, read through the responder's body store when served.
    case file(BodyFile)
}

/// A response body kept in a file. A class so the body store can key its cache by identity
/// instead of hashing the path on every request, and so it can keep the file open.
///
/// Fixtures are a snapshot taken at startup, bodies included: once a body has been read, the
/// file stays open (or cached), so replacing or deleting it does not change what is served.
/// Restart the server to pick up edits.
public final class BodyFile: Sendable {
    /// The absolute path.
    public let path: String
    /// The open descriptor and the size when opened, once read; `nil` until then or when the
    /// process has no descriptor to spare.
    private let open = Locked<(descriptor: Int32, size: Int)?>(nil)

    public init(path: String) {
        self.path = path
    }

    deinit {
        if let descriptor = open.withLock({ $0?.descriptor }) {
            close(descriptor)
            BodyFileDescriptors.release()
        }
    }

    /// The file's bytes: one `pread` on a kept descriptor, or a plain read when none is kept.
    func read() throws(FileBytes.IOError) -> [UInt8] {
        guard let (descriptor, size) = keptDescriptor() else { return try FileBytes.read(path) }
        // One byte more than the size tells whether the file grew since it was opened.
        var bytes = [UInt8](repeating: 0, count: size + 1)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count >= 0, count <= size else { return try FileBytes.read(path) }
        bytes.removeLast(bytes.count - count)
        return bytes
    }

    private func keptDescriptor() -> (Int32, Int)? {
        open.withLock { open in
            if let open { return open }
            guard BodyFileDescriptors.reserve() else { return nil }
            let descriptor = Foundation.open(path, O_RDONLY | O_CLOEXEC)
            var info = stat()
            guard descriptor >= 0, fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
                if descriptor >= 0 { close(descriptor) }
                BodyFileDescriptors.release()
                return nil
            }
            open = (descriptor, Int(info.st_size))
            return open
        }
    }
}
