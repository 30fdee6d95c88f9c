import Foundation
import UnderstudyCore
import RestaurantCore
import Testing
import UnderstudyContracts
import UnderstudyTesting
import EndToEndSupport

/// The app side of a web-view or `ASWebAuthenticationSession` login against Understudy's
/// login dialog, in both modes: the dialog URL `LoginDialog` builds, the page's Continue and
/// Cancel, the callback read back, the code exchanged by `LoginGate`.
@Suite("Login through the dialog")
struct LoginDialogFlowTests {
    private static let redirectURI = "fb138483919580948://authorize/"

    private func gate(_ server: TestServer, _ folder: URL) -> (LoginGate, TokenStore) {
        let tokens = TokenStore(file: folder.appendingPathComponent("token.json"))
        return (LoginGate(graph: server.graph, tokens: tokens, now: { server.clock.now }), tokens)
    }

    @Test func theDialogURLCarriesTheAppTheRedirectTheStateAndTheScope() throws {
        let configuration = Configuration.production(credentials: canonical)
        let dialog = LoginDialog(configuration: configuration, redirectURI: Self.redirectURI, scope: ["public_profile", "email"], state: "s&1")
        #expect(
            dialog.url.absoluteString
                == "https://www.facebook.com/v19.0/dialog/oauth?client_id=138483919580948&redirect_uri=fb138483919580948%3A%2F%2Fauthorize%2F&state=s%261&response_type=code&scope=public_profile%2Cemail")
    }

    @Test(arguments: TestServer.Mode.allCases) func continuingLogsTheUserIn(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            let folder = try temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let (gate, tokens) = gate(server, folder)
            let dialog = LoginDialog(configuration: server.app(), redirectURI: Self.redirectURI)
            let callback = try await DialogBrowser(server).callback(opening: dialog.url, pressing: .continue)
            let user = try #require(try await gate.logIn(through: dialog, callback: callback))
            #expect(user.name == "Dana Rivera")
            #expect(await gate.state == .loggedIn(user))
            #expect(await tokens.token?.accessToken == "EAAUnderstudyLongLivedToken")
            // The code is spent: the same callback again is the provider's "used" answer.
            await #expect(throws: RestaurantError.self) { try await gate.logIn(through: dialog, callback: callback) }
            server.expectRequests(answeredBy: "facebook/login/oauth-code-exchange.json", count: 1)
            server.expectNoUnmatchedRequests()
        }
    }

    /// Limited Login through the dialog, as the iOS SDK asks for it: the callback's fragment
    /// carries an authentication token with this login's nonce, which the app's checks accept
    /// and which cannot stand in for a Graph login.
    @Test(arguments: TestServer.Mode.allCases) func aLimitedLoginGetsAnAuthenticationTokenWithItsNonce(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            let dialog = LoginDialog(configuration: server.app(), redirectURI: Self.redirectURI, limitedLoginNonce: "nonce-7")
            #expect(dialog.url.absoluteString.contains("response_type=id_token%2Cgraph_domain%2Cuser_token_nonce&scope=public_profile%2Cemail&nonce=nonce-7"))
            let callback = try await DialogBrowser(server).callback(opening: dialog.url, pressing: .continue)
            guard case .authenticationToken(let token) = try dialog.outcome(of: callback) else {
                Issue.record("the callback carried no authentication token")
                return
            }
            let checked = try LimitedLoginToken.validated(token, appID: "138483919580948", nonce: "nonce-7", now: server.clock.now)
            #expect(checked.userID == "10160000000000001")
            #expect(throws: LimitedLoginToken.Refusal.self) { try LimitedLoginToken.validated(token, appID: "138483919580948", nonce: "other", now: server.clock.now) }
            let folder = try temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            await #expect(throws: RestaurantError.self) { try await gate(server, folder).0.logIn(through: dialog, callback: callback) }
            #expect(server.journal.entries.allSatisfy { !$0.target.contains("/oauth/access_token") })
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func cancellingIsADistinctOutcome(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            let folder = try temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let (gate, tokens) = gate(server, folder)
            let dialog = LoginDialog(configuration: server.app(), redirectURI: Self.redirectURI)
            let callback = try await DialogBrowser(server).callback(opening: dialog.url, pressing: .cancel)
            #expect(try dialog.outcome(of: callback) == .cancelled)
            #expect(try await gate.logIn(through: dialog, callback: callback) == nil)
            #expect(await tokens.token == nil)
            // A test that cannot press buttons says the user cancels: the dialog redirects at once.
            server.setDialogUser(.cancels, for: "facebook")
            let again = LoginDialog(configuration: server.app(), redirectURI: Self.redirectURI)
            #expect(try again.outcome(of: try await DialogBrowser(server).callback(opening: again.url, pressing: .continue)) == .cancelled)
            #expect(server.journal.entries.allSatisfy { !$0.target.contains("/oauth/access_token") })
        }
    }

    @Test func aCallbackThisLoginDidNotStartIsRefused() throws {
        let dialog = LoginDialog(configuration: Configuration.production(credentials: canonical), redirectURI: Self.redirectURI, state: "mine")
        for (callback, code) in [
            ("fb138483919580948://authorize/?code=AQD1&state=theirs", "state_mismatch"),
            ("fb138483919580948://authorize/?state=mine", "missing_code"),
            ("fb138483919580948://elsewhere/?code=AQD1&state=mine", "callback_mismatch"),
            ("fb138483919580948://authorize/?error=server_error&error_description=Down&state=mine", "server_error"),
        ] {
            #expect(throws: RestaurantError.self) { try dialog.outcome(of: URL(string: callback)!) }
            do {
                _ = try dialog.outcome(of: URL(string: callback)!)
            } catch {
                #expect(error.providerError?.code == code, "\(callback)")
            }
        }
        #expect(try dialog.outcome(of: URL(string: "fb138483919580948://authorize/?code=AQD1&state=mine")!) == .code("AQD1"))
    }
}
