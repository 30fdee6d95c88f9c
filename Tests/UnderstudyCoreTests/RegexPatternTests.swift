import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyFixtures
import UnderstudyJSON
import UnderstudySupport

@Suite("Regular expressions in fixtures")
struct RegexPatternTests {
    /// Patterns are compiled once per source and shared; each must still answer for its own
    /// source, however many threads compile them at once.
    @Test func sharedCompilationsAnswerForTheirOwnSource() throws {
        let sources = (0..<64).map { "^k\($0 % 8)-[0-9]+$" } + ["^Bearer .+", "^[0-9]+$", "caf\u{e9}"]
        let compiled = Parallel.map(sources.count * 4) { index in try? RegexPattern(sources[index % sources.count]) }
        for (index, pattern) in compiled.enumerated() {
            let source = sources[index % sources.count]
            let pattern = try #require(pattern, "\(source) compiles")
            #expect(pattern.source == source)
            if source.hasPrefix("^k") {
                let digit = source.dropFirst(2).prefix(1)
                #expect(pattern.matches("k\(digit)-42"), "\(source)")
                #expect(!pattern.matches("k\((Int(digit)! + 1) % 8)-42"), "\(source) does not answer for another source")
            }
        }
        #expect(try RegexPattern("^Bearer .+").matches("Bearer abc"))
        #expect(try RegexPattern("caf\u{e9}").matches("un caf\u{e9} noir"), "a pattern the ASCII engine leaves to ICU")
    }

    @Test func anInvalidPatternIsRefusedEveryTime() {
        for _ in 0..<2 {
            #expect(throws: (any Error).self) { try RegexPattern("^(unclosed") }
        }
    }
}
