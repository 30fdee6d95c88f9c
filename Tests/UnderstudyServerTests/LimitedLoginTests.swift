import Crypto
import CryptoExtras
import Foundation
import Testing
import UnderstudyCore
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport
import UnderstudyServer
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Limited Login over a real socket on the bundled tree (issue 40, item 6): the fake serves
/// Facebook's OpenID Connect discovery document and key set at their native paths, mints ID
/// tokens that verify with the served key (checked here from the JWKS's `n` and `e` alone, as
/// any verifier does), refuses tampered and expired ones, and an uninstall ends the token's
/// user in its session.
@Suite("Limited Login (OpenID Connect)")
struct LimitedLoginTests {
    static let app = "138483919580948"
    static let user = "10160000000000001"


    /// A token minted by the admin API, as a test client would get one.
    private func mint(_ server: LiveServer, nonce: String?, claims: String? = nil, session: String? = nil) async throws -> (token: String, claims: JSONValue) {
        var members: [String] = []
        if let nonce { members.append("\"nonce\": \"\(nonce)\"") }
        if let claims { members.append("\"claims\": \(claims)") }
        var headers = ["Content-Type": "application/json"]
        if let session { headers["X-Understudy-Session"] = session }
        let answer = try await send(server, "/__understudy/idtoken/facebook", method: "POST", headers: headers, body: "{" + members.joined(separator: ", ") + "}")
        #expect(answer.status == 200, "\(answer.text)")
        return (try #require(answer.json?["id_token"]?.stringValue), try #require(answer.json?["claims"]))
    }

    private func uninstall(_ server: LiveServer, token: String?, app: String? = app, session: String? = nil) async throws -> SocketAnswer {
        let form = [token.map { "id_token=" + $0 }, app.map { "app_id=" + $0 }].compactMap { $0 }.joined(separator: "&")
        var headers = ["Content-Type": "application/x-www-form-urlencoded"]
        if let session { headers["X-Understudy-Session"] = session }
        return try await send(server, "/platform/uninstall/", method: "POST", headers: headers, body: form)
    }

    private func uninstalledUsers(_ server: LiveServer, session: String? = nil) async throws -> [String] {
        let answer = try await send(server, "/__understudy/idtoken/facebook", headers: session.map { ["X-Understudy-Session": $0] } ?? [:])
        return answer.json?["uninstalledUsers"]?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    /// The served key set's one key, as a verifier builds it: from `n` and `e`.
    private func servedKey(_ server: LiveServer) async throws -> (kid: String, key: _RSA.Signing.PublicKey) {
        let answer = try await send(server, "/.well-known/oauth/openid/jwks/")
        let jwk = try #require(answer.json?["keys"]?.arrayValue?.first)
        let n = try #require(jwk["n"]?.stringValue.flatMap { Base64URL.decode(Substring($0)) })
        let e = try #require(jwk["e"]?.stringValue.flatMap { Base64URL.decode(Substring($0)) })
        return (try #require(jwk["kid"]?.stringValue), try _RSA.Signing.PublicKey(n: n, e: e))
    }

    /// Whether `token` is well formed, names `kid` and carries `key`'s RS256 signature.
    private func verifies(_ token: String, key: _RSA.Signing.PublicKey, kid: String) -> Bool {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerBytes = Base64URL.decode(parts[0]), let header = try? JSONParser.parse(headerBytes),
            header["alg"] == "RS256", header["kid"]?.stringValue == kid, let signature = Base64URL.decode(parts[2])
        else { return false }
        let signed = Data((parts[0] + "." + parts[1]).utf8)
        return key.isValidSignature(_RSA.Signing.RSASignature(rawRepresentation: signature), for: SHA256.hash(data: signed), padding: .insecurePKCS1v1_5)
    }

    @Test func theDiscoveryDocumentAndKeySetAreServedWellFormed() async throws {
        try await withBundledServer { server, _ in
            let discovery = try await send(server, "/.well-known/openid-configuration/")
            #expect(discovery.status == 200)
            #expect(discovery.response.value(forHTTPHeaderField: "Content-Type")?.hasPrefix("application/json") == true)
            #expect(discovery.json?["issuer"] == "https://www.facebook.com")
            #expect(discovery.json?["jwks_uri"]?.stringValue?.hasSuffix("/.well-known/oauth/openid/jwks/") == true)
            #expect(discovery.json?["id_token_signing_alg_values_supported"] == ["RS256"])
            let keys = try await send(server, "/.well-known/oauth/openid/jwks/")
            #expect(keys.status == 200)
            let jwks = try #require(keys.json?["keys"]?.arrayValue)
            #expect(jwks.count == 1)
            let jwk = try #require(jwks.first?.objectValue)
            #expect(Set(jwk.keys) == ["kid", "kty", "alg", "use", "n", "e"])
            #expect(jwk["kty"] == "RSA" && jwk["alg"] == "RS256" && jwk["use"] == "sig" && jwk["e"] == "AQAB")
            #expect(jwk["n"]?.stringValue.flatMap { Base64URL.decode(Substring($0)) }?.count == 256, "a 2048-bit modulus")
            // One key for the server's life: the same on every fetch.
            let again = try await send(server, "/.well-known/oauth/openid/jwks/")
            #expect(again.json == keys.json)
            let entries = server.responder.journal.entries
            #expect(entries.count == 3 && entries.allSatisfy { $0.violation == nil && $0.answeredBy?.contains("(openIDConnect)") == true })
        }
    }

    @Test func aMintedTokenVerifiesWithTheServedKeyAndCarriesTheNonce() async throws {
        try await withBundledServer { server, clock in
            let (token, claims) = try await mint(server, nonce: "nonce-from-the-app-1")
            let (kid, key) = try await servedKey(server)
            #expect(verifies(token, key: key, kid: kid))
            let payload = try #require(Base64URL.decode(token.split(separator: ".")[1]).flatMap { try? JSONParser.parse($0) })
            #expect(payload == claims)
            #expect(payload["nonce"] == "nonce-from-the-app-1")
            #expect(payload["iss"] == "https://www.facebook.com" && payload["aud"] == .string(Self.app) && payload["sub"] == .string(Self.user))
            let now = Int(clock.now.timeIntervalSince1970)
            #expect(payload["iat"] == .number(JSONNumber(now)) && payload["exp"] == .number(JSONNumber(now + 3600)))
            #expect(payload["jti"]?.stringValue?.isEmpty == false)
            // The test user's claims come from the getMe fixture.
            #expect(payload["name"] == "Dana Rivera" && payload["email"] == "dana@example.com")
            let header = try #require(Base64URL.decode(token.split(separator: ".")[0]).flatMap { try? JSONParser.parse($0) })
            #expect(header == .object(["alg": "RS256", "kid": .string(kid), "typ": "JWT"]))
            // Two logins, two tokens.
            let second = try await mint(server, nonce: "nonce-from-the-app-1").token
            #expect(second != token && verifies(second, key: key, kid: kid))
        }
    }

    @Test func aTokenWithOneChangedByteIsRefused() async throws {
        try await withBundledServer { server, _ in
            let (token, _) = try await mint(server, nonce: "n-2")
            let (kid, key) = try await servedKey(server)
            let dot = try #require(token.firstIndex(of: "."))
            for position in [token.index(after: dot), token.index(before: token.endIndex), token.index(token.startIndex, offsetBy: 5)] {
                var bytes = Array(token.utf8)
                let offset = token.utf8.distance(from: token.startIndex, to: position)
                bytes[offset] = bytes[offset] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
                let tampered = String(decoding: bytes, as: UTF8.self)
                #expect(!verifies(tampered, key: key, kid: kid), "byte \(offset)")
                let answer = try await uninstall(server, token: tampered)
                #expect(answer.status == 400 && answer.json?["error"]?["code"] == 190, "byte \(offset)")
            }
            #expect(try await uninstalledUsers(server).isEmpty)
        }
    }

    @Test func anExpiredTokenIsRefused() async throws {
        try await withBundledServer { server, clock in
            let (token, claims) = try await mint(server, nonce: "n-3")
            clock.advance(by: 3600)
            // Its signature still holds; its exp has passed on the server's clock.
            let (kid, key) = try await servedKey(server)
            #expect(verifies(token, key: key, kid: kid))
            #expect(try #require(claims["exp"]?.intValue) <= Int(clock.now.timeIntervalSince1970))
            let answer = try await uninstall(server, token: token)
            #expect(answer.status == 400 && answer.json?["error"]?["code"] == 190)
            let entry = try #require(server.responder.journal.entries.last)
            #expect(entry.answeredBy == "facebook: idTokenInvalid (ID token expired)")
        }
    }

    @Test func anUninstallEndsTheTokensUserInItsSession() async throws {
        try await withBundledServer { server, _ in
            let (token, _) = try await mint(server, nonce: "n-4")
            let done = try await uninstall(server, token: token)
            #expect(done.status == 200 && done.json == ["success": true], "\(done.text)")
            #expect(try await uninstalledUsers(server) == [Self.user])
            // A second uninstall with that token: the user has not authorized the app.
            let again = try await uninstall(server, token: token)
            #expect(again.status == 400 && again.json?["error"]?["code"] == 190 && again.json?["error"]?["error_subcode"] == 458)
            // A new login is a new token, and its user installed again.
            let (newToken, _) = try await mint(server, nonce: "n-5")
            #expect(try await uninstall(server, token: newToken).status == 200)
            // Another app's id, or none, is refused; so is a token this server never signed.
            let (other, _) = try await mint(server, nonce: "n-6")
            #expect(try await uninstall(server, token: other, app: "999").status == 400)
            let missing = try await uninstall(server, token: nil)
            #expect(missing.status == 400)
            #expect(server.responder.journal.violations.last?.violation?.parameter == "id_token")
            // The journal shows no token, only where one was.
            let journal = try await send(server, "/__understudy/journal").text
            for minted in [token, newToken, other] { #expect(!journal.contains(minted) && !journal.contains(String(minted.prefix(40)))) }
            #expect(journal.contains("id_token=REDACTED"))
        }
    }

    @Test func sessionsAreSeparateAndResetForgets() async throws {
        try await withBundledServer { server, _ in
            let (token, _) = try await mint(server, nonce: "n-7", session: "a")
            #expect(try await uninstall(server, token: token, session: "b").status == 200)
            #expect(try await uninstalledUsers(server, session: "b") == [Self.user])
            #expect(try await uninstalledUsers(server, session: "a").isEmpty)
            #expect(try await uninstall(server, token: token, session: "a").status == 200)
            let reset = try await send(server, "/__understudy/reset", method: "POST", headers: ["X-Understudy-Session": "a"])
            #expect(reset.status == 200)
            #expect(try await uninstalledUsers(server, session: "a").isEmpty)
            #expect(try await uninstall(server, token: token, session: "a").status == 200)
        }
    }

    @Test func theAdminEndpointSaysWhatIsWrong() async throws {
        try await withBundledServer { server, _ in
            let json = ["Content-Type": "application/json"]
            let unknown = try await send(server, "/__understudy/idtoken/yelp", method: "POST", headers: json, body: "{}")
            #expect(unknown.status == 404 && unknown.json?["understudy"]?["providers"] == ["facebook"])
            let badNonce = try await send(server, "/__understudy/idtoken/facebook", method: "POST", headers: json, body: #"{"nonce": 3}"#)
            #expect(badNonce.status == 400 && badNonce.json?["understudy"]?["error"]?.stringValue?.hasPrefix("nonce: expected a string") == true)
            let noUser = try await send(server, "/__understudy/idtoken/facebook", method: "POST", headers: json, body: #"{"claims": {"sub": null}}"#)
            #expect(noUser.status == 400 && noUser.json?["understudy"]?["error"]?.stringValue?.contains("pass the claim yourself") == true)
            // Claims a test gives replace the server's: a correctly signed token for another app.
            let (token, claims) = try await mint(server, nonce: nil, claims: #"{"aud": "another-app", "email": null}"#)
            #expect(claims["aud"] == "another-app" && claims["email"] == nil && claims["nonce"] == nil)
            let (kid, key) = try await servedKey(server)
            #expect(verifies(token, key: key, kid: kid))
            #expect(try await uninstall(server, token: token).status == 400)
        }
    }
}
