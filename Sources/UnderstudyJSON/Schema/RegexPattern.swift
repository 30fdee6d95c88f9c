import Foundation
import UnderstudySupport

/// A compiled regular expression that remembers its source.
package struct RegexPattern: @unchecked Sendable, Hashable {
    // NSRegularExpression is immutable and documented thread-safe; hence @unchecked.
    private let expression: NSRegularExpression
    /// The pattern as written in the fixture.
    public let source: String

    /// Compiles `source`; throws with the engine's reason if it is not a valid pattern.
    public init(_ source: String) throws {
        self.source = source
        if let known = Self.compiled.withLock({ $0[source] }) {
            expression = known
            return
        }
        let expression = try NSRegularExpression(pattern: source)
        self.expression = expression
        Self.compiled.withLock { known in
            if known.count < Self.maximumKept { known[source] = expression }
        }
    }

    /// Patterns compiled so far, by source, shared by every fixture that writes the same one:
    /// fixtures repeat a few (28 of the 29 bundled ones are `^Bearer .+`), ICU takes about
    /// 100 µs to compile each, and every start compiles them again (the snapshot keeps a
    /// pattern's source). An expression is immutable, so sharing it is safe.
    private static let compiled = Locked<[String: NSRegularExpression]>([:])
    /// The most patterns kept, so trees with ever new patterns cannot grow it without bound.
    private static let maximumKept = 4096

    /// Whether the pattern occurs anywhere in `text`.
    public func matches(_ text: String) -> Bool {
        expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// Where the pattern first occurs in `text`, if it does.
    public func firstMatch(in text: String) -> Range<String.Index>? {
        expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)).flatMap { Range($0.range, in: text) }
    }

    public static func == (lhs: RegexPattern, rhs: RegexPattern) -> Bool { lhs.source == rhs.source }
    public func hash(into hasher: inout Hasher) { hasher.combine(source) }
}
