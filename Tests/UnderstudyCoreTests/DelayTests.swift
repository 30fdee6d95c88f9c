import Foundation
import Testing
@testable import UnderstudyCore

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
