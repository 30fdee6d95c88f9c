import Foundation
import Testing

@testable import UnderstudyCore

/// `ASCIIRegex` must answer exactly as ICU does wherever it answers at all: every pattern of
/// the bundled contracts and fixtures, and patterns chosen to probe the subset's edges, are
/// run by both over thousands of texts.
@Suite("Plain regular expressions without ICU")
struct ASCIIRegexTests {
    /// Every `pattern` and `matches` string in the bundled contracts and fixtures.
    static let bundledPatterns: [String] = {
        let root = URL(fileURLWithPath: bundledContractsPath).deletingLastPathComponent()
        var found: Set<String> = []
        func collect(_ value: JSONValue) {
            switch value {
            case .object(let members):
                for (name, member) in members {
                    if name == "pattern" || name == "matches", case .string(let pattern) = member { found.insert(pattern) }
                    collect(member)
                }
            case .array(let items): items.forEach(collect)
            default: break
            }
        }
        for folder in ["contracts", "fixtures"] {
            let base = root.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
            for file in files where file.hasSuffix(".json") {
                if let data = FileManager.default.contents(atPath: base.appendingPathComponent(file).path), let json = try? JSONParser.parse(Array(data)) {
                    collect(json)
                }
            }
        }
        return found.sorted()
    }()

    /// Patterns at the edges of the subset: alternation with anchors, empty branches, counted
    /// repetition, classes with `-` at either end, escapes, unanchored searches.
    static let edgePatterns = [
        "^Bearer .+", "Bearer", "^a|b$", "a|", "(|a)b", "^(ab)*$", "^(a|ab)(c|bcd)(d*)$", "^a{2,3}$", "^a{0}b", "^a{2,}$", "x{1,1}y",
        "^[-a]+$", "^[a-]+$", "^[^a-c]+$", "^\\.\\*\\+\\?\\(\\)\\[\\]\\{\\}\\|\\\\$", "\\d+\\s\\w", "^\\D\\S\\W$", "[\\-x]", "^$", "()", "(^a)", "a$|^b",
        "^[0-9]{4}-[0-9]{2}-[0-9]{2}$", "^(\\*|[a-z_]+(/[a-z_]+)*)$", "^(a*)*$", "(a|b)*c", ".", "^.{3}$", "[.]", "^#[0-9A-Fa-f]{6}$",
        // Anchored runs, judged without the automaton, and shapes just outside them.
        "^ab", "^ab$", "^a.*", "^a.*$", "^[ab]c.{2,}$", "^a.{2,5}", "^.+", "^a.+b", "^a.+$", "^Bearer .+$", "^(a).*", "^a*.+", "^a.*.",
    ]

    /// Constructs outside the subset: `init` must refuse them rather than guess.
    static let refusedPatterns = [
        "(?i)abc", "a*?", "a+?", "a*+", "a**", "\\bword", "(a)\\1", "[[a-z]&&[^x]]", "[a-z&&[^x]]", "\\p{L}", "é", "a{,3}", "[a-z-0]", "\\Qa\\E",
        "[]a]", "[a", "a)", "(a", "{2}", "a{2", "[:alpha:]x[", "\\x41", "[ab{c}]", "[a$]", "^*", "$+", "[--x]",
    ]

    /// Texts over an alphabet drawn from the pattern, with a fixed seed.
    static func texts(for pattern: String, count: Int) -> [String] {
        var alphabet = Array(Set(pattern.unicodeScalars.filter { (0x20...0x7E).contains($0.value) && !"\\^$|()[]{}*+?".unicodeScalars.contains($0) }))
        alphabet += Array("aAzZ09_- ./\"|EAIzab".unicodeScalars)
        var generator = SeededGenerator(seed: UInt64(truncatingIfNeeded: pattern.utf8.reduce(5381) { ($0 &* 33) &+ Int($1) }))
        var texts = ["", " ", "Bearer ", "Bearer x", "AIza" + String(repeating: "a", count: 35), "2026-11-25", "12:34", "#A0b1C2"]
        for _ in 0..<count {
            let length = Int.random(in: 0...24, using: &generator)
            texts.append(String(String.UnicodeScalarView((0..<length).map { _ in alphabet.randomElement(using: &generator)! })))
        }
        return texts
    }

    static func icu(_ pattern: String, _ text: String) throws -> Bool {
        try NSRegularExpression(pattern: pattern).firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    @Test func bundledPatternsAreFoundAndMostCompile() {
        #expect(Self.bundledPatterns.count >= 20, "the bundled contracts and fixtures hold patterns")
        let compiled = Self.bundledPatterns.filter { ASCIIRegex($0) != nil }
        #expect(compiled.count == Self.bundledPatterns.count, "refused: \(Self.bundledPatterns.filter { ASCIIRegex($0) == nil })")
    }

    @Test(arguments: bundledPatterns + edgePatterns)
    func answersAsICUDoes(pattern: String) throws {
        let regex = try #require(ASCIIRegex(pattern), "\(pattern) is in the subset")
        for text in Self.texts(for: pattern, count: 400) {
            #expect(regex.matches(text) == (try Self.icu(pattern, text)), "pattern \(pattern) on \"\(text)\"")
        }
    }

    @Test(arguments: refusedPatterns)
    func refusesWhatItDoesNotKnow(pattern: String) {
        #expect(ASCIIRegex(pattern) == nil, "\(pattern)")
    }

    /// Outside printable ASCII it does not answer, and `RegexPattern` asks ICU: `.` does not
    /// match a line separator, `$` matches before a final newline, `.` matches `é`.
    @Test func otherTextGoesToICU() throws {
        let bearer = try #require(ASCIIRegex("^Bearer .+"))
        #expect(bearer.matches("Bearer \u{2028}") == nil)
        #expect(bearer.matches("Bearer é") == nil)
        #expect(try RegexPattern("^Bearer .+").matches("Bearer \u{2028}") == false)
        #expect(try RegexPattern("^Bearer .+").matches("Bearer é") == true)
        #expect(try RegexPattern("^abc$").matches("abc\n") == true)
        #expect(try RegexPattern("^abc$").matches("abc") == true)
        #expect(try RegexPattern("^abc$").matches("abcd") == false)
    }
}
