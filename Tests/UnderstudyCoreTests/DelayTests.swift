import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyFixtures
import UnderstudySupport
import UnderstudyTestSupport

@Suite("Delays")
struct DelayTests {
    @Test func randomDelaysAreReproducibleAndInRange() {
        let uniform = Delay.uniform(min: 50, max: 300)
        let samples = (0..<1000).map { uniform.seconds(seed: 7, file: "google/a.json", count: $0) }
        #expect(samples == (0..<1000).map { uniform.seconds(seed: 7, file: "google/a.json", count: $0) })
        #expect(samples.allSatisfy { (0.05...0.3).contains($0) })
        #expect(Set(samples).count > 990)  // not one value repeated
        #expect(samples != (0..<1000).map { uniform.seconds(seed: 8, file: "google/a.json", count: $0) })
        #expect(Delay.fixed(milliseconds: 250).seconds(seed: 1, file: "x", count: 9) == 0.25)
    }

    @Test func logNormalCentresOnItsMedian() {
        let delay = Delay.logNormal(median: 200, sigma: 0.5)
        let sorted = (0..<2001).map { delay.seconds(seed: 3, file: "yelp/search.json", count: $0) }.sorted()
        #expect(abs(sorted[1000] - 0.2) < 0.02, "sample median \(sorted[1000])")
        #expect(sorted.first! > 0)
        #expect(sorted.last! > 0.4)  // a long right tail, as real latency has
    }

