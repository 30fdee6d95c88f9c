import Testing
@testable import UnderstudyCore

/// A body file's place in the tree is read without taking paths apart in the usual case; that
/// shortcut must resolve every name exactly as the general rule does, or defer to it.
@Suite("Body file paths")
struct BodyFilePathTests {
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
