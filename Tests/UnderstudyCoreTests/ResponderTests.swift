import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyContracts
import UnderstudyJSON
@testable import UnderstudyFixtures
import UnderstudySupport
import UnderstudyTestSupport

@Suite("Responder")
struct ResponderTests {
    private func responder(_ documents: [String: String], files: [String: [UInt8]] = [:], journalCapacity: Int = 1000) throws -> (Responder, TemporaryFixtures) {
        let tree = try TemporaryFixtures()
        for (file, text) in documents { try tree.write(file, text) }
        for (file, bytes) in files { try tree.write(file, bytes: bytes) }
        return (Responder(fixtures: try tree.load(), journalCapacity: journalCapacity), tree)
    }

    private func get(_ responder: Responder, _ target: String, method: String = "GET") async -> Response {
        await responder.respond(to: Request(method: method, target: target))
    }

    private func json(_ response: Response) throws -> JSONValue { try JSONParser.parse(response.body) }

    @Test func sequencesPlayInOrderAndRepeatTheLast() async throws {
        let (responder, tree) = try responder([
            "google/seq.json": """
                {"understudy": 1, "request": {"method": "GET", "path": "/s"},
                 "responses": [{"status": 500, "text": "one"}, {"text": "two"}, {"status": 202, "text": "three"}]}
                """,
        ])
        defer { tree.remove() }
        var answers: [Response] = []
        for _ in 0..<5 { answers.append(await get(responder, "/s")) }
        #expect(answers.map(\.status) == [500, 200, 202, 202, 202])
        #expect(answers.map { String(decoding: $0.body, as: UTF8.self) } == ["one", "two", "three", "three", "three"])
        responder.reset()
        #expect(await get(responder, "/s").status == 500)
    }

