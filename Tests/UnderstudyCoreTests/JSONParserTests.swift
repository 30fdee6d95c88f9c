import Testing
@testable import UnderstudyCore
@testable import UnderstudyFixtures
import UnderstudyJSON
import UnderstudySupport

@Suite("JSON parser and writer")
struct JSONParserTests {
    @Test func parsesEveryKindOfValue() throws {
        let value = try JSONParser.parse(#"{"a": [1, -2.5e3, true, false, null, "x\u00e9\n"], "b": {}}"#)
        #expect(value["a"]?.arrayValue?.count == 6)
        #expect(value["a"]?.arrayValue?[1] == .number(JSONNumber(text: "-2500")!))
        #expect(value["a"]?.arrayValue?[5] == "xé\n")
        #expect(value["b"] == .object([:]))
    }

    @Test func keepsNumbersAsWritten() throws {
        let value = try JSONParser.parse(#"{"lat": 32.9502711, "rating": 4.0, "big": 1e3}"#)
        #expect(JSONWriter.string(value) == #"{"big":1e3,"lat":32.9502711,"rating":4.0}"#)
    }

    @Test func decodesSurrogatePairs() throws {
        #expect(try JSONParser.parse(#""\ud83c\udf55""#) == "🍕")
    }

    @Test(arguments: [
        (#"{"a": 1,}"#, 1, 9, "expected a member name"),
        ("{\n  \"a\": tru\n}", 2, 8, "invalid literal"),
        (#"[1 2]"#, 1, 4, "expected ',' or ']'"),
        (#"{"a": 1, "a": 2}"#, 1, 10, "duplicate member name \"a\""),
        (#"01"#, 1, 2, "leading zeros"),
        ("\"abc", 1, 5, "unterminated string"),
        ("[1] x", 1, 5, "unexpected content after"),
        ("\"\\ud800\"", 1, 8, "unpaired UTF-16 high surrogate"),
    ])
    func reportsLineAndColumn(input: String, line: Int, column: Int, message: String) {
        do {
            _ = try JSONParser.parse(input)
            Issue.record("expected an error for \(input)")
        } catch {
            #expect(error.line == line)
            #expect(error.column == column)
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test func limitsNesting() {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(deep) }
    }

    @Test func rejectsInvalidUTF8() {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse([0x22, 0xC3, 0x28, 0x22]) }
    }

    @Test func acceptsAGenuineReplacementCharacterBesideAnEscape() throws {
        // U+FFFD is valid UTF-8 (EF BF BD); with an escape in the same string the parser once
        // compared the decoded text with the escaped source and called it invalid.
        #expect(try JSONParser.parse(#"["\"\#u{FFFD}\"", "\#u{FFFD}"]"#) == ["\"\u{FFFD}\"", "\u{FFFD}"])
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse([0x22, 0x5C, 0x6E, 0xFF, 0x22]) }  // "\n" then a lone 0xFF
    }

    @Test func prettyOutputIsSortedAndRoundTrips() throws {
        let value: JSONValue = ["z": [1, 2], "a": ["q": "\u{1}\"\\"]]
        let pretty = JSONWriter.string(value, style: .pretty)
        #expect(pretty == "{\n  \"a\": {\n    \"q\": \"\\u0001\\\"\\\\\"\n  },\n  \"z\": [\n    1,\n    2\n  ]\n}\n")
        #expect(try JSONParser.parse(pretty) == value)
    }
}
