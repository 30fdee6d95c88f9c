import Testing
@testable import UnderstudyCore

/// The journal keeps what a request sent packed into one byte array: reading it back must give
/// exactly what was sent.
@Suite("Packed request heads")
struct PackedRequestHeadTests {
    @Test func givesBackTheMethodTargetAndHeadersAsSent() {
        let headers = [
            HeaderField(name: "Host", value: "127.0.0.1:4010"), HeaderField(name: "Authorization", value: "Bearer FAKE-understudy-yelp-api-key"),
            HeaderField(name: "X-Empty", value: ""), HeaderField(name: "X-Café", value: "naïve \u{1F3FB} \u{301}"),
            HeaderField(name: "host", value: "again"),
        ]
        let target = "/v3/businesses/search?term=caf%C3%A9&location=" + String(repeating: "x", count: 70_000)
        let packed = PackedRequestHead(method: "PATCH", target: target, headers: headers)
        #expect(packed.method == "PATCH")
        #expect(packed.target == target)
        #expect(packed.headers == headers)
    }

    @Test func emptyPartsAndNoHeaders() {
        let packed = PackedRequestHead(method: "", target: "", headers: [])
        #expect(packed.method == "")
        #expect(packed.target == "")
        #expect(packed.headers.isEmpty)
    }

    @Test func theJournalShowsWhatTheRequestSent() {
        let responder = Responder(fixtures: [])
        let headers = [HeaderField(name: "Accept", value: "application/json"), HeaderField(name: "X-Trace", value: "ä1")]
        _ = responder.respondNow(to: Request(method: "GET", target: "/nothing/here?q=1", headers: headers))
        let entry = try? #require(responder.journal.entries.last)
        #expect(entry?.method == "GET")
        #expect(entry?.target == "/nothing/here?q=1")
        #expect(entry?.headers == headers)
    }
}
