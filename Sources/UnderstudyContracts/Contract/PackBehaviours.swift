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
    package var appSecretProof: AppSecretProof?
    package var authorizationDialog: AuthorizationDialog?
    package var openIDConnect: OpenIDConnect?

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
            /// The query parameter carrying the token exchanged for the new one (Graph's
            /// `fb_exchange_token`): judged like a credential (an expired or revoked one is
            /// refused), and the new token belongs to the same user and grant.
            package let from: String?

            package init(operation: String, tokenField: String, expiresInField: String, from: String? = nil) {
                self.operation = operation
                self.tokenField = tokenField
                self.expiresInField = expiresInField
                self.from = from
            }
        }

        /// Revoking the app: a success answer of one of `operations` revokes the caller's
        /// token, the tokens it was exchanged from or for, and every token of its user issued
        /// until then; a later request carrying one gets `revoked`.
        package struct Revocation: Sendable {
            package let operations: Set<String>
            package let revoked: String
            /// The credentials a user revokes with (Graph's user tokens, `EAA…`); others (an app
            /// token) neither revoke nor decline anything. `nil`: every credential.
            package let userTokens: RegexPattern?

            /// Whether `credential` is a user's token, which revoking and declining act on.
            package func isUserToken(_ credential: String) -> Bool {
                userTokens?.matches(credential) ?? true
            }
        }

        /// Permissions a user can take back one by one: a success answer of `revokeOperation`
        /// declines the permission its path parameter `parameter` names; answers of
        /// `listOperation` then list it with `status` `declined`, and answers of the operations
        /// in `fields` lose the top-level members the permission guards.
        package struct Permissions: Sendable {
            package let revokeOperation: String
            package let parameter: String
            package let listOperation: String
            /// A JSON pointer to the array of permissions in the list answer.
            package let items: String
            /// The member of an element naming the permission, and the one holding its status.
            package let nameMember: String
            package let statusMember: String
            package let declinedStatus: String
            /// By operation id: by permission, the top-level members its answers lose once the
            /// permission is declined.
            package let fields: [String: [String: [String]]]
        }

        package struct Introspection: Sendable {
            package enum Field: String, Sendable, CaseIterable {
                case isValid, expiresAt, issuedAt, dataAccessExpiresAt
            }
            package let operation: String
            package let parameter: String
            /// JSON pointers replaced by the token's state.
            package let set: [(pointer: String, field: Field)]
            /// JSON pointers added once the token has expired (strings may hold placeholders).
            package let whenExpired: [(pointer: String, value: JSONValue)]
            /// JSON pointers added once the token has been revoked.
            package let whenRevoked: [(pointer: String, value: JSONValue)]
            /// A JSON pointer to the id of the token's user in the answer (Graph's `/data/user_id`).
            package let subject: String?

            package init(
                operation: String, parameter: String, set: [(pointer: String, field: Field)], whenExpired: [(pointer: String, value: JSONValue)],
                whenRevoked: [(pointer: String, value: JSONValue)] = [], subject: String? = nil
            ) {
                self.operation = operation
                self.parameter = parameter
                self.set = set
                self.whenExpired = whenExpired
                self.whenRevoked = whenRevoked
                self.subject = subject
            }

            /// The expiry an answer states for its token (the `expiresAt` pointer, epoch
            /// seconds); `nil` when it states none or `0` ("never").
            package func answeredExpiry(in json: JSONValue) -> Date? {
                answeredTime(.expiresAt, in: json)
            }

            /// The time `field` an answer states for its token, epoch seconds; `nil` when it
            /// states none or `0` ("never"). `isValid` is no time: always `nil`.
            package func answeredTime(_ field: Field, in json: JSONValue) -> Date? {
                guard field != .isValid, let pointer = set.first(where: { $0.field == field })?.pointer,
                    case .number(let seconds)? = json.at(pointer: pointer), seconds.value > 0
                else { return nil }
                return Date(timeIntervalSince1970: seconds.value)
            }

            /// The user the answer names for its token, as text (Graph writes ids as strings,
            /// some examples as numbers).
            package func answeredSubject(in json: JSONValue) -> String? {
                guard let subject else { return nil }
                switch json.at(pointer: subject) {
                case .string(let text)?: return text
                case .number(let number)?: return number.text
                default: return nil
                }
            }
        }

        package let issuers: [Issuer]
        /// Tokens known from the start, with their expiry.
        package let tokens: [String: Date]
        package let expired: String
        /// How the provider writes times in its messages (`dateFormat` in `timeZone`).
        package let dates: DatePattern
        package let introspection: Introspection?
        /// How long a token's access to the user's data lasts after it is issued (Graph's 90
        /// days), for `dataAccessExpiresAt`; `nil` when the provider has no such time.
        package let dataAccessSeconds: TimeInterval?
        package let revocation: Revocation?
        package let permissions: Permissions?

        package init(
            issuers: [Issuer], tokens: [String: Date], expired: String, dates: DatePattern, introspection: Introspection?,
            dataAccessSeconds: TimeInterval? = nil, revocation: Revocation? = nil, permissions: Permissions? = nil
        ) {
            self.issuers = issuers
            self.tokens = tokens
            self.expired = expired
            self.dates = dates
            self.introspection = introspection
            self.dataAccessSeconds = dataAccessSeconds
            self.revocation = revocation
            self.permissions = permissions
        }

        /// `date` written the way the provider writes it in its messages.
        package func format(_ date: Date) -> String {
            dates.string(from: date)
        }
    }

    /// Graph's `appsecret_proof`: the HMAC-SHA256 of the request's credential keyed by the
    /// app secret, in hex. Checked when sent; when `required`, a request without it is
    /// refused too. A test may set another secret, or require the proof, per session.
    package struct AppSecretProof: Sendable {
        package let parameter: String
        /// The app secret the fake knows (the pack's canonical one); `nil`: none until a test sets one.
        package let secret: String?
        package let required: Bool
        /// The answers to a proof that does not fit the credential, and to none where one is required.
        package let invalid: String
        package let missing: String
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
        named += (tokenExpiry?.revocation?.operations.sorted() ?? []).map { ($0, "tokenExpiry") }
        if let permissions = tokenExpiry?.permissions {
            named += ([permissions.revokeOperation, permissions.listOperation] + permissions.fields.keys.sorted()).map { ($0, "tokenExpiry") }
        }
        named += (conditionalGet?.operations.sorted() ?? []).map { ($0, "conditionalGet") }
        named += (fieldMask?.operations.keys.sorted() ?? []).map { ($0, "fieldMask") }
        if let dialog = authorizationDialog {
            named += [dialog.dialog, dialog.decision.operation, dialog.exchange.operation].map { ($0, "authorizationDialog") }
        }
        named += (openIDConnect?.operations ?? []).map { ($0, "openIDConnect") }
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
    /// Its answers change the state of the caller's token or user, or show it: it revokes the
    /// app or a permission, lists permissions, or answers with fields a permission guards
    /// (`tokenExpiry.revocation`, `tokenExpiry.permissions`).
    package let tokenEffects: Bool

    /// None of them: an operation of a pack without behaviours.
    package static let none = OperationBehaviours(pageTokens: false, conditionalGet: false, issuesTokens: false, introspection: false)

    package init(
        pageTokens: Bool, conditionalGet: Bool, issuesTokens: Bool, introspection: Bool, fieldMask: PackBehaviours.FieldMasks.Use? = nil,
        tokenEffects: Bool = false
    ) {
        self.pageTokens = pageTokens
        self.conditionalGet = conditionalGet
        self.issuesTokens = issuesTokens
        self.introspection = introspection
        self.fieldMask = fieldMask
        self.tokenEffects = tokenEffects
    }

    /// What `behaviours` name for the operation `id`.
    package init(operation id: String, in behaviours: PackBehaviours) {
        self.init(
            pageTokens: behaviours.pageTokens?.operations.contains(id) == true,
            conditionalGet: behaviours.conditionalGet?.operations.contains(id) == true,
            issuesTokens: behaviours.tokenExpiry?.issuers.contains { $0.operation == id } == true,
            introspection: behaviours.tokenExpiry?.introspection?.operation == id,
            fieldMask: behaviours.fieldMask?.operations[id],
            tokenEffects: Self.hasTokenEffects(id, behaviours.tokenExpiry))
    }

    private static func hasTokenEffects(_ id: String, _ expiry: PackBehaviours.TokenExpiry?) -> Bool {
        guard let expiry else { return false }
        if expiry.revocation?.operations.contains(id) == true { return true }
        guard let permissions = expiry.permissions else { return false }
        return permissions.revokeOperation == id || permissions.listOperation == id || permissions.fields[id] != nil
    }

    /// Whether an answer of the operation may issue or report tokens, which `ProviderGate.after` reads from it.
    package var readsAnswers: Bool { pageTokens || issuesTokens || introspection }
}