    @Test func servesBodyFilesByteForByte() async throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0xFF]
        let (responder, tree) = try responder(
            ["feed/img.json": fixtureJSON(path: "/i.png", response: #"{"file": "i.png"}"#)], files: ["feed/i.png": png])
        defer { tree.remove() }
        let response = await get(responder, "/i.png")
        #expect(response.body == png)
        #expect(response.headerValue("content-type") == "image/png")
        // Once read, a body is a snapshot: deleting the file afterwards changes nothing,
        // whether it is served from the memory cache or from its kept descriptor.
        try FileManager.default.removeItem(atPath: tree.root + "/feed/i.png")
        #expect(await get(responder, "/i.png").body == png)
        #expect(await get(Responder(fixtures: responder.index.fixtures, bodyCacheBytes: 0), "/i.png").body == png)
    }

    @Test func aBodyFileGoneBeforeItsFirstRequestIsReportedNotACrash() async throws {
        let (responder, tree) = try responder(
            ["feed/img.json": fixtureJSON(path: "/i.png", response: #"{"file": "i.png"}"#)], files: ["feed/i.png": [1, 2, 3]])
        defer { tree.remove() }
        try FileManager.default.removeItem(atPath: tree.root + "/feed/i.png")
        let failure = await get(responder, "/i.png")
        #expect(failure.status == 500)
        #expect(try json(failure)["understudy"]?["fixture"] == "feed/img.json")
        #expect(String(decoding: failure.body, as: UTF8.self).contains("No such file"))
    }

    @Test func bodiesPastTheMemoryBudgetAreReadEachTime() async throws {
        let big = [UInt8](repeating: 7, count: 4096)
        let (responder, tree) = try responder(
            ["feed/a.json": fixtureJSON(path: "/a", response: #"{"file": "a.bin"}"#),
             "feed/b.json": fixtureJSON(path: "/b", response: #"{"file": "b.bin"}"#)],
            files: ["feed/a.bin": big, "feed/b.bin": big + [8]])
        defer { tree.remove() }
        let small = Responder(fixtures: responder.index.fixtures, bodyCacheBytes: 5000)
        for _ in 0..<3 {
            #expect(await get(small, "/a").body == big)
            #expect(await get(small, "/b").body == big + [8])
        }
    }

    @Test func aMissIsA404ThatExplainsItself() async throws {
        let (responder, tree) = try responder(["yelp/a.json": fixtureJSON(path: "/v3/x", query: #"{"term": "pizza"}"#)])
        defer { tree.remove() }
        let response = await get(responder, "/v3/x?term=sushi&access_token=TOPSECRET")
        #expect(response.status == 404)
        #expect(response.headerValue(MissReport.headerName) == "1")
        let body = try json(response)
        #expect(body["understudy"]?["nearMisses"] == [
            ["fixture": "yelp/a.json", "mismatches": [["condition": "query.term", "expected": "\"pizza\"", "actual": "\"sushi\""]]],
        ])
        #expect(body["understudy"]?["request"]?["query"]?["access_token"] == ["REDACTED"])
        #expect(!String(decoding: response.body, as: UTF8.self).contains("TOPSECRET"))
    }

    /// A form body is kept (its secrets replaced when read); an upload past `keptBodyBytes` is
    /// kept by its size only, while the rest of its request stays readable.
    @Test func journalKeepsSmallBodiesAndOnlyTheSizeOfLargeOnes() async throws {
        let (responder, tree) = try responder(["facebook/post.json": #"{"understudy": 1, "request": {"method": "POST", "path": "/p"}, "response": {"text": "ok"}}"#])
        defer { tree.remove() }
        let form = [HeaderField(name: "Content-Type", value: "application/x-www-form-urlencoded")]
        _ = await responder.respond(to: Request(method: "POST", target: "/p", headers: form, body: Array("name=pizza&access_token=EAAsecret".utf8)))
        let upload = [UInt8](repeating: UInt8(ascii: "x"), count: JournalEntry.keptBodyBytes + 1)
        _ = await responder.respond(to: Request(method: "POST", target: "/p?big=1", headers: form, body: upload))
        let entries = responder.journal.entries
        #expect(entries.map(\.bodyByteCount) == [33, JournalEntry.keptBodyBytes + 1])
        #expect(entries[0].body.contains("name=pizza") && !entries[0].body.contains("EAAsecret"), "\(entries[0].body)")
        #expect(entries[1].body == "(\(JournalEntry.keptBodyBytes + 1) bytes, not kept)")
        #expect(entries[1].rawBody.isEmpty)
        #expect(entries[1].target == "/p?big=1" && entries[1].method == "POST" && entries[1].headers == form)
    }

    @Test func journalRecordsMatchesAndMissesWithoutSecrets() async throws {
        let (responder, tree) = try responder(["google/a.json": fixtureJSON(path: "/maps/api/a", query: #"{"key": {"present": true}}"#)], journalCapacity: 3)
        defer { tree.remove() }
        _ = await get(responder, "/maps/api/a?key=AIzaSECRET")
        _ = await get(responder, "/maps/api/nope?key=AIzaSECRET")
        for _ in 0..<3 { _ = await get(responder, "/maps/api/a?key=AIzaSECRET") }
        #expect(responder.journal.receivedCount == 5)
        #expect(responder.journal.entries.map(\.sequence) == [3, 4, 5])  // bounded: the oldest went
        #expect(responder.journal.unmatched.map(\.sequence) == [2])  // misses are kept apart
        #expect(responder.journal.entries.allSatisfy { $0.fixture == "google/a.json" && $0.target == "/maps/api/a?key=REDACTED" })

        let journal = await get(responder, "/__understudy/journal")
        #expect(journal.status == 200)
        #expect(try json(journal)["received"] == 5)
        #expect(!String(decoding: journal.body, as: UTF8.self).contains("AIzaSECRET"))
        let unmatched = try await json(get(responder, "/__understudy/unmatched"))
        #expect(unmatched["misses"] == 1)
        #expect(unmatched["entries"]?.arrayValue?.first?["nearMisses"]?.arrayValue?.first?["fixture"] == "google/a.json")
    }

    @Test func aProviderServedAloneAnswersAtTheRootOfItsPort() async throws {
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        try tree.write("yelp/search.json", fixtureJSON(path: "/v3/businesses/search", query: #"{"term": "pizza"}"#))
        try tree.write("feed/feed.json", fixtureJSON(path: "/br-codingexams/restaurants.json"))
        try tree.write("feed/image.json", fixtureJSON(path: "/BR_iOS_CodingExam_2015_Server/Images/a.png"))
        let fixtures = try tree.load()
        let packs = try Contracts.load(from: bundledContractsPath)
        let yelp = Responder(fixtures: fixtures.filter { $0.provider == "yelp" }, mount: ProviderMount(pack: try #require(packs.pack(named: "yelp"))))
        #expect(await get(yelp, "/businesses/search?term=pizza").status == 200)
        #expect(await get(yelp, "/v3/businesses/search?term=pizza").status == 200)  // native paths still work
        let miss = await get(yelp, "/businesses/search?term=sushi")
        #expect(miss.status == 404)
        #expect(try json(miss)["understudy"]?["request"]?["path"] == "/v3/businesses/search")
        #expect(yelp.journal.entries.map(\.target) == ["/businesses/search?term=pizza", "/v3/businesses/search?term=pizza", "/businesses/search?term=sushi"])

        let feed = Responder(fixtures: fixtures.filter { $0.provider == "feed" }, mount: ProviderMount(pack: try #require(packs.pack(named: "feed"))))
        #expect(await get(feed, "/restaurants.json").status == 200)
        // The feed's images live on another host, at the root: they match without the base path.
        #expect(await get(feed, "/BR_iOS_CodingExam_2015_Server/Images/a.png").status == 200)
    }

    @Test func overridesChangeOneFixturesAnswerUntilReset() async throws {
        let (responder, tree) = try responder([
            "yelp/a.json": fixtureJSON(path: "/v3/a"),
            "yelp/b.json": fixtureJSON(path: "/v3/b"),
        ])
        defer { tree.remove() }
        #expect(responder.override("yelp/a.json", with: AnswerOverride(status: 503, delay: .fixed(milliseconds: 1500), fault: .reset)))
        let changed = await get(responder, "/v3/a")
        #expect(changed.status == 503)
        #expect(changed.delay == 1.5)
        #expect(changed.fault == .reset)
        #expect(await get(responder, "/v3/b").status == 200)  // other fixtures untouched
        #expect(!responder.override("yelp/nope.json", with: AnswerOverride(status: 500)))
        responder.reset()
        #expect(await get(responder, "/v3/a").status == 200)
    }

    @Test func overridesThroughTheAdminAPI() async throws {
        let (responder, tree) = try responder(["yelp/a.json": fixtureJSON(path: "/v3/a")])
        defer { tree.remove() }
        let put = { (path: String, body: String) in
            await responder.respond(to: Request(method: "PUT", target: "/__understudy/overrides/" + path, body: Array(body.utf8)))
        }
        #expect(await put("yelp/a.json", #"{"status": 429, "delay": 250}"#).status == 200)
        #expect(await get(responder, "/v3/a").status == 429)
        #expect(try await json(get(responder, "/__understudy/overrides")) == ["overrides": ["yelp/a.json": ["status": 429, "delay": 250]]])
        #expect(await put("yelp/zzz.json", #"{"status": 500}"#).status == 404)
        let bad = await put("yelp/a.json", #"{"fault": "explode"}"#)
        #expect(bad.status == 400)
        #expect(try json(bad)["understudy"]?["error"]?.stringValue?.hasPrefix("fault must be one of reset") == true)
        #expect(await responder.respond(to: Request(method: "DELETE", target: "/__understudy/overrides")).status == 200)
        #expect(await get(responder, "/v3/a").status == 200)
    }

    @Test func adminAPI() async throws {
        let (responder, tree) = try responder(["yelp/a.json": fixtureJSON(path: "/v3/a")])
        defer { tree.remove() }
        #expect(try await json(get(responder, "/__understudy/health")) == ["status": "ok", "fixtures": 1])
        _ = await get(responder, "/v3/a")
        #expect(await get(responder, "/__understudy/reset", method: "GET").status == 405)
        #expect(try await json(get(responder, "/__understudy/reset", method: "POST")) == ["reset": true])
        #expect(responder.journal.receivedCount == 0)
        let unknown = await get(responder, "/__understudy/nope")
        #expect(unknown.status == 404)
        // The appsecret endpoint is the 19th, the dialog's the 20th (issue 40, item 5), the two idtoken ones the 21st and 22nd (item 6).
        #expect(try json(unknown)["understudy"]?["endpoints"]?.arrayValue?.count == 22)
    }
}
