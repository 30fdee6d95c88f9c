import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyContracts
@testable import UnderstudyFixtures
import UnderstudySupport
import UnderstudyTestSupport

/// An event loop's `TargetMemo` remembers what a request's method and target (and the headers
/// the fixture's choice read) decided: a responder answering with one must answer every request
/// exactly as it does without, whatever came before.
@Suite struct TargetMemoTests {
    /// The bundled tree, with and without contracts: every fixture's literal request with each
    /// provider's credential (or none, another or two of them) and the headers fixtures read,
    /// twice over in each of three orders, against a twin responder without a memo.
    @Test(arguments: [false, true]) func answersWithAMemoAreAnswersWithout(contracts: Bool) throws {
        let fixtures = try FixtureLoader.load(from: bundledFixturesPath)
        let packs = contracts ? try Contracts.load(from: bundledContractsPath) : nil
        func twin() -> Responder { Responder(fixtures: fixtures, contracts: packs, clock: ManualClock(), fixturesRoot: bundledFixturesPath) }
        let remembering = twin(), plain = twin()
        let memo = remembering.makeTargetMemo()
        let targets = fixtures.compactMap(literalTarget(answeredBy:)).flatMap(Self.withCredentials)
        let headerSets = Self.headerSets(fixtures)
        var hits = 0, compared = 0, differing: [String] = []
        // By header set, then by target, then interleaved: entries are found, replaced and found again.
        let orders: [[(String, String, [HeaderField])]] = [
            headerSets.flatMap { headers in targets.map { ($0.method, $0.target, headers) } },
            targets.flatMap { target in headerSets.map { (target.method, target.target, $0) } },
            headerSets.indices.flatMap { offset in targets.indices.map { index in (targets[index].method, targets[index].target, headerSets[(index + offset) % headerSets.count]) } },
        ]
        for order in orders {
            for _ in 0..<2 {
                for (method, target, headers) in order {
                    let request = Request(method: method, target: target, headers: headers)
                    if memo.kept(request)?.fixture != nil { hits += 1 }
                    let made = memo.request(method: method, target: target, headers: headers, body: [], fromLoopback: true)
                    let remembered = remembering.respondNow(to: made, memo: memo)
                    let answered = plain.respondNow(to: request)
                    if remembered.status != answered.status || remembered.headers != answered.headers || remembered.body != answered.body {
                        differing.append("\(method) \(target) \(headers.map { "\($0.name): \($0.value)" }): \(remembered.status), not \(answered.status)")
                    }
                    compared += 1
                }
            }
        }
        // The first few, so that a broken memo reads as one failure, not thousands.
        #expect(differing.isEmpty, "\(differing.count) of \(compared) answers differ: \(differing.prefix(5).joined(separator: "; "))")
        #expect(targets.count > 100)
        #expect(hits > compared / 4, "the memo answered \(hits) of \(compared) requests")
    }

    /// A request made through the memo reuses a kept entry's decoded path and query: they must
    /// be what decoding its target gives, for hostile and absolute-form targets too.
    @Test func aRequestMadeThroughTheMemoIsDecodedAsItsTarget() throws {
        // One fixture: what is kept here is the decoding, and most targets miss (a short report).
        let (responder, memo) = try Self.responder(["yelp/any.json": fixtureJSON(path: "/{a}/{b}")])
        let headers = [HeaderField(name: "Authorization", value: "Bearer FAKE-understudy-yelp-api-key")]
        var reused = 0
        let targets = ContractTargets.targets(try Contracts.load(from: bundledContractsPath))
        // Every third: each value and form still comes up, in a test that takes a second.
        for (index, target) in targets.enumerated() where index % 3 == 0 {
            let method = ["GET", "POST"][index % 2]
            for _ in 0..<3 {
                let made = memo.request(method: method, target: target, headers: headers, body: [], fromLoopback: true)
                let decoded = Request(method: method, target: target, headers: headers)
                #expect(made.path == decoded.path && made.query == decoded.query && made.target == target, "\(method) \(target)")
                #expect(made.pathSegmentCount == decoded.pathSegmentCount, "\(method) \(target)")
                if memo.kept(made) != nil { reused += 1 }
                _ = responder.respondNow(to: made, memo: memo)
            }
        }
        #expect(reused > 100, "\(reused) requests reused a kept entry's decoding")
    }

