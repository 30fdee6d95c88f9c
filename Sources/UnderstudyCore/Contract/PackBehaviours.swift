import Foundation
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport

/// The provider behaviours a pack switches on (`x-understudy.behaviours`): generic mechanisms
/// configured by data, all on the server's clock. See docs/contracts.md.
struct PackBehaviours: Sendable {
    var quota: Quota?
    var pageTokens: PageTokens?
    var tokenExpiry: TokenExpiry?
    var conditionalGet: ConditionalGet?

    // Quota and PageTokens are classes: every counted request binds its pack's quota, and a
    // struct's binding retained and released each of its references.

    /// Requests counted per credential in a window; answers carry rate-limit headers.
    final class Quota: Sendable {
        /// Requests allowed per window (tests may change it per session).
        let limit: Int
        /// Headers added to every counted answer, with `{{quota.*}}` placeholders.
        let headers: [HeaderField]
        /// The answer past the limit.
        let exceeded: String
        /// `headers` with their values' placeholders resolved once.
        let headerTemplates: [QuotaHeaderTemplate]

        init(limit: Int, headers: [HeaderField], exceeded: String) {
            self.limit = limit
            self.headers = headers
            self.exceeded = exceeded
            headerTemplates = headers.map { QuotaHeaderTemplate(name: $0.name, value: $0.value) }
        }
    }

    /// Page tokens that only become valid a while after they are issued.
    final class PageTokens: Sendable {
        let operations: Set<String>
        let parameter: String
        /// The top-level JSON member of an answer that issues a token.
        let field: String
        let validAfter: TimeInterval
        let tooEarly: String
        /// The answer for a token never issued; `nil` lets fixtures answer it.
        let unknown: String?

        init(operations: Set<String>, parameter: String, field: String, validAfter: TimeInterval, tooEarly: String, unknown: String?) {
            self.operations = operations
            self.parameter = parameter
            self.field = field
            self.validAfter = validAfter
            self.tooEarly = tooEarly
            self.unknown = unknown
        }
    }

    /// Access tokens that expire.
    struct TokenExpiry: Sendable {
        struct Issuer: Sendable {
            let operation: String
            let tokenField: String
            let expiresInField: String
        }

        struct Introspection: Sendable {
            enum Field: String, Sendable {
                case isValid, expiresAt
            }
            let operation: String
            let parameter: String
            /// JSON pointers replaced by the token's state.
            let set: [(pointer: String, field: Field)]
            /// JSON pointers added once the token has expired (strings may hold placeholders).
            let whenExpired: [(pointer: String, value: JSONValue)]

            /// The expiry an answer states for its token (the `expiresAt` pointer, epoch
            /// seconds); `nil` when it states none or `0` ("never").
            func answeredExpiry(in json: JSONValue) -> Date? {
                guard let pointer = set.first(where: { $0.field == .expiresAt })?.pointer,
                    case .number(let seconds)? = json.at(pointer: pointer), seconds.value > 0
                else { return nil }
                return Date(timeIntervalSince1970: seconds.value)
            }
        }

        let issuers: [Issuer]
        /// Tokens known from the start, with their expiry.
        let tokens: [String: Date]
        let expired: String
        /// How the provider writes times in its messages (`dateFormat` in `timeZone`).
        let dates: DatePattern
        let introspection: Introspection?

        /// `date` written the way the provider writes it in its messages.
        func format(_ date: Date) -> String {
            dates.string(from: date)
        }
    }

    /// `If-None-Match` answered with 304 Not Modified.
    struct ConditionalGet: Sendable {
        let operations: Set<String>
    }

    /// The operation ids the behaviours name, with where, for checking them against the contract.
    var namedOperations: [(operation: String, member: String)] {
        var named: [(String, String)] = []
        named += (pageTokens?.operations.sorted() ?? []).map { ($0, "pageTokens") }
        named += (tokenExpiry?.issuers ?? []).map { ($0.operation, "tokenExpiry") }
        if let introspection = tokenExpiry?.introspection { named.append((introspection.operation, "tokenExpiry")) }
        named += (conditionalGet?.operations.sorted() ?? []).map { ($0, "conditionalGet") }
        return named
    }
}

/// Which of its pack's behaviours concern one operation, decided when the pack loads: every
/// request asked the behaviours' sets of operation ids (a string hash each) several times.
struct OperationBehaviours: Sendable, Equatable {
    /// Its requests may carry a page token, and its answers issue them (`pageTokens`).
    let pageTokens: Bool
    /// `If-None-Match` is answered with 304 Not Modified (`conditionalGet`).
    let conditionalGet: Bool
    /// Its answers issue access tokens (`tokenExpiry.issuers`).
    let issuesTokens: Bool
    /// It introspects an access token (`tokenExpiry.introspection`).
    let introspection: Bool

    /// None of them: an operation of a pack without behaviours.
    static let none = OperationBehaviours(pageTokens: false, conditionalGet: false, issuesTokens: false, introspection: false)

    init(pageTokens: Bool, conditionalGet: Bool, issuesTokens: Bool, introspection: Bool) {
        self.pageTokens = pageTokens
        self.conditionalGet = conditionalGet
        self.issuesTokens = issuesTokens
        self.introspection = introspection
    }

    /// What `behaviours` name for the operation `id`.
    init(operation id: String, in behaviours: PackBehaviours) {
        self.init(
            pageTokens: behaviours.pageTokens?.operations.contains(id) == true,
            conditionalGet: behaviours.conditionalGet?.operations.contains(id) == true,
            issuesTokens: behaviours.tokenExpiry?.issuers.contains { $0.operation == id } == true,
            introspection: behaviours.tokenExpiry?.introspection?.operation == id)
    }

    /// Whether an answer of the operation may issue or report tokens, which `ProviderGate.after` reads from it.
    var readsAnswers: Bool { pageTokens || issuesTokens || introspection }
}
