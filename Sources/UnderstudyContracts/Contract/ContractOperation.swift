import Foundation
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport

/// One operation of a provider's contract: a method on a path, its parameters, where its
/// credential goes, and the responses it may give. A class, so the route each request carries
/// holds a reference rather than a copy of every member.
package final class ContractOperation: Sendable {
    /// The `operationId`, e.g. `businessSearch`.
    package let id: String
    /// Upper-case, e.g. `GET`.
    package let method: String
    package let path: ContractPath
    package let parameters: [ContractParameter]
    /// Where the credential goes; `nil` when the operation needs none (`security: []`).
    package let credential: CredentialPlacement?
    /// By status key as the contract writes it: `"200"`, `"4XX"`, `"default"`.
    package let responses: [String: ContractResponse]
    package let rules: [ContractRule]
    /// Answers that replace the pack's answers of the same name for this operation.
    package let answers: [String: PackAnswer]
    /// When this parameter is present, the others' `required` and the rules are not checked.
    package let ignoreOthersWhen: String?
    /// The origin of the path's or operation's own `servers` (an image CDN), when it has one.
    package let server: String?
    /// The rules that refuse a request; the others only document the provider.
    package let enforcedRules: [ContractRule]
    /// How its query parameters are compared when matching fixtures (the pack's `meanings`
    /// holds the same, by id), here so each request finds them without a lookup.
    package let meanings: QueryMeanings
    /// The values each query parameter treats as absent, by name, for those that have some
    /// (the first declaration of a name wins, as in `queryParameter(_:)`).
    private let ignoredQueryValues: [String: Set<String>]
    /// By query parameter name, a bit per parameter position declared under it; `nil` when
    /// the operation has more parameters than bits.
    private let queryBits: [String: UInt64]?
    /// The bits of the parameters checked whether the query names them or not: the required
    /// ones, and those read from the path or headers.
    private let alwaysChecked: UInt64
    /// Which of the pack's behaviours concern this operation.
    package let behaviours: OperationBehaviours
    /// Whether a parameter is read from the headers: then checking the parameters reads more
    /// than the request's method and target.
    package let readsHeaderParameters: Bool
    /// The JSON body the operation takes, when the contract declares one (`requestBody`).
    package let requestBody: RequestBody?
    /// The fields its answer can hold, for an operation that takes a field mask.
    package let maskFields: MaskFields?
    /// What a whole answer holds (`x-understudy-completeAnswer`): asked without `parameter`
    /// (Google's `fields`), the provider answers every field, and these JSON pointers (where
    /// clients tell a full answer from a summary) must be there; `verify` warns otherwise.
    package let completeAnswer: (parameter: String, members: [String])?

    /// A JSON request body as the contract declares it.
    package struct RequestBody: Sendable {
        /// The schema of `application/json`.
        package let schema: JSONSchema
        /// Whether a request without a body is refused.
        package let required: Bool
        /// Its enums that may be sent by number, for matching by name.
        package let enums: BodyEnums?

        package init(schema: JSONSchema, required: Bool, enums: BodyEnums? = nil) {
            self.schema = schema
            self.required = required
            self.enums = enums
        }
    }

    package init(
        id: String, method: String, path: ContractPath, parameters: [ContractParameter], credential: CredentialPlacement?,
        responses: [String: ContractResponse], rules: [ContractRule], answers: [String: PackAnswer], ignoreOthersWhen: String?,
        server: String? = nil, behaviours: OperationBehaviours = .none, requestBody: RequestBody? = nil, maskFields: MaskFields? = nil,
        completeAnswer: (parameter: String, members: [String])? = nil
    ) {
        self.completeAnswer = completeAnswer
        self.requestBody = requestBody
        self.maskFields = maskFields
        self.id = id
        self.method = method
        self.path = path
        self.parameters = parameters
        self.credential = credential
        self.responses = responses
        self.rules = rules
        self.answers = answers
        self.ignoreOthersWhen = ignoreOthersWhen
        self.server = server
        self.behaviours = behaviours
        readsHeaderParameters = parameters.contains { $0.location == .header }
        enforcedRules = rules.filter(\.enforced)
        meanings = QueryMeanings(parameters: parameters)
        var ignored: [String: Set<String>] = [:]
        for parameter in parameters.reversed() where parameter.location == .query {
            ignored[parameter.name] = parameter.ignoredValues.isEmpty ? nil : parameter.ignoredValues
        }
        ignoredQueryValues = ignored
        var bits: [String: UInt64] = [:]
        var always: UInt64 = 0
        for (position, parameter) in parameters.enumerated() where position < 64 {
            if parameter.location == .query { bits[parameter.name, default: 0] |= 1 << position }
            if parameter.location != .query || parameter.required { always |= 1 << position }
        }
        queryBits = parameters.count <= 64 ? bits : nil
        alwaysChecked = always
    }

    /// The positions of the parameters a check of `request` must visit, as bits: those its
    /// query names and the always-checked ones. An optional query parameter the query does not
    /// name passes without a look. `nil`: visit every parameter.
    package func parametersToCheck(in request: Request) -> UInt64? {
        guard let queryBits else { return nil }
        var bits = alwaysChecked
        // One pass over the query, rather than one per declared parameter.
        for pair in request.query.pairs {
            if let named = queryBits[pair.name] { bits |= named }
        }
        return bits
    }

    /// The declared response for `status`: exact, then its class (`4XX`), then `default`.
    package func response(for status: Int) -> ContractResponse? {
        declaredKey(for: status).flatMap { responses[$0] }
    }

    /// The key under which the response for `status` is declared, in the same order.
    package func declaredKey(for status: Int) -> String? {
        [String(status), "\(status / 100)XX", "default"].first { responses[$0] != nil }
    }

    /// The query parameter's values in `request`, without the placeholder values the provider
    /// treats as absent (`x-understudy-ignoredValues`, e.g. googlemaps' `minprice=None`).
    package func queryValues(_ name: String, in request: Request) -> [String] {
        let values = request.query.values(name)
        guard let ignored = queryParameter(name)?.ignoredValues, !ignored.isEmpty else { return values }
        return values.filter { !ignored.contains($0) }
    }

    /// The first of `queryValues(name, in: request)`, found without collecting the others.
    package func firstQueryValue(_ name: String, in request: Request) -> String? {
        let ignored = ignoredQueryValues.isEmpty ? nil : ignoredQueryValues[name]
        for pair in request.query.pairs where pair.name == name {
            if let ignored, ignored.contains(pair.value) { continue }
            return pair.value
        }
        return nil
    }

    /// The parameter named `name` in the query, if the operation declares it.
    package func queryParameter(_ name: String) -> ContractParameter? {
        parameters.first { $0.location == .query && $0.name == name }
    }
}

