import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyFixtures
import UnderstudyTestSupport

/// `serve` without contracts answers from the index loading built to check the tree: it must
/// answer every request as a responder that built its own index does.
@Suite("Shared fixture index")
struct SharedIndexTests {
    @Test func theLoadedIndexAnswersAsARebuiltOne() throws {
        let loaded = try FixtureLoader.loadIndex(from: bundledFixturesPath)
        let fixtures = try FixtureLoader.load(from: bundledFixturesPath)
        #expect(loaded.fixtures.map(\.file) == fixtures.map(\.file))
        var configuration = UnderstudyConfiguration(fixtures: loaded.fixtures, fixturesRoot: bundledFixturesPath, clock: ManualClock())
        configuration.matchingIndex = loaded
        let shared = try configuration.makeResponder()
        let rebuilt = Responder(fixtures: fixtures, clock: ManualClock(), fixturesRoot: bundledFixturesPath)
        let requests = fixtures.compactMap(Self.request(answeredBy:)) + [Request(method: "GET", target: "/v3/businesses/search?term=nothing-answers-this")]
        // Google fixtures condition `key` by presence only, so they give no literal request.
        #expect(requests.count > fixtures.count / 4, "a quarter of the bundled fixtures give a literal request")
        var answered = 0
        for request in requests {
            let fromShared = shared.respondNow(to: request), fromRebuilt = rebuilt.respondNow(to: request)
            #expect(fromShared.status == fromRebuilt.status, "\(request.method) \(request.path)")
            #expect(fromShared.headers == fromRebuilt.headers, "\(request.method) \(request.path)")
            #expect(fromShared.body == fromRebuilt.body, "\(request.method) \(request.path)")
            if fromShared.status != 404 || fromShared.headerValue("X-Understudy-Miss") == nil { answered += 1 }
        }
        #expect(answered >= requests.count - 1)
    }

    /// Under contracts, `serve` keeps the loaded index unless the contracts put a fixture in
    /// other terms; then it matches in the new terms.
    @Test func anIndexInOtherTermsIsRebuiltOnlyWhenAFixtureChanges() throws {
        let loaded = try FixtureLoader.loadIndex(from: bundledFixturesPath)
        let requests = loaded.fixtures.compactMap(Self.request(answeredBy:))
        let unchanged = loaded.inForm(loaded.fixtures.map { _ in nil })
        for request in requests {
            #expect(unchanged.bestMatch(for: request)?.file == loaded.bestMatch(for: request)?.file, "\(request.method) \(request.path)")
        }
        let target = try #require(loaded.fixtures.first { $0.request.path.isExact && $0.request.query.isEmpty && $0.request.headers.isEmpty && $0.scenario == nil })
        let moved = try PathPattern.parse("/moved/elsewhere").get()
        let changed = loaded.inForm(loaded.fixtures.map { fixture in
            fixture.file == target.file ? (RequestPattern(method: fixture.request.method, path: moved, query: [:], headers: [:], body: nil), nil) : nil
        })
        let elsewhere = Request(method: target.request.method, target: "/moved/elsewhere")
        #expect(changed.bestMatch(for: elsewhere)?.file == target.file, "the fixture is matched in its new terms")
        #expect(loaded.bestMatch(for: elsewhere) == nil)
        #expect(changed.bestMatch(for: Request(method: target.request.method, target: target.request.path.text))?.file != target.file)
    }

    /// A request meeting `fixture`'s conditions when they are all literal: an exact path, and
    /// query parameters and headers pinned to one value; `nil` otherwise.
    private static func request(answeredBy fixture: Fixture) -> Request? {
        guard let (method, target) = literalTarget(answeredBy: fixture) else { return nil }
        var headers: [HeaderField] = []
        for (name, condition) in fixture.request.headers.sorted(by: { $0.key < $1.key }) {
            switch condition {
            case .equals(let value): headers.append(HeaderField(name: name, value: value))
            // Yelp's fixtures take any bearer token: send the canonical fake key (docs/contracts.md).
            case .matches where name.lowercased() == "authorization":
                headers.append(HeaderField(name: name, value: "Bearer FAKE-understudy-yelp-api-key"))
            default: return nil
            }
        }
        return Request(method: method, target: target, headers: headers)
    }
}
