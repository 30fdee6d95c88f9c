import Foundation
import JWTKit
import Testing
import UnderstudyCore
import UnderstudyFixtures
import UnderstudyJSON
import UnderstudyContracts
import UnderstudyServer

/// The fake's ID tokens checked by vapor/jwt-kit, a verifier written for real providers' keys:
/// the key set as served, the token's signature by the key its header names, then the claims a
/// backend checks (issuer from the discovery document, audience, expiry on the server's clock).
@Suite("ID tokens verified by jwt-kit")
struct JWTKitVerificationTests {
    /// The claims a backend reads; their checks are made after the signature, with the server's clock.
    struct Claims: JWTPayload {
        let iss: IssuerClaim
        let aud: AudienceClaim
        let sub: SubjectClaim
        let exp: ExpirationClaim
        let iat: IssuedAtClaim
        let nonce: String

        func verify(using algorithm: some JWTAlgorithm) async throws {}
    }

    @Test func aMintedTokenVerifiesAndChangedOrExpiredOnesAreRefused() async throws {
        let root = CLIProcess.repositoryRoot
        let fixtures = try FixtureLoader.load(from: root.appendingPathComponent("fixtures").path)
        let contracts = try Contracts.load(from: root.appendingPathComponent("contracts").path)
        let clock = ManualClock()
        try await LiveServer.withServer(responder: Responder(fixtures: fixtures, contracts: contracts, clock: clock)) { server in
            let token = try server.responder.idToken(for: "facebook", nonce: "jwt-kit-nonce")
            let issuer = try #require(try await send(server, "/.well-known/openid-configuration/").json?["issuer"]?.stringValue)
            let keys = JWTKeyCollection()
            try await keys.add(jwksJSON: try await send(server, "/.well-known/oauth/openid/jwks/").text)

            let claims = try await keys.verify(token, as: Claims.self)
            #expect(claims.iss.value == issuer && claims.nonce == "jwt-kit-nonce" && claims.sub.value == "10160000000000001")
            try claims.aud.verifyIntendedAudience(includes: "138483919580948")
            try claims.exp.verifyNotExpired(currentDate: clock.now)

            // One changed byte in the claims or the signature: refused.
            let parts = token.split(separator: ".").map(String.init)
            for index in [1, 2] {
                var changed = parts
                let middle = changed[index].index(changed[index].startIndex, offsetBy: changed[index].count / 2)
                changed[index].replaceSubrange(middle...middle, with: changed[index][middle] == "A" ? "B" : "A")
                await #expect(throws: (any Error).self, "part \(index)") { try await keys.verify(changed.joined(separator: "."), as: Claims.self) }
            }
            // An hour on, on the server's clock: expired.
            clock.advance(by: 3600)
            #expect(throws: (any Error).self) { try claims.exp.verifyNotExpired(currentDate: clock.now) }
        }
    }
}
