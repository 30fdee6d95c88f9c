import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyContracts
@testable import UnderstudyFixtures
import UnderstudyTestSupport

/// An event loop remembers how a credential was judged with the text it came in
/// (`CredentialJudgement`): the same text is judged once, any other text anew.
@Suite struct CredentialJudgementTests {
    /// As the gate judges: what was kept for `source`, else judged now (noted in `judged`) and kept.
    private static func judge(_ source: String?, with judgement: CredentialJudgement, judged: inout [String?]) -> String? {
        if let source, let kept = judgement.judged(for: source) { return kept.value }
        judged.append(source)
        let fresh = CredentialJudgement.Judged(finding: nil, value: source.map { "value of " + $0 }, counted: true)
        if let source { judgement.keep(fresh, for: source) }
        return fresh.value
    }

    @Test func theSameTextIsJudgedOnceAndAnyOtherAnew() {
        let judgement = CredentialJudgement()
        var judged: [String?] = []
        let bearer = "Bearer FAKE-understudy-yelp-api-key"
        for _ in 0..<3 { #expect(Self.judge(bearer, with: judgement, judged: &judged) == "value of " + bearer) }
        #expect(judged == [bearer])
        // Another key, a key equal as a string but not byte for byte, none, and the first again.
        let other = "Bearer FAKE-understudy-yelp-api-kez"
        #expect(Self.judge(other, with: judgement, judged: &judged) == "value of " + other)
        let composed = "Bearer caf\u{E9}", decomposed = "Bearer cafe\u{301}"
        #expect(composed == decomposed)
        _ = Self.judge(composed, with: judgement, judged: &judged)
        _ = Self.judge(decomposed, with: judgement, judged: &judged)
        for _ in 0..<2 { #expect(Self.judge(nil, with: judgement, judged: &judged) == nil) }
        _ = Self.judge(bearer, with: judgement, judged: &judged)
        #expect(judged == [bearer, other, composed, decomposed, nil, nil, bearer])
    }

    @Test func aCountedCredentialCarriesItsQuotaHash() {
        let counted = CredentialJudgement.Judged(finding: nil, value: "key", counted: true)
        #expect(counted.quotaHash == BehaviourMemory.quotaHash(of: "key"))
        #expect(CredentialJudgement.Judged(finding: nil, value: "key", counted: false).quotaHash == nil)
        #expect(CredentialJudgement.Judged(finding: nil, value: nil, counted: true).quotaHash == nil)
    }

    /// Through a memo, Yelp's quota counts each key apart and a bad key is refused, however the
    /// keys alternate on one target.
    @Test func keysAlternatingOnOneTargetAreEachJudgedAndCounted() throws {
        let responder = Responder(
            fixtures: try FixtureLoader.load(from: bundledFixturesPath), contracts: try Contracts.load(from: bundledContractsPath), clock: ManualClock())
        let memo = responder.makeTargetMemo()
        let target = "/v3/businesses/search?location=San%20Francisco,%20CA&categories=restaurants&radius=16093&limit=20&sort_by=best_match"
        func send(_ key: String, scheme: String = "Bearer ") throws -> Response {
            let headers = [HeaderField(name: "Authorization", value: scheme + key)]
            return responder.respondNow(to: memo.request(method: "GET", target: target, headers: headers, body: [], fromLoopback: true), memo: memo)
        }
        var remaining: [String: [String]] = [:]
        for round in 0..<4 {
            for key in ["FAKE-understudy-yelp-api-key", "FAKE-understudy-second-key"] {
                let answer = try send(key)
                #expect(answer.status == 200, "round \(round), \(key)")
                remaining[key, default: []].append(answer.headerValue("RateLimit-Remaining") ?? "none")
            }
            #expect(try send("abc", scheme: "Basic ").status == 401, "round \(round): another scheme")
        }
        for key in ["FAKE-understudy-yelp-api-key", "FAKE-understudy-second-key"] {
            #expect(memo.kept(Request(method: "GET", target: target, headers: [HeaderField(name: "Authorization", value: "Bearer " + key)]))?.fixture != nil, "\(key)")
        }
        #expect(remaining["FAKE-understudy-yelp-api-key"] == ["4999", "4998", "4997", "4996"])
        #expect(remaining["FAKE-understudy-second-key"] == ["4999", "4998", "4997", "4996"])
    }
}
