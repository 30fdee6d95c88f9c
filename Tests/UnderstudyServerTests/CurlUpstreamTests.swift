#if os(Linux)
import Foundation
import Testing
import UnderstudyCore
@testable import UnderstudyTooling
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport
@testable import UnderstudyServer
import UnderstudyTesting

/// The recorder's upstream on Linux, libcurl loaded on first use, against a real server on a
/// real socket: what it sends, what it gives back, and how it fails.
@Suite("libcurl upstream")
struct CurlUpstreamTests {
    private static func withUpstream(_ body: (LiveServer) async throws -> Void) async throws {
        let tree = try FixtureTree([
            "feed/echo.json": #"""
                {"understudy": 1, "request": {"method": "POST", "path": "/echo", "headers": {"x-empty": {"present": true}}},
                 "response": {"template": true, "status": 201, "headers": {"X-Seen": "[{{request.header.x-empty}}]"},
                              "json": {"token": "{{request.header.x-token}}", "name": "{{request.json/name}}"}}}
                """#,
            "feed/empty-post.json": #"""
                {"understudy": 1, "request": {"method": "POST", "path": "/empty"},
                 "response": {"template": true, "json": {"length": "{{request.header.content-length}}"}}}
                """#,
            "feed/agent.json": #"""
                {"understudy": 1, "request": {"method": "GET", "path": "/agent"},
                 "response": {"template": true, "json": {"agent": "{{request.header.user-agent}}", "language": "{{request.header.accept-language}}"}}}
                """#,
            "feed/head.json": #"{"understudy": 1, "request": {"method": "HEAD", "path": "/head"}, "response": {"headers": {"X-Kind": "head"}, "text": "not sent"}}"#,
            "feed/moved.json": #"""
                {"understudy": 1, "request": {"method": "GET", "path": "/moved"},
                 "response": {"status": 302, "headers": {"Location": "/elsewhere"}, "text": "see elsewhere"}}
                """#,
            "feed/elsewhere.json": #"{"understudy": 1, "request": {"method": "GET", "path": "/elsewhere"}, "response": {"text": "followed"}}"#,
            "feed/gzip.json": #"""
                {"understudy": 1, "request": {"method": "GET", "path": "/gzip"},
                 "response": {"headers": {"Content-Encoding": "gzip"}, "base64": "H4sIAAAAAAACA6tWSklNzk9JTVGyUigpKk2tBQAAh01uEQAAAA=="}}
                """#,
            "feed/large.json": #"{"understudy": 1, "request": {"method": "GET", "path": "/large"}, "response": {"text": "0123456789abcdef"}}"#,
            "feed/slow.json": #"{"understudy": 1, "request": {"method": "GET", "path": "/slow"}, "response": {"text": "slow", "delay": 10000}}"#,
        ])
        defer { tree.remove() }
        try await LiveServer.withServer(responder: Responder(fixtures: try tree.load())) { try await body($0) }
    }

    private func send(_ upstream: CurlUpstream, _ server: LiveServer, _ method: String, _ path: String, headers: [HeaderField] = [], body: String = "")
        async throws(UpstreamFailure) -> UpstreamResponse
    {
        try await upstream.send(UpstreamRequest(method: method, url: server.baseURL.absoluteString + path, headers: headers, body: Array(body.utf8)))
    }

    @Test func aRequestArrivesWithItsHeadersAndBodyAndTheAnswerComesBackWhole() async throws {
        try await Self.withUpstream { server in
            let upstream = CurlUpstream(timeout: Patience.exchange)
            let answer = try await send(
                upstream, server, "POST", "/echo",
                headers: [HeaderField(name: "X-Token", value: "abc 123"), HeaderField(name: "X-Empty", value: ""), HeaderField(name: "Content-Type", value: "application/json")],
                body: #"{"name": "Hopdoddy"}"#)
            #expect(answer.status == 201)
            #expect(try JSONParser.parse(answer.body) == ["token": "abc 123", "name": "Hopdoddy"])
            #expect(answer.headers.first { $0.hasName("X-Seen") }?.value == "[]", "an empty header is sent, not dropped")
            #expect(answer.headers.map { $0.name.lowercased() } == answer.headers.map { $0.name.lowercased() }.sorted())
            #expect(answer.headers.first { $0.hasName("Content-Length") }?.value == String(answer.body.count))
        }
    }

    @Test func anEmptyPostSaysItsLengthIsZero() async throws {
        try await Self.withUpstream { server in
            let answer = try await send(CurlUpstream(timeout: Patience.exchange), server, "POST", "/empty")
            #expect(try JSONParser.parse(answer.body) == ["length": "0"])
        }
    }

    /// A provider sees what `URLSession` sent when the client named no `User-Agent` or
    /// `Accept-Language`; what the client names goes as it is.
    @Test func aRequestWithoutAnAgentGetsTheOneURLSessionSent() async throws {
        try await Self.withUpstream { server in
            let upstream = CurlUpstream(timeout: Patience.exchange)
            let plain = try JSONParser.parse(try await send(upstream, server, "GET", "/agent").body)
            let agent = try #require(plain["agent"]?.stringValue)
            #expect(agent.hasPrefix(ProcessInfo.processInfo.processName + " (unknown version) curl/"), "\(agent)")
            #expect(agent.split(separator: "/").last?.split(separator: ".").count == 3, "\(agent)")
            #expect(plain["language"]?.stringValue == Locale.current.language.languageCode?.identifier ?? "")
            let named = try await send(
                upstream, server, "GET", "/agent", headers: [HeaderField(name: "user-agent", value: "App/1"), HeaderField(name: "Accept-Language", value: "fr")])
            #expect(try JSONParser.parse(named.body) == ["agent": "App/1", "language": "fr"])
        }
    }

    /// Exchanges one after another go over one connection, as they did with `URLSession`.
    @Test func exchangesInTurnShareAConnection() async throws {
        try await Self.withUpstream { server in
            let upstream = CurlUpstream(timeout: Patience.exchange)
            for _ in 0..<5 {
                let answer = try await send(upstream, server, "GET", "/elsewhere")
                #expect(answer.status == 200)
            }
            // A connection closed after its exchange would be gone from the server by now.
            try await Task.sleep(for: .milliseconds(300))
            #expect(server.openConnections == 1)
        }
    }

    @Test func headGetsTheHeadersAndNoBody() async throws {
        try await Self.withUpstream { server in
            let answer = try await send(CurlUpstream(timeout: Patience.exchange), server, "HEAD", "/head")
            #expect(answer.status == 200 && answer.body.isEmpty)
            #expect(answer.headers.first { $0.hasName("X-Kind") }?.value == "head")
        }
    }

    @Test func aRedirectIsGivenAsItIsWithItsBody() async throws {
        try await Self.withUpstream { server in
            let answer = try await send(CurlUpstream(timeout: Patience.exchange), server, "GET", "/moved")
            #expect(answer.status == 302)
            #expect(String(decoding: answer.body, as: UTF8.self) == "see elsewhere")
            #expect(answer.headers.first { $0.hasName("Location") }?.value == "/elsewhere")
        }
    }

    @Test func aCompressedBodyIsDecodedEvenWhenIdentityWasAsked() async throws {
        try await Self.withUpstream { server in
            let answer = try await send(
                CurlUpstream(timeout: Patience.exchange), server, "GET", "/gzip", headers: [HeaderField(name: "Accept-Encoding", value: "identity")])
            #expect(String(decoding: answer.body, as: UTF8.self) == #"{"decoded": true}"#)
        }
    }

    /// Why `exchange` failed; `nil` when it did not.
    private func reason(_ exchange: () async throws(UpstreamFailure) -> UpstreamResponse) async -> String? {
        do {
            _ = try await exchange()
            return nil
        } catch {
            return error.reason
        }
    }

    @Test func failuresSayWhatWentWrong() async throws {
        try await Self.withUpstream { server in
            #expect(await reason { () async throws(UpstreamFailure) in
                try await send(CurlUpstream(timeout: Patience.exchange, maximumBodySize: 10), server, "GET", "/large")
            } == "the body is larger than 0 MB")
            #expect(await reason { () async throws(UpstreamFailure) in try await send(CurlUpstream(timeout: 0.3), server, "GET", "/slow") }
                == "no answer within 0.3 s (--upstream-timeout)")
            #expect(await reason { () async throws(UpstreamFailure) in
                try await send(CurlUpstream(timeout: 5), server, "GET", "/large", headers: [HeaderField(name: "X-Injected", value: "a\r\nHost: elsewhere")])
            } == "the request holds a control character a header or URL cannot carry")
        }
        let closedPort = try await LiveServer.withServer(responder: Responder(fixtures: [])) { $0.port }
        #expect(await reason { () async throws(UpstreamFailure) in
            try await CurlUpstream(timeout: 5).send(UpstreamRequest(method: "GET", url: "http://127.0.0.1:\(closedPort)/"))
        } == "cannot connect (connection refused)")
        #expect(await reason { () async throws(UpstreamFailure) in try await CurlUpstream(timeout: 5).send(UpstreamRequest(method: "GET", url: "http://[::1")) }
            == "not a valid URL")
    }

    /// A field sent twice is one field, its values joined under its first spelling, as
    /// `URLSession` gave it; the fields are sorted by name.
    @Test func repeatedFieldsAreJoinedUnderTheirFirstSpelling() {
        let head = Array("Set-Cookie: a=1\r\nContent-Type: text/plain\r\nset-cookie: b=2\r\nX-Empty:\r\nno colon\r\n".utf8)
        #expect(CurlUpstream.headerFields(head) == [
            HeaderField(name: "Content-Type", value: "text/plain"), HeaderField(name: "Set-Cookie", value: "a=1, b=2"), HeaderField(name: "X-Empty", value: ""),
        ])
    }
}
#endif
