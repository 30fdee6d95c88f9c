import UnderstudyFixtures
import UnderstudySupport
extension Array where Element: Hashable {
    /// The elements in first-seen order, without repeats.
    package func uniqued() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}
