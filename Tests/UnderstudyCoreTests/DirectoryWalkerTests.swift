import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyFixtures
import UnderstudySupport
import UnderstudyTestSupport

@Suite("Walking a fixtures folder")
struct DirectoryWalkerTests {
    /// Short names (kept inline in a `String`) and long ones, nested, non-ASCII, and hidden.
    static let files = [
        "a.json", "yelp/search-restaurants-san-francisco-best-match.json", "yelp/x", "google/deep/er/place.body.json",
        "feed/caf\u{e9} cr\u{e8}me.json", ".hidden.json", ".git/config", "feed/..two-dots.json", "feed/.sub/inner.json",
    ]

    @Test func listsEveryRegularFileByItsPathFromTheRoot() throws {
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        for file in Self.files { try tree.write(file, "{}") }
        let visible = Self.files.filter { !$0.split(separator: "/").contains { $0.hasPrefix(".") } }
        #expect(DirectoryWalker.list(under: tree.root).files.sorted() == visible.sorted())
        #expect(DirectoryWalker.list(under: tree.root, includeHidden: true).files.sorted() == Self.files.sorted())
        for file in DirectoryWalker.list(under: tree.root, includeHidden: true).files {
            #expect(FileManager.default.fileExists(atPath: tree.root + "/" + file), "\(file) names a file that is there")
        }
    }
}
