import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyFixtures
import UnderstudySupport
import UnderstudyTestSupport

/// How a response's `"file"` is resolved against the fixture's folder: `.` and `..`, repeated
/// and trailing slashes, non-ASCII names, and names that leave the root. The messages and the
/// files found are those of the `String.split` resolution this replaced.
@Suite("Body file paths")
struct BodyFilePathTests {
    @Test func oddButValidNamesFindTheSameFiles() throws {
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        for (file, text) in ["feed/a.body.json": "a", "feed/sub/b.txt": "b", "c.png": "c", "feed/d.": "d", "feed/e": "e", "yelp/f.body.json": "f"] {
            try tree.write(file, text)
        }
        let names = [
            "feed/1.json": "./a.body.json", "feed/2.json": "sub/../a.body.json", "feed/3.json": "sub//b.txt", "feed/4.json": "../c.png",
            "feed/5.json": "d.", "feed/6.json": "e", "feed/7.json": "sub/b.txt/", "feed/8.json": "../yelp/f.body.json",
            "feed/sub/9.json": "../a.body.json", "feed/sub/10.json": "./b.txt",
        ]
        for (index, (fixture, name)) in names.sorted(by: { $0.key < $1.key }).enumerated() {
            try tree.write(fixture, fixtureJSON(path: "/\(index)", response: #"{"file": "\#(name)"}"#))
        }
        try tree.write("top.json", fixtureJSON(path: "/top", extra: #""provider": "feed","#, response: #"{"file": "c.png"}"#))
        let found = try tree.load().map { fixture -> String in
            guard case .file(let body) = fixture.responses[0].body else { return "\(fixture.file): not a file" }
            let contentType = fixture.responses[0].headers.first { $0.hasName("content-type") }?.value ?? "none"
            return "\(fixture.file) -> \(body.path.dropFirst(tree.root.count + 1)) (\(contentType))"
        }
        #expect(found == [
            "feed/1.json -> feed/a.body.json (application/json)",
            "feed/2.json -> feed/a.body.json (application/json)",
            "feed/3.json -> feed/sub/b.txt (text/plain; charset=utf-8)",
            "feed/4.json -> c.png (image/png)",
            "feed/5.json -> feed/d. (application/octet-stream)",
            "feed/6.json -> feed/e (application/octet-stream)",
            "feed/7.json -> feed/sub/b.txt (application/octet-stream)",
            "feed/8.json -> yelp/f.body.json (application/json)",
            "feed/sub/10.json -> feed/sub/b.txt (text/plain; charset=utf-8)",
            "feed/sub/9.json -> feed/a.body.json (application/json)",
            "top.json -> c.png (image/png)",
        ])
    }

    @Test func namesThatMissOrLeaveTheRootAreNamedAsBefore() throws {
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        let names = [
            "feed/abs.json": "/etc/passwd", "feed/accent.json": "caf\u{e9}/\u{301}x.json", "feed/dot.json": ".", "feed/dotdot.json": "../../etc/passwd",
            "feed/dotdot2.json": "..", "feed/empty.json": "", "feed/missing.json": "missing.png", "feed/missing2.json": "./a/../b//c/",
            "feed/missing3.json": "sub/./x.body.json", "feed/nested/deep.json": "../../../x", "feed/nested/deep2.json": "../../x.body.json",
            "feed/\u{e9}/slash.json": "../\u{e9}/\u{301}x", "feed/mark.json": "a/\u{301}/../b",
        ]
        for (index, (fixture, name)) in names.sorted(by: { $0.key < $1.key }).enumerated() {
            try tree.write(fixture, fixtureJSON(path: "/\(index)", response: #"{"file": "\#(name)"}"#))
        }
        try tree.write("top.json", fixtureJSON(path: "/top", extra: #""provider": "feed","#, response: #"{"file": "../x"}"#))
        let error = try #require(throws: FixtureLoadError.self) { try tree.load() }
        #expect(error.problems.map(\.description) == [
            #"feed/abs.json $.response.file: "/etc/passwd" must be a path relative to the fixture's folder"#,
            "feed/accent.json $.response.file: body file \"caf\u{e9}/\u{301}x.json\" not found (looked for feed/caf\u{e9}/\u{301}x.json)",
            #"feed/dot.json $.response.file: body file "." not found (looked for feed)"#,
            #"feed/dotdot.json $.response.file: "../../etc/passwd" leaves the fixtures folder"#,
            #"feed/dotdot2.json $.response.file: body file ".." not found (looked for )"#,
            #"feed/empty.json $.response.file: "" must be a path relative to the fixture's folder"#,
            // `/` followed by a combining mark is one character, not a separator.
            "feed/mark.json $.response.file: body file \"a/\u{301}/../b\" not found (looked for feed/b)",
            #"feed/missing.json $.response.file: body file "missing.png" not found (looked for feed/missing.png)"#,
            #"feed/missing2.json $.response.file: body file "./a/../b//c/" not found (looked for feed/b/c)"#,
            #"feed/missing3.json $.response.file: body file "sub/./x.body.json" not found (looked for feed/sub/x.body.json)"#,
            #"feed/nested/deep.json $.response.file: "../../../x" leaves the fixtures folder"#,
            #"feed/nested/deep2.json $.response.file: body file "../../x.body.json" not found (looked for x.body.json)"#,
            "feed/\u{e9}/slash.json $.response.file: body file \"../\u{e9}/\u{301}x\" not found (looked for feed/\u{e9}/\u{301}x)",
            #"top.json $.response.file: "../x" leaves the fixtures folder"#,
        ])
    }

    @Test func piecesAreWhatSplitGives() {
        let texts = ["", "/", "//", "a", "a/b", "/a//b/", "yelp/sub/x.json", "x.", ".", "..", "a.b.c", "caf\u{e9}/x", "a/\u{301}b", "\u{e9}/\u{301}/x"]
        for text in texts {
            for separator: Unicode.Scalar in ["/", "."] {
                #expect(text.pieces(separatedBy: separator) == text.split(separator: Character(separator)), "\(text) by \(separator)")
            }
        }
    }

    // The shortcut for plain names (`BodyFilePath.relative`) against the general rule.

    static let fixtures = ["yelp/a.json", "a.json", "yelp/search/a.json", "yelp//a.json", "/yelp/a.json", "yelp/a.json/", "yélp/a.json", "x/y/z/a.json"]
    static let names = [
        "a.body.json", "b", ".", "..", "../a.body.json", "./a.body.json", "sub/b.json", "sub//b.json", "..a", "a..", ".hidden",
        "café.json", "a/../b.json", "../../x", "b/", "/b",
    ]

    @Test func theShortcutAgreesWithTheGeneralRuleWheneverItAnswers() {
        var answered = 0
        for file in Self.fixtures {
            for name in Self.names {
                guard let quick = BodyFilePath.relative(name, besideFixture: file) else { continue }
                answered += 1
                #expect(quick == BodyFilePath.resolved(name, besideFixture: file), "\(name) beside \(file)")
            }
        }
        #expect(answered >= 12, "the usual names beside the usual fixtures take the shortcut")
    }

    @Test func theUsualCasesResolveAsExpected() {
        #expect(BodyFilePath.relative("a.body.json", besideFixture: "yelp/a.json") == "yelp/a.body.json")
        #expect(BodyFilePath.relative("a.body.json", besideFixture: "a.json") == "a.body.json")
        #expect(BodyFilePath.relative("..", besideFixture: "yelp/a.json") == nil)
        #expect(BodyFilePath.relative("b", besideFixture: "yelp//a.json") == nil, "not plain: the general rule decides")
        #expect(BodyFilePath.resolved("../a.body.json", besideFixture: "yelp/a.json") == "a.body.json")
        #expect(BodyFilePath.resolved("../../x", besideFixture: "yelp/a.json") == nil)
    }

    @Test func theFirstAndLastPiecesAreThoseOfAllThePieces() {
        for text in ["yelp/a.json", "a.json", "/a", "a/", "//a//b//", "", "/", "a", "é/b", "a/é", "a.b.c", "..", "a..", "é.json"] {
            for separator: Unicode.Scalar in ["/", "."] {
                let all = text.pieces(separatedBy: separator)
                #expect(text.lastPiece(separatedBy: separator) == all.last, "\(text)")
                #expect(text.firstOfSeveralPieces(separatedBy: separator) == (all.count > 1 ? all[0] : nil), "\(text)")
            }
        }
    }
}
