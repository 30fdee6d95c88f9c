import UnderstudyCore
import Foundation
import RestaurantCore
import Testing
import UnderstudyTesting

@Suite("Facebook login gating")
struct LoginTests {
    private static let redirectURI = "fb138483919580948://authorize/"

    /// A gate on a token file in `folder`, judged by the server's clock (2026-01-01).
    private func gate(_ server: TestServer, _ folder: URL) -> (LoginGate, TokenStore) {
        let tokens = TokenStore(file: folder.appendingPathComponent("token.json"))
        return (LoginGate(graph: server.graph, tokens: tokens, now: { server.clock.now }), tokens)
    }

    @Test(arguments: TestServer.Mode.allCases) func withNoStoredTokenTheLoginScreenShows(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            let folder = try temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let (gate, _) = gate(server, folder)
            #expect(try await gate.launch() == .loggedOut)
            #expect(server.journal.entries.isEmpty)
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func loginExchangesTheTokenKeepsItAndTheNextLaunchSkipsTheLoginScreen(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            let folder = try temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let (gate, tokens) = gate(server, folder)
            let user = try await gate.logIn(shortLivedToken: "EAAUnderstudyShortLivedToken")
            #expect(user.name == "Dana Rivera")
            #expect(user.email == "dana@example.com")
            #expect(await tokens.token?.accessToken == "EAAUnderstudyLongLivedToken")
            #expect(await tokens.token?.expiresAt == server.clock.now.addingTimeInterval(5_183_944))

            // A restart: new instances on the same folder.
            let (relaunched, _) = self.gate(server, folder)
            #expect(try await relaunched.launch() == .loggedIn(user))
            server.expectRequests(answeredBy: "facebook/login/oauth-long-lived-exchange.json", count: 1)
            server.expectRequests(answeredBy: "facebook/login/debug-token-long-lived.json", count: 1)
            server.expectNoUnmatchedRequests()
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func loginWithTheDialogsCode(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            let folder = try temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let (gate, tokens) = gate(server, folder)
            let user = try await gate.logIn(code: "AQDUnderstudyLoginDialogCode", redirectURI: Self.redirectURI)
            #expect(user.id == "10160000000000001")
            #expect(await gate.state == .loggedIn(user))
            #expect(await tokens.token?.accessToken == "EAAUnderstudyLongLivedToken")
            server.expectRequests(answeredBy: "facebook/login/oauth-code-exchange.json", count: 1)
            server.expectNoUnmatchedRequests()
        }
    }

    @Test(arguments: ["EAAUnderstudyExpiredToken", "not-a-token"], TestServer.Mode.allCases)
    func anExpiredOrInvalidTokenLogsOutAndIsCleared(token: String, mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            let folder = try temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            try await TokenStore(file: folder.appendingPathComponent("token.json")).save(StoredToken(accessToken: token))
            let (gate, tokens) = gate(server, folder)
            #expect(await tokens.token?.accessToken == token)
            #expect(try await gate.launch() == .loggedOut)
            #expect(await tokens.token == nil)
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("token.json").path))
            server.expectNoUnmatchedRequests()
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func aTokenPastItsExpiryByTheClockLogsOut(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            let folder = try temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let tokens = TokenStore(file: folder.appendingPathComponent("token.json"))
            try await tokens.save(StoredToken(accessToken: "EAAUnderstudyLongLivedToken"))
            // 2026-02-01: after the token's expires_at (2026-01-30).
            let gate = LoginGate(graph: server.graph, tokens: tokens, now: { Date(timeIntervalSince1970: 1_769_904_000) })
            #expect(try await gate.launch() == .loggedOut)
            #expect(await tokens.token == nil)
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func logoutClearsTheToken(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            let folder = try temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let (gate, tokens) = gate(server, folder)
            try await gate.logIn(shortLivedToken: "EAAUnderstudyShortLivedToken")
            await gate.logOut()
            #expect(await gate.state == .loggedOut)
            #expect(await tokens.token == nil)
            #expect(try await self.gate(server, folder).0.launch() == .loggedOut)
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func graphErrorsCarryCodeSubcodeAndMessage(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            let expired = await #expect(throws: RestaurantError.self) { try await server.graph.me(token: "EAAUnderstudyExpiredToken") }
            let error = try #require(expired?.providerError)
            #expect(error.status == 400)
            #expect(error.code == "190")
            #expect(error.subcode == 463)
            #expect(error.type == "OAuthException")
            #expect(error.message?.hasPrefix("Error validating access token: Session has expired on") == true)
            #expect(error.traceID != nil)
            #expect(error.isInvalidToken)

            let invalid = await #expect(throws: RestaurantError.self) { try await server.graph.me(token: "not-a-token") }
            #expect(invalid?.providerError?.code == "190")
            #expect(invalid?.providerError?.subcode == nil)
            #expect(invalid?.providerError?.message == "Invalid OAuth access token - Cannot parse access token")
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func permissionsOfTheLoggedInUser(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            let permissions = try await server.graph.permissions(token: "EAAUnderstudyLongLivedToken")
            #expect(permissions.map(\.permission) == ["public_profile", "email", "user_friends"])
            #expect(permissions.last?.status == "declined")
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func aCorruptTokenFileIsSetAsideAndTheUserLoggedOut(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            let folder = try temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            try Data("{not json".utf8).write(to: folder.appendingPathComponent("token.json"))
            let (gate, tokens) = gate(server, folder)
            guard case .corrupt(_, let setAside, _) = await tokens.loadProblem else {
                Issue.record("expected the corrupt file to be reported")
                return
            }
            #expect(try String(contentsOf: setAside, encoding: .utf8) == "{not json")
            #expect(try await gate.launch() == .loggedOut)
        }
    }
}