    /// Two fixtures on one path, one for a bearer token and one for anything else: the token's
    /// answer is remembered, yet a request without it, with another or with two is answered anew.
    @Test func aRememberedFixtureNeedsTheHeadersItsChoiceRead() throws {
        let (responder, memo) = try Self.responder([
            "yelp/signed.json": fixtureJSON(path: "/me", headers: #"{"authorization": {"matches": "^Bearer .+"}}"#, response: #"{"json": "signed"}"#),
            "yelp/anyone.json": fixtureJSON(path: "/me", response: #"{"status": 401, "json": "anyone"}"#),
        ])
        func answer(_ headers: [HeaderField]) throws -> Int {
            responder.respondNow(to: Request(method: "GET", target: "/me", headers: headers), memo: memo).status
        }
        let token = HeaderField(name: "Authorization", value: "Bearer abc")
        #expect(try answer([token]) == 200)
        #expect(try answer([token]) == 200)
        #expect(memo.kept(Request(method: "GET", target: "/me", headers: [token]))?.fixture?.file == "yelp/signed.json")
        #expect(memo.kept(Request(method: "GET", target: "/me", headers: [token, HeaderField(name: "Accept", value: "*/*")])) != nil, "a header no fixture reads")
        #expect(try answer([token, HeaderField(name: "User-Agent", value: "x")]) == 200)
        #expect(try answer([]) == 401)
        #expect(try answer([HeaderField(name: "Authorization", value: "Basic abc")]) == 401)
        #expect(try answer([token, HeaderField(name: "authorization", value: "Basic abc")]) == 401)
        #expect(try answer([HeaderField(name: "AUTHORIZATION", value: "Bearer abc")]) == 200)
    }

    /// Header values are compared byte for byte: a value with the same characters in other
    /// bytes (a decomposed accent) is another request to the memo, as a regular expression may see it.
    @Test func rememberedHeadersAgreeByteForByte() throws {
        let (responder, memo) = try Self.responder(["yelp/accented.json": fixtureJSON(path: "/cafe", headers: #"{"x-name": {"present": true}}"#)])
        let composed = Request(method: "GET", target: "/cafe", headers: [HeaderField(name: "X-Name", value: "caf\u{E9}")])
        let decomposed = Request(method: "GET", target: "/cafe", headers: [HeaderField(name: "X-Name", value: "cafe\u{301}")])
        #expect(composed.headers[0].value == decomposed.headers[0].value, "equal as strings")
        for _ in 0..<2 { #expect(responder.respondNow(to: composed, memo: memo).status == 200) }
        #expect(memo.kept(composed) != nil)
        #expect(memo.kept(decomposed) == nil)
    }

    /// A fixture chosen by the body or by a scenario's state is never remembered: the same
    /// target gets other answers as those change.
    @Test func bodiesAndScenariosAreDecidedEveryTime() throws {
        let (responder, memo) = try Self.responder(ScenarioTests.favorites.merging([
            "yelp/graph-a.json": #"{"understudy": 1, "request": {"method": "POST", "path": "/graph", "body": {"jsonSubset": {"q": "a"}}}, "response": {"json": "a"}}"#,
            "yelp/graph-b.json": #"{"understudy": 1, "request": {"method": "POST", "path": "/graph", "body": {"jsonSubset": {"q": "b"}}}, "response": {"json": "b"}}"#,
        ]) { one, _ in one })
        func send(_ method: String, _ target: String, _ body: String = "") throws -> Response {
            responder.respondNow(to: Request(method: method, target: target, body: Array(body.utf8)), memo: memo)
        }
        #expect(try send("GET", "/favorites").body == Array("[]".utf8))
        #expect(try send("POST", "/favorites").status == 201)
        #expect(try send("GET", "/favorites").body == Array(#"[{"id":"thai-star"}]"#.utf8))
        let favorites = try #require(memo.kept(Request(method: "GET", target: "/favorites")), "kept the second time")
        #expect(favorites.fixture == nil)
        #expect(try send("POST", "/graph", #"{"q": "a"}"#).body == Array(#""a""#.utf8))
        #expect(try send("POST", "/graph", #"{"q": "b"}"#).body == Array(#""b""#.utf8))
        let graph = try #require(memo.kept(Request(method: "POST", target: "/graph")))
        #expect(graph.fixture == nil)
    }

    /// A target is kept the second time it comes, so a crawl of ever-new targets keeps nothing.
    @Test func aTargetIsKeptTheSecondTimeItComes() throws {
        let (responder, memo) = try Self.responder(["yelp/page.json": fixtureJSON(path: "/pages/{number}")])
        let crawl = (0..<2_000).map { Request(method: "GET", target: "/pages/\($0)") }
        for request in crawl { #expect(responder.respondNow(to: request, memo: memo).status == 200) }
        #expect(crawl.allSatisfy { memo.kept($0) == nil })
        let again = crawl[1_999]
        _ = responder.respondNow(to: again, memo: memo)
        #expect(memo.kept(again)?.fixture?.file == "yelp/page.json")
    }

    /// Two targets whose hashes pick the same first slot, sent in turn, are both kept once each
    /// came twice: the one noted first is not forgotten when the other comes.
    @Test func targetsSharingASlotSentInTurnAreBothKept() throws {
        let (responder, memo) = try Self.responder(["yelp/page.json": fixtureJSON(path: "/pages/{number}")])
        var firstSlots: [Int: String] = [:]
        var pair: (String, String)?
        for number in 0..<10_000 where pair == nil {
            let target = "/pages/\(number)", slot = memo.slots(of: try #require(TargetBytes.hash(of: target))).0
            if let other = firstSlots[slot] { pair = (other, target) } else { firstSlots[slot] = target }
        }
        let (one, other) = try #require(pair)
        let requests = [one, other].map { Request(method: "GET", target: $0) }
        for _ in 0..<2 { for request in requests { #expect(responder.respondNow(to: request, memo: memo).status == 200) } }
        #expect(requests.allSatisfy { memo.kept($0)?.fixture?.file == "yelp/page.json" })
    }

    /// A memo keeps twice as many targets as its tree has fixtures, within its bounds.
    @Test func aMemoIsSizedToItsTree() {
        #expect([0, 1, 256].map(TargetMemo.slotCount(forFixtures:)) == [512, 512, 512])
        #expect([257, 1_100, 5_000].map(TargetMemo.slotCount(forFixtures:)) == [1_024, 4_096, 16_384])
        #expect([8_192, 10_000, 1_000_000].map(TargetMemo.slotCount(forFixtures:)) == [16_384, 16_384, 16_384])
    }

    /// A tree of more fixtures than the least slot count has each target kept once it came
    /// twice (a recorded crawl replayed); with the least count, at most 512 would be.
    @Test func aLargeTreeHasItsTargetsKept() throws {
        let targets = (0..<1_100).map { "/places/\($0)" }
        let (responder, memo) = try Self.responder(
            Dictionary(uniqueKeysWithValues: targets.enumerated().map { ("yelp/place-\($0.offset).json", fixtureJSON(path: $0.element)) }))
        #expect(memo.slotCount == 4_096)
        let requests = targets.map { Request(method: "GET", target: $0) }
        for _ in 0..<2 { for request in requests { #expect(responder.respondNow(to: request, memo: memo).status == 200) } }
        let kept = zip(requests.indices, requests).filter { memo.kept($0.1)?.fixture?.file == "yelp/place-\($0.0).json" }.count
        #expect(kept >= 1_000, "\(kept) of 1,100 targets kept")
    }

    /// A responder reuses the lookup the memo made for the request it made last, and only for
    /// that very request: requests made in another order, or not by the memo, are looked up.
    @Test func onlyTheRequestMadeLastReusesItsLookup() throws {
        let (responder, memo) = try Self.responder([
            "yelp/one.json": fixtureJSON(path: "/one", response: #"{"json": 1}"#),
            "yelp/two.json": fixtureJSON(path: "/two", response: #"{"json": 2}"#),
        ])
        func made(_ target: String) -> Request { memo.request(method: "GET", target: target, headers: [], body: [], fromLoopback: true) }
        func answer(_ request: Request) throws -> String { String(decoding: responder.respondNow(to: request, memo: memo).body, as: UTF8.self) }
        for _ in 0..<2 { for target in ["/one", "/two"] { _ = try answer(made(target)) } }
        #expect(memo.kept(Request(method: "GET", target: "/one"))?.fixture?.file == "yelp/one.json")
        // Made one after the other, answered the other way round; one made, another answered.
        let one = made("/one"), two = made("/two")
        #expect(try answer(two) == "2" && answer(one) == "1")
        _ = made("/one")
        #expect(try answer(Request(method: "GET", target: "/two")) == "2")
        #expect(try answer(made("/two")) == "2")
    }

    /// A memo is its responder's: another responder answering with it neither reads nor fills it.
    @Test func anotherRespondersMemoIsIgnored() throws {
        let (first, memo) = try Self.responder(["yelp/one.json": fixtureJSON(path: "/one", response: #"{"json": 1}"#)])
        let request = Request(method: "GET", target: "/one")
        for _ in 0..<2 { _ = first.respondNow(to: request, memo: memo) }
        let kept = try #require(memo.kept(request))
        let (second, _) = try Self.responder(["yelp/one.json": fixtureJSON(path: "/one", response: #"{"json": 2}"#)])
        #expect(second.respondNow(to: request, memo: memo).body == Array("2".utf8))
        #expect(memo.kept(request) === kept)
    }

    /// A responder answering from `documents` (fixture files by path), and a memo of its own.
    private static func responder(_ documents: [String: String]) throws -> (Responder, TargetMemo) {
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        for (file, text) in documents { try tree.write(file, text) }
        let responder = Responder(fixtures: try tree.load())
        return (responder, responder.makeTargetMemo())
    }

    /// `target` as sent, and with the Google and Graph credentials the packs accept in the query.
    private static func withCredentials(_ target: (method: String, target: String)) -> [(method: String, target: String)] {
        let separator = target.target.contains("?") ? "&" : "?"
        return [target, (target.method, target.target + separator + "key=AIza" + String(repeating: "B", count: 35)),
                (target.method, target.target + separator + "access_token=EAAtesttoken123")]
    }

    /// No headers; Yelp's accepted key, another scheme, two credentials; and each literal value
    /// a fixture's header condition asks for (an entity tag, say).
    private static func headerSets(_ fixtures: [Fixture]) -> [[HeaderField]] {
        let bearer = HeaderField(name: "Authorization", value: "Bearer FAKE-understudy-yelp-api-key")
        var sets: [[HeaderField]] = [[], [bearer], [HeaderField(name: "authorization", value: "Basic abc")], [bearer, HeaderField(name: "Authorization", value: "Bearer other")]]
        for fixture in fixtures {
            for (name, condition) in fixture.request.headers {
                if case .equals(let value) = condition, !sets.contains([bearer, HeaderField(name: name, value: value)]) {
                    sets.append([bearer, HeaderField(name: name, value: value)])
                }
            }
        }
        return sets
    }
}
