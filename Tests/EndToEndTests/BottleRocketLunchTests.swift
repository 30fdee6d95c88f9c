import UnderstudyCore
import EndToEndSupport
import Foundation
import RestaurantCore
import Testing
import UnderstudyTesting

/// Bottle Rocket lunch: the feed fetched into the list (some fields absent), the rows' images
/// fetched and cached, details, the heart and the favorites, and a refresh that costs a 304.
@Suite("Bottle Rocket lunch, end to end")
struct BottleRocketLunchTests {
    private typealias Files = FixtureFiles.Lunch
    private static let pngStart: [UInt8] = [0x89, 0x50, 0x4E, 0x47]

    @Test(arguments: TestServer.Mode.allCases) func feedImagesDetailsHeartAndARefreshThatKeepsTheList(_ mode: TestServer.Mode) async throws {
        try await withAppInstall(mode) { app in
            let server = app.server
            let feed = LunchFeed(client: app.feed)
            let list = try await feed.refresh()
            #expect(list.count == 15)
            // Pluckers has no contact and no postal code; the list still shows it.
            let pluckers = try #require(list.first { $0.name == "Pluckers Wing Bar" })
            #expect(pluckers.phone == nil)
            #expect(pluckers.addressLines.count == 3)

            let loader = app.imageLoader()
            for restaurant in list.prefix(5) {
                #expect(Array(try await loader.image(at: try #require(restaurant.imageURL)).prefix(4)) == Self.pngStart)
            }

            // The feed holds everything the details show: nothing more is asked.
            let before = server.journal.receivedCount
            let details = try await app.details.details(for: list[0])
            #expect(details.restaurant == list[0])
            #expect(details.restaurant.displayPhone == "(972) 387-2337")
            #expect(server.journal.receivedCount == before)

            let favorites = app.favorites()
            #expect(try await favorites.toggle(list[0]) == true)
            #expect(try await favorites.toggle(pluckers) == true)
            #expect(await app.favorites().all.map(\.name) == ["Hopdoddy Burger Bar", "Pluckers Wing Bar"])

            let refreshed = try await feed.refresh()
            #expect(refreshed == list)

            var answered = [Files.feed: 1, Files.notModified: 1]
            for image in Files.firstRowImages { answered[image] = 1 }
            server.expectJournal(answered)
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func imagesComeFromTheCacheAfterARestartExceptTheNoStoreOne(_ mode: TestServer.Mode) async throws {
        try await withAppInstall(mode) { app in
            let server = app.server
            let list = try await LunchFeed(client: app.feed).refresh()
            let urls = try list.prefix(5).map { try #require($0.imageURL) }
            let firstLaunch = app.imageLoader()
            let shown = try await withThrowingTaskGroup(of: Data.self) { group in
                // The rows load their images at once, as cells appear.
                for url in urls { group.addTask { try await firstLaunch.image(at: url) } }
                return try await group.reduce(into: [Data]()) { $0.append($1) }
            }
            #expect(shown.count == 5)

            server.clock.advance(by: 600)  // within every max-age but Pluckers' no-store
            let secondLaunch = app.imageLoader()
            for url in urls { _ = try await secondLaunch.image(at: url) }

            var answered = [Files.feed: 1]
            for image in Files.firstRowImages { answered[image] = image == Files.noStoreImage ? 2 : 1 }
            server.expectJournal(answered)
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func favoritesFromTheFeedSurviveARestartAndTheHeartRemovesThem(_ mode: TestServer.Mode) async throws {
        try await withAppInstall(mode) { app in
            let server = app.server
            let list = try await LunchFeed(client: app.feed).refresh()
            let chuys = try #require(list.first { $0.name == "Chuy's" })  // contact null
            try await app.favorites().add(chuys)
            try await app.favorites().add(list[12])
            let relaunched = app.favorites()
            #expect(await relaunched.all == [chuys, list[12]])
            #expect(try await relaunched.toggle(chuys) == false)
            #expect(await app.favorites().all.map(\.name) == ["Thai Star"])
            server.expectJournal([Files.feed: 1])
        }
    }
}
