import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyFixtures
import UnderstudyJSON
import UnderstudySupport

@Suite("JSON pointer tokens")
struct JSONPointerTests {
    @Test func escapingAndUnescapingAgreeWithRFC6901() {
        #expect(JSONPointer.escape("/v3/businesses/{id}") == "~1v3~1businesses~1{id}")
        #expect(JSONPointer.escape("a~b/c") == "a~0b~1c")
        #expect(JSONPointer.escape("caf\u{e9}") == "caf\u{e9}")
        #expect(JSONPointer.unescape("~01") == "~1", "~1 is replaced before ~0, so ~01 is not /")
        #expect(JSONPointer.unescape("~1v3~1businesses") == "/v3/businesses")
        #expect(JSONPointer.unescape("~~1~2~") == "~/~2~")
    }

    /// The byte-by-byte forms against Foundation's replacements, which they replaced, on
    /// random tokens over the characters that matter.
    @Test func matchTheReplacementsTheyStandFor() {
        var random = SeededGenerator(seed: 6901)
        let alphabet: [Character] = ["~", "0", "1", "/", "a", "\u{e9}", "2"]
        for _ in 0..<2000 {
            let token = String((0..<Int.random(in: 0...8, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            #expect(JSONPointer.escape(token) == token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1"), "\(token)")
            #expect(JSONPointer.unescape(token[...]) == token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~"), "\(token)")
            #expect(JSONPointer.unescape(JSONPointer.escape(token)[...]) == token)
        }
    }
}
