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

/// Limited Login through the login dialog, as the iOS SDK asks for it (issue 40, items 5 and
/// 6): `response_type=id_token,…` with a nonce; Continue sends the app's redirect URI an ID
/// token in the fragment, signed with the served key, which the uninstall endpoint then knows.
@Suite("Limited Login through the dialog")
struct LimitedLoginDialogTests {
    static let app = "138483919580948"
    static let redirect = "fb138483919580948://authorize/"

    static func dialog(nonce: String, state: String) -> String {
        "/v19.0/dialog/oauth?client_id=\(app)&redirect_uri=fb138483919580948%3A%2F%2Fauthorize%2F&state=\(state)&scope=public_profile,email"
            + "&response_type=id_token,graph_domain,user_token_nonce&nonce=\(nonce)&tp=ios_14_do_not_track"
    }


    /// The members of the fragment a redirect's `Location` carries (and that it has no query).
    private func fragment(of answer: SocketAnswer) throws -> [String: String] {
        #expect(answer.status == 302)
        let location = try #require(answer.response.value(forHTTPHeaderField: "Location"))
        #expect(location.hasPrefix(Self.redirect + "#"), "\(location.prefix(60))")
        let text = String(location.dropFirst(Self.redirect.count + 1))
        var members: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? "" }
            members[parts[0]] = parts.count > 1 ? parts[1] : ""
        }
        return members
    }

    @Test func continueSendsAnIDTokenWithTheNonceInTheFragmentThatTheUninstallKnows() async throws {
        try await withBundledServer { server in
            let page = try await sendWithoutRedirects(server, Self.dialog(nonce: "n-dialog", state: "s1"))
            #expect(page.status == 200)
            let members = try fragment(of: try await sendWithoutRedirects(server, try LoginDialogTests.link("continue", in: page.text)))
            #expect(members["state"] == "s1")
            #expect(members["granted_scopes"] == "public_profile,email")
            #expect(members["code"] == nil)
            let token = try #require(members["id_token"])
            let parts = token.split(separator: ".", omittingEmptySubsequences: false)
            #expect(parts.count == 3)
            let claims = try JSONParser.parse(try #require(Base64URL.decode(parts[1])))
            #expect(claims["nonce"] == "n-dialog")
            #expect(claims["aud"]?.stringValue == Self.app)
            // Signed with the served key: the uninstall, which verifies it, ends its user once.
            let form = "id_token=\(token)&app_id=\(Self.app)"
            let headers = ["Content-Type": "application/x-www-form-urlencoded"]
            let done = try await send(server, "/platform/uninstall/", method: "POST", headers: headers, body: form)
            #expect(done.status == 200, "\(done.text)")
            let again = try await send(server, "/platform/uninstall/", method: "POST", headers: headers, body: form)
            #expect(again.status == 400 && again.json?["error"]?["error_subcode"] == 458)
        }
    }

    @Test func aUserATestSaysContinuesGetsTheTokenAtOnceAndACodeLoginStillGetsACode() async throws {
        try await withBundledServer { server in
            server.responder.defaultSession.setDialogUser(.continues, for: "facebook")
            let members = try fragment(of: try await sendWithoutRedirects(server, Self.dialog(nonce: "n-2", state: "s2")))
            #expect(members["id_token"] != nil && members["state"] == "s2")
            let code = try await sendWithoutRedirects(server, LoginDialogTests.dialog())
            let location = try #require(code.response.value(forHTTPHeaderField: "Location"))
            #expect(location.contains("?code=") && !location.contains("#"))
        }
    }
}