/// A response an operation declares: a schema per media type and the headers it names.
package struct ContractResponse: Sendable {
    /// Compiled schemas by media type (`application/json`, `image/*`).
    package let schemas: [String: JSONSchema]
    /// The media types declared, even those without a schema (images).
    package let mediaTypes: [String]
    /// Header names the response declares as required.
    package let requiredHeaders: [String]
    /// The schemas as written, by media type, for generated answers (`$ref`s point into the pack's document).
    package var schemaSources: [String: JSONValue] = [:]
    /// The media types' `example` and `examples` values, by media type.
    package var examples: [String: [JSONValue]] = [:]
    /// Every header the response declares, with its schema as written (`{}` when it gives none).
    package var headerSchemas: [String: JSONValue] = [:]

    /// The schema for a response whose `Content-Type` is `contentType`: exact media type, then
    /// `type/*`, then `*/*`. `nil` when the body is not checked (no schema for it).
    package func schema(for contentType: String?) -> JSONSchema? {
        let mediaType = contentType.map(Self.bareMediaType) ?? "application/json"
        if let exact = schemas[mediaType] { return exact }
        if let slash = mediaType.firstIndex(of: "/"), let family = schemas[mediaType[..<slash] + "/*"] { return family }
        return schemas["*/*"]
    }

    /// Whether a body of `contentType` is one the response declares.
    package func declares(_ contentType: String?) -> Bool {
        guard !mediaTypes.isEmpty else { return true }
        guard let contentType else { return false }
        let mediaType = Self.bareMediaType(contentType)
        return mediaTypes.contains { declared in
            declared == mediaType || declared == "*/*"
                || (declared.hasSuffix("/*") && mediaType.hasPrefix(declared.dropLast()))
        }
    }

    /// `application/json; charset=UTF-8` → `application/json`.
    package static func bareMediaType(_ contentType: String) -> String {
        String(contentType.prefix { $0 != ";" }).trimmingCharacters(in: .whitespaces).lowercased()
    }
}
