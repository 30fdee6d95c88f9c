import Testing
@testable import UnderstudyCore
@testable import UnderstudyContracts
import UnderstudyJSON
@testable import UnderstudyFixtures
import UnderstudySupport
import UnderstudyTestSupport

@Suite("Matching")
struct MatchingTests {
    private func index(_ documents: [String: String]) throws -> FixtureIndex {
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        for (file, text) in documents { try tree.write(file, text) }
        return FixtureIndex(try tree.load())
    }

    private func match(_ index: FixtureIndex, _ target: String, method: String = "GET", headers: [HeaderField] = [], body: String = "") -> String? {
        index.bestMatch(for: Request(method: method, target: target, headers: headers, body: Array(body.utf8)))?.file
    }

    @Test func matchesQueryInAnyOrderAndEncoding() throws {
        let index = try index(["yelp/a.json": fixtureJSON(path: "/v3/businesses/search", query: #"{"term": "café bar", "limit": 20}"#)])
        #expect(match(index, "/v3/businesses/search?limit=20&term=caf%C3%A9+bar") == "yelp/a.json")
        #expect(match(index, "/v3/businesses/search?term=caf%c3%a9%20bar&extra=1&limit=20") == "yelp/a.json")
        #expect(match(index, "/v3/businesses/search?term=cafe+bar&limit=20") == nil)
        #expect(match(index, "/v3/businesses/search?term=caf%C3%A9+bar&limit=20&limit=20") == nil)
        #expect(match(index, "/v3/businesses/search?term=caf%C3%A9+bar&limit=20", method: "POST") == nil)
    }

    /// Fixtures of one path pinning different sets of parameters sit in different groups; a
    /// request is looked up in every group whose names it carries, and only those.
    @Test func groupsPinningOtherNamesAreEachLookedUp() throws {
        let index = try index([
            "yelp/a.json": fixtureJSON(path: "/s", query: #"{"a": "1"}"#),
            "yelp/ab.json": fixtureJSON(path: "/s", query: #"{"a": "1", "b": "2"}"#),
            "yelp/c.json": fixtureJSON(path: "/s", query: #"{"c": "3"}"#),
            "yelp/any.json": fixtureJSON(path: "/s", query: #"{"d": {"present": true}}"#),
            "yelp/many.json": fixtureJSON(path: "/s", query: #"{"p1": "1", "p2": "2", "p3": "3", "p4": "4", "p5": "5", "p6": "6", "p7": "7", "p8": "8"}"#),
        ])
        #expect(match(index, "/s?a=1") == "yelp/a.json")
        #expect(match(index, "/s?b=2&a=1") == "yelp/ab.json")
        #expect(match(index, "/s?a=1&b=9") == "yelp/a.json")
        #expect(match(index, "/s?c=3&x=1") == "yelp/c.json")
        #expect(match(index, "/s?d=anything") == "yelp/any.json")
        #expect(match(index, "/s?a=1&a=1") == nil)
        #expect(match(index, "/s?p8=8&p7=7&p6=6&p5=5&p4=4&p3=3&p2=2&p1=1") == "yelp/many.json")
        #expect(match(index, "/s?p8=8&p7=7&p6=6&p5=5&p4=4&p3=3&p2=2") == nil)
        #expect(match(index, "/s?e=1") == nil)
    }

    /// A group pinning several names files its fixtures by one of them, and their own
    /// conditions check the rest: every request must find what a scan of all fixtures finds,
    /// repeated values among the pinned ones included.
    @Test func groupsPinningSeveralNamesMatchAsAScanOfEveryFixture() throws {
        var documents: [String: String] = [:]
        var generator = SeededGenerator(seed: 7)
        var seen: Set<String> = []
        for i in 0..<75 {
            let a = Int.random(in: 0..<3, using: &generator), b = Int.random(in: 0..<4, using: &generator), c = Int.random(in: 0..<2, using: &generator)
            let query = switch i % 5 {
            case 0: #"{"a": "\#(a)", "b": "\#(b)"}"#
            case 1: #"{"a": "\#(a)", "b": "\#(b)", "c": "\#(c)"}"#
            case 2: #"{"b": "\#(b)", "c": {"present": true}}"#
            case 3: #"{"a": ["\#(a)", "\#(b)"], "b": "\#(b)", "c": "\#(c)"}"#
            default: #"{"a": "\#(a)", "c": "\#(c)", "d": {"absent": true}}"#
            }
            // Identical conditions would be a problem the loader reports: each set once.
            guard seen.insert(query).inserted else { continue }
            documents["yelp/f\(i).json"] = fixtureJSON(path: "/s", query: query, extra: i % 5 == 0 ? #""priority": 1,"# : "")
        }
        #expect(documents.count > 30)
        let index = try index(documents)
        #expect(index.fixtures.contains { $0.request.query.values.contains { if case .equalsAll = $0 { true } else { false } } })
        var matched = 0
        for _ in 0..<400 {
            var pairs: [String] = []
            for name in ["a", "b", "c", "d"] where Int.random(in: 0..<4, using: &generator) > 0 {
                pairs.append("\(name)=\(Int.random(in: 0..<4, using: &generator))")
                if Int.random(in: 0..<10, using: &generator) == 0 { pairs.append("\(name)=\(Int.random(in: 0..<4, using: &generator))") }
            }
            let request = Request(method: "GET", target: "/s?" + pairs.shuffled(using: &generator).joined(separator: "&"))
            let scanned = index.fixtures.filter { $0.request.matches(request) }.max { lhs, rhs in
                (lhs.specificity, lhs.priority, rhs.file) < (rhs.specificity, rhs.priority, lhs.file)
            }
            #expect(index.bestMatch(for: request)?.file == scanned?.file, "\(request.target)")
            if scanned != nil { matched += 1 }
        }
        #expect(matched > 100, "the requests reach fixtures")
    }

    /// Past `FixtureIndex.fixturesPerShard` the buckets are built on every core, each core
    /// taking the paths of its shard: lookups must still find what a scan of all fixtures
    /// finds, on exact paths and templates alike, and fixtures that can never match must
    /// still be found wherever they are.
    @Test func anIndexBuiltOnEveryCoreMatchesAsAScanAndFindsUnreachableFixtures() throws {
        var documents: [String: String] = [:]
        var generator = SeededGenerator(seed: 11)
        var seen: Set<String> = []
        for _ in 0..<20_000 where documents.count < FixtureIndex.fixturesPerShard + 500 {
            let i = documents.count
            let path = Int.random(in: 0..<7, using: &generator) == 0 ? "/t/{id}/x" : "/p\(Int.random(in: 0..<40, using: &generator))"
            let query = randomPinnedQuery(using: &generator)
            guard seen.insert(path + query).inserted else { continue }
            documents["yelp/f\(i).json"] = fixtureJSON(path: path, query: query)
        }
        try #require(documents.count > FixtureIndex.fixturesPerShard)
        let index = try index(documents)
        #expect(index.indistinguishablePairs().isEmpty)
        var matched = 0
        for _ in 0..<600 {
            let path = Int.random(in: 0..<7, using: &generator) == 0 ? "/t/\(Int.random(in: 0..<9, using: &generator))/x" : "/p\(Int.random(in: 0..<42, using: &generator))"
            var pairs: [String] = []
            for (name, count) in [("a", 32), ("b", 7), ("c", 2)] where Int.random(in: 0..<4, using: &generator) > 0 {
                pairs.append("\(name)=\(Int.random(in: 0..<count, using: &generator))")
            }
            let request = Request(method: "GET", target: path + "?" + pairs.joined(separator: "&"))
            let scanned = index.fixtures.filter { $0.request.matches(request) }.max { lhs, rhs in
                (lhs.specificity, lhs.priority, rhs.file) < (rhs.specificity, rhs.priority, lhs.file)
            }
            #expect(index.bestMatch(for: request)?.file == scanned?.file, "\(request.target)")
            if scanned != nil { matched += 1 }
        }
        #expect(matched > 200, "the requests reach fixtures")

        // Copies of three fixtures, one of them a template, sort after their originals: each can never match.
        let template = try #require(documents.keys.sorted().first { documents[$0]!.contains("/t/{id}/x") })
        let copied = ["yelp/f1.json", "yelp/f2.json", template].sorted()
        for file in copied { documents["yelp/z-" + file.dropFirst(5)] = documents[file] }
        let error = try #require(throws: FixtureLoadError.self) { try self.index(documents) }
        #expect(error.problems.map(\.file) == copied.map { "yelp/z-" + $0.dropFirst(5) })
        for (problem, original) in zip(error.problems, copied) { #expect(problem.message.contains("can never match: \(original)")) }
    }

    /// Schemathesis found it: `/places/🏻` (an emoji modifier joins the `/` before it into one
    /// character) matched no template and reached no contract route.
    @Test func aSegmentStartingWithAnExtendingCharacterStillSplitsAndRoutes() throws {
        let index = try index(["google/a.json": fixtureJSON(path: "/places/{reference}")])
        #expect(match(index, "/places/%F0%9F%8F%BB") == "google/a.json")
        #expect(match(index, "/places/%CC%81x") == "google/a.json")  // a combining acute accent first
        // The same in the first segment: the template is looked up by the segments the split gives.
        let first = try self.index(["google/b.json": fixtureJSON(path: "/{reference}/x")])
        #expect(match(first, "/%CC%81a/x") == "google/b.json")
        #expect(match(first, "/%F0%9F%8F%BB/x") == "google/b.json")
        let contracts = try Contracts.load(from: bundledContractsPath)
        #expect(contracts.route(Request(method: "GET", target: "/places/%F0%9F%8F%BB"))?.operationID == "placePhotoImage")
    }

    /// Header conditions are checked without collecting the values; the verdict must be the
    /// one on the collected values, for every kind of condition and every repetition.
    /// Patterns compare (and hash, for finding fixtures that can never match) by their
    /// conditions, however they were built: from dictionaries, from stored checks, or moved.
    @Test func patternsAreEqualExactlyWhenTheirConditionsAre() throws {
        let path = try PathPattern.parse("/s").get()
        let query: [String: ValueCondition] = ["b": .equals("2"), "a": .equals("1"), "c": .present, "d": .matches(try RegexPattern("^x"))]
        let headers: [String: ValueCondition] = ["authorization": .present]
        let pattern = RequestPattern(method: "GET", path: path, query: query, headers: headers, body: nil)
        let stored = RequestPattern(method: "GET", path: path, queryChecks: pattern.queryChecks, headerChecks: pattern.headerChecks)
        let moved = RequestPattern(method: "GET", path: try PathPattern.parse("/t").get(), query: query, headers: headers, body: nil).with(path: path, query: nil)
        for same in [stored, moved] {
            #expect(same == pattern && same.hashValue == pattern.hashValue)
            #expect(same.query == query && same.headers == headers)
        }
        var others = [RequestPattern(method: "GET", path: path, query: query, headers: [:], body: nil)]
        for (name, condition) in [("a", ValueCondition.equals("9")), ("c", .absent), ("e", .present)] {
            var changed = query
            changed[name] = condition
            others.append(RequestPattern(method: "GET", path: path, query: changed, headers: headers, body: nil))
        }
        others.append(pattern.with(path: try PathPattern.parse("/t").get(), query: nil))
        for other in others { #expect(other != pattern) }
        #expect(Set(others + [pattern, stored, moved]).count == others.count + 1)
    }

    @Test func headerConditionsJudgeFieldsAsTheirCollectedValues() throws {
        let conditions: [ValueCondition] = [.equals("a"), .equalsAll(["a", "b"]), .matches(try RegexPattern("^a")), .present, .absent]
        let lists: [[HeaderField]] = [
            [], [.init(name: "X-H", value: "a")], [.init(name: "x-h", value: "a")], [.init(name: "X-H", value: "b")],
            [.init(name: "X-H", value: "a"), .init(name: "x-h", value: "a")], [.init(name: "X-H", value: "a"), .init(name: "X-H", value: "b")],
            [.init(name: "Y", value: "a")], [.init(name: "X-H", value: "a"), .init(name: "Y", value: "b"), .init(name: "x-H", value: "b")],
            [.init(name: "X-H", value: "ab"), .init(name: "X-H", value: "ac")], [.init(name: "X-H", value: "")],
        ]
        for condition in conditions {
            for headers in lists {
                let collected = Request(method: "GET", target: "/", headers: headers).headerValues("x-h")
                #expect(condition.isSatisfied(byHeader: "x-h", in: headers) == condition.isSatisfied(by: collected), "\(condition) on \(headers)")
            }
        }
    }

    @Test func regexPresentAbsentAndRepeated() throws {
        let index = try index([
            "yelp/a.json": fixtureJSON(path: "/p", query: #"{"radius": {"matches": "^[0-9]+$"}, "key": {"present": true}, "offset": {"absent": true}, "c": ["x", "y"]}"#),
        ])
        #expect(match(index, "/p?radius=100&key=k&c=x&c=y") == "yelp/a.json")
        #expect(match(index, "/p?radius=10a&key=k&c=x&c=y") == nil)
        #expect(match(index, "/p?radius=100&c=x&c=y") == nil)
        #expect(match(index, "/p?radius=100&key=k&offset=0&c=x&c=y") == nil)
        #expect(match(index, "/p?radius=100&key=k&c=y&c=x") == nil)
    }

    @Test func headersAreCaseInsensitiveAndBodiesCompareAsJSON() throws {
        let index = try index([
            "facebook/a.json": fixtureJSON(method: "POST", path: "/oauth/access_token", headers: #"{"Content-Type": {"matches": "json"}}"#),
            "facebook/b.json": """
                {"understudy": 1, "request": {"method": "POST", "path": "/graph", "body": {"jsonSubset": {"q": {"a": 1}}}}, "response": {"json": 1}}
                """,
            "facebook/c.json": """
                {"understudy": 1, "request": {"method": "POST", "path": "/graph", "body": {"json": {"q": {"a": 1}, "z": [1]}}}, "response": {"json": 2}}
                """,
        ])
        #expect(match(index, "/oauth/access_token", method: "POST", headers: [HeaderField(name: "content-TYPE", value: "application/json")]) == "facebook/a.json")
        #expect(match(index, "/oauth/access_token", method: "POST") == nil)
        #expect(match(index, "/graph", method: "POST", body: #"{"z": [1], "q": {"a": 1.0}}"#) == "facebook/c.json")
        #expect(match(index, "/graph", method: "POST", body: #"{"q": {"a": 1, "b": 2}}"#) == "facebook/b.json")
        #expect(match(index, "/graph", method: "POST", body: "not json") == nil)
    }

    @Test func mostSpecificWinsThenPriorityThenFileName() throws {
        let index = try index([
            "yelp/template.json": fixtureJSON(path: "/v3/businesses/{id}"),
            "yelp/exact.json": fixtureJSON(path: "/v3/businesses/abc"),
            "yelp/reviews.json": fixtureJSON(path: "/v3/businesses/{id}/reviews"),
            "google/loose.json": fixtureJSON(path: "/maps/api/x", query: #"{"key": {"present": true}}"#),
            "google/strict.json": fixtureJSON(path: "/maps/api/x", query: #"{"key": {"present": true}, "place_id": "p1"}"#),
            "google/regex.json": fixtureJSON(path: "/maps/api/x", query: #"{"place_id": {"matches": "^p"}, "key": {"present": true}}"#),
            "feed/low.json": fixtureJSON(path: "/f", query: #"{"a": {"present": true}}"#),
            "feed/high.json": fixtureJSON(path: "/f", query: #"{"b": {"present": true}}"#, extra: #""priority": 5,"#),
            "feed/z-tie.json": fixtureJSON(path: "/g", query: #"{"a": {"present": true}}"#),
            "feed/a-tie.json": fixtureJSON(path: "/g", query: #"{"b": {"present": true}}"#),
        ])
        #expect(match(index, "/v3/businesses/abc") == "yelp/exact.json")
        #expect(match(index, "/v3/businesses/xyz") == "yelp/template.json")
        #expect(match(index, "/v3/businesses/xyz/reviews") == "yelp/reviews.json")
        #expect(match(index, "/v3/businesses//reviews") == nil)
        #expect(match(index, "/maps/api/x?place_id=p1&key=k") == "google/strict.json")
        #expect(match(index, "/maps/api/x?place_id=p2&key=k") == "google/regex.json")
        #expect(match(index, "/maps/api/x?place_id=q&key=k") == "google/loose.json")
        #expect(match(index, "/f?a=1&b=1") == "feed/high.json")
        #expect(match(index, "/g?a=1&b=1") == "feed/a-tie.json")
    }

    @Test func nearMissesNameTheFailedConditions() throws {
        let index = try index([
            "yelp/pizza.json": fixtureJSON(path: "/v3/businesses/search", query: #"{"term": "pizza", "limit": "20", "key": "test"}"#),
            "yelp/sushi.json": fixtureJSON(path: "/v3/businesses/search", query: #"{"term": "sushi", "limit": "50", "location": {"present": true}}"#),
            "yelp/other.json": fixtureJSON(path: "/v3/businesses/abc"),
        ])
        let request = Request(method: "GET", target: "/v3/businesses/search?term=pizza&limit=10&key=SECRET123")
        #expect(index.bestMatch(for: request) == nil)
        let misses = index.nearMisses(for: request)
        #expect(misses.map(\.file) == ["yelp/pizza.json", "yelp/sushi.json"])
        #expect(misses[0].mismatches == [
            Mismatch(condition: "query.key", expected: "\"test\"", actual: "(1 value, a credential: not shown)"),
            Mismatch(condition: "query.limit", expected: "\"20\"", actual: "\"10\""),
        ])
        #expect(misses[1].mismatches.map(\.condition) == ["query.limit", "query.location", "query.term"])
        let report = MissReport(request: request, nearMisses: misses).text
        #expect(report.contains("query.limit: expected \"20\", got \"10\""))
        #expect(!report.contains("SECRET123"))
        // A path nobody serves: the closest paths come first.
        let elsewhere = index.nearMisses(for: Request(method: "GET", target: "/v3/businesses/abd"))
        #expect(elsewhere.first?.file == "yelp/other.json")
        #expect(elsewhere.first?.mismatches == [Mismatch(condition: "path", expected: "/v3/businesses/abc", actual: "/v3/businesses/abd")])
    }

    @Test func indexChecksOnlyTheCandidatesItLooksUp() throws {
        // 2,000 fixtures on one path, pinned by term: a request is checked against its one
        // pinned fixture, never against the other 1,999.
        var documents: [String: String] = [:]
        for i in 0..<2000 { documents["yelp/f\(i).json"] = fixtureJSON(path: "/v3/businesses/search", query: #"{"term": "t\#(i)"}"#) }
        documents["yelp/loose.json"] = fixtureJSON(path: "/v3/businesses/search", query: #"{"term": {"matches": "^x"}}"#)
        let index = try index(documents)
        let request = Request(method: "GET", target: "/v3/businesses/search?term=t1234")
        #expect(index.candidates(for: request).map { index.fixtures[$0].file }.sorted() == ["yelp/f1234.json", "yelp/loose.json"])
        #expect(match(index, "/v3/businesses/search?term=t1234") == "yelp/f1234.json")
        #expect(match(index, "/v3/businesses/search?term=x1") == "yelp/loose.json")
        #expect(match(index, "/v3/businesses/search?term=t2000") == nil)
    }

    @Test func aTemplateNeverAnswersAPathNamedExactly() throws {
        let index = try index([
            "yelp/search.json": fixtureJSON(path: "/v3/businesses/search", query: #"{"term": "pizza"}"#),
            "yelp/not-found.json": fixtureJSON(path: "/v3/businesses/{id}", response: #"{"status": 404, "json": {}}"#),
        ])
        #expect(match(index, "/v3/businesses/search?term=pizza") == "yelp/search.json")
        #expect(match(index, "/v3/businesses/search?term=sushi") == nil)
        #expect(index.nearMisses(for: Request(method: "GET", target: "/v3/businesses/search?term=sushi")).map(\.file) == ["yelp/search.json"])
        #expect(match(index, "/v3/businesses/unknown-id") == "yelp/not-found.json")
    }
}
