import Foundation
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport

/// How one live request is recorded: the conditions its fixture will have, the key that
/// identifies it (requests with the same key get the same fixture), the credentials it
/// carries, and the request to send upstream.
///
/// Conditions follow the HAR import, plus what a live request shows that an archive does not:
/// - credential headers: `{"matches": "^Bearer .+"}` for a bearer token, `{"present": true}`
///   for others, and `{"absent": true}` when the operation takes a credential the request lacks,
///   so the answer to a missing credential is a fixture of its own;
/// - conditional headers (`If-None-Match`, `If-Modified-Since`): their exact values, so a 304
///   and the 200 for the same URL are told apart;
/// - a JSON body: `{"json": …}`, or `{"jsonSubset": …}` without its secret members; a form
///   or text body without secrets: `{"text": …}`; other bodies are not conditioned, and a body
///   holding a credential that cannot be scrubbed is refused (see `RequestBodySecrets`).
///
/// A credential whose value is plainly fake (docs/contracts.md's canonical values) is written
/// as it is: it is public, and the fake answers differ by it (an expired token, a revoked key).
struct RecordingPlan: Sendable {
    let provider: String
    let rules: Scrubbing
    let method: String
    /// The path and query as sent (origin form), still percent-encoded.
    let rawPath: String
    let rawQuery: String
    /// Every credential in the request, longest first.
    let secrets: [Secret]
    let headerConditions: [String: JSONValue]
    let bodyCondition: JSONValue?
    /// A query parameter the operation's credential needs and the request lacks.
    let absentQueryCredential: String?
    /// Query parameters that may carry the credential, left unconditioned (see `init`).
    let unpinnedQuery: [String]
    /// The request's identity: equal keys mean identical fixtures.
    let key: String
    /// Why the request must not be recorded (a body credential that cannot be scrubbed), if so.
    let refusal: String?

    /// Headers whose values select a different answer from the same URL.
    static let conditionalHeaders = ["if-none-match", "if-modified-since", "if-match", "if-unmodified-since"]

    init(request: Request, route: ContractRoute) {
        provider = route.pack.provider
        rules = Scrubbing.recording(route.pack)
        method = request.method.uppercased()
        (rawPath, rawQuery) = Self.originForm(request.target)

        var secrets = ImportedFixture.requestSecrets(rawQuery: rawQuery, headers: request.headers, rules: rules)
        var headers: [String: JSONValue] = [:]
        for field in request.headers where rules.isSecretHeader(field.name) && !field.hasName("cookie") {
            let name = field.name.lowercased()
            if rules.keeps(field.value) {
                headers[name] = .string(field.value)
            } else if name == "authorization", field.value.lowercased().hasPrefix("bearer ") {
                headers[name] = ["matches": "^Bearer .+"]
            } else {
                headers[name] = ["present": true]
            }
        }
        // A credential that may travel in either of several places (Google's header or `key`)
        // is judged by the contract wherever it is: the fixture does not pin its place.
        var anywhere: [CredentialPlacement] = []
        if case .anyOf(let places)? = route.operation?.credential { anywhere = places }
        for case .header(let name) in anywhere { headers[name.lowercased()] = nil }
        unpinnedQuery = anywhere.compactMap { if case .query(let name) = $0 { name } else { nil } }
        var absentQuery: String?
        switch route.operation?.credential {
        case .bearer? where request.headerValues("Authorization").isEmpty: headers["authorization"] = ["absent": true]
        case .header(let name)? where request.headerValues(name).isEmpty: headers[name.lowercased()] = ["absent": true]
        case .query(let name)? where request.query.values(name).isEmpty: absentQuery = name
        default: break
        }
        for name in Self.conditionalHeaders {
            if let value = request.headerValues(name).first { headers[name] = .string(value) }
        }
        // The answer holds the fields of the mask it was asked with: the fixture keeps that mask
        // (a mask sent as a parameter stays in the query conditions).
        if route.operation?.behaviours.fieldMask != nil, let header = route.pack.behaviours.fieldMask?.header,
            let mask = request.headerValues(header).first
        {
            headers[header.lowercased()] = .string(mask)
        }
        var body: JSONValue?
        switch RequestBodySecrets.read(request.body, contentType: request.headerValues("Content-Type").first ?? "", rules: rules, knownSecrets: secrets) {
        case .read(let condition, let bodySecrets):
            body = condition
            // Enums sent by number are kept by name, as replay matches them (`BodyEnums`).
            if let enums = route.operation?.requestBody?.enums, case .object(var members)? = condition {
                for kind in ["json", "jsonSubset"] {
                    if let value = members[kind], let named = enums.named(value) { members[kind] = named }
                }
                body = .object(members)
            }
            secrets = ImportedFixture.ordered(secrets + bodySecrets)
            refusal = nil
        case .unscrubbable(let reason):
            refusal = reason
        }
        self.secrets = secrets
        headerConditions = headers
        bodyCondition = body
        absentQueryCredential = absentQuery

        var key = method + "\u{1E}" + request.path + ImportedFixture.queryConditions(QueryParameters(parsing: rawQuery), rules: rules).key
        if let absentQuery { key += "\u{1D}q:" + absentQuery + "\u{1F}absent" }
        for name in headers.keys.sorted() { key += "\u{1D}h:" + name + "\u{1F}" + JSONWriter.string(headers[name]!) }
        if let body { key += "\u{1D}b:" + JSONWriter.string(body) }
        self.key = key
    }

    /// The request for `origin` (`https://api.yelp.com`): the target as the client sent it.
    func upstreamRequest(origin: String, request: Request) -> UpstreamRequest {
        var base = Substring(origin)
        while base.hasSuffix("/") { base = base.dropLast() }
        return UpstreamRequest(
            method: method, url: base + rawPath + (rawQuery.isEmpty ? "" : "?" + rawQuery),
            headers: UpstreamRequest.forwardedHeaders(request.headers), body: request.body)
    }

    /// The fixture for the upstream's answer, not yet named, or why there cannot be one.
    func fixture(for response: UpstreamResponse) -> ImportedFixture.Outcome {
        let outcome = ImportedFixture.assemble(
            provider: provider, index: 0, method: method, rawPath: rawPath, rawQuery: rawQuery, status: response.status,
            responseHeaders: response.headers, body: response.body.isEmpty ? nil : .bytes(response.body), mimeType: nil,
            secrets: secrets, rules: rules)
        guard case .fixture(var fixture) = outcome else { return outcome }
        fixture.requestKey = key
        fixture.requestHeaders = headerConditions
        fixture.requestBody = bodyCondition
        if let absentQueryCredential { fixture.query[absentQueryCredential] = ["absent": true] }
        for name in unpinnedQuery { fixture.query[name] = nil }
        return .fixture(fixture)
    }

    /// `target` without scheme and authority (a proxy-style absolute target), split at `?`.
    static func originForm(_ target: String) -> (path: String, query: String) {
        var rest = Substring(target)
        if !rest.hasPrefix("/"), let scheme = rest.range(of: "://") {
            let afterScheme = rest[scheme.upperBound...]
            rest = afterScheme.firstIndex(of: "/").map { afterScheme[$0...] } ?? "/"
        }
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        guard let question = rest.firstIndex(of: "?") else { return (String(rest), "") }
        return (String(rest[..<question]), String(rest[rest.index(after: question)...]))
    }
}
