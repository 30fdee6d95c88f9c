import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyFixtures
import UnderstudyJSON
import UnderstudySupport
import UnderstudyTestSupport

@Suite("Templates")
struct TemplateTests {
    private func responder(_ documents: [String: String], clock: any ServerClock = ManualClock()) throws -> Responder {
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        for (file, text) in documents { try tree.write(file, text) }
        return Responder(fixtures: try tree.load(), clock: clock)
    }

    private func problems(_ documents: [String: String]) throws -> [String] {
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        for (file, text) in documents { try tree.write(file, text) }
        let error = try #require(throws: FixtureLoadError.self) { try tree.load() }
        return error.problems.map(\.description)
    }

    @Test func rendersRequestValuesIntoAJSONBody() async throws {
        let responder = try responder([
            "yelp/details.json": """
                {"understudy": 1, "request": {"method": "POST", "path": "/v3/businesses/{id}/echo"},
                 "response": {"template": true, "json": {
                   "id": "{{request.path.id}}", "term": "{{ request.query.term }}", "limit": "{{json request.query.limit}}",
                   "agent": "{{request.header.user-agent}}", "name": "{{request.json/user/name}}", "tags": "{{request.json/tags}}",
                   "line": "{{request.method}} {{request.path}}", "missing": "<{{request.query.nope}}>", "plain": "no placeholders"}}}
                """,
        ])
        let response = await responder.respond(to: Request(
            method: "POST", target: "/v3/businesses/thai-star/echo?term=pad+thai&limit=20",
            headers: [HeaderField(name: "User-Agent", value: "LunchApp/1.0")],
            body: Array(#"{"user": {"name": "Dana"}, "tags": ["a", 1]}"#.utf8)))
        #expect(try JSONParser.parse(response.body) == [
            "id": "thai-star", "term": "pad thai", "limit": 20, "agent": "LunchApp/1.0", "name": "Dana", "tags": #"["a",1]"#,
            "line": "POST /v3/businesses/thai-star/echo", "missing": "<>", "plain": "no placeholders",
        ])
    }

    @Test func readsTheServersClockNotTheMachines() async throws {
        let clock = ManualClock()
        let responder = try responder([
            "facebook/token.json": """
                {"understudy": 1, "request": {"method": "GET", "path": "/debug_token"},
                 "response": {"template": true, "headers": {"Date-Echo": "{{now}}"},
                   "text": "issued {{now.epoch}} ms {{now.epochMillis}}"}}
                """,
        ], clock: clock)
        let first = await responder.respond(to: Request(method: "GET", target: "/debug_token"))
        #expect(String(decoding: first.body, as: UTF8.self) == "issued 1767225600 ms 1767225600000")
        #expect(first.headerValue("Date-Echo") == "2026-01-01T00:00:00Z")
        clock.advance(by: 90.5)
        let later = await responder.respond(to: Request(method: "GET", target: "/debug_token"))
        #expect(String(decoding: later.body, as: UTF8.self) == "issued 1767225690 ms 1767225690500")
    }

    /// Schemathesis found it: a `photo_reference` with a line break made the photo 302's
    /// templated `Location` unsendable, and the server dropped the header.
    @Test func aFilledHeaderValueIsPercentEncodedWhereItCouldNotBeSent() async throws {
        let responder = try responder([
            "google/photo.json": """
                {"understudy": 1, "request": {"method": "GET", "path": "/maps/api/place/photo"},
                 "response": {"status": 302, "template": true, "headers": {"Location": "/places/{{request.query.photo_reference}}"}, "text": "moved"}}
                """,
        ], clock: ManualClock())
        let plain = await responder.respond(to: Request(method: "GET", target: "/maps/api/place/photo?photo_reference=Aap_uE-x1"))
        #expect(plain.headerValue("Location") == "/places/Aap_uE-x1")
        let odd = await responder.respond(to: Request(method: "GET", target: "/maps/api/place/photo?photo_reference=V%0D%0AX:%20y%25%C3%A9"))
        #expect(odd.headerValue("Location") == "/places/V%0D%0AX: y%25%C3%A9")
    }

    @Test func withoutTemplateTrueBracesAreServedAsWritten() async throws {
        let responder = try responder([
            "feed/a.json": #"{"understudy": 1, "request": {"method": "GET", "path": "/a"}, "response": {"text": "{{request.path}}"}}"#,
        ])
        #expect(String(decoding: await responder.respond(to: Request(method: "GET", target: "/a")).body, as: UTF8.self) == "{{request.path}}")
    }

    @Test func mistakesAreReportedWhenFixturesLoad() throws {
        let found = try problems([
            "yelp/a.json": #"{"understudy": 1, "request": {"method": "GET", "path": "/a"}, "response": {"template": true, "json": {"x": ["{{request.qery.term}}"]}}}"#,
            "yelp/b.json": #"{"understudy": 1, "request": {"method": "GET", "path": "/b"}, "response": {"template": true, "text": "{{now"}}"#,
            "yelp/c.json": #"{"understudy": 1, "request": {"method": "GET", "path": "/c"}, "response": {"template": true, "text": "n={{json now.epoch}}"}}"#,
            "yelp/d.json": #"{"understudy": 1, "request": {"method": "GET", "path": "/d"}, "response": {"template": "yes", "text": "x"}}"#,
        ])
        #expect(found == [
            "yelp/a.json $.response.json.x[0]: template: unknown placeholder \"request.qery.term\"; expected request.method, request.path, request.path.NAME, request.query.NAME, request.header.NAME, request.json/POINTER, now, now.epoch or now.epochMillis",
            "yelp/b.json $.response.text: template: \"{{\" without a closing \"}}\"",
            "yelp/c.json $.response.text: template: {{json …}} must be the whole string, to become a JSON value",
            "yelp/d.json $.response.template: expected true or false, found \"yes\"",
        ])
    }

    @Test func jsonPointersFollowRFC6901() throws {
        let document = try JSONParser.parse(#"{"a/b": {"m~n": [10, {"c": true}]}}"#)
        #expect(document.at(pointer: "/a~1b/m~0n/1/c") == true)
        #expect(document.at(pointer: "") == document)
        #expect(document.at(pointer: "/a~1b/m~0n/7") == nil)
    }
}
