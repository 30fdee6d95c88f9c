import Foundation
import Testing
import UnderstudyCore
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport
import UnderstudyServer

/// Graph tokens are state, over a real socket on the bundled tree (issue 40, items 1 and 2): a
/// token the fake knows has an issue time, an expiry and a state that every call checks;
/// revoking the app or a permission changes later answers; the exchanges issue new tokens on
/// the server's clock; `appsecret_proof` is checked when sent and required when the app says so.
@Suite("Graph tokens are state")
struct GraphTokenStateTests {
    static let appToken = "138483919580948%7CFAKE-understudy-app-secret"
    static let shortLived = "EAAUnderstudyShortLivedToken"
    static let longLived = "EAAUnderstudyLongLivedToken"
    static let day: TimeInterval = 86_400
    /// The long-lived exchange of the login dialog's token, as RestaurantCore and the Python clients send it.
    static let exchange =
        "/v19.0/oauth/access_token?grant_type=fb_exchange_token&client_id=138483919580948&client_secret=FAKE-understudy-app-secret&fb_exchange_token="
    /// The code exchange of the manual login flow.
    static let codeExchange =
        "/v19.0/oauth/access_token?client_id=138483919580948&redirect_uri=fb138483919580948%3A%2F%2Fauthorize%2F&client_secret=FAKE-understudy-app-secret&code=AQDUnderstudyLoginDialogCode"

    private func withServer(clock: ManualClock = ManualClock(), _ body: (LiveServer, ManualClock) async throws -> Void) async throws {
        let root = CLIProcess.repositoryRoot
        let fixtures = try FixtureLoader.load(from: root.appendingPathComponent("fixtures").path)
        let contracts = try Contracts.load(from: root.appendingPathComponent("contracts").path)
        try await LiveServer.withServer(responder: Responder(fixtures: fixtures, contracts: contracts, clock: clock)) { server in
            try await body(server, clock)
        }
    }

    /// Every endpoint a user token reaches, as (method, target without the token).
    static let userEndpoints: [(String, String)] = [
        ("GET", "/v19.0/me?fields=id,name,email,picture&"), ("GET", "/me?fields=id,name,email,picture&"), ("GET", "/v19.0/me/permissions?"),
        ("DELETE", "/v19.0/me/permissions/email?"), ("DELETE", "/v19.0/me/permissions?"),
    ]

    private func call(_ server: LiveServer, _ endpoint: (String, String), token: String, session: String? = nil) async throws -> SocketAnswer {
        try await send(server, endpoint.1 + "access_token=\(token)", method: endpoint.0, headers: session.map { ["X-Understudy-Session": $0] } ?? [:])
    }

    private func me(_ server: LiveServer, _ token: String, extra: String = "", session: String? = nil) async throws -> SocketAnswer {
        try await call(server, ("GET", "/v19.0/me?fields=id,name,email,picture&" + extra), token: token, session: session)
    }

    private func debug(_ server: LiveServer, _ token: String) async throws -> JSONValue? {
        try await send(server, "/v19.0/debug_token?input_token=\(token)&access_token=\(Self.appToken)").json?["data"]
    }

    private func issuedToken(_ server: LiveServer, exchanging token: String = shortLived) async throws -> String {
        let answer = try await send(server, Self.exchange + token)
        #expect(answer.status == 200, "\(answer.text)")
        return try #require(answer.json?["access_token"]?.stringValue)
    }

    private func expectGraphError(_ answer: SocketAnswer, code: Int, subcode: Int?, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(answer.status == 400, comment, sourceLocation: sourceLocation)
        #expect(answer.json?["error"]?["code"] == .number(JSONNumber(code)), comment, sourceLocation: sourceLocation)
        #expect(answer.json?["error"]?["error_subcode"] == subcode.map { .number(JSONNumber($0)) }, comment, sourceLocation: sourceLocation)
    }

    // MARK: expiry

