import UnderstudyCore
import EndToEndSupport
import Foundation
import RestaurantCore
import Testing
import UnderstudyTesting

/// Nine Bar: coffee shops open now at a typed location, at most ten; details with three photos,
/// a number to call, the Yelp page and a pin for directions; favorites added and deleted.
@Suite("Nine Bar, end to end")
struct NineBarTests {
    private typealias Files = FixtureFiles.NineBar
    private static let jpegStart: [UInt8] = [0xFF, 0xD8, 0xFF]

    @Test(arguments: TestServer.Mode.allCases) func coffeeOpenNowDetailsFavoriteAndDelete(_ mode: TestServer.Mode) async throws {
        try await withAppInstall(mode) { app in
            let server = app.server
            let shops = await RestaurantSearch(source: YelpPages(client: app.yelp, query: .coffeeOpenNow(in: Places.cupertino))).load()
            #expect(shops.results.count == 10)  // 38 open now; the app shows ten
            let blueOak = try #require(shops.results.first)
            #expect(blueOak.name == "Blue Oak Coffee Roasters")

            let details = try await app.details.details(for: blueOak)
            let shop = details.restaurant
            #expect(shop.isOpenNow == true)
            #expect(shop.photoURLs.count == 3)
            #expect(shop.phone == "+14085550151")  // what the call button dials
            #expect(shop.webURL?.host == "www.yelp.com")
            #expect(shop.coordinate == Coordinate(latitude: 37.32311, longitude: -122.03952))  // directions
            let loader = app.imageLoader()
            for url in shop.photoURLs {
                #expect(Array(try await loader.image(at: url).prefix(3)) == Self.jpegStart)
            }

            try await app.favorites().add(shop)
            try await app.favorites().add(shops.results[1])
            let list = app.favorites()
            #expect(await list.all.map(\.name) == ["Blue Oak Coffee Roasters", "Homestead Bean Bar"])
            try await list.remove(shop.id)  // swipe to delete
            #expect(await app.favorites().all.map(\.name) == ["Homestead Bean Bar"])

            var answered = [Files.coffee: 1, Files.details: 1, Files.reviews: 1]
            for photo in Files.photos { answered[photo] = 1 }
            server.expectJournal(answered)
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func reopeningDetailsShowsThePhotosFromTheCache(_ mode: TestServer.Mode) async throws {
        try await withAppInstall(mode) { app in
            let server = app.server
            let shop = Restaurant(id: RestaurantID(provider: .yelp, value: "vUXzHTiMEADFNEBFWhukcy"), name: "Blue Oak Coffee Roasters")
            let photos = try await app.details.details(for: shop).restaurant.photoURLs
            let loader = app.imageLoader()
            for url in photos { _ = try await loader.image(at: url) }
            // A relaunch within max-age: the disk cache answers, nothing is asked.
            server.clock.advance(by: 3600)
            let relaunched = app.imageLoader()
            for url in photos { _ = try await relaunched.image(at: url) }
            var answered = [Files.details: 1, Files.reviews: 1]
            for photo in Files.photos { answered[photo] = 1 }  // once each, for both launches
            server.expectJournal(answered)
        }
    }
}
