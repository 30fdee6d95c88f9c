import Foundation
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport

/// The answer a provider's contract gives to a request no fixture answers (`Fallback.contract`):
/// the operation's success response (or, for an operation that declares none, its first error,
/// as the pack's own error body), its body the media type's `example`/`examples` when it has
/// them, else generated from the schema; seeded from the request, so the same request always
/// gets the same bytes, in every run.
///
/// Generated bodies are provider-shaped and lead somewhere: the pack's success envelope is set
/// (`x-understudy.fallback.success`), request parameters are echoed into members of the same
/// name (a details answer carries the `place_id` asked for), a page-token operation issues a
/// token that its next page accepts (up to `fallback.pages` pages), and a token-issuing
/// operation issues a credential the pack accepts. Every body is checked against the
/// response's schema before it is sent.
package struct GeneratedAnswer {
    package let route: ContractRoute
    package let operation: ContractOperation
    /// The request as the contract sees it (a mounted provider's base path in front).
    package let request: Request

    package init(route: ContractRoute, operation: ContractOperation, request: Request) {
        self.route = route
        self.operation = operation
        self.request = request
    }

    /// The prefix of every id and page token a generated answer issues, by which a follow-up
    /// request is known to belong to a generated flow.
    package static let issuedPrefix = "understudy-"

    /// How many seeds are tried before a schema counts as one that cannot be satisfied.
    package static let attempts = 8
    /// The prefix of generated page tokens; the page they lead to follows it.
    package static let pageTokenPrefix = issuedPrefix + "page-"

    package enum Outcome {
        case answer(Response)
        /// The schema defeated the generator: why, for the miss report.
        case unsatisfiable(String)
        /// Generation passed its `GenerationBudget` (a hostile or absurd schema): why, naming
        /// the operation and the instance path it stopped at. Answered with `refusal(_:)`, a
        /// 500, rather than a miss: the request did reach an operation, the pack cannot answer it.
        case overBudget(String)
    }

    /// The answer to `.overBudget`: a 500 whose JSON says why (`{"understudy": {"error": …}}`).
    package static func refusal(_ reason: String) -> Response {
        Response.json(["understudy": ["error": .string(reason)]], status: 500)
    }

    private var pack: ProviderPack { route.pack }

    /// The journal's name of the answer: provider and operation (`google: placeDetails`).
    package var name: String { "\(pack.provider): \(operation.id)" }

    /// Whether a path or query value of the request is one a generated answer issued.
    package var carriesIssuedValue: Bool {
        route.pathParameters.values.contains { $0.hasPrefix(Self.issuedPrefix) }
            || request.query.pairs.contains { $0.value.hasPrefix(Self.issuedPrefix) && !pack.secrets.query.contains($0.name) }
    }

    /// The same for the same request: its method, contract path, and non-secret query pairs in
    /// sorted order (the credential does not change the answer), and its body.
    package var seed: UInt64 {
        var text = "\(request.method.uppercased()) \(route.contractPath)"
        let pairs = request.query.pairs.filter { !pack.secrets.query.contains($0.name) && !Redaction.isSecretParameter($0.name) }
        for pair in pairs.sorted(by: { ($0.name, $0.value) < ($1.name, $1.value) }) { text += "\n\(pair.name)=\(pair.value)" }
        return StableHash.fnv1a64(Array(text.utf8) + request.body)
    }

    package func outcome() -> Outcome {
        guard let (key, status) = Self.chosenStatus(of: operation), let declared = operation.responses[key] else {
            return .unsatisfiable("the \(pack.provider) contract declares no response for \(operation.id)")
        }
        if status >= 400, let answer = packAnswer(status: status) {
            return .answer(Self.marked(answer.response(["operation": operation.id])))
        }
        let mediaType = declared.mediaTypes.first(where: Self.isJSON) ?? declared.mediaTypes.first
        var budget = GenerationBudget()
        var headers = generatedHeaders(declared, budget: &budget)
        func overBudget(_ part: String) -> Outcome {
            .overBudget("the \(pack.provider) contract's \(key) answer to \(operation.id) cannot be generated: its \(part) went past the generation budget, \(budget.exceeded ?? ""); give it an example or smaller bounds")
        }
        if budget.exceeded != nil { return overBudget("headers' schemas") }
        var body: [UInt8] = []
        if let mediaType {
            if Self.isJSON(mediaType) {
                let generated = json(declared, mediaType: mediaType, success: status < 300, budget: &budget)
                if budget.exceeded != nil { return overBudget("\(mediaType) schema") }
                switch generated {
                case .success(let value): body = JSONWriter.bytes(value)
                case .failure(let reason): return .unsatisfiable(reason.text)
                }
                headers.insert(HeaderField(name: "Content-Type", value: mediaType + "; charset=UTF-8"), at: 0)
            } else if let image = PlaceholderImages.body(for: mediaType) {
                body = image
                headers.insert(HeaderField(name: "Content-Type", value: PlaceholderImages.contentType(for: mediaType)), at: 0)
            } else {
                headers.insert(HeaderField(name: "Content-Type", value: mediaType), at: 0)
            }
        }
        return .answer(Self.marked(Response(status: status, headers: headers, body: body)))
    }

    /// The response to answer with: the first success (2xx, then 3xx) declared, then `2XX` or
    /// `default` as a 200, else the first status declared (an operation that only fails).
    package static func chosenStatus(of operation: ContractOperation) -> (key: String, status: Int)? {
        let numeric = operation.responses.keys.compactMap { key in Int(key).map { (key, $0) } }.sorted { $0.1 < $1.1 }
        if let success = numeric.first(where: { (200..<400).contains($0.1) }) { return success }
        for key in ["2XX", "default"] where operation.responses[key] != nil { return (key, 200) }
        if let first = numeric.first { return first }
        return operation.responses.keys.sorted().first.map { ($0, (Int($0.prefix(1)) ?? 5) * 100) }
    }

    // MARK: bodies

    package struct Unsatisfiable: Error {
        package let text: String
    }

    /// The body: an example the contract gives, else the first generated value its schema accepts.
    private func json(_ declared: ContractResponse, mediaType: String, success: Bool, budget: inout GenerationBudget) -> Result<JSONValue, Unsatisfiable> {
        var random = SeededGenerator(seed: seed)
        let schema = declared.schema(for: mediaType)
        // Only examples the schema accepts: an answer is never invalid against its own contract.
        let examples = (declared.examples[mediaType] ?? []).filter { schema?.isValid($0) ?? true }
        if !examples.isEmpty { return .success(examples[Int(random.next() % UInt64(examples.count))]) }
        guard let source = declared.schemaSources[mediaType] else { return .success(.object([:])) }
        var findings: [SchemaFinding] = []
        for attempt in 0..<Self.attempts {
            var generator = InstanceGenerator(document: pack.document, seed: seed &+ UInt64(attempt), memberPatterns: pack.fallback.pathParameterPatterns)
            generator.budget = budget
            var value = generator.value(for: source)
            budget = generator.budget
            if budget.exceeded != nil { return .failure(Unsatisfiable(text: "over budget")) }  // the caller reports it
            if success { value = shaped(value, random: &generator.random) }
            let echoed = echoingRequest(into: value)
            for candidate in [echoed, value] {
                guard let schema else { return .success(candidate) }
                findings = schema.validate(candidate)
                if findings.isEmpty { return .success(candidate) }
            }
        }
        let first = findings.first.map(\.description) ?? ""
        return .failure(Unsatisfiable(text: "no generated answer for \(operation.id) fits its \(mediaType) schema (\(first)); give the response an example in the \(pack.provider) contract"))
    }

    /// The provider's success envelope, and the page token or credential the operation issues.
    private func shaped(_ value: JSONValue, random: inout SeededGenerator) -> JSONValue {
        var value = value
        for (pointer, member) in pack.fallback.success {
            value = member == .null ? value.removing(pointer: pointer) : (value.setting(pointer: pointer, to: member) ?? value)
        }
        if let tokens = pack.behaviours.pageTokens, tokens.operations.contains(operation.id) {
            let page = currentPage(tokens.parameter)
            let pointer = "/" + JSONPointer.escape(tokens.field)
            if page < pack.fallback.pages {
                let token = Self.pageTokenPrefix + "\(page + 1)-" + String(seed, radix: 16)
                value = value.setting(pointer: pointer, to: .string(token)) ?? value
            } else {
                value = value.removing(pointer: pointer)
            }
        }
        for issuer in pack.behaviours.tokenExpiry?.issuers ?? [] where issuer.operation == operation.id {
            // A token the pack's credential rule accepts, valid for 60 days (a long-lived token's life).
            if let pattern = pack.credential?.pattern, let generator = PatternGenerator(pattern.source) {
                value = value.setting(pointer: "/" + JSONPointer.escape(issuer.tokenField), to: .string(generator.string(using: &random))) ?? value
            }
            value = value.setting(pointer: "/" + JSONPointer.escape(issuer.expiresInField), to: .number(JSONNumber(5_184_000))) ?? value
        }
        return value
    }

    /// The page this request asks for: 1 without a token, the page a generated token names,
    /// and the last page for a token that came from elsewhere (a fixture's).
    private func currentPage(_ parameter: String) -> Int {
        guard let token = request.query.values(parameter).first else { return 1 }
        guard token.hasPrefix(Self.pageTokenPrefix), let page = Int(token.dropFirst(Self.pageTokenPrefix.count).prefix { $0 != "-" }) else {
            return pack.fallback.pages
        }
        return page
    }

    /// `value` with the request's path and query values written into string members of the
    /// same name, at the top and one object below (not into arrays, whose elements are other
    /// things): `getBusiness` of id X answers `"id": X`, details of `place_id` X `result.place_id` X.
    private func echoingRequest(into value: JSONValue) -> JSONValue {
        var asked = route.pathParameters
        for name in request.query.names where operation.queryParameter(name) != nil && !pack.secrets.query.contains(name) && !Redaction.isSecretParameter(name) {
            if let first = request.query.values(name).first, asked[name] == nil { asked[name] = first }
        }
        guard !asked.isEmpty, case .object(var members) = value else { return value }
        func echo(_ members: inout [String: JSONValue]) {
            for (name, text) in asked where members[name]?.stringValue != nil { members[name] = .string(text) }
        }
        echo(&members)
        for key in members.keys.sorted() {
            guard case .object(var inner) = members[key]! else { continue }
            echo(&inner)
            members[key] = .object(inner)
        }
        return .object(members)
    }

    // MARK: headers and errors

    /// A value for every header the response declares, from its schema (`Content-Type` is the
    /// body's, set apart; a `Location` is a URL).
    private func generatedHeaders(_ declared: ContractResponse, budget: inout GenerationBudget) -> [HeaderField] {
        var generator = InstanceGenerator(document: pack.document, seed: seed ^ 0x6865_6164_6572_73)
        generator.budget = budget
        defer { budget = generator.budget }
        var headers: [HeaderField] = []
        for name in declared.headerSchemas.keys.sorted() where !["content-type", "content-length"].contains(name.lowercased()) {
            let value = generator.value(for: declared.headerSchemas[name]!, name: name.lowercased() == "location" ? "url" : name)
            guard generator.budget.exceeded == nil else { break }
            let text: String
            switch value {
            case .string(let string): text = string
            case .null: continue
            default: text = JSONWriter.string(value)
            }
            headers.append(HeaderField(name: name, value: text))
        }
        return headers
    }

    /// The pack's own error body for `status`, the operation's answers first, by name.
    private func packAnswer(status: Int) -> PackAnswer? {
        for answers in [operation.answers, pack.answers] {
            if let name = answers.keys.sorted().first(where: { answers[$0]!.status == status }) { return answers[name] }
        }
        return nil
    }

    private static func marked(_ response: Response) -> Response {
        var response = response
        response.headers.append(HeaderField(name: Fallback.generatedHeader, value: "1"))
        return response
    }

    private static func isJSON(_ mediaType: String) -> Bool {
        mediaType == "application/json" || mediaType.hasSuffix("+json")
    }
}