    /// The bundled long-lived token is known from its `debug_token` fixture only (it expires
    /// 29 days after that fixture's `recordedAt`); past that, every endpoint refuses it, as
    /// `debug_token` says.
    @Test func aTokenKnownFromAFixtureExpiresOnEveryEndpoint() async throws {
        try await withServer { server, clock in
            #expect(try await me(server, Self.longLived).status == 200)
            #expect(try await call(server, Self.userEndpoints[2], token: Self.longLived).status == 200)
            clock.advance(by: 30 * Self.day)
            for endpoint in Self.userEndpoints {
                let answer = try await call(server, endpoint, token: Self.longLived)
                expectGraphError(answer, code: 190, subcode: 463, "\(endpoint)")
                #expect(answer.json?["error"]?["message"]?.stringValue?.hasPrefix("Error validating access token: Session has expired on Thursday, 29-Jan-26 16:00:00 PST.") == true)
            }
            #expect(try await debug(server, Self.longLived)?["is_valid"] == false)
            // The exchanges refuse an expired token too: it cannot become a new one.
            expectGraphError(try await send(server, Self.exchange + Self.longLived), code: 190, subcode: 463)
        }
    }

    /// On the real clock, today or years on, the same token is valid for its 29 days and
    /// expired after: its expiry moves with the fixture's `recordedAt`.
    @Test(arguments: [0, 5]) func aTokenKnownFromAFixtureLivesItsDaysOnTheRealClock(yearsAhead: Int) async throws {
        let clock = ManualClock(start: Date().addingTimeInterval(Double(yearsAhead) * 365.25 * Self.day))
        try await withServer(clock: clock) { server, clock in
            #expect(try await me(server, Self.longLived).status == 200)
            #expect(try await debug(server, Self.longLived)?["is_valid"] == true)
            clock.advance(by: 29 * Self.day + 1)
            expectGraphError(try await me(server, Self.longLived), code: 190, subcode: 463)
        }
    }

    // MARK: revoking the app

    @Test func revokingTheAppInvalidatesTheUsersTokensAndASecondRevokeFails() async throws {
        try await withServer { server, _ in
            let token = try await issuedToken(server)
            #expect(token == Self.longLived)
            let revoke = try await call(server, ("DELETE", "/v19.0/me/permissions?"), token: token)
            #expect(revoke.status == 200)
            #expect(revoke.json == ["success": true])
            for endpoint in Self.userEndpoints {
                let answer = try await call(server, endpoint, token: token)
                expectGraphError(answer, code: 190, subcode: 458, "\(endpoint)")
                #expect(answer.json?["error"]?["type"] == "OAuthException")
                #expect(answer.json?["error"]?["message"] == "Error validating access token: The user has not authorized application 138483919580948.")
            }
            // The second revoke is one of those calls: refused, not `{"success": true}` again.
            expectGraphError(try await call(server, ("DELETE", "/v19.0/me/permissions?"), token: token), code: 190, subcode: 458)
            // The short-lived token the long-lived one was made from is the same user's: gone too.
            expectGraphError(try await me(server, Self.shortLived), code: 190, subcode: 458)
            expectGraphError(try await send(server, Self.exchange + Self.shortLived), code: 190, subcode: 458)
            let introspected = try #require(try await debug(server, token))
            #expect(introspected["is_valid"] == false)
            #expect(introspected["error"]?["code"] == 190 && introspected["error"]?["subcode"] == 458)
            #expect(server.responder.journal.entries.filter { $0.answeredBy == "facebook: tokenRevoked" }.count == Self.userEndpoints.count + 3)
        }
    }

    /// After a revoke the user logs in again (the dialog's code, then the long-lived exchange):
    /// every token issued is new, and the revoked ones stay revoked.
    @Test func aNewLoginAfterARevokeIssuesNewTokens() async throws {
        try await withServer { server, _ in
            let first = try await issuedToken(server)
            #expect(try await call(server, ("DELETE", "/v19.0/me/permissions?"), token: first).status == 200)
            let code = try await send(server, Self.codeExchange)
            let short = try #require(code.json?["access_token"]?.stringValue)
            #expect(short != Self.shortLived)
            #expect(short.hasPrefix(Self.shortLived))
            let second = try await issuedToken(server, exchanging: short)
            #expect(second != first)
            #expect(try await me(server, second).json?["email"] == "dana@example.com")
            #expect(try await debug(server, second)?["is_valid"] == true)
            expectGraphError(try await me(server, first), code: 190, subcode: 458)
            // And once more: a third login is a third token.
            #expect(try await call(server, ("DELETE", "/v19.0/me/permissions?"), token: second).status == 200)
            let again = try await send(server, Self.codeExchange).json?["access_token"]?.stringValue
            #expect(try await issuedToken(server, exchanging: try #require(again)) != second)
        }
    }

