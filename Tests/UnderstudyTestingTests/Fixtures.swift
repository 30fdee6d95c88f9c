import Foundation
import UnderstudyTesting

/// The repository's bundled fixtures, and small trees written for one test.
enum TestFixtures {
    static let bundled = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("fixtures").path

    /// The repository's provider packs.
    static let contracts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("contracts").path

    /// The README's Yelp search, as an app would send it.
    static let yelpSearch = "/v3/businesses/search?location=San%20Francisco,%20CA&categories=restaurants&radius=16093&limit=20&sort_by=best_match"
    static let yelpSearchFixture = "yelp/search-restaurants-san-francisco-best-match.json"

    /// A fixtures tree (file → JSON text) in a fresh temporary folder; the caller removes it.
    static func tree(_ documents: [String: String]) throws -> String {
        try FixtureTree(documents).root
    }
}
