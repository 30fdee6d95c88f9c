import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport
/// What answers a request that reaches an operation of its provider's contract but that no
/// fixture answers.
public enum Fallback: String, Sendable, CaseIterable, CustomStringConvertible {
    /// A 404 miss report naming the closest fixtures (the default): a test learns what is missing.
    case miss
    /// An answer built from the contract: the response's `example`/`examples`, else a value
    /// generated from its schema, seeded by the request (the same request always gets the same
    /// bytes), marked `X-Understudy-Generated: 1` and journalled as generated.
    case contract

    public var description: String { rawValue }

    /// The header that marks a generated answer.
    public static let generatedHeader = "X-Understudy-Generated"
}

/// A pack's settings for generated answers (`x-understudy.fallback`, docs/contracts.md).
package struct PackFallback: Sendable {
    /// `contract` turns generated answers on for this provider whatever the server's setting.
    package var mode: Fallback?
    /// The provider's success envelope: JSON pointer → the value every generated success body
    /// carries there (Google's `/status`: `OK`); `null` removes the member (`/error_message`).
    package var success: [(pointer: String, value: JSONValue)] = []
    /// How many pages a generated page-token flow has (Google: 3 pages of 20).
    package var pages: Int = 3
    /// The `pattern` of each path parameter that has one, by name (`permission`: `^[a-z_]+$`):
    /// a generated member of that name fits it, so the follow-up request it links to is valid.
    package var pathParameterPatterns: [String: String] = [:]
}