    /// An app token speaks for no user: a revoke sent with one revokes nothing, and the app
    /// token keeps working for `debug_token`.
    @Test func anAppTokenRevokesNothing() async throws {
        try await withServer { (server: LiveServer, _: ManualClock) async throws in
            #expect(try await call(server, ("DELETE", "/v19.0/me/permissions?"), token: Self.appToken).status == 200)
            #expect(try await call(server, ("DELETE", "/v19.0/me/permissions/email?"), token: Self.appToken).status == 200)
            #expect(try await debug(server, Self.longLived)?["is_valid"] == true)
            #expect(try await me(server, Self.longLived).json?["email"] == "dana@example.com")
        }
    }

    @Test func stateIsPerSessionAndResetForgetsIt() async throws {
        try await withServer { server, _ in
            #expect(try await call(server, ("DELETE", "/v19.0/me/permissions?"), token: Self.longLived, session: "a").status == 200)
            expectGraphError(try await me(server, Self.longLived, session: "a"), code: 190, subcode: 458)
            #expect(try await me(server, Self.longLived, session: "b").status == 200)
            #expect(try await me(server, Self.longLived).status == 200)
            let reset = try await send(server, "/__understudy/reset", method: "POST", headers: ["X-Understudy-Session": "a"])
            #expect(reset.status == 200)
            #expect(try await me(server, Self.longLived, session: "a").status == 200)
        }
    }

    // MARK: revoking one permission

