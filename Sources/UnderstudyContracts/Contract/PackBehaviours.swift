import Foundation
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport

/// The provider behaviours a pack switches on (`x-understudy.behaviours`): generic mechanisms
/// configured by data, all on the server's clock. See docs/contracts.md.
package struct PackBehaviours: Sendable {
    package var quota: Quota?
    package var pageTokens: PageTokens?
    package var tokenExpiry: TokenExpiry?
    package var conditionalGet: ConditionalGet?
    package var fieldMask: FieldMasks?

    // Quota and PageTokens are classes: every counted request binds its pack's quota, and a
    // struct's binding retained and released each of its references.

    /// Requests counted per credential in a window; answers carry rate-limit headers.
    package final class Quota: Sendable {
        /// Requests allowed per window (tests may change it per session).
        package let limit: Int
        /// Headers added to every counted answer, with `{{quota.*}}` placeholders.
        package let headers: [HeaderField]
        /// The answer past the limit.
        package let exceeded: String
        /// `headers` with their values' placeholders resolved once.
        package let headerTemplates: [QuotaHeaderTemplate]

        package init(limit: Int, headers: [HeaderField], exceeded: String) {
            self.limit = limit
            self.headers = headers
            self.exceeded = exceeded
            headerTemplates = headers.map { QuotaHeaderTemplate(name: $0.name, value: $0.value) }
        }
    }

    /// Page tokens that only become valid a while after they are issued.
    package final class PageTokens: Sendable {
        package let operations: Set<String>
        package let parameter: String
        /// The top-level JSON member of an answer that issues a token.
        package let field: String
        package let validAfter: TimeInterval
        package let tooEarly: String
        /// The answer for a token never issued; `nil` lets fixtures answer it.
        package let unknown: String?
        /// Whether the token travels as a top-level member of a JSON request body (Text Search
        /// (New)'s `pageToken`) rather than as a query parameter.
        package let inBody: Bool

        package init(
            operations: Set<String>, parameter: String, field: String, validAfter: TimeInterval, tooEarly: String, unknown: String?, inBody: Bool = false
        ) {
            self.operations = operations
            self.inBody = inBody
            self.parameter = parameter
            self.field = field
            self.validAfter = validAfter
            self.tooEarly = tooEarly
            self.unknown = unknown
        }
    }

    /// Access tokens that expire.
    package struct TokenExpiry: Sendable {
        package struct Issuer: Sendable {
            package let operation: String
            package let tokenField: String
            package let expiresInField: String
        }

        package struct Introspection: Sendable {
            package enum Field: String, Sendable {
                case isValid, expiresAt
            }
            package let operation: String
            package let parameter: String
            /// JSON pointers replaced by the token's state.
            package let set: [(pointer: String, field: Field)]
            /// JSON pointers added once the token has expired (strings may hold placeholders).
            package let whenExpired: [(pointer: String, value: JSONValue)]

            /// The expiry an answer states for its token (the `expiresAt` pointer, epoch
            /// seconds); `nil` when it states none or `0` ("never").
            package func answeredExpiry(in json: JSONValue) -> Date? {
                guard let pointer = set.first(where: { $0.field == .expiresAt })?.pointer,
                    case .number(let seconds)? = json.at(pointer: pointer), seconds.value > 0
                else { return nil }
                return Date(timeIntervalSince1970: seconds.value)
            }
        }

        package let issuers: [Issuer]
        /// Tokens known from the start, with their expiry.
        package let tokens: [String: Date]
        package let expired: String
        /// How the provider writes times in its messages (`dateFormat` in `timeZone`).
        package let dates: DatePattern
        package let introspection: Introspection?

        /// `date` written the way the provider writes it in its messages.
        package func format(_ date: Date) -> String {
            dates.string(from: date)
        }
    }

    /// `If-None-Match` answered with 304 Not Modified.
    package struct ConditionalGet: Sendable {
        package let operations: Set<String>
    }

    /// Field masks (Google's `X-Goog-FieldMask`): the operations that take one, where it travels,
    /// and the provider's answers for a missing mask and for a path the answer cannot hold.
    package final class FieldMasks: Sendable {
        /// Whether an operation refuses a request without a mask or answers it whole.
        package enum Use: String, Sendable {
            case required, optional
        }
        /// The header that carries the mask.
        package let header: String
        /// The query parameters that carry it instead (`$fields`, `fields`), in the order read.
        package let parameters: [String]
        package let operations: [String: Use]
        /// The answer to a request without a mask where one is required.
        package let missing: String
        /// The answer to a mask naming a field the answer cannot hold (`{{path}}` names it).
        package let unknownPath: String

        package init(header: String, parameters: [String], operations: [String: Use], missing: String, unknownPath: String) {
            self.header = header
            self.parameters = parameters
            self.operations = operations
            self.missing = missing
            self.unknownPath = unknownPath
        }

        /// The mask `request` sends, as text: the header's, else the first parameter's.
        package func text(in request: Request) -> String? {
            if let value = request.headerValues(header).first { return value }
            for name in parameters { if let value = request.query.values(name).first { return value } }
            return nil
        }
    }

    /// The operation ids the behaviours name, with where, for checking them against the contract.
    package var namedOperations: [(operation: String, member: String)] {
        var named: [(String, String)] = []
        named += (pageTokens?.operations.sorted() ?? []).map { ($0, "pageTokens") }
        named += (tokenExpiry?.issuers ?? []).map { ($0.operation, "tokenExpiry") }
        if let introspection = tokenExpiry?.introspection { named.append((introspection.operation, "tokenExpiry")) }
        named += (conditionalGet?.operations.sorted() ?? []).map { ($0, "conditionalGet") }
        named += (fieldMask?.operations.keys.sorted() ?? []).map { ($0, "fieldMask") }
        return named
    }
}

