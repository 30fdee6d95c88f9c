import Testing
@testable import UnderstudyCore
@testable import UnderstudyFixtures
import UnderstudySupport

/// `Request` takes an origin-form target apart in one pass over its bytes; every other target
/// goes the general, character-wise way. Both must decode every target alike.
@Suite("Request target decoding")
struct RequestDecodingTests {
    /// Pieces that meet at the edges the two ways could disagree on: a leading slash followed
    /// by a combining accent, an emoji modifier or an escape of one, `?` inside and after
    /// escapes, `+`, `://` in the path, invalid escapes and invalid UTF-8 once decoded.
    static let pieces = [
        "/", "/", "?", "&", "=", "+", "%", "%2F", "%3F", "%CC%81", "%F0%9F%8F%BB", "%C3", "%ZZ", "a", "b1", "café", "\u{301}", "\u{1F3FB}",
        "://", "http", "x y", ".", "%25", "%2B", "~",
    ]

    @Test func theOriginFormFastPathDecodesAsTheGeneralPath() {
        var generator = SeededGenerator(seed: 14)
        var fastCases = 0
        for round in 0..<1500 {
            let count = Int.random(in: 0...8, using: &generator)
            // Half start with a slash, as origin-form targets do.
            let target = (round.isMultiple(of: 2) ? "/" : "") + (0..<count).map { _ in Self.pieces.randomElement(using: &generator)! }.joined()
            let general = Request.decodeAnyForm(target)
            if let fast = Request.decodeOriginForm(target) {
                fastCases += 1
                #expect(fast.path == general.path, "\(target)")
                #expect(fast.query.pairs.map(\.name) == general.query.pairs.map(\.name), "\(target)")
                #expect(fast.query.pairs.map(\.value) == general.query.pairs.map(\.value), "\(target)")
            }
            let request = Request(method: "GET", target: target)
            #expect(request.path == general.path, "\(target)")
            #expect(request.pathSegmentCount == RequestPath.segments(of: request.path).count, "\(target)")
        }
        #expect(fastCases > 500, "the fuzz reaches the fast path")
    }

    @Test func aSlashJoinedToAnAccentIsNotALeadingSlash() {
        // "/\u{301}" is one character, not "/": the general path's test, which the fast path defers to.
        #expect(Request.decodeOriginForm("/\u{301}a/b") == nil)
        let request = Request(method: "GET", target: "/%CC%81a/b?x=1")
        #expect(request.path == "/\u{301}a/b")
        #expect(request.pathSegmentCount == 2, "the segments split on the byte gives: \u{301}a and b")
        #expect(request.query.values("x") == ["1"])
        for path in ["", "/", "//", "a", "a/b", "/a/", "/\u{301}", "/\u{1F3FB}/x", "\u{301}/a"] {
            #expect(RequestPath.segmentCount(of: path) == RequestPath.segments(of: path).count, "\(path.debugDescription)")
        }
    }

    @Test func originFormTargetsDecode() {
        let request = Request(method: "GET", target: "/v3/businesses/caf%C3%A9/reviews?term=a+b&locale=en_US&empty=&flag")
        #expect(request.path == "/v3/businesses/café/reviews")
        #expect(request.pathSegmentCount == 4)
        #expect(request.query.pairs.map(\.name) == ["term", "locale", "empty", "flag"])
        #expect(request.query.pairs.map(\.value) == ["a b", "en_US", "", ""])
        #expect(Request(method: "GET", target: "/").pathSegmentCount == 1)
        #expect(Request(method: "GET", target: "/?").query.pairs.isEmpty)
    }
}
