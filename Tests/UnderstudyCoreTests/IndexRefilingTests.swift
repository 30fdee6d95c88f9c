import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyFixtures
import UnderstudySupport
import UnderstudyTestSupport

/// Under contracts, `serve` puts the loaded index in the contract's terms by filing again only
/// the fixtures whose form changes (`FixtureIndex.inForm`): it must give the index a whole
/// build in those terms gives, bucket for bucket, in file order.
@Suite("Refiling changed fixtures")
struct IndexRefilingTests {
    /// Fixtures on exact paths, versioned paths and a template, with pinned and unpinned query
    /// parameters; more than `fixturesPerShard`, so the whole build runs on every core.
    private static func fixtures(count: Int) throws -> [Fixture] {
        var generator = SeededGenerator(seed: 29)
        var fixtures: [Fixture] = []
        var seen: Set<String> = []
        for _ in 0..<(count * 4) where fixtures.count < count {
            let path = switch Int.random(in: 0..<8, using: &generator) {
            case 0: "/t/{id}/x"
            case 1: "/v2.0/p\(Int.random(in: 0..<10, using: &generator))"
            default: "/p\(Int.random(in: 0..<40, using: &generator))"
            }
            let query = randomPinnedQuery(using: &generator)
            guard seen.insert(path + query).inserted else { continue }
            let file = "yelp/f\(String(fixtures.count + 10_000)).json"
            var decoder = FixtureDecoder(file: file, root: "/nonexistent", existingFiles: [])
            let fixture = decoder.decode(Array(fixtureJSON(path: path, query: query).utf8))
            fixtures.append(try #require(fixture, "\(decoder.problems)"))
        }
        return fixtures
    }

    /// A form for some fixtures, as contracts give them: a versioned path without its version
    /// (joining the buckets of unversioned fixtures), a path moved to a new bucket, every
    /// fixture of `/p17` moved away (its bucket left empty), and a query value rewritten.
    private static func form(of fixture: Fixture) -> FixtureIndex.Form? {
        let request = fixture.request
        let text = request.path.text
        let number = Int(fixture.file.dropFirst("yelp/f".count).prefix(5)) ?? 0
        func moved(to path: String, query: [String: ValueCondition]? = nil, version: String? = nil) -> FixtureIndex.Form? {
            guard case .success(let pattern) = PathPattern.parse(path) else { return nil }
            return (RequestPattern(method: request.method, path: pattern, query: query ?? request.query, headers: request.headers, body: request.body), version)
        }
        if text.hasPrefix("/v2.0/") { return moved(to: String(text.dropFirst("/v2.0".count)), version: "v2.0") }
        if text == "/p17" { return moved(to: "/moved/17") }
        if number % 11 == 0, request.path.isExact { return moved(to: "/new/\(number % 5)") }
        if number % 13 == 0, case .equals(let value)? = request.query["a"] {
            var query = request.query
            query["a"] = .equals(value + "0")
            return moved(to: text, query: query)
        }
        return nil
    }

    @Test func refilingGivesTheIndexAWholeBuildGives() throws {
        let fixtures = try Self.fixtures(count: FixtureIndex.fixturesPerShard + 600)
        try #require(fixtures.count > FixtureIndex.fixturesPerShard)
        let changed = fixtures.filter { Self.form(of: $0) != nil }.count
        #expect(changed > 300 && changed < fixtures.count / 2, "some fixtures change, most do not: \(changed)")

        let loaded = FixtureIndex(fixtures)
        let forms = fixtures.map(Self.form)
        let refiled = loaded.inForm(forms)
        let built = FixtureIndex(fixtures, forms: forms)

        var generator = SeededGenerator(seed: 31)
        var requests = ["/p17", "/moved/17", "/new/0", "/new/3", "/p8?a=40", "/v2.0/p3?a=1&b=2", "/t/4/x?b=1&c=0"].map { Request(method: "GET", target: $0) }
        for _ in 0..<1500 {
            let path = switch Int.random(in: 0..<10, using: &generator) {
            case 0: "/t/\(Int.random(in: 0..<9, using: &generator))/x"
            case 1: "/new/\(Int.random(in: 0..<5, using: &generator))"
            case 2: "/moved/17"
            default: "/p\(Int.random(in: 0..<42, using: &generator))"
            }
            var pairs: [String] = []
            for (name, count) in [("a", 300), ("b", 7), ("c", 2)] where Int.random(in: 0..<4, using: &generator) > 0 {
                pairs.append("\(name)=\(Int.random(in: 0..<count, using: &generator))")
            }
            requests.append(Request(method: "GET", target: path + "?" + pairs.joined(separator: "&")))
        }
        var found = 0
        for request in requests {
            let candidates = refiled.candidates(for: request)
            #expect(candidates == built.candidates(for: request), "\(request.target)")
            #expect(refiled.bestMatch(for: request)?.file == built.bestMatch(for: request)?.file, "\(request.target)")
            if !candidates.isEmpty { found += 1 }
        }
        #expect(found > 500, "the requests reach fixtures: \(found)")

        // A request for a fixture that was at `/p17`: that bucket is gone, and the fixture answers at its new path.
        let left = try #require(fixtures.first { $0.request.path.text == "/p17" })
        let query = left.request.query.sorted { $0.key < $1.key }.map { name, condition in
            if case .equals(let value) = condition { "\(name)=\(value)" } else { "\(name)=1" }
        }.joined(separator: "&")
        #expect(loaded.bestMatch(for: Request(method: "GET", target: "/p17?" + query))?.file == left.file)
        #expect(refiled.candidates(for: Request(method: "GET", target: "/p17?" + query)).isEmpty, "the bucket every fixture left is gone")
        #expect(refiled.bestMatch(for: Request(method: "GET", target: "/moved/17?" + query))?.file == left.file)
        #expect(refiled.bestMatch(for: Request(method: "GET", target: "/p3"), version: "v2.0")?.file == built.bestMatch(for: Request(method: "GET", target: "/p3"), version: "v2.0")?.file)
        #expect(refiled.indistinguishablePairs().map { [$0.0.file, $0.1.file] } == built.indistinguishablePairs().map { [$0.0.file, $0.1.file] })
    }
}
