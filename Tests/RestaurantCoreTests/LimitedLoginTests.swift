import Foundation
import RestaurantCore
import UnderstudyCore
import Testing
import UnderstudyTesting

/// The app's checks of a Limited Login authentication token, on tokens the fake mints as
/// Facebook would after a login (signed with the key its JWK set serves), judged by the
/// server's clock.
@Suite("Limited Login token checks")
struct LimitedLoginTests {
    static let app = "138483919580948"

    @Test(arguments: TestServer.Mode.allCases) func aTokenFromTheLoginPassesAndNamesTheUser(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            let token = try server.idToken(nonce: "login-nonce-1", for: "facebook")
            let checked = try LimitedLoginToken.validated(token, appID: Self.app, nonce: "login-nonce-1", now: server.clock.now)
            #expect(checked.userID == "10160000000000001" && checked.name == "Dana Rivera" && checked.email == "dana@example.com")
            #expect(checked.issuedAt == server.clock.now && checked.expiresAt == server.clock.now.addingTimeInterval(3600))
            // Minting is not a request: the journal stays empty.
            server.expectNoUnmatchedRequests()
            #expect(server.journal.entries.isEmpty)
        }
    }

    @Test func eachWrongClaimIsRefused() async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts) { server in
            let now = server.clock.now
            func refusal(_ token: String, nonce: String = "n", at time: Date? = nil) -> LimitedLoginToken.Refusal? {
                do {
                    _ = try LimitedLoginToken.validated(token, appID: Self.app, nonce: nonce, now: time ?? now)
                    return nil
                } catch { return error }
            }
            #expect(refusal(try server.idToken(nonce: "n", for: "facebook"), nonce: "another") == .wrongNonce)
            #expect(refusal(try server.idToken(nonce: "n", claims: ["aud": "999"], for: "facebook")) == .wrongAudience)
            #expect(refusal(try server.idToken(nonce: "n", claims: ["iss": "https://facebook.example.com"], for: "facebook")) == .wrongIssuer)
            // The fake mints no token without a user, and says why.
            let noUser = #expect(throws: (any Error).self) { try server.idToken(nonce: "n", claims: ["sub": ""], for: "facebook") }
            #expect("\(noUser.map { "\($0)" } ?? "")".contains("claim \"sub\": expected a non-empty string"))
            let token = try server.idToken(nonce: "n", for: "facebook")
            #expect(refusal(token) == nil)
            #expect(refusal(token, at: now.addingTimeInterval(3600)) == .expired)
            #expect(refusal(token, at: now.addingTimeInterval(601)) == .notRecent)
            #expect(refusal(String(token.dropLast(token.count - token.firstIndex(of: ".")!.utf16Offset(in: token)))) == .malformed)
            #expect(refusal("not.a.token") == .malformed)
            // A message never repeats the token.
            #expect(!"\(LimitedLoginToken.Refusal.expired)".contains(token.prefix(20)))
        }
    }
}
