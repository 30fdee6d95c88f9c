import Foundation
import Testing
@testable import UnderstudyContracts
@testable import UnderstudyCore
@testable import UnderstudyFixtures
import UnderstudyTestSupport

/// The target memo's memory is bounded whatever clients send (issue 42, N1): a header value past
/// the bound is not kept, a credential text past it is not kept, and the memo keeps no more than
/// its byte budget, by its own accounting, which sums what the kept entries hold.
@Suite struct TargetMemoBudgetTests {
    private static func responder(maximumBytes: Int = TargetMemo.defaultMaximumBytes) throws -> (Responder, TargetMemo) {
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        // One fixture per path that reads the header `x-k`: its choice depends on the header.
        try tree.write("yelp/any.json", fixtureJSON(path: "/items/{id}", headers: #"{"x-k": {"present": true}}"#))
        let responder = Responder(fixtures: try tree.load())
        return (responder, TargetMemo(of: responder, maximumBytes: maximumBytes))
    }

    /// Each target twice (a memo keeps a target the second time it comes).
    private static func send(_ targets: Range<Int>, value: String, to responder: Responder, memo: TargetMemo) {
        for number in targets {
            for _ in 0..<2 {
                let request = memo.request(method: "GET", target: "/items/\(number)", headers: [HeaderField(name: "X-K", value: value)], body: [], fromLoopback: true)
                #expect(responder.respondNow(to: request, memo: memo).status == 200)
            }
        }
    }

    @Test func largeHeaderValuesAreAnsweredButNotKept() throws {
        let (responder, memo) = try Self.responder()
        let large = String(repeating: "v", count: 60 << 10)
        Self.send(0..<200, value: large, to: responder, memo: memo)
        // Kept without their values: 200 entries of short targets, far below one value each.
        #expect(memo.keptBytes < 200 * (TargetMemo.entryOverheadBytes + CredentialJudgement.maximumKeptSourceBytes + 200))
        #expect(memo.keptBytes > 0, "the targets are still kept, without the values")
        let small = "short"
        Self.send(1000..<1010, value: small, to: responder, memo: memo)
        let kept = try #require(memo.kept(Request(method: "GET", target: "/items/1000", headers: [HeaderField(name: "X-K", value: small)])))
        #expect(kept.fixture != nil && kept.headers.first?.values == [small], "a short value is kept with its fixture")
    }

    @Test func theMemoKeepsNoMoreThanItsBudgetByItsOwnAccounting() throws {
        let budget = 64 << 10
        let (responder, memo) = try Self.responder(maximumBytes: budget)
        let value = String(repeating: "k", count: 1000)
        Self.send(0..<500, value: value, to: responder, memo: memo)
        #expect(memo.keptBytes <= budget)
        #expect(memo.keptBytes > budget / 2, "the budget is used, not left empty")
        // The accounting is the sum of what the kept entries hold.
        var summed = 0, entries = 0
        for number in 0..<500 {
            if let entry = memo.kept(Request(method: "GET", target: "/items/\(number)", headers: [HeaderField(name: "X-K", value: value)])) {
                summed += entry.cost
                entries += 1
            }
        }
        #expect(entries > 10 && summed == memo.keptBytes, "\(entries) entries, \(summed) bytes summed, \(memo.keptBytes) accounted")
    }

    @Test func aCredentialTextPastTheBoundIsJudgedAgainNotKept() {
        let judgement = CredentialJudgement()
        let judged = CredentialJudgement.Judged(finding: nil, value: "k", counted: false)
        let long = String(repeating: "t", count: CredentialJudgement.maximumKeptSourceBytes + 1)
        judgement.keep(judged, for: long)
        #expect(judgement.judged(for: long) == nil)
        judgement.keep(judged, for: "Bearer short")
        #expect(judgement.judged(for: "Bearer short")?.value == "k")
    }
}
