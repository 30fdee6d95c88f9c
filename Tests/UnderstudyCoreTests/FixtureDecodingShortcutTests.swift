import Testing
@testable import UnderstudyCore
import UnderstudyJSON
@testable import UnderstudyFixtures
import UnderstudySupport
import UnderstudyTestSupport

/// The shortcuts a start without a snapshot takes through decoding (paths split on their
/// slash bytes, methods checked by byte, a path's last member held by
/// value, a parent path shared by its members) must give what the general way gives.
@Suite("Fixture decoding shortcuts")
struct FixtureDecodingShortcutTests {
    /// The split on the byte `/` as the string's UTF-8 view makes it, less an empty first piece.
    private static func viewSplit(_ path: String) -> [Substring] {
        var segments = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map { Substring($0) }
        if segments.first == "" { segments.removeFirst() }
        return segments
    }

    @Test func aPathSplitsOnItsSlashBytesAsTheViewSplitsIt() {
        let paths = ["", "/", "a", "a/", "a//", "/a", "/a/", "//a//b", "/v3/businesses/search", "/é/ü/", "/a b/c%20d", "/a/\u{301}b", "/\u{301}a", "/🍣/x", "///"]
        for path in paths {
            let segments = RequestPath.segments(of: path)
            #expect(segments == Self.viewSplit(path), "\(path)")
            #expect(segments.map { Array($0.utf8) } == Self.viewSplit(path).map { Array($0.utf8) }, "\(path), byte for byte")
        }
    }

    @Test func aPathWithoutPlaceholdersSplitsAsARequestPathDoes() throws {
        let paths = ["/", "/a", "/a/", "//a//b", "/v3/businesses/search", "/é/ü/", "/a b/c%20d", "/a/\u{301}b", "/🍣/x", "///"]
        for text in paths {
            let pattern = try PathPattern.parse(text).get()
            #expect(pattern.segments == Self.viewSplit(text).map { Optional(String($0)) }, "\(text)")
            #expect(pattern.isExact, "\(text)")
            #expect(pattern.text == text)
        }
    }

    @Test func aPathWithPlaceholdersStillChecksThem() throws {
        let template = try PathPattern.parse("/v3/businesses/{id}/reviews").get()
        #expect(template.segments == ["v3", "businesses", nil, "reviews"])
        #expect(!template.isExact)
        #expect(throws: PathPatternError.self) { try PathPattern.parse("/v3/{id}x").get() }
        #expect(throws: PathPatternError.self) { try PathPattern.parse("/v3/a}").get() }
        #expect(throws: PathPatternError.self) { try PathPattern.parse("/v3?x=1").get() }
    }

    @Test func methodsAreLettersOfAnyScriptAndUppercased() throws {
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        try tree.write("yelp/a.json", fixtureJSON(method: "get", path: "/a"))
        try tree.write("yelp/b.json", fixtureJSON(method: "PRÜFEN", path: "/b"))
        #expect(try tree.load().map(\.request.method).sorted() == ["GET", "PRÜFEN"])
        for method in ["G3T", "GET ", "", "GE-T"] {
            let bad = try TemporaryFixtures()
            defer { bad.remove() }
            try bad.write("yelp/a.json", fixtureJSON(method: method, path: "/a"))
            let error = try #require(throws: FixtureLoadError.self) { try bad.load() }
            #expect(error.problems.map(\.description) == [#"yelp/a.json $.request.method: "\#(method)" is not an HTTP method"#])
        }
    }

    @Test func aPathNamesEveryComponentAndComparesByThem() {
        let built = JSONPath.root.appending("responses").appending(index: 2).appending("headers").appending("X-A b")
        #expect(built.description == #"$.responses[2].headers["X-A b"]"#)
        #expect(built.pointer == "/responses/2/headers/X-A b")
        let again = JSONPath.root.appending("responses").appending(index: 2).appending("headers").appending("X-A b")
        #expect(built == again && built.hashValue == again.hashValue)
        #expect(built != JSONPath.root.appending("responses").appending(index: 2).appending("headers"))
        #expect(JSONPath.root.description == "$" && JSONPath.root.pointer == "")
        #expect(JSONPath.root.appending("a") != JSONPath.root && JSONPath.root.appending(index: 0).description == "$[0]")
        // A parent for a loop over members is the same path, and its members are the same paths.
        let headers = JSONPath.root.appending("response").appending("headers")
        #expect(headers.asParent == headers && headers.asParent.description == "$.response.headers")
        #expect(headers.asParent.appending("ETag") == headers.appending("ETag"))
        #expect(headers.asParent.appending("ETag").description == "$.response.headers.ETag")
        #expect(JSONPath.root.asParent == JSONPath.root && JSONPath.root.asParent.appending(index: 1).description == "$[1]")
        #expect(headers.asParent.asParent.appending(index: 3).pointer == "/response/headers/3")
    }
}
