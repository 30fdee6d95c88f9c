import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyTooling
@testable import UnderstudyFixtures

/// `import-har` writes only headers the loader accepts: a value with line breaks (how some
/// exporters join repeated headers) becomes repeated values, a name with one is dropped.
@Suite("Importing HAR response headers")
struct HARHeaderTests {
    @Test func headersWithLineBreaksBecomeRepeatedValuesOrAreDropped() throws {
        let folder = try HARTemporaryFolder()
        defer { folder.remove() }
        let summary = try folder.importArchive(HARImportTests.har([
            HARImportTests.entry(
                "https://api.yelp.com/v3/businesses/search?term=x",
                responseHeaders: [("X-Multi", "first\nsecond\r\nthird"), ("X-Bad\r\nInjected", "1"), ("X-Plain", "ok")],
                text: #"{"businesses": [], "total": 0}"#)
        ]))
        #expect(summary.written == 1)
        let fixtures = try FixtureLoader.load(from: folder.path)
        let headers = try #require(fixtures.first).responses[0].headers
        #expect(headers.filter { $0.name == "X-Multi" }.map(\.value) == ["first", "second", "third"])
        #expect(!headers.contains { $0.name.contains("Bad") })
        #expect(headers.contains { $0.name == "X-Plain" && $0.value == "ok" })
    }
}
