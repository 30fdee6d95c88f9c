import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyFixtures

/// The journal keeps what a request sent packed into the bytes after its entry's fields:
/// reading it back must give exactly what was sent.
@Suite("Packed request heads")
struct PackedRequestHeadTests {
    @Test func givesBackTheMethodTargetAndHeadersAsSent() {
        let headers = [
            HeaderField(name: "Host", value: "127.0.0.1:4010"), HeaderField(name: "Authorization", value: "Bearer FAKE-understudy-yelp-api-key"),
            HeaderField(name: "X-Empty", value: ""), HeaderField(name: "X-Café", value: "naïve \u{1F3FB} \u{301}"),
            HeaderField(name: "host", value: "again"),
        ]
        let target = "/v3/businesses/search?term=caf%C3%A9&location=" + String(repeating: "x", count: 70_000)
        let packed = JournalEntry(time: Date(), request: Request(method: "PATCH", target: target, headers: headers), status: 200, answer: .fixture("f.json"), violation: nil)
        #expect(packed.method == "PATCH")
        #expect(packed.rawTarget == target)
        #expect(packed.rawHeaders == headers)
        #expect(packed.numbered(7).sequence == 7)
    }

    @Test func emptyPartsAndNoHeaders() {
        let packed = JournalEntry(time: Date(), request: Request(method: "", target: ""), status: 200, answer: .fixture("f.json"), violation: nil)
        #expect(packed.method == "")
        #expect(packed.rawTarget == "")
        #expect(packed.rawHeaders.isEmpty)
    }

    /// The byte budget reads an entry's size from its packed head: 160 bytes, the method,
    /// target, body and answer, and 32 with each header's name and value.
    @Test func theEstimateCountsEveryPart() {
        let headers = [HeaderField(name: "Accept", value: "application/json"), HeaderField(name: "X-Café", value: "")]
        let request = Request(method: "GET", target: "/v3/x?q=" + String(repeating: "y", count: 1000), headers: headers, body: Array("{}".utf8))
        let entry = JournalEntry(time: Date(), request: request, status: 200, answer: .fixture("yelp/x.json"), violation: nil)
        let expected = 160 + 3 + 1008 + 2 + (32 + 6 + 16) + (32 + 7 + 0) + 11
        #expect(entry.estimatedBytes == expected)
    }

    @Test func theJournalShowsWhatTheRequestSent() throws {
        let responder = Responder(fixtures: [])
        let headers = [HeaderField(name: "Accept", value: "application/json"), HeaderField(name: "X-Trace", value: "ä1")]
        _ = responder.respondNow(to: Request(method: "GET", target: "/nothing/here?q=1", headers: headers))
        let entry = try #require(responder.journal.entries.last)
        #expect(entry.method == "GET")
        #expect(entry.target == "/nothing/here?q=1")
        #expect(entry.headers == headers)
    }
}