    @Test func commandLineForms() {
        #expect(Delay.parse("250") == .fixed(milliseconds: 250))
        #expect(Delay.parse("uniform:50-300") == .uniform(min: 50, max: 300))
        #expect(Delay.parse("lognormal:200,0.5") == .logNormal(median: 200, sigma: 0.5))
        for bad in ["-1", "uniform:300-50", "uniform:5", "lognormal:0,1", "soon"] { #expect(Delay.parse(bad) == nil, "\(bad)") }
    }

    @Test func fixturesAndTheDefaultSetTheDelayAndResetRewindsIt() async throws {
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        try tree.write("yelp/slow.json", fixtureJSON(path: "/slow", response: #"{"delay": {"uniform": {"min": 100, "max": 900}}, "text": "x"}"#))
        try tree.write("yelp/plain.json", fixtureJSON(path: "/plain"))
        try tree.write("yelp/drip.json", fixtureJSON(path: "/drip", response: #"{"delay": 0, "dribble": {"duration": 1500, "chunks": 3}, "text": "abcdef"}"#))
        let responder = Responder(fixtures: try tree.load(), defaultDelay: .fixed(milliseconds: 40), delaySeed: 42)
        let get = { (path: String) in await responder.respond(to: Request(method: "GET", target: path)) }
        var first: [TimeInterval] = []
        for _ in 0..<3 { first.append(await get("/slow").delay) }
        #expect(first.allSatisfy { (0.1...0.9).contains($0) })
        #expect(await get("/plain").delay == 0.04)
        #expect(await get("/drip").dribble == Dribble(duration: 1.5, chunks: 3))
        #expect(await get("/drip").delay == 0)
        responder.reset()
        var again: [TimeInterval] = []
        for _ in 0..<3 { again.append(await get("/slow").delay) }
        #expect(again == first)
    }

    @Test func delayMistakesAreReported() throws {
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        try tree.write("yelp/a.json", fixtureJSON(path: "/a", response: #"{"delay": {"uniform": {"min": 500, "max": 100}}}"#))
        try tree.write("yelp/b.json", fixtureJSON(path: "/b", response: #"{"delay": {"gaussian": 1}, "dribble": {"duration": 10, "chunks": 1}}"#))
        try tree.write("yelp/c.json", fixtureJSON(path: "/c", response: #"{"delay": -5}"#))
        let error = try #require(throws: FixtureLoadError.self) { try tree.load() }
        #expect(error.problems.map(\.description) == [
            "yelp/a.json $.response.delay.uniform: min (500.0) must not exceed max (100.0)",
            "yelp/b.json $.response.delay.gaussian: unknown delay \"gaussian\"; expected fixed, uniform or logNormal",
            "yelp/b.json $.response.dribble.chunks: expected an integer from 2 to 10000",
            "yelp/c.json $.response.delay: expected a non-negative number of milliseconds, found -5",
        ])
    }

    /// `inf`, NaN, negative and absurd delays never reach a connection: refused where they are
    /// read, and a random delay's tail (or a case a library caller built) is cut to 10 minutes.
    @Test func nonFiniteAndAbsurdDelaysAreRefusedAndNoneWaitsPastTheMaximum() {
        for bad in ["inf", "infinity", "nan", "-0.5", "600001", "1e308", "uniform:0-inf", "uniform:-5-10", "uniform:0-1e9", "lognormal:1,1e308", "lognormal:1,inf", "lognormal:1,nan", "lognormal:1e9,1"] {
            #expect(Delay.parse(bad) == nil, "\(bad)")
        }
        #expect(Delay.parse("600000") == .fixed(milliseconds: 600_000))
        #expect(Delay.parse("lognormal:200,10") == .logNormal(median: 200, sigma: 10))
        for delay in [Delay.fixed(milliseconds: .infinity), .fixed(milliseconds: .nan), .uniform(min: 0, max: 1e300), .logNormal(median: 1, sigma: 1e308), .logNormal(median: 200, sigma: 10)] {
            let seconds = (0..<200).map { delay.seconds(seed: 1, file: "yelp/a.json", count: $0) }
            #expect(seconds.allSatisfy { $0.isFinite && (0...600).contains($0) }, "\(delay): \(seconds.max() ?? 0)")
        }
    }

    @Test func aFixtureDelayOrDribblePastTheMaximumIsALoadErrorByFileAndPath() throws {
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        try tree.write("yelp/a.json", fixtureJSON(path: "/a", response: #"{"delay": 1e300}"#))
        try tree.write("yelp/b.json", fixtureJSON(path: "/b", response: #"{"delay": {"logNormal": {"median": 200, "sigma": 1e308}}}"#))
        try tree.write("yelp/c.json", fixtureJSON(path: "/c", response: #"{"delay": {"uniform": {"min": 0, "max": 600001}}, "dribble": {"duration": 1e12, "chunks": 2}}"#))
        try tree.write("yelp/ok.json", fixtureJSON(path: "/ok", response: #"{"delay": {"fixed": 600000}, "dribble": {"duration": 600000, "chunks": 2}}"#))
        let error = try #require(throws: FixtureLoadError.self) { try tree.load() }
        #expect(error.problems.map(\.description) == [
            "yelp/a.json $.response.delay: 1e300 ms is more than 600000 (10 minutes), the longest delay",
            "yelp/b.json $.response.delay.logNormal.sigma: sigma 1e308 is more than 10, the widest spread",
            "yelp/c.json $.response.delay.uniform.max: 600001 ms is more than 600000 (10 minutes), the longest delay",
            "yelp/c.json $.response.dribble.duration: 1e12 ms is more than 600000 (10 minutes), the longest delay",
        ])
    }

    @Test func anOverrideDelayPastTheMaximumIsRefused() async throws {
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        try tree.write("yelp/a.json", fixtureJSON(path: "/a"))
        let responder = Responder(fixtures: try tree.load())
        let put = { (body: String) in await responder.respond(to: Request(method: "PUT", target: "/__understudy/overrides/yelp/a.json", body: Array(body.utf8))) }
        let refused = await put(#"{"delay": 1e300}"#)
        #expect(refused.status == 400)
        #expect(String(decoding: refused.body, as: UTF8.self).contains("from 0 to 600000 (10 minutes)"))
        #expect(await put(#"{"delay": 600000}"#).status == 200)
    }

    @Test func aManualClockRunsActionsWhenTheirTimeComes() {
        let clock = ManualClock()
        let ran = Locked([String]())
        clock.schedule(after: 2) { ran.withLock { $0.append("two") } }
        clock.schedule(after: 1) { ran.withLock { $0.append("one") } }
        clock.schedule(after: 0) { ran.withLock { $0.append("now") } }
        #expect(ran.withLock { $0 } == ["now"])
        clock.advance(by: 1.5)
        #expect(ran.withLock { $0 } == ["now", "one"])
        clock.advance(by: 10)
        #expect(ran.withLock { $0 } == ["now", "one", "two"])
        #expect(clock.pendingCount == 0)
    }
}
