import UnderstudyTesting
import EndToEndSupport
import RestaurantCore
import XCTest

/// Bottle Rocket lunch in XCTest: the feed, cached images, details, favorites, a 304 refresh.
final class BottleRocketLunchXCTests: EndToEndTestCase {
    private typealias Files = FixtureFiles.Lunch

    func testFeedImagesDetailsFavoritesAndRefresh() async throws {
        try await inEachMode {
            let feed = LunchFeed(client: app.feed)
            let list = try await feed.refresh()
            XCTAssertEqual(list.count, 15)
            XCTAssertEqual(list.filter { $0.phone == nil }.map(\.name), ["Pluckers Wing Bar", "Chuy's"])

            for launch in 1...2 {
                let loader = app.imageLoader()
                for restaurant in list.prefix(5) {
                    let image = try await loader.image(at: try XCTUnwrap(restaurant.imageURL))
                    XCTAssertEqual(Array(image.prefix(4)), [0x89, 0x50, 0x4E, 0x47], "launch \(launch)")
                }
            }
            let details = try await app.details.details(for: list[4])
            XCTAssertEqual(details.restaurant.name, "Ramen Hakata")

            try await app.favorites().add(details.restaurant)
            let favorites = await app.favorites().all
            XCTAssertEqual(favorites, [list[4]])

            let refreshed = try await feed.refresh()
            XCTAssertEqual(refreshed, list)

            var answered = [Files.feed: 1, Files.notModified: 1]
            // Cached on disk by the first launch, except the image served no-store.
            for image in Files.firstRowImages { answered[image] = image == Files.noStoreImage ? 2 : 1 }
            understudy.expectJournal(answered)
        }
    }
}
