import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport
/// One provider's contract and the fake's knowledge of it, read from
/// `contracts/<provider>.openapi.json` (see docs/contracts.md).
public final class ProviderPack: Sendable {
    /// The provider, e.g. `yelp`.
    public let provider: String
    /// The file it was read from, relative to the contracts folder.
    public let file: String
    /// The real origin, e.g. `https://api.yelp.com`.
    public let upstream: String?
    /// The path prefix of the base URL an SDK is configured with (`/v3`), `""` for the root.
    public let basePath: String
    /// The path prefixes (ending in `/`) or exact paths this provider answers on the shared port.
    public let routes: [String]
    /// `routes` as bytes, for the check every request makes.
    private let routeMatchers: [RouteMatcher]
    /// Names whose values are secrets.
    package let secrets: SecretNames

    package let pathVersion: RegexPattern?
    package let operations: [ContractOperation]
    /// The operations by method, the most literal path first (contract order among equals):
    /// the first whose path matches is the one `operation(method:path:)` picks.
    private let operationsByMethod: [(method: String, operations: [ContractOperation])]
    package let credential: CredentialRule?
    package let answers: [String: PackAnswer]
    package let messages: (missing: String?, invalid: String?)
    package let invalidRequest: String?
    package let behaviours: PackBehaviours
    /// The absolute times in answers, moved for fixtures that say when they were recorded.
    package let times: PackTimes
    /// How each operation's query parameters are compared, by operation id.
    package let meanings: [String: QueryMeanings]
    /// Generated answers' settings (`x-understudy.fallback`).
    package let fallback: PackFallback
    /// The whole OpenAPI document, which generated answers read schemas and `$ref`s from.
    package let document: JSONValue
    /// The answer to a method the contract does not declare on a path it has (S3's 405
    /// `MethodNotAllowed`); `nil`: fixtures or the miss report answer it.
    package let methodNotAllowed: String?
    /// What each request costs, for a provider that bills by the fields asked for (`x-understudy.billing`).
    package let billing: PackBilling?

    package init(
        provider: String, file: String, upstream: String?, basePath: String, routes: [String], secrets: SecretNames,
        pathVersion: RegexPattern?, operations: [ContractOperation], credential: CredentialRule?, answers: [String: PackAnswer],
        messages: (missing: String?, invalid: String?), invalidRequest: String?, behaviours: PackBehaviours, times: PackTimes = PackTimes(),
        fallback: PackFallback = PackFallback(), document: JSONValue = .null, methodNotAllowed: String? = nil,
        billing: PackBilling? = nil
    ) {
        self.billing = billing
        self.fallback = fallback
        self.document = document
        self.provider = provider
        self.file = file
        self.upstream = upstream
        self.basePath = basePath
        self.routes = routes
        self.secrets = secrets
        self.pathVersion = pathVersion
        self.operations = operations
        self.credential = credential
        self.answers = answers
        self.messages = messages
        self.invalidRequest = invalidRequest
        self.behaviours = behaviours
        self.times = times
        meanings = Dictionary(operations.map { ($0.id, $0.meanings) }, uniquingKeysWith: { first, _ in first })
        routeMatchers = routes.map(RouteMatcher.init)
        var byMethod: [(method: String, operations: [ContractOperation])] = []
        for operation in operations {
            if let index = byMethod.firstIndex(where: { $0.method == operation.method }) {
                byMethod[index].operations.append(operation)
            } else {
                byMethod.append((operation.method, [operation]))
            }
        }
        operationsByMethod = byMethod.map { method, operations in
            // Stable: enumerated positions break ties.
            (method, operations.enumerated().sorted { ($0.element.path.literalCount, -$0.offset) > ($1.element.path.literalCount, -$1.offset) }.map(\.element))
        }
        self.methodNotAllowed = methodNotAllowed
    }

    /// Whether `path` falls under `route`: a prefix when the route ends in `/`, else that
    /// exact path and the paths below it.
    package static func route(_ route: String, holds path: String) -> Bool {
        RouteMatcher(route).holds(path[...])
    }

    /// The operation ids, in contract order.
    public var operationIDs: [String] { operations.map(\.id) }

    /// `path` as the contract writes it (a version prefix such as `/v19.0` removed) when it is
    /// one of this provider's routes; the length of the route it fell under ranks providers.
    package func contractPath(of path: String) -> (path: String, routeLength: Int)? {
        // The version pattern is a regex; most paths (every other provider's) fall under no
        // route with or without their first segment, so it need not run for them.
        if pathVersion != nil, routeLength(holding: path) == nil, path.withContiguousUTF8({ routeLength(holdingBytes: Self.droppingFirstSegment($0)) }) == nil {
            return nil
        }
        let stripped = versioned(path)?.rest ?? path
        return routeLength(holding: stripped).map { (stripped, $0) }
    }

    /// The length of the longest route holding `path`.
    private func routeLength(holding path: String) -> Int? {
        // Over the path's bytes in place: every request asks every pack.
        path.withContiguousUTF8(routeLength(holdingBytes:))
    }

    private func routeLength(holdingBytes bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var best: Int?
        for index in routeMatchers.indices where routeMatchers[index].holds(bytes) && routeMatchers[index].length > (best ?? -1) {
            best = routeMatchers[index].length
        }
        return best
    }

