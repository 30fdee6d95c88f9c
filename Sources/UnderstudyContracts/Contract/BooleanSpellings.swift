import UnderstudyFixtures
import UnderstudySupport
/// The texts a provider reads as true and as false in a query (`x-understudy.booleans`):
/// `open_now=true` and, where the provider takes it, `open_now=True` or `1`.
package struct BooleanSpellings: Sendable, Hashable {
    package let trueTexts: Set<String>
    package let falseTexts: Set<String>

    /// JSON's spellings only, for a pack that declares none.
    package static let standard = BooleanSpellings(trueTexts: ["true"], falseTexts: ["false"])

    /// The boolean `text` spells, if it spells one.
    package func value(of text: String) -> Bool? {
        if trueTexts.contains(text) { return true }
        if falseTexts.contains(text) { return false }
        return nil
    }
}