/// Which of its pack's behaviours concern one operation, decided when the pack loads: every
/// request asked the behaviours' sets of operation ids (a string hash each) several times.
package struct OperationBehaviours: Sendable, Equatable {
    /// Its requests may carry a page token, and its answers issue them (`pageTokens`).
    package let pageTokens: Bool
    /// `If-None-Match` is answered with 304 Not Modified (`conditionalGet`).
    package let conditionalGet: Bool
    /// Its answers issue access tokens (`tokenExpiry.issuers`).
    package let issuesTokens: Bool
    /// It introspects an access token (`tokenExpiry.introspection`).
    package let introspection: Bool
    /// Whether it takes a field mask, and must be sent one (`fieldMask`).
    package let fieldMask: PackBehaviours.FieldMasks.Use?

    /// None of them: an operation of a pack without behaviours.
    package static let none = OperationBehaviours(pageTokens: false, conditionalGet: false, issuesTokens: false, introspection: false)

    package init(pageTokens: Bool, conditionalGet: Bool, issuesTokens: Bool, introspection: Bool, fieldMask: PackBehaviours.FieldMasks.Use? = nil) {
        self.pageTokens = pageTokens
        self.conditionalGet = conditionalGet
        self.issuesTokens = issuesTokens
        self.introspection = introspection
        self.fieldMask = fieldMask
    }

    /// What `behaviours` name for the operation `id`.
    package init(operation id: String, in behaviours: PackBehaviours) {
        self.init(
            pageTokens: behaviours.pageTokens?.operations.contains(id) == true,
            conditionalGet: behaviours.conditionalGet?.operations.contains(id) == true,
            issuesTokens: behaviours.tokenExpiry?.issuers.contains { $0.operation == id } == true,
            introspection: behaviours.tokenExpiry?.introspection?.operation == id,
            fieldMask: behaviours.fieldMask?.operations[id])
    }

    /// Whether an answer of the operation may issue or report tokens, which `ProviderGate.after` reads from it.
    package var readsAnswers: Bool { pageTokens || issuesTokens || introspection }
}
