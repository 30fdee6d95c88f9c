import Foundation
import UnderstudyJSON
import UnderstudySupport

extension PackBehaviours {
    /// An OpenID Connect provider (`behaviours.openIDConnect`): the discovery document, the keys
    /// ID tokens are signed with (a key the fake makes), ID tokens minted for a test user, and
    /// an operation that ends a user's session given one of its ID tokens. See docs/contracts.md.
    package final class OpenIDConnect: Sendable {
        /// The operation that answers the discovery document, and the document.
        package let discoveryOperation: String
        package let document: JSONValue
        /// The document's `issuer`: every minted token's `iss`.
        package let issuer: String
        /// The operation that answers the JSON Web Key Set, and the size of the key it publishes.
        package let keysOperation: String
        package let keyBits: Int
        /// Every minted token's `aud` (the app's id).
        package let audience: String
        /// How long a minted token lives: `exp` is `iat` plus this.
        package let lifetime: TimeInterval
        /// Where the test user's claims come from: the first fixture (by file) answering
        /// `userOperation` with success, read at each JSON pointer of `userClaims`.
        package let userOperation: String?
        package let userClaims: [(claim: String, pointer: String)]
        package let uninstall: Uninstall?

        /// The operation that ends the session of an ID token's user (a form with the token
        /// and the app's id), and its named answers.
        package struct Uninstall: Sendable {
            package let operation: String
            /// The form fields that carry the ID token and the app's id.
            package let tokenField: String
            package let appField: String
            /// Answers: done; the token or app refused (not ours, tampered, expired, another
            /// app's); the token's user already uninstalled.
            package let done: String
            package let invalid: String
            package let alreadyUninstalled: String

            package init(operation: String, tokenField: String, appField: String, done: String, invalid: String, alreadyUninstalled: String) {
                self.operation = operation
                self.tokenField = tokenField
                self.appField = appField
                self.done = done
                self.invalid = invalid
                self.alreadyUninstalled = alreadyUninstalled
            }

            /// The answers it names.
            package var answerNames: [String] { [done, invalid, alreadyUninstalled] }
        }

        package init(
            discoveryOperation: String, document: JSONValue, issuer: String, keysOperation: String, keyBits: Int, audience: String,
            lifetime: TimeInterval, userOperation: String?, userClaims: [(claim: String, pointer: String)], uninstall: Uninstall?
        ) {
            self.discoveryOperation = discoveryOperation
            self.document = document
            self.issuer = issuer
            self.keysOperation = keysOperation
            self.keyBits = keyBits
            self.audience = audience
            self.lifetime = lifetime
            self.userOperation = userOperation
            self.userClaims = userClaims
            self.uninstall = uninstall
        }

        /// The operations it names, for checking them against the contract.
        package var operations: [String] {
            [discoveryOperation, keysOperation] + (uninstall.map { [$0.operation] } ?? []) + (userOperation.map { [$0] } ?? [])
        }

        /// What the provider itself answers for operation `id`, if it is one of this behaviour's.
        package func role(of id: String) -> Role? {
            if id == discoveryOperation { return .discovery }
            if id == keysOperation { return .keys }
            if id == uninstall?.operation { return .uninstall }
            return nil
        }

        package enum Role: Sendable {
            case discovery, keys, uninstall
        }
    }
}
