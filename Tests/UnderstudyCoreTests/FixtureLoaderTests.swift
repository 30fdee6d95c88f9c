import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyFixtures
import UnderstudyTestSupport

@Suite("Loading fixtures")
struct FixtureLoaderTests {
    @Test func loadsEveryBodyKindAndSkipsBodyFiles() throws {
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        try tree.write("yelp/json.json", fixtureJSON(path: "/v3/a", response: #"{"status": 201, "json": {"b": 1}}"#))
        try tree.write("yelp/text.json", fixtureJSON(path: "/v3/b", response: #"{"text": "hi"}"#))
        try tree.write("feed/base64.json", fixtureJSON(path: "/c", response: #"{"base64": "AAEC"}"#))
        try tree.write("feed/file.json", fixtureJSON(path: "/d", response: #"{"file": "d.body.json"}"#))
        try tree.write("feed/d.body.json", #"{"not": "a fixture"}"#)
        try tree.write("feed/.hidden.json", "not json at all")
        let fixtures = try tree.load()
        #expect(fixtures.map(\.file) == ["feed/base64.json", "feed/file.json", "yelp/json.json", "yelp/text.json"])
        let json = try #require(fixtures.first { $0.file == "yelp/json.json" })
        #expect(json.provider == "yelp")
        #expect(json.responses[0].status == 201)
        #expect(json.responses[0].headers == [HeaderField(name: "Content-Type", value: "application/json")])
        guard case .bytes(let base64) = fixtures[0].responses[0].body else { Issue.record("expected bytes"); return }
        #expect(base64 == [0, 1, 2])
        guard case .file(let file) = fixtures[1].responses[0].body else { Issue.record("expected a file"); return }
        #expect(file.path.hasSuffix("feed/d.body.json"))
    }

    @Test func reportsEveryProblemWithFileAndJSONPath() throws {
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        try tree.write("yelp/a.json", """
            {"understudy": 1, "request": {"method": "GET", "path": "v3/x", "query": {"limit": {"matches": "("}, "term": null}},
             "response": {"status": 700, "jsn": {}}}
            """)
        try tree.write("yelp/b.json", "{\n  \"understudy\": 1,\n  \"request\": \n}")
        try tree.write("google/c.json", #"{"understudy": 2, "provider": "yelp", "request": {"path": "/x"}, "responses": []}"#)
        try tree.write("feed/d.json", fixtureJSON(path: "/d", response: #"{"file": "../../etc/passwd"}"#))
        try tree.write("feed/e.json", fixtureJSON(path: "/e", response: #"{"file": "missing.png"}"#))
        try tree.write("feed/f.json", fixtureJSON(path: "/f", response: #"{"headers": {"X-Evil": "a\r\nSet-Cookie: b"}, "text": "x"}"#))
        let error = try #require(throws: FixtureLoadError.self) { try tree.load() }
        let lines = error.problems.map(\.description)
        let expected = [
            "feed/d.json $.response.file: \"../../etc/passwd\" leaves the fixtures folder",
            "feed/e.json $.response.file: body file \"missing.png\" not found (looked for feed/missing.png)",
            "feed/f.json $.response.headers[\"X-Evil\"]: a header name must not be empty, and no name or value may contain a line break",
            "google/c.json $.request: missing \"method\"",
            "google/c.json $.provider: provider \"yelp\" does not match the folder \"google/\" the file is in",
            "google/c.json $.responses: a sequence needs at least one response",
            "google/c.json $.understudy: unsupported format version 2; this Understudy reads version 1",
            "yelp/a.json $.request.path: \"v3/x\" must start with '/'",
            "yelp/a.json $.request.query.limit.matches: invalid regular expression /(/",
            "yelp/a.json $.request.query.term: null is not a condition; use {\"absent\": true}",
            "yelp/a.json $.response.jsn: unknown member \"jsn\" (did you mean \"json\"?); expected one of base64, delay, dribble, fault, file, headers, json, status, template, text",
            "yelp/a.json $.response.status: expected an HTTP status code from 100 to 599, found 700",
            "yelp/b.json:4:1: invalid JSON: unexpected character '}', expected a value",
        ]
        for line in expected {
            #expect(lines.contains { $0.hasSuffix(line) || $0 == line }, "missing: \(line)\nin:\n\(lines.joined(separator: "\n"))")
        }
        #expect(error.problems.count == expected.count, "\(lines.joined(separator: "\n"))")
        #expect(error.description.hasPrefix("\(expected.count) problems in 6 fixture files:"))
    }

    @Test func reportsFixturesThatCanNeverMatch() throws {
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        // Same conditions written differently: header case and query order do not matter.
        try tree.write("yelp/a.json", fixtureJSON(path: "/v3/x", query: #"{"a": "1", "b": "2"}"#, headers: #"{"Accept": "x"}"#))
        try tree.write("yelp/b.json", fixtureJSON(path: "/v3/x", query: #"{"b": "2", "a": 1}"#, headers: #"{"accept": "x"}"#))
        try tree.write("yelp/c.json", fixtureJSON(path: "/v3/x", query: #"{"b": "2", "a": 1}"#, extra: #""priority": 1,"#))
        // Placeholder names and provider folders do not tell fixtures apart either.
        try tree.write("yelp/d.json", fixtureJSON(path: "/v3/b/{id}"))
        try tree.write("google/e.json", fixtureJSON(path: "/v3/b/{other}"))
        let error = try #require(throws: FixtureLoadError.self) { try tree.load() }
        #expect(error.problems.map(\.file) == ["yelp/b.json", "yelp/d.json"])
        #expect(error.problems[0].message.contains("can never match: yelp/a.json"))
        #expect(error.problems[1].message.contains("can never match: google/e.json"))
    }

    @Test func anUnknownFaultIsNamed() throws {
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        try tree.write("google/f.json", fixtureJSON(path: "/f", response: #"{"fault": "explode"}"#))
        let error = try #require(throws: FixtureLoadError.self) { try tree.load() }
        #expect(error.problems.map(\.description) == [
            "google/f.json $.response.fault: unknown fault \"explode\"; expected one of reset, empty, short-body, malformed-chunk, garbage, no-answer"
        ])
    }

    @Test func missingFolderIsOneClearProblem() {
        let error = #expect(throws: FixtureLoadError.self) { try FixtureLoader.load(from: "/nonexistent/fixtures") }
        #expect(error?.problems.first?.message == "fixtures folder not found")
    }

    @Test func bundledFixturesLoad() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let fixtures = try FixtureLoader.load(from: root.appendingPathComponent("fixtures").path)
        #expect(Set(fixtures.map(\.provider)).isSuperset(of: ["yelp", "google", "facebook", "feed"]))
    }
}
