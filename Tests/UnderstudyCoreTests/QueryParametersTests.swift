import Testing
@testable import UnderstudyCore
@testable import UnderstudyFixtures

@Suite("Query parameters")
struct QueryParametersTests {
    @Test func decodesPercentEscapesAndPlus() {
        let query = QueryParameters(parsing: "term=caf%C3%A9+bar&location=San%20Francisco%2C%20CA")
        #expect(query.values("term") == ["café bar"])
        #expect(query.values("location") == ["San Francisco, CA"])
    }

    @Test func differentEncodingsOfOneValueAreEqual() {
        let spellings = ["term=caf%C3%A9%20bar", "term=caf%c3%a9+bar", "term=café%20bar"]
        for spelling in spellings {
            #expect(QueryParameters(parsing: spelling).values("term") == ["café bar"], "\(spelling)")
        }
    }

    @Test func keepsRepeatedParametersInOrder() {
        let query = QueryParameters(parsing: "categories=pizza&x=1&categories=italian")
        #expect(query.values("categories") == ["pizza", "italian"])
        #expect(query.values("missing").isEmpty)
    }

    @Test func toleratesMalformedInput() {
        let query = QueryParameters(parsing: "a=%ZZ&b&=c&&d=100%")
        #expect(query.values("a") == ["%ZZ"])
        #expect(query.values("b") == [""])
        #expect(query.values("") == ["c"])
        #expect(query.values("d") == ["100%"])
    }

    /// Decoding writes straight into the string's storage: invalid UTF-8 must be repaired
    /// exactly as `String(decoding:as:)` repairs it, short values and long ones alike.
    @Test func invalidUTF8IsRepairedAsStringDecodingDoes() {
        let cases: [(encoded: String, bytes: [UInt8])] = [
            ("%C3", [0xC3]), ("a%FF%FEb", [0x61, 0xFF, 0xFE, 0x62]), ("%E2%82", [0xE2, 0x82]), ("caf%C3%A9", [0x63, 0x61, 0x66, 0xC3, 0xA9]),
            (String(repeating: "x", count: 20) + "%C3%28", Array(repeating: 0x78, count: 20) + [0xC3, 0x28]), ("%ED%A0%80", [0xED, 0xA0, 0x80]),
        ]
        for (encoded, bytes) in cases {
            let expected = String(decoding: bytes, as: UTF8.self)
            #expect(QueryParameters(parsing: "v=" + encoded).values("v") == [expected], "\(encoded)")
            #expect(Array(PercentDecoding.decode(encoded, plusAsSpace: false).utf8) == Array(expected.utf8), "\(encoded)")
        }
    }

    @Test func requestDecodesPathAndAbsoluteForm() {
        let request = Request(method: "GET", target: "http://api.yelp.com/v3/businesses/caf%C3%A9?x=1")
        #expect(request.path == "/v3/businesses/café")
        #expect(request.query.values("x") == ["1"])
    }

    @Test func headerNamesCompareIgnoringASCIICaseOnly() {
        let request = Request(method: "GET", target: "/", headers: [
            HeaderField(name: "Content-TYPE", value: "a"), HeaderField(name: "x-@", value: "b"), HeaderField(name: "content-type", value: "c"),
        ])
        #expect(request.headerValues("content-type") == ["a", "c"])
        #expect(request.headerValues("X-@") == ["b"])
        #expect(request.headerValues("x-`").isEmpty)  // '`' is not '@' in another case
        #expect(request.headerValues("content-typ").isEmpty)
    }
}
