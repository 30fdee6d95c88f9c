import Foundation

extension PackBehaviours {
    /// An OAuth-style authorization dialog (`behaviours.authorizationDialog`): a consent page
    /// that sends the browser back to the app's `redirect_uri` with a one-time code, or with
    /// the provider's "the user cancelled" parameters, and the code exchange that accepts each
    /// code it issued once, from the same client and redirect URI, within its lifetime.
    package struct AuthorizationDialog: Sendable {
        /// The dialog's operation: the consent page (or, when a test set the user's choice,
        /// the redirect at once).
        package let dialog: String
        /// The operation the page's buttons lead to.
        package let decision: Decision
        /// The query parameters both dialog operations read.
        package let clientID: String
        package let redirectURI: String
        package let state: String
        /// The consent page: its title and the test user it offers to continue as.
        package let title: String
        package let user: String
        /// The query parameter the redirect carries the code in.
        package let codeParameter: String
        /// Issued codes are this with the session's count appended.
        package let codePrefix: String
        /// How long an issued code can be exchanged, on the server's clock.
        package let codeLifetime: TimeInterval
        /// The query members the redirect carries when the user cancels (in name order, then `state`).
        package let cancelled: [(name: String, value: String)]
        package let exchange: Exchange
        /// When set, a dialog asked for an ID token sends one back in place of a code (Limited
        /// Login); the pack's `openIDConnect` mints it.
        package let idToken: IDTokenRedirect?

        /// How a dialog asked for an ID token answers: when the request's `responseType`
        /// parameter lists `requests` (comma- or space-separated), Continue sends the browser
        /// back with the token in `parameter` (minted with the request's `nonce`) and the scopes
        /// the request asked for in `grantedScopes` (its `scope`), in the redirect URI's fragment.
        package struct IDTokenRedirect: Sendable {
            package let responseType: String
            package let requests: String
            package let nonce: String
            package let scope: String
            package let parameter: String
            package let grantedScopes: String

            package init(responseType: String, requests: String, nonce: String, scope: String, parameter: String, grantedScopes: String) {
                self.responseType = responseType
                self.requests = requests
                self.nonce = nonce
                self.scope = scope
                self.parameter = parameter
                self.grantedScopes = grantedScopes
            }

            /// Whether `responseType` (the request's value) asks for an ID token.
            package func isAsked(by responseType: String?) -> Bool {
                guard let responseType else { return false }
                return responseType.split(whereSeparator: { $0 == "," || $0 == " " }).contains { $0 == requests }
            }
        }

        /// The step the page's buttons take: `parameter` says which button.
        package struct Decision: Sendable {
            package let operation: String
            package let parameter: String
            package let accept: String
            package let cancel: String

            package init(operation: String, parameter: String, accept: String, cancel: String) {
                self.operation = operation
                self.parameter = parameter
                self.accept = accept
                self.cancel = cancel
            }
        }

        /// The code exchange: where it reads the code, the client and the redirect URI, and the
        /// pack's answers (names in `errors`) to a code it cannot accept.
        package struct Exchange: Sendable {
            package let operation: String
            package let code: String
            package let clientID: String
            package let redirectURI: String
            /// A code exchanged before.
            package let used: String
            /// A code past its lifetime.
            package let expired: String
            /// A code issued for another redirect URI.
            package let redirectMismatch: String
            /// A code issued to another client.
            package let clientMismatch: String

            package init(
                operation: String, code: String, clientID: String, redirectURI: String, used: String, expired: String, redirectMismatch: String,
                clientMismatch: String
            ) {
                self.operation = operation
                self.code = code
                self.clientID = clientID
                self.redirectURI = redirectURI
                self.used = used
                self.expired = expired
                self.redirectMismatch = redirectMismatch
                self.clientMismatch = clientMismatch
            }

            /// Every answer it names.
            package var answers: [String] { [used, expired, redirectMismatch, clientMismatch] }
        }

        package init(
            dialog: String, decision: Decision, clientID: String, redirectURI: String, state: String, title: String, user: String, codeParameter: String,
            codePrefix: String, codeLifetime: TimeInterval, cancelled: [(name: String, value: String)], exchange: Exchange, idToken: IDTokenRedirect? = nil
        ) {
            self.dialog = dialog
            self.decision = decision
            self.clientID = clientID
            self.redirectURI = redirectURI
            self.state = state
            self.title = title
            self.user = user
            self.codeParameter = codeParameter
            self.codePrefix = codePrefix
            self.codeLifetime = codeLifetime
            self.cancelled = cancelled
            self.exchange = exchange
            self.idToken = idToken
        }

        /// What `operation` is to the dialog, if anything.
        package func role(of operation: String) -> Role? {
            if operation == dialog { return .dialog }
            if operation == decision.operation { return .decision }
            if operation == exchange.operation { return .exchange }
            return nil
        }

        package enum Role: Sendable {
            case dialog, decision, exchange
        }
    }
}
