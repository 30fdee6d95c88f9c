import UnderstudySupport
import UnderstudyTestSupport

extension TemporaryFixtures {
    /// The small tree the snapshot tests change: `feed/a.json` answering from its body file
    /// `feed/a.body.json`, and `yelp/b.json` with a query condition (`term=x`).
    static func withABodyFile() throws -> TemporaryFixtures {
        let tree = try TemporaryFixtures()
        try tree.write("feed/a.json", fixtureJSON(path: "/a", response: #"{"file": "a.body.json"}"#))
        try tree.write("feed/a.body.json", "{}")
        try tree.write("yelp/b.json", fixtureJSON(path: "/b", query: #"{"term": "x"}"#))
        return tree
    }
}

/// A fixture's query conditions for index tests: `a` and `b` pinned, `a` alone, or `b` pinned
/// with `c` only present, over few values, so that fixtures share buckets and groups.
func randomPinnedQuery(using generator: inout SeededGenerator) -> String {
    let a = Int.random(in: 0..<30, using: &generator), b = Int.random(in: 0..<6, using: &generator)
    return switch Int.random(in: 0..<3, using: &generator) {
    case 0: #"{"a": "\#(a)", "b": "\#(b)"}"#
    case 1: #"{"a": "\#(a)"}"#
    default: #"{"b": "\#(b)", "c": {"present": true}}"#
    }
}