    @Test func revokingOnePermissionDeclinesItAndDropsItsField() async throws {
        try await withServer { server, _ in
            let token = try await issuedToken(server)
            #expect(try await me(server, token).json?["email"] == "dana@example.com")
            let revoke = try await call(server, ("DELETE", "/v19.0/me/permissions/email?"), token: token)
            #expect(revoke.status == 200)
            #expect(revoke.json == ["success": true])
            let permissions = try await call(server, ("GET", "/v19.0/me/permissions?"), token: token)
            #expect(permissions.json == ["data": [
                ["permission": "public_profile", "status": "granted"], ["permission": "email", "status": "declined"],
                ["permission": "user_friends", "status": "declined"],
            ]])
            let profile = try #require(try await me(server, token).json)
            #expect(profile["email"] == nil)
            #expect(profile["name"] == "Dana Rivera" && profile["id"] == "10160000000000001" && profile["picture"] != nil)
            // Unversioned, the same.
            #expect(try await call(server, Self.userEndpoints[1], token: token).json?["email"] == nil)
            // The token itself still works, and another session's user still has the email.
            #expect(try await debug(server, token)?["is_valid"] == true)
            #expect(try await me(server, token, session: "other").json?["email"] == "dana@example.com")
        }
    }

    // MARK: issued tokens

    /// A token the exchange issues is new on the server's clock, whatever the fixture recorded:
    /// issued now, expiring after the answer's `expires_in` (about 60 days), data access for 90.
    @Test func anIssuedTokenIsIssuedNowForSixtyDaysWithNinetyDaysOfDataAccess() async throws {
        let start = Date(timeIntervalSince1970: 1_950_000_000)  // 2031-10-16, long after every recording
        try await withServer(clock: ManualClock(start: start)) { server, clock in
            let now = Int(start.timeIntervalSince1970)
            let token = try await issuedToken(server)
            let data = try #require(try await debug(server, token))
            #expect(data["issued_at"] == .number(JSONNumber(now)))
            #expect(data["expires_at"] == .number(JSONNumber(now + 5_183_944)))
            #expect(data["data_access_expires_at"] == .number(JSONNumber(now + 90 * 86_400)))
            #expect(data["is_valid"] == true && data["error"] == nil)
            // A second login an hour later: another token, with its own times; the first still valid.
            clock.advance(by: 3600)
            let second = try await issuedToken(server)
            #expect(second != token)
            let later = try #require(try await debug(server, second))
            #expect(later["issued_at"] == .number(JSONNumber(now + 3600)))
            #expect(later["expires_at"] == .number(JSONNumber(now + 3600 + 5_183_944)))
            #expect(try await me(server, token).status == 200)
            #expect(try await me(server, second).status == 200)
            clock.advance(by: 5_183_944 - 3600)
            expectGraphError(try await me(server, token), code: 190, subcode: 463)
            #expect(try await me(server, second).status == 200)
        }
    }

    // MARK: appsecret_proof

    /// HMAC-SHA256 of `EAAUnderstudyLongLivedToken` keyed by the pack's app secret, and by another.
    static let proof = "e44e8ab6f6afc2f578e03df321c515673936e9713ecece0a3fdc4aadb6722994"
    static let otherSecretsProof = "c432d77b8ca3e6f609611c740b1630e4f8356fe09085f7ee9ad0323ee77af11d"

    @Test func aProofIsCheckedWhenSent() async throws {
        try await withServer { server, _ in
            #expect(try await me(server, Self.longLived, extra: "appsecret_proof=\(Self.proof)&").status == 200)
            #expect(try await me(server, Self.longLived).status == 200)  // not required: none sent is fine
            for wrong in [Self.otherSecretsProof, String(Self.proof.dropLast()) + "5", "not-a-proof"] {
                let answer = try await me(server, Self.longLived, extra: "appsecret_proof=\(wrong)&")
                #expect(answer.status == 400)
                #expect(answer.json == ["error": [
                    "code": 100, "fbtrace_id": "AbCdEfGh123", "message": "Invalid appsecret_proof provided in the API argument", "type": "GraphMethodException",
                ]])
            }
            // The proof of one token does not pass for another.
            let issued = try await call(server, ("GET", "/v19.0/me/permissions?appsecret_proof=\(Self.proof)&"), token: Self.shortLived)
            #expect(issued.json?["error"]?["type"] == "GraphMethodException")
            #expect(server.responder.journal.entries.filter { $0.answeredBy == "facebook: appSecretProofInvalid" }.count == 4)
        }
    }

    @Test func aTestsSecretAndARequiredProof() async throws {
        try await withServer { server, _ in
            server.responder.defaultSession.setAppSecret("FAKE-understudy-other-secret", for: "facebook")
            #expect(try await me(server, Self.longLived, extra: "appsecret_proof=\(Self.otherSecretsProof)&").status == 200)
            #expect(try await me(server, Self.longLived, extra: "appsecret_proof=\(Self.proof)&").json?["error"]?["code"] == 100)
            // The app requires the proof (Graph's "Require App Secret"): a call without one is refused.
            let required = try await send(
                server, "/__understudy/appsecret/facebook", method: "PUT", headers: ["Content-Type": "application/json"], body: #"{"required": true}"#)
            #expect(required.status == 200, "\(required.text)")
            let missing = try await me(server, Self.longLived)
            #expect(missing.status == 400)
            #expect(missing.json == ["error": [
                "code": 100, "fbtrace_id": "AbCdEfGh123", "message": "API calls from the server require an appsecret_proof argument", "type": "GraphMethodException",
            ]])
            // The admin call kept the secret it did not name.
            #expect(try await me(server, Self.longLived, extra: "appsecret_proof=\(Self.otherSecretsProof)&").status == 200)
            // Exchanges take no token, so no proof.
            #expect(try await send(server, Self.exchange + Self.shortLived).status == 200)
            #expect(try await send(server, "/__understudy/reset", method: "POST").status == 200)
            #expect(try await me(server, Self.longLived).status == 200)
        }
    }
}
