import UnderstudyTesting
import EndToEndSupport
import RestaurantCore
import XCTest

/// Nine Bar in XCTest: coffee open now, details with three photos, favorites added and deleted.
final class NineBarXCTests: EndToEndTestCase {
    private typealias Files = FixtureFiles.NineBar

    func testCoffeeOpenNowDetailsPhotosFavoriteAndDelete() async throws {
        try await inEachMode {
            let shops = await RestaurantSearch(source: YelpPages(client: app.yelp, query: .coffeeOpenNow(in: Places.cupertino))).load().results
            XCTAssertEqual(shops.count, 10)
            let shop = try await app.details.details(for: shops[0]).restaurant
            XCTAssertEqual(shop.name, "Blue Oak Coffee Roasters")
            XCTAssertEqual(shop.photoURLs.count, 3)
            XCTAssertEqual(shop.phone, "+14085550151")
            XCTAssertEqual(shop.webURL?.host, "www.yelp.com")
            XCTAssertNotNil(shop.coordinate)
            let loader = app.imageLoader()
            for url in shop.photoURLs {
                let photo = try await loader.image(at: url)
                XCTAssertFalse(photo.isEmpty)
            }

            try await app.favorites().add(shop)
            try await app.favorites().add(shops[3])
            try await app.favorites().remove(shop.id)
            let afterRestart = await app.favorites().all
            XCTAssertEqual(afterRestart.map(\.id), [shops[3].id])

            var answered = [Files.coffee: 1, Files.details: 1, Files.reviews: 1]
            for photo in Files.photos { answered[photo] = 1 }
            understudy.expectJournal(answered)
        }
    }
}
