import Foundation
import Testing
import UnderstudyCore
import UnderstudyServer
import UnderstudyTesting

/// RFC 9110 §5.5: the spaces and tabs around a field value are no part of it. A client (or a
/// proxy) that sends `X-Variant: a ` means `a`.
@Suite("Whitespace around header values")
struct HeaderWhitespaceTests {
    static let documents = [
        "yelp/a.json": #"{"understudy": 1, "request": {"method": "GET", "path": "/variant", "headers": {"x-variant": "a"}}, "response": {"text": "variant a"}}"#,
        "yelp/inner.json": #"{"understudy": 1, "request": {"method": "GET", "path": "/variant", "headers": {"x-variant": "a b"}}, "response": {"text": "variant a b"}}"#,
    ]

    @Test func aConditionMatchesAValueSentWithSpacesOrTabsAroundIt() async throws {
        let tree = try FixtureTree(Self.documents)
        defer { tree.remove() }
        try await LiveServer.withServer(responder: Responder(fixtures: try tree.load())) { server in
            for (sent, answer) in [("a ", "variant a"), ("a\t", "variant a"), (" \ta \t ", "variant a"), ("a b ", "variant a b"), ("a", "variant a")] {
                let response = try await RawHTTPConnection.get(port: server.port, "/variant", headers: ["X-Variant": sent])
                #expect(response.status == 200, "\(sent.debugDescription): \(response.text)")
                #expect(response.text == answer, "\(sent.debugDescription)")
            }
            // Whitespace inside a value is part of it.
            #expect(try await RawHTTPConnection.get(port: server.port, "/variant", headers: ["X-Variant": "a  b"]).status == 404)
        }
    }

    @Test func anAdminTokenSentWithATrailingSpaceIsAccepted() async throws {
        let token = "n8-admin-token-for-tests"
        try await LiveServer.withServer(responder: Responder(fixtures: [], adminToken: token)) { server in
            for sent in [token + " ", token + "\t", " " + token] {
                let response = try await RawHTTPConnection.get(port: server.port, "/__understudy/health", headers: ["X-Understudy-Admin-Token": sent])
                #expect(response.status == 200, "\(sent.debugDescription)")
            }
            #expect(try await RawHTTPConnection.get(port: server.port, "/__understudy/health", headers: ["X-Understudy-Admin-Token": token + "x "]).status == 401)
        }
    }
}
