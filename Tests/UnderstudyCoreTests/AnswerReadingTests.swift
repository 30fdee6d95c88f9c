import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyContracts
import UnderstudyJSON
@testable import UnderstudyFixtures
import UnderstudySupport
import UnderstudyTestSupport

/// An event loop remembers what an answer body issued with the body itself (`AnswerReading`):
/// the same buffer is read once, any other body is read anew, and what the answer issues is
/// still issued on every request.
@Suite struct AnswerReadingTests {
    /// Counts the reads of `reading` for `body`.
    private static func read(_ body: [UInt8], with reading: AnswerReading, reads: inout Int) -> [String: JSONValue]? {
        reading.members(of: body) {
            reads += 1
            return JSONMemberScan.members(["next_page_token"], of: body)
        }
    }

    @Test func theSameBodyIsReadOnceAndAnyOtherAnew() {
        let reading = AnswerReading()
        let page = Array(#"{"next_page_token": "first", "results": [1, 2, 3]}"#.utf8)
        var reads = 0
        for _ in 0..<3 { #expect(Self.read(page, with: reading, reads: &reads) == ["next_page_token": "first"]) }
        #expect(reads == 1)
        // Equal bytes in another buffer, and a copy changed in place: each is another body.
        let equalBytes = page.map { $0 }
        #expect(Self.read(equalBytes, with: reading, reads: &reads) == ["next_page_token": "first"])
        #expect(reads == 2)
        var changed = equalBytes
        changed.replaceSubrange(21..<26, with: Array("later".utf8))
        #expect(Self.read(changed, with: reading, reads: &reads) == ["next_page_token": "later"])
        #expect(reads == 3)
        #expect(Self.read(equalBytes, with: reading, reads: &reads) == ["next_page_token": "first"])
        #expect(reads == 4)
    }

    @Test func emptyAndLargeBodiesAreReadEveryTime() {
        let reading = AnswerReading()
        var reads = 0
        for _ in 0..<2 { #expect(Self.read([], with: reading, reads: &reads) == nil) }
        let large = Array(#"{"next_page_token": "big", "pad": ""#.utf8) + Array(repeating: UInt8(ascii: "x"), count: AnswerReading.maximumKeptBytes) + Array(#""}"#.utf8)
        for _ in 0..<2 { #expect(Self.read(large, with: reading, reads: &reads) == ["next_page_token": "big"]) }
        #expect(reads == 4)
    }

    /// Google's first page through an event loop's memo: once the answer's reading is kept, the
    /// token it carries is still issued on every answer, so a session reset in between (which
    /// forgets issued tokens) does not make the next page's token unknown.
    @Test func aKeptReadingStillIssuesThePageToken() throws {
        let clock = ManualClock()
        let responder = Responder(
            fixtures: try FixtureLoader.load(from: bundledFixturesPath), contracts: try Contracts.load(from: bundledContractsPath), clock: clock)
        let memo = responder.makeTargetMemo()
        let key = "AIza" + String(repeating: "B", count: 35)
        let first = Request(method: "GET", target: "/maps/api/place/nearbysearch/json?location=37.7749,-122.4194&radius=100&key=\(key)")
        var token: String?
        // Kept the second time, read and remembered the third, remembered the fourth.
        for _ in 0..<4 {
            let page = responder.respondNow(to: first, memo: memo)
            token = try JSONParser.parse(page.body)["next_page_token"]?.stringValue
        }
        #expect(memo.kept(first)?.fixture?.file == "google/nearbysearch-page1.json")
        let next = Request(method: "GET", target: "/maps/api/place/nearbysearch/json?pagetoken=\(try #require(token))&key=\(key)")
        responder.reset()
        _ = responder.respondNow(to: first, memo: memo)
        clock.advance(by: 2)
        let second = responder.respondNow(to: next, memo: memo)
        #expect(try JSONParser.parse(second.body)["status"] == "OK", "\(String(decoding: second.body, as: UTF8.self).prefix(200))")
        // Before the reset, the token was issued by every answer too: without one after it, it is unknown.
        responder.reset()
        #expect(try JSONParser.parse(responder.respondNow(to: next, memo: memo).body)["status"] == "INVALID_REQUEST")
    }
}
