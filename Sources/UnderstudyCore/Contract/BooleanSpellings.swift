import UnderstudyFixtures
import UnderstudySupport
/// The texts a provider reads as true and as false in a query (`x-understudy.booleans`):
/// `open_now=true` and, where the provider takes it, `open_now=True` or `1`.
struct BooleanSpellings: Sendable, Hashable {
    let trueTexts: Set<String>
    let falseTexts: Set<String>

    /// JSON's spellings only, for a pack that declares none.
    static let standard = BooleanSpellings(trueTexts: ["true"], falseTexts: ["false"])

    /// The boolean `text` spells, if it spells one.
    func value(of text: String) -> Bool? {
        if trueTexts.contains(text) { return true }
        if falseTexts.contains(text) { return false }
        return nil
    }
}
