import Foundation
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport

/// The OpenID Connect providers one responder stands in for: each provider's signing key, made
/// on first use (an RSA key takes tens of milliseconds, which a server that never mints should
/// not pay at start) and kept for the responder's life, and its test user's claims, read once
/// from the fixtures.
package final class OpenIDIssuers: Sendable {
    private let fixtures: [Fixture]
    private let contracts: Contracts?
    /// By provider.
    private let keys = Locked<[String: OpenIDSigningKey]>([:])
    private let users = Locked<[String: [String: JSONValue]]>([:])

    /// Issuers for the packs of `contracts` that say `openIDConnect`, whose test users are
    /// read from `fixtures`.
    package init(fixtures: [Fixture], contracts: Contracts?) {
        self.fixtures = fixtures
        self.contracts = contracts
    }

    /// `pack`'s signing key, made now when it has none yet. The lock is held while a key is
    /// made, so two first requests at once make one key.
    package func key(for pack: ProviderPack, _ openID: PackBehaviours.OpenIDConnect) throws -> OpenIDSigningKey {
        try keys.withLock { keys in
            if let key = keys[pack.provider] { return key }
            let key = try OpenIDSigningKey(bits: openID.keyBits)
            keys[pack.provider] = key
            return key
        }
    }

    /// `pack`'s signing key if one was made: a token can only verify once one was.
    package func existingKey(for pack: ProviderPack) -> OpenIDSigningKey? {
        keys.withLock { $0[pack.provider] }
    }

    /// The claims of `pack`'s test user: read at the pointers of `openID.userClaims` from the
    /// first fixture (by file) that answers `openID.userOperation` with a JSON success; none
    /// when no fixture does.
    package func userClaims(for pack: ProviderPack, _ openID: PackBehaviours.OpenIDConnect) -> [String: JSONValue] {
        if let known = users.withLock({ $0[pack.provider] }) { return known }
        var claims: [String: JSONValue] = [:]
        if let operation = openID.userOperation, let contracts {
            for fixture in fixtures.sorted(by: { $0.file < $1.file }) where fixture.provider == pack.provider {
                guard contracts.route(method: fixture.request.method, path: fixture.request.path.text)?.operation?.id == operation,
                    let answer = fixture.responses.first, (200..<300).contains(answer.status), answer.template == nil,
                    let bytes = try? answer.bodyBytes(), let json = try? JSONParser.parse(bytes)
                else { continue }
                for (claim, pointer) in openID.userClaims {
                    if let value = json.at(pointer: pointer), value != .null { claims[claim] = value }
                }
                break
            }
        }
        users.withLock { $0[pack.provider] = claims }
        return claims
    }
}
