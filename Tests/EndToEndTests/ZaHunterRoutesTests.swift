import UnderstudyCore
import UnderstudyFixtures
import EndToEndSupport
import Foundation
import RestaurantCore
import Testing
import UnderstudyTesting

/// ZaHunter timed with the Routes API: the same four nearest pizza places and the same totals
/// as with Directions (the routes fixtures hold the directions fixtures' durations), each leg a
/// `computeRoutes` with a field mask.
@Suite("ZaHunter on the Routes API, end to end")
struct ZaHunterRoutesTests {
    private typealias Files = FixtureFiles.ZaHunterRoutes

    private func tour(_ app: AppInstall) -> PizzaTour {
        PizzaTour(yelp: app.yelp, timer: app.routes, location: FixedLocation(Places.riverNorth))
    }

    @Test(arguments: TestServer.Mode.allCases) func fourNearestWalkOrDriveThenDeleteOneAndRefill(_ mode: TestServer.Mode) async throws {
        try await withAppInstall(mode) { app in
            let server = app.server
            let tour = tour(app)
            let stops = try await tour.search()
            #expect(stops.map(\.restaurant.name) == ["Wells Street Slice House", "Tavern Cut Pizza Co.", "Deep Dish Depot", "Wicker Park Pie Shop"])

            let walking = try await tour.itinerary(mode: .walking)
            let driving = try await tour.itinerary(mode: .driving)
            #expect(walking.totalSeconds == ZaHunterTimes.walkingLegSeconds + ZaHunterTimes.stopSeconds)
            #expect(driving.totalSeconds == ZaHunterTimes.drivingLegSeconds + ZaHunterTimes.stopSeconds)
            #expect(walking.timedLegs.map(\.seconds) == [527, 1262, 3154, 4869])
            #expect(walking.timedLegs.first?.meters == 717)
            #expect(walking.legs.isEmpty)  // no Directions legs: the Routes API timed it

            let refilled = await tour.remove(stops[1].restaurant.id)
            #expect(refilled.last?.restaurant.name == "Pilsen Brick Oven")
            #expect(try await tour.itinerary(mode: .walking).totalSeconds == ZaHunterTimes.refilledWalkingLegSeconds + ZaHunterTimes.stopSeconds)

            var answered = [FixtureFiles.ZaHunter.pizza: 1]
            let firstTour = [("here", "wells-street-slice-house"), ("wells-street-slice-house", "tavern-cut-pizza-co"),
                             ("tavern-cut-pizza-co", "deep-dish-depot"), ("deep-dish-depot", "wicker-park-pie-shop")]
            for (from, to) in firstTour { answered[Files.leg("drive", from, to)] = 1 }
            let walkedLegs = [("here", "wells-street-slice-house", 2), ("wells-street-slice-house", "tavern-cut-pizza-co", 1),
                              ("tavern-cut-pizza-co", "deep-dish-depot", 1), ("deep-dish-depot", "wicker-park-pie-shop", 2),
                              ("wells-street-slice-house", "deep-dish-depot", 1), ("wicker-park-pie-shop", "pilsen-brick-oven", 1)]
            for (from, to, count) in walkedLegs { answered[Files.leg("walk", from, to)] = count }
            server.expectJournal(answered)
            #expect(server.journal.entries.count == 13)  // one search, then 4 + 4 + 4 legs
            #expect(server.journal.entries.filter { $0.method == "POST" }.count == 12)
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func aSpentQuotaFailsTheDriveWithGooglesEnvelopeAndTheWalkStands(_ mode: TestServer.Mode) async throws {
        try await withAppInstall(mode) { app in
            let server = app.server
            let tour = tour(app)
            try await tour.search()
            server.setQuota(6, for: "routes")  // the walk's four legs, then two of the drive's
            let walking = try await tour.itinerary(mode: .walking)
            #expect(walking.totalSeconds == ZaHunterTimes.walkingLegSeconds + ZaHunterTimes.stopSeconds)
            let error = await #expect(throws: RestaurantError.self) { try await tour.itinerary(mode: .driving) }
            let google = try #require(error?.providerError)
            #expect(google.provider == .routesV2)
            #expect(google.status == 429)
            #expect(google.code == "RESOURCE_EXHAUSTED")
            #expect(google.message?.contains("routes.googleapis.com") == true)
            server.expectJournal([
                FixtureFiles.ZaHunter.pizza: 1,
                Files.leg("drive", "here", "wells-street-slice-house"): 1,
                Files.leg("drive", "wells-street-slice-house", "tavern-cut-pizza-co"): 1,
                Files.leg("drive", "tavern-cut-pizza-co", "deep-dish-depot"): 0,
                "routes: resourceExhausted": 1,
            ])
            #expect(server.journal.entries.count == 8)  // the search, four walking legs, two driving legs, the refusal
        }
    }
}
