import UnderstudyCore
import EndToEndSupport
import Foundation
import RestaurantCore
import Testing
import UnderstudyTesting

/// The Google Places challenge: Facebook login gating, the top 25 places within 100 m over page
/// tokens, icons and names, details by place id, images loaded as rows appear, pull to refresh.
@Suite("Google Places challenge, end to end")
struct PlacesChallengeTests {
    private typealias Files = FixtureFiles.Places

    /// The places list of the challenge, retrying page tokens on `sleeper`.
    private func top25(_ app: AppInstall, sleeper: RecordingSleeper) -> RestaurantSearch {
        RestaurantSearch(source: NearbyPages(client: app.places, query: .around(Places.civicCenter), sleeper: sleeper), limit: 25)
    }

    @Test(arguments: TestServer.Mode.allCases) func logInThenTheTop25IconsDetailsAndPullToRefresh(_ mode: TestServer.Mode) async throws {
        try await withAppInstall(mode) { app in
            let server = app.server
            let gate = app.loginGate(tokens: app.tokens())
            #expect(try await gate.launch() == .loggedOut)  // no token yet: the login screen
            let user = try await gate.logIn(shortLivedToken: "EAAUnderstudyShortLivedToken")
            #expect(user.name == "Dana Rivera")

            // Page 2 is asked right after page 1, before its token is valid: the core waits and asks again.
            let sleeper = RecordingSleeper(advancing: server.clock)
            let search = top25(app, sleeper: sleeper)
            #expect(await search.load().results.count == 20)
            let top = await search.loadNextPage()
            #expect(top.results.count == 25)
            #expect(top.isEndOfResults)
            #expect(await sleeper.pauses == [2])
            #expect(top.results.allSatisfy { $0.coordinate.map { Places.civicCenter.distance(to: $0) <= 150 } ?? false })

            // Each row: an icon and a name. One loader, so an icon shared by rows is fetched once.
            let loader = app.imageLoader()
            for place in top.results {
                #expect(!place.name.isEmpty)
                _ = try await loader.image(at: try #require(place.iconURL))
            }
            #expect(server.journal.entries.filter { $0.fixture?.hasPrefix("google/icons/") == true }.count == 8)

            let deli = try await app.details.details(for: top.results[1]).restaurant
            #expect(deli.name == "Market & Tenth Deli")
            #expect(deli.displayPhone == "(415) 555-0164")
            #expect(deli.addressLines == ["1390 Market Street, San Francisco, CA 94102, USA"])

            let refreshed = await search.refresh()
            #expect(refreshed.results == Array(top.results.prefix(20)))
            #expect(!refreshed.isEndOfResults)

            server.expectJournal([
                Files.longLivedExchange: 1, Files.me: 1, Files.page1: 2, Files.page2: 1, Files.deliDetails: 1,
            ])
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func aValidStoredTokenSkipsTheLoginScreen(_ mode: TestServer.Mode) async throws {
        try await withAppInstall(mode) { app in
            let server = app.server
            try await app.loginGate(tokens: app.tokens()).logIn(shortLivedToken: "EAAUnderstudyShortLivedToken")
            // The next launch: new instances on the same folder.
            let tokens = app.tokens()
            #expect(await tokens.token?.accessToken == "EAAUnderstudyLongLivedToken")
            let state = try await app.loginGate(tokens: tokens).launch()
            guard case .loggedIn(let user) = state else {
                Issue.record("expected to be logged in, got \(state)")
                return
            }
            #expect(user.email == "dana@example.com")
            // /me after the login, and again at the launch.
            server.expectJournal([Files.longLivedExchange: 1, Files.validToken: 1, Files.me: 2])
        }
    }

    /// The bundled answers say when they were written for (`recordedAt`), so on the real clock,
    /// today or five years on, a stored long-lived token is as valid as on the test clock.
    @Test(arguments: TestServer.Mode.allCases, [0, 5])
    func aStoredLongLivedTokenIsValidOnTheRealClockTodayAndYearsOn(_ mode: TestServer.Mode, yearsAhead: Int) async throws {
        let clock = ManualClock(start: Date().addingTimeInterval(Double(yearsAhead) * 365.25 * 86_400))
        try await withUnderstudy(fixtures: bundledFixtures, contracts: bundledContracts, mode: mode, clock: clock) { server in
            try await withAppInstall(on: server) { app in
                try await app.tokens().save(StoredToken(accessToken: "EAAUnderstudyLongLivedToken"))
                let state = try await app.loginGate(tokens: app.tokens()).launch()
                guard case .loggedIn(let user) = state else {
                    Issue.record("expected to be logged in \(yearsAhead) years from today, got \(state)")
                    return
                }
                #expect(user.email == "dana@example.com")
                server.expectJournal([Files.validToken: 1, Files.me: 1])
            }
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func anExpiredStoredTokenLogsOutAndIsCleared(_ mode: TestServer.Mode) async throws {
        try await withAppInstall(mode) { app in
            let server = app.server
            try await app.tokens().save(StoredToken(accessToken: "EAAUnderstudyExpiredToken"))
            let tokens = app.tokens()
            #expect(try await app.loginGate(tokens: tokens).launch() == .loggedOut)
            #expect(await tokens.token == nil)
            #expect(await app.tokens().token == nil)  // and the next launch shows the login screen too
            server.expectJournal([Files.expiredToken: 1])
            #expect(server.journal.entries.count == 1)  // no /me for a token Facebook rejected
        }
    }

    /// The user removes the app (log out and revoke): the token stops working everywhere, a
    /// copy of it stored elsewhere logs out at launch, and the next login (the dialog's code)
    /// is a new token that launches straight in.
    @Test(arguments: TestServer.Mode.allCases) func revokeThenLogInAgainWithANewToken(_ mode: TestServer.Mode) async throws {
        try await withAppInstall(mode) { app in
            let server = app.server
            let gate = app.loginGate(tokens: app.tokens())
            let user = try await gate.logIn(shortLivedToken: "EAAUnderstudyShortLivedToken")
            let revoked = try #require(await app.tokens().token?.accessToken)
            try await gate.revokeAndLogOut()
            #expect(await gate.state == .loggedOut)
            #expect(await app.tokens().token == nil)

            let refused = await #expect(throws: RestaurantError.self) { try await app.graph.me(token: revoked) }
            #expect(refused?.providerError?.code == "190")
            #expect(refused?.providerError?.subcode == 458)
            #expect(refused?.providerError?.isInvalidToken == true)
            // A copy of the revoked token (a backup, another install) logs out at its launch.
            try await app.tokens().save(StoredToken(accessToken: revoked))
            #expect(try await app.loginGate(tokens: app.tokens()).launch() == .loggedOut)

            let again = try await app.loginGate(tokens: app.tokens()).logIn(code: "AQDUnderstudyLoginDialogCode", redirectURI: "fb138483919580948://authorize/")
            #expect(again == user)
            let renewed = try #require(await app.tokens().token?.accessToken)
            #expect(renewed != revoked)
            #expect(try await app.loginGate(tokens: app.tokens()).launch() == .loggedIn(user))
            // Revoking twice is harmless for the app: the second revoke's refusal counts as done.
            try await app.loginGate(tokens: app.tokens()).revokeAndLogOut()
            try await app.tokens().save(StoredToken(accessToken: renewed))
            try await app.loginGate(tokens: app.tokens()).revokeAndLogOut()
            #expect(await app.tokens().token == nil)

            server.expectJournal([
                Files.longLivedExchange: 1, Files.me: 3, Files.revokeApp: 2, Files.revoked: 2, Files.validToken: 1, Files.codeExchange: 1,
                Files.newLoginExchange: 1, Files.anyToken: 1,
            ])
        }
    }

    /// The user takes back the email permission: the profile has no email from then on.
    @Test(arguments: TestServer.Mode.allCases) func revokingTheEmailPermissionDropsTheEmail(_ mode: TestServer.Mode) async throws {
        try await withAppInstall(mode) { app in
            let server = app.server
            let user = try await app.loginGate(tokens: app.tokens()).logIn(shortLivedToken: "EAAUnderstudyShortLivedToken")
            #expect(user.email == "dana@example.com")
            let token = try #require(await app.tokens().token?.accessToken)
            try await app.graph.revoke(permission: "email", token: token)
            let permissions = try await app.graph.permissions(token: token)
            #expect(permissions.first { $0.permission == "email" }?.status == "declined")
            guard case .loggedIn(let relaunched) = try await app.loginGate(tokens: app.tokens()).launch() else {
                Issue.record("expected to be logged in")
                return
            }
            #expect(relaunched.email == nil)
            #expect(relaunched.name == "Dana Rivera")
            server.expectJournal([Files.longLivedExchange: 1, Files.me: 2, Files.revokeEmail: 1, Files.permissions: 1, Files.validToken: 1])
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func onlyTheRowsOnScreenLoadTheirPhotos(_ mode: TestServer.Mode) async throws {
        try await withAppInstall(mode) { app in
            let server = app.server
            let first = await top25(app, sleeper: RecordingSleeper()).load().results
            let onScreen = first.prefix(6)
            let loader = app.imageLoader()
            let photos = try await withThrowingTaskGroup(of: Data.self) { group in
                for row in onScreen { group.addTask { try await loader.image(at: try #require(row.imageURL)) } }
                return try await group.reduce(into: [Data]()) { $0.append($1) }
            }
            #expect(photos.allSatisfy { Array($0.prefix(3)) == [0xFF, 0xD8, 0xFF] })
            // Each photo URL redirects to the image host: one redirect and one image a row.
            server.expectJournal([Files.page1: 1, Files.photoRedirect: onScreen.count, Files.photo: onScreen.count])
        }
    }
}
