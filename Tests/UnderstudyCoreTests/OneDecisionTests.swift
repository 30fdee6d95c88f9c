import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyContracts
@testable import UnderstudyFixtures
import UnderstudyJSON
import UnderstudyTestSupport

/// A decision is taken from its session's state without changing it, and its effects are
/// applied once, under the session's lock, only while what it read still holds: a decision
/// overtaken by another request is taken again, and concurrent requests see each effect once.
@Suite struct OneDecisionTests {
    static let search = "/v3/businesses/search?categories=restaurants&limit=20&location=San%20Francisco,%20CA&radius=16093&sort_by=best_match"

    private func bundled() throws -> Responder {
        Responder(fixtures: try FixtureLoader.load(from: bundledFixturesPath), contracts: try Contracts.load(from: bundledContractsPath), clock: ManualClock())
    }

    private func searchRequest(session: String) -> Request {
        Request(method: "GET", target: Self.search, headers: [
            HeaderField(name: "Authorization", value: "Bearer FAKE-understudy-yelp-api-key"),
            HeaderField(name: Responder.sessionHeader, value: session),
        ])
    }

    @Test func planningChangesNothing() throws {
        let responder = try bundled()
        let session = responder.session("plan")
        session.setQuotaLimit(1, for: "yelp")
        let prepared = responder.prepare(searchRequest(session: "plan"), in: session, mounted: nil, memo: nil)
        for _ in 0..<3 {
            let plan = session.read { responder.plan(prepared, in: $0) }
            #expect(plan.quota?.countedBefore == 0)
            guard case .fixture = plan.verdict else {
                Issue.record("planned \(plan.verdict) instead of the search fixture")
                return
            }
        }
        #expect(session.journal.entries.isEmpty)
        #expect(responder.respondNow(to: searchRequest(session: "plan")).status == 200)
        #expect(responder.respondNow(to: searchRequest(session: "plan")).status == 429)
    }

    @Test func aPlanOvertakenWhileItsQuotaHadRoomStillAppliesAndCountsWhereItStands() throws {
        let responder = try bundled()
        let session = responder.session("room")
        session.setQuotaLimit(3, for: "yelp")
        let prepared = responder.prepare(searchRequest(session: "room"), in: session, mounted: nil, memo: nil)
        let plan = session.read { responder.plan(prepared, in: $0) }
        #expect(plan.quota?.countedBefore == 0)
        #expect(responder.respondNow(to: searchRequest(session: "room")).status == 200)  // overtakes it
        var planned = plan
        let produced = responder.produce(&planned, for: prepared, recording: false, sendingFiles: false)
        let applied = try #require(session.apply(planned.reads, planned.effects, entry: nil))
        #expect(applied.applied.countedBefore == 1)
        // The answer's rate-limit headers are written from the count applied, not the one planned.
        guard case .answer(let answer) = responder.finish(planned, produced, applied: applied.applied, journalsOver: 0, for: prepared) else {
            Issue.record("a serving responder decided to forward")
            return
        }
        #expect(answer.headerValue("RateLimit-Remaining") == "1")
    }

    @Test func aPlanOvertakenByTheLastRequestTheQuotaAllowsIsRefusedAndTakenAgain() throws {
        let responder = try bundled()
        let session = responder.session("full")
        session.setQuotaLimit(1, for: "yelp")
        let prepared = responder.prepare(searchRequest(session: "full"), in: session, mounted: nil, memo: nil)
        let plan = session.read { responder.plan(prepared, in: $0) }
        #expect(responder.respondNow(to: searchRequest(session: "full")).status == 200)
        #expect(session.apply(plan.reads, plan.effects, entry: nil) == nil)
        let again = session.read { responder.plan(prepared, in: $0) }
        guard case .provider(let answer, let name) = again.verdict else {
            Issue.record("planned \(again.verdict) instead of the quota's refusal")
            return
        }
        #expect(answer.status == 429)
        #expect(name == "yelp: accessLimitReached")
    }

    @Test func aSequenceStepTakenMeanwhileOrAResetSendsThePlanBack() async throws {
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        try tree.write("feed/steps.json", """
            {"understudy": 1, "request": {"method": "GET", "path": "/steps"},
             "responses": [{"json": {"step": 1}}, {"json": {"step": 2}}, {"json": {"step": 3}}]}
            """)
        let responder = Responder(fixtures: try tree.load())
        let request = Request(method: "GET", target: "/steps")
        let session = responder.defaultSession
        let prepared = responder.prepare(request, in: session, mounted: nil, memo: nil)
        let plan = session.read { responder.plan(prepared, in: $0) }
        _ = await responder.respond(to: request)
        #expect(session.apply(plan.reads, plan.effects, entry: nil) == nil)

        let fresh = session.read { responder.plan(prepared, in: $0) }
        session.reset()
        #expect(session.apply(fresh.reads, fresh.effects, entry: nil) == nil)
        let kept = session.read { responder.plan(prepared, in: $0) }
        #expect(session.apply(kept.reads, kept.effects, entry: nil) != nil)
        #expect(try JSONParser.parse(await responder.respond(to: request).body) == ["step": 2])
    }

    /// Many requests at once in one session: each is counted once, each count gives its own
    /// rate-limit header, and exactly the limit's worth get through.
    @Test(arguments: [4, 0]) func concurrentRequestsAreEachCountedOnceWithTheirOwnRemainingCount(optimisticAttempts: Int) async throws {
        let responder = Responder(
            UnderstudyConfiguration(
                fixtures: try FixtureLoader.load(from: bundledFixturesPath), contracts: try Contracts.load(from: bundledContractsPath), clock: ManualClock()),
            recorder: nil, optimisticAttempts: optimisticAttempts)
        let limit = 40
        responder.session("race").setQuotaLimit(limit, for: "yelp")
        let request = searchRequest(session: "race")
        let answers = await withTaskGroup(of: Response.self) { group in
            for _ in 0..<64 { group.addTask { await responder.respond(to: request) } }
            var all: [Response] = []
            for await answer in group { all.append(answer) }
            return all
        }
        let passed = answers.filter { $0.status == 200 }
        #expect(passed.count == limit)
        #expect(answers.filter { $0.status == 429 }.count == 64 - limit)
        let remaining = passed.compactMap { $0.headerValue("RateLimit-Remaining").flatMap(Int.init) }.sorted()
        #expect(remaining == Array(0..<limit))
        #expect(responder.session("race").journal.entries.count == 64)
    }

    /// With 0 optimistic attempts, every decision is taken under the lock: the same steps.
    @Test(arguments: [4, 0]) func concurrentRequestsPlayEachStepOfASequenceOnce(optimisticAttempts: Int) async throws {
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        let steps = (1...50).map { "{\"json\": {\"step\": \($0)}}" }.joined(separator: ", ")
        try tree.write("feed/steps.json", """
            {"understudy": 1, "request": {"method": "GET", "path": "/steps"}, "responses": [\(steps)]}
            """)
        let responder = Responder(UnderstudyConfiguration(fixtures: try tree.load()), recorder: nil, optimisticAttempts: optimisticAttempts)
        let played = await withTaskGroup(of: JSONValue?.self) { group in
            for _ in 0..<50 { group.addTask { try? JSONParser.parse(await responder.respond(to: Request(method: "GET", target: "/steps")).body) } }
            var all: [Int] = []
            for await answer in group { if case .number(let step)? = answer?["step"] { all.append(Int(step.value)) } }
            return all
        }
        #expect(played.sorted() == Array(1...50))
    }
}
