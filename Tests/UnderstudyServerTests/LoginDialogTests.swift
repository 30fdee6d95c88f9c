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

/// Facebook's login dialog over a real socket on the bundled tree (issue 40, item 5): the
/// consent page, its Continue and Cancel, the code it issues and the code exchange that takes
/// that code once, from the same app and redirect URI, within its lifetime.
@Suite("The login dialog")
struct LoginDialogTests {
    static let appID = "138483919580948"
    static let redirect = "http://127.0.0.1:9/callback"
    static let encodedRedirect = "http%3A%2F%2F127.0.0.1%3A9%2Fcallback"


    static func dialog(state: String = "st%20%26%3D1", redirect: String = encodedRedirect, version: String = "/v19.0") -> String {
        "\(version)/dialog/oauth?client_id=\(appID)&redirect_uri=\(redirect)&state=\(state)&scope=public_profile,email&response_type=code"
    }

    static func exchange(code: String, redirect: String = encodedRedirect, clientID: String = appID) -> String {
        "/v19.0/oauth/access_token?client_id=\(clientID)&redirect_uri=\(redirect)&client_secret=FAKE-understudy-app-secret&code=\(code)"
    }

    /// The query members of a redirect's `Location`, decoded.
    static func callback(_ answer: SocketAnswer, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: String] {
        #expect(answer.status == 302, sourceLocation: sourceLocation)
        let location = try #require(answer.response.value(forHTTPHeaderField: "Location"), sourceLocation: sourceLocation)
        #expect(location.hasPrefix(redirect + "?"), "\(location)", sourceLocation: sourceLocation)
        let items = try #require(URLComponents(string: location)?.queryItems, sourceLocation: sourceLocation)
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }

    /// The `href` of the page's link with `id`, HTML entities undone.
    static func link(_ id: String, in page: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let marker = "id=\"\(id)\" href=\""
        let start = try #require(page.range(of: marker), "no link \(id) in the page", sourceLocation: sourceLocation).upperBound
        let end = try #require(page[start...].firstIndex(of: "\""), sourceLocation: sourceLocation)
        return page[start..<end].replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The code a press of Continue on the page issues.
    private func continueOnPage(_ server: LiveServer, dialog: String = dialog()) async throws -> String {
        let page = try await sendWithoutRedirects(server, dialog)
        let redirect = try Self.callback(try await sendWithoutRedirects(server, try Self.link("continue", in: page.text)))
        return try #require(redirect["code"])
    }

    @Test func theDialogServesAConsentPageForTheTestUser() async throws {
        try await withBundledServer { server, _ in
            for version in ["/v19.0", ""] {
                let page = try await sendWithoutRedirects(server, Self.dialog(version: version))
                #expect(page.status == 200)
                #expect(page.response.value(forHTTPHeaderField: "Content-Type")?.hasPrefix("text/html") == true)
                #expect(page.text.contains("Continue as Dana Rivera"))
                #expect(page.text.contains(">Cancel</a>"))
                // The buttons stay under the version the app asked for.
                #expect(try Self.link("continue", in: page.text).hasPrefix("\(version)/dialog/oauth/confirm?client_id=\(Self.appID)&"))
            }
        }
    }

    @Test func continueRedirectsWithACodeAndTheSameState() async throws {
        try await withBundledServer { server, _ in
            let page = try await sendWithoutRedirects(server, Self.dialog())
            let members = try Self.callback(try await sendWithoutRedirects(server, try Self.link("continue", in: page.text)))
            #expect(members["state"] == "st &=1")
            #expect(members["code"]?.isEmpty == false)
            #expect(members["error"] == nil)
        }
    }

    @Test func cancelRedirectsWithAccessDeniedAndTheState() async throws {
        try await withBundledServer { server, _ in
            let page = try await sendWithoutRedirects(server, Self.dialog())
            let members = try Self.callback(try await sendWithoutRedirects(server, try Self.link("cancel", in: page.text)))
            #expect(members == ["error": "access_denied", "error_reason": "user_denied", "error_code": "200", "error_description": "Permissions error", "state": "st &=1"])
        }
    }

    /// A test that cannot press buttons says what the user does; `reset` forgets it.
    @Test func aTestSetsWhatTheUserDoesAndResetForgetsIt() async throws {
        try await withBundledServer { server, _ in
            let json = ["Content-Type": "application/json"]
            #expect(try await send(server, "/__understudy/dialog/facebook", method: "PUT", headers: json, body: #"{"user": "cancels"}"#).status == 200)
            let cancelled = try Self.callback(try await sendWithoutRedirects(server, Self.dialog(state: "one")))
            #expect(cancelled["error"] == "access_denied")
            #expect(cancelled["error_reason"] == "user_denied")
            #expect(cancelled["state"] == "one")
            #expect(try await send(server, "/__understudy/dialog/facebook", method: "PUT", headers: json, body: #"{"user": "continues"}"#).status == 200)
            let continued = try Self.callback(try await sendWithoutRedirects(server, Self.dialog(state: "two")))
            #expect(continued["state"] == "two")
            let code = try #require(continued["code"])
            #expect(try await send(server, Self.exchange(code: code)).status == 200)
            #expect(try await send(server, "/__understudy/reset", method: "POST").status == 200)
            #expect(try await sendWithoutRedirects(server, Self.dialog()).status == 200)
            // Bad requests say what is wrong.
            let wrong = try await send(server, "/__understudy/dialog/facebook", method: "PUT", headers: json, body: #"{"user": "sometimes"}"#)
            #expect(wrong.status == 400)
            #expect(wrong.json?["understudy"]?["error"]?.stringValue?.contains("\"continues\", \"cancels\"") == true)
            #expect(try await send(server, "/__understudy/dialog/yelp", method: "PUT", headers: json, body: #"{"user": null}"#).status == 404)
        }
    }

    @Test func theCodeIsExchangedOnceForANewTokenAndASecondUseIsRefused() async throws {
        try await withBundledServer { server, _ in
            let code = try await continueOnPage(server)
            let first = try await send(server, Self.exchange(code: code))
            #expect(first.status == 200)
            #expect(first.json?["access_token"] == "EAAUnderstudyShortLivedToken")
            let again = try await send(server, Self.exchange(code: code))
            #expect(again.status == 400)
            #expect(again.json?["error"]?["code"] == 100)
            #expect(again.json?["error"]?["message"] == "This authorization code has been used.")
            #expect(again.response.value(forHTTPHeaderField: "WWW-Authenticate")?.contains("invalid_code") == true)
        }
    }

    @Test func aCodeSentBackWithAnotherRedirectURIOrAppIsRefusedAndStaysUsable() async throws {
        try await withBundledServer { server, _ in
            let code = try await continueOnPage(server)
            let elsewhere = try await send(server, Self.exchange(code: code, redirect: "http%3A%2F%2F127.0.0.1%3A9%2Fother"))
            #expect(elsewhere.status == 400)
            #expect(elsewhere.json?["error"]?["code"] == 100)
            #expect(elsewhere.json?["error"]?["error_subcode"] == 36008)
            #expect(elsewhere.json?["error"]?["type"] == "OAuthException")
            #expect(
                elsewhere.json?["error"]?["message"]
                    == "Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request")
            // The bundled exchange fixture answers any app id the fixture names; another app's id is refused first.
            let otherApp = try await send(server, Self.exchange(code: code, clientID: "999"))
            #expect(otherApp.json?["error"]?["error_subcode"] == 36008)
            #expect(try await send(server, Self.exchange(code: code)).status == 200)
        }
    }

    @Test func aCodeExpiresAfterTenMinutesOnTheServersClock() async throws {
        try await withBundledServer { server, clock in
            let code = try await continueOnPage(server)
            clock.advance(by: 600)
            let late = try await send(server, Self.exchange(code: code))
            #expect(late.status == 400)
            #expect(late.json?["error"]?["code"] == 100)
            #expect(late.json?["error"]?["message"] == "This authorization code has expired.")
            let onTime = try await continueOnPage(server)
            clock.advance(by: 599)
            #expect(try await send(server, Self.exchange(code: onTime)).status == 200)
        }
    }

    /// Each login through the dialog issues a new token, so a revoked one never comes back.
    @Test func aNewLoginAfterARevokeGetsANewToken() async throws {
        try await withBundledServer { server, _ in
            let first = try #require(try await send(server, Self.exchange(code: try await continueOnPage(server))).json?["access_token"]?.stringValue)
            #expect(try await send(server, "/v19.0/me/permissions?access_token=\(first)", method: "DELETE").status == 200)
            #expect(try await send(server, "/v19.0/me?fields=id,name,email,picture&access_token=\(first)").json?["error"]?["code"] == 190)
            let second = try #require(try await send(server, Self.exchange(code: try await continueOnPage(server))).json?["access_token"]?.stringValue)
            #expect(second != first)
            #expect(try await send(server, "/v19.0/me?fields=id,name,email,picture&access_token=\(second)").status == 200)
        }
    }

    /// A code the session never issued keeps the fixtures' answer, so hand-written flows work as before.
    @Test func aCodeTheDialogNeverIssuedIsLeftToTheFixtures() async throws {
        try await withBundledServer { server, _ in
            for _ in 0..<2 {
                let answer = try await send(server, Self.exchange(code: "AQDUnderstudyLoginDialogCode"))
                #expect(answer.status == 200)
            }
        }
    }

    /// Missing or unusable parameters get the dialog's error page, naming the parameter.
    @Test(arguments: [
        ("/v19.0/dialog/oauth?client_id=\(appID)", "The parameter redirect_uri is required"),
        ("/v19.0/dialog/oauth?redirect_uri=\(encodedRedirect)", "The parameter client_id is required"),
        ("/v19.0/dialog/oauth?client_id=\(appID)&redirect_uri=not-a-uri", "Invalid parameter redirect_uri"),
        ("/v19.0/dialog/oauth?client_id=\(appID)&redirect_uri=https%3A%2F%2Fexample.com%2F%23fragment", "Invalid parameter redirect_uri"),
        ("/v19.0/dialog/oauth/confirm?client_id=\(appID)&redirect_uri=\(encodedRedirect)", "The parameter choice is required"),
    ]) func badDialogRequestsGetAnErrorPage(target: String, message: String) async throws {
        try await withBundledServer { server, _ in
            let answer = try await sendWithoutRedirects(server, target)
            #expect(answer.status == 400)
            #expect(answer.response.value(forHTTPHeaderField: "Content-Type")?.hasPrefix("text/html") == true)
            #expect(answer.text.contains(message), "\(answer.text)")
        }
    }
}

/// Sends one request to `server` and reads the answer as it is: a redirect is not followed.
func sendWithoutRedirects(_ server: LiveServer, _ target: String) async throws -> SocketAnswer {
    let session = URLSession(configuration: .ephemeral, delegate: RedirectRefusal(), delegateQueue: nil)
    defer { session.finishTasksAndInvalidate() }
    let (data, response) = try await session.data(from: URL(string: server.baseURL.absoluteString + target)!)
    let http = try #require(response as? HTTPURLResponse)
    return SocketAnswer(status: http.statusCode, json: try? JSONParser.parse(Array(data)), data: data, response: http)
}

/// A session delegate that hands a redirect to the caller instead of following it.
final class RedirectRefusal: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
