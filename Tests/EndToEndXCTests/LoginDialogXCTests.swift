import UnderstudyTesting
import UnderstudyCore
import UnderstudyContracts
import EndToEndSupport
import RestaurantCore
import XCTest

/// A web-view or `ASWebAuthenticationSession` login through Facebook's login dialog, in XCTest,
/// in each mode: the page's Continue and Cancel, the code exchanged once, and Limited Login's
/// authentication token with its nonce.
final class LoginDialogXCTests: EndToEndTestCase {
    private let redirectURI = "fb138483919580948://authorize/"

    func testContinuingLogsTheUserInAndTheCodeIsSpent() async throws {
        try await inEachMode {
            let gate = app.loginGate(tokens: app.tokens())
            let dialog = LoginDialog(configuration: app.configuration, redirectURI: redirectURI)
            let callback = try await DialogBrowser(understudy).callback(opening: dialog.url, pressing: .continue)
            let user = try await gate.logIn(through: dialog, callback: callback)
            XCTAssertEqual(user?.name, "Dana Rivera")
            let kept = await app.tokens().token?.accessToken
            XCTAssertEqual(kept, "EAAUnderstudyLongLivedToken")
            do {
                _ = try await gate.logIn(through: dialog, callback: callback)
                XCTFail("the same code was exchanged twice")
            } catch let error as RestaurantError {
                XCTAssertEqual(error.providerError?.code, "100")
            }
        }
    }

    func testCancellingKeepsTheLoginScreen() async throws {
        try await inEachMode {
            let gate = app.loginGate(tokens: app.tokens())
            let dialog = LoginDialog(configuration: app.configuration, redirectURI: redirectURI)
            let callback = try await DialogBrowser(understudy).callback(opening: dialog.url, pressing: .cancel)
            XCTAssertEqual(try dialog.outcome(of: callback), .cancelled)
            let user = try await gate.logIn(through: dialog, callback: callback)
            XCTAssertNil(user)
            // A UI test that cannot press buttons says the user cancels.
            understudy.setDialogUser(.cancels, for: "facebook")
            let again = LoginDialog(configuration: app.configuration, redirectURI: redirectURI)
            let redirected = try await DialogBrowser(understudy).callback(opening: again.url, pressing: .continue)
            XCTAssertEqual(try again.outcome(of: redirected), .cancelled)
            let stored = await app.tokens().token
            XCTAssertNil(stored)
        }
    }

    func testALimitedLoginGetsAnAuthenticationTokenWithItsNonce() async throws {
        try await inEachMode {
            let dialog = LoginDialog(configuration: app.configuration, redirectURI: redirectURI, limitedLoginNonce: "xc-nonce")
            let callback = try await DialogBrowser(understudy).callback(opening: dialog.url, pressing: .continue)
            guard case .authenticationToken(let token) = try dialog.outcome(of: callback) else {
                return XCTFail("the callback carried no authentication token")
            }
            let checked = try LimitedLoginToken.validated(token, appID: "138483919580948", nonce: "xc-nonce", now: understudy.clock.now)
            XCTAssertEqual(checked.userID, "10160000000000001")
            XCTAssertThrowsError(try LimitedLoginToken.validated(token, appID: "138483919580948", nonce: "another", now: understudy.clock.now))
        }
    }
}