    /// The bytes from the second `/` on (none when there is no second one), as
    /// `path[slash...]` of the path without its first segment.
    private static func droppingFirstSegment(_ path: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        guard let slash = path.dropFirst().firstIndex(of: UInt8(ascii: "/")) else { return UnsafeBufferPointer(rebasing: path[0..<0]) }
        return UnsafeBufferPointer(rebasing: path[slash...])
    }

    /// The version segment at the start of `path` (`v19.0` of `/v19.0/me`) and the path
    /// without it, when the pack's `pathVersion` finds one.
    package func versioned(_ path: String) -> (version: String, rest: String)? {
        // Version segments start with "/v"; skip the regex for every other path (it runs per request).
        guard let pathVersion, path.utf8.starts(with: "/v".utf8) else { return nil }
        // A client asks for the same versioned path again and again (routing and matching ask
        // twice per request): the last answer, for the same bytes, spares the regex.
        if let last = lastVersioned.withLock({ $0 }), ASCIIFold.sameBytes(last.path, path) { return last.answer }
        var answer: (version: String, rest: String)?
        if let range = pathVersion.firstMatch(in: path), range.lowerBound == path.startIndex {
            answer = (String(path[path.index(after: path.startIndex)..<range.upperBound]), String(path[range.upperBound...]))
        }
        lastVersioned.withLock { $0 = (path, answer) }
        return answer
    }

    /// The last path `versioned` read, with its answer.
    private let lastVersioned = Locked<(path: String, answer: (version: String, rest: String)?)?>(nil)

    /// The operation answering `method` on `path` (already a contract path), the most literal
    /// template first, with the values of its placeholders.
    package func operation(method: String, path: String) -> (ContractOperation, [String: String])? {
        guard let candidates = operationsByMethod.first(where: { $0.method == method })?.operations else { return nil }
        let plain = ContractPath.isPlain(path)
        // Split only for a path that is not plain; most are compared byte by byte.
        var segments: [Substring]?
        for operation in candidates {
            let values: [String: String]?
            if plain && operation.path.isPlain {
                values = operation.path.matchPlain(path)
            } else {
                if segments == nil { segments = RequestPath.segments(of: path) }
                values = operation.path.match(segments: segments!)
            }
            if let values { return (operation, values) }
        }
        return nil
    }

    /// Whether some operation has this path with another method (a wrong method, not an unknown path).
    package func hasPath(_ path: String) -> Bool {
        operations.contains { $0.path.match(path) != nil }
    }

    /// The named answer, the operation's own first.
    package func answer(_ name: String, for operation: ContractOperation?) -> PackAnswer? {
        operation?.answers[name] ?? answers[name]
    }
}

/// How a provider's credentials are judged (`x-understudy.credential`).
package final class CredentialRule: Sendable {
    /// What a well-formed credential looks like; `nil` accepts any non-empty value.
    package let pattern: RegexPattern?
    /// Values that are always invalid (revoked keys, for tests).
    package let rejected: Set<String>
    /// The plainly fake credentials fixtures and tests may write literally (docs/contracts.md):
    /// each must fit `pattern`, so the fake accepts them.
    package let canonical: [String]
    /// The answers for a missing and for an invalid credential.
    package let missing: String
    package let invalid: String

    package init(pattern: RegexPattern?, rejected: Set<String>, canonical: [String] = [], missing: String, invalid: String) {
        self.pattern = pattern
        self.rejected = rejected
        self.canonical = canonical
        self.missing = missing
        self.invalid = invalid
    }

    /// The last value found valid: an app sends the same credential on every request, and
    /// the pattern is a regular expression.
    private let lastValid = Locked<String?>(nil)

    package func isValid(_ value: String) -> Bool {
        // The last valid value passed the rejected list too (it never changes): first, so the
        // common request hashes nothing.
        if lastValid.withLock({ $0 == value }) { return true }
        guard rejected.isEmpty || !rejected.contains(value) else { return false }
        guard pattern?.matches(value) ?? true else { return false }
        lastValid.withLock { $0 = value }
        return true
    }
}

/// Names whose values are secrets in a provider's requests and responses.
package struct SecretNames: Sendable, Hashable {
    /// Query parameters (and form fields).
    public let query: Set<String>
    /// Header names, lower-cased.
    public let headers: Set<String>
    /// JSON member names in request or response bodies.
    public let json: Set<String>

    public init(query: Set<String> = [], headers: Set<String> = [], json: Set<String> = []) {
        self.query = query
        self.headers = Set(headers.map { $0.lowercased() })
        self.json = json
    }
}

/// One route of a pack, ready for the byte comparison each request makes: a route ending in
/// `/` holds the paths it prefixes, any other holds itself and the paths below it. By bytes: a
/// segment starting with an extending character makes "/x" one character.
private struct RouteMatcher: Sendable {
    package let route: [UInt8]
    /// The route and a `/`, for an exact route's paths below it.
    package let below: [UInt8]
    package let isPrefix: Bool
    /// The route's length in characters, which ranks routes.
    package let length: Int

    package init(_ route: String) {
        self.route = Array(route.utf8)
        below = Array((route + "/").utf8)
        isPrefix = route.hasSuffix("/")
        length = route.count
    }

    package func holds(_ path: Substring) -> Bool {
        path.withContiguousUTF8(holds)
    }

    package func holds(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        isPrefix ? bytes.starts(with: route) : bytes.elementsEqual(route) || bytes.starts(with: below)
    }
}
