import UnderstudyCore
import UnderstudyFixtures
import EndToEndSupport
import Foundation
import RestaurantCore
import Testing
import UnderstudyTesting

/// ZaHunter: the four nearest pizza places within 10 km, the tour's time walking and driving
/// (route legs from here through each place, plus 50 minutes a stop), delete one and refill.
@Suite("ZaHunter, end to end")
struct ZaHunterTests {
    private typealias Files = FixtureFiles.ZaHunter

    private func tour(_ app: AppInstall) -> PizzaTour {
        PizzaTour(yelp: app.yelp, directions: app.directions, location: FixedLocation(Places.riverNorth))
    }

    @Test(arguments: TestServer.Mode.allCases) func fourNearestWalkOrDriveThenDeleteOneAndRefill(_ mode: TestServer.Mode) async throws {
        try await withAppInstall(mode) { app in
            let server = app.server
            let tour = tour(app)
            let stops = try await tour.search()
            #expect(stops.map(\.restaurant.name) == ["Wells Street Slice House", "Tavern Cut Pizza Co.", "Deep Dish Depot", "Wicker Park Pie Shop"])
            #expect(stops.map(\.restaurant.rating) == [3.0, 4.0, 4.5, 3.0])
            #expect(stops.map(\.distance) == stops.map(\.distance).sorted())

            let walking = try await tour.itinerary(mode: .walking)
            let driving = try await tour.itinerary(mode: .driving)
            #expect(walking.totalSeconds == ZaHunterTimes.walkingLegSeconds + ZaHunterTimes.stopSeconds)
            #expect(driving.totalSeconds == ZaHunterTimes.drivingLegSeconds + ZaHunterTimes.stopSeconds)
            #expect(driving.totalSeconds < walking.totalSeconds)

            let refilled = await tour.remove(stops[1].restaurant.id)
            #expect(refilled.count == 4)
            #expect(refilled.last?.restaurant.name == "Pilsen Brick Oven")
            #expect(try await tour.itinerary(mode: .walking).totalSeconds == ZaHunterTimes.refilledWalkingLegSeconds + ZaHunterTimes.stopSeconds)

            var answered = [Files.pizza: 1]  // deleting asks Yelp nothing
            let firstTour = [("here", "wells-street-slice-house"), ("wells-street-slice-house", "tavern-cut-pizza-co"),
                             ("tavern-cut-pizza-co", "deep-dish-depot"), ("deep-dish-depot", "wicker-park-pie-shop")]
            for (from, to) in firstTour { answered[Files.leg("driving", from, to)] = 1 }
            // Walking, the tour was routed twice: the legs it kept were asked again.
            let walkedLegs = [("here", "wells-street-slice-house", 2), ("wells-street-slice-house", "tavern-cut-pizza-co", 1),
                              ("tavern-cut-pizza-co", "deep-dish-depot", 1), ("deep-dish-depot", "wicker-park-pie-shop", 2),
                              ("wells-street-slice-house", "deep-dish-depot", 1), ("wicker-park-pie-shop", "pilsen-brick-oven", 1)]
            for (from, to, count) in walkedLegs { answered[Files.leg("walking", from, to)] = count }
            server.expectJournal(answered)
            #expect(server.journal.entries.count == 13)  // one search, then 4 + 4 + 4 legs
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func aDroppedConnectionOnOneLegFailsTheWalkUntilTheNetworkIsBack(_ mode: TestServer.Mode) async throws {
        try await withAppInstall(mode) { app in
            let server = app.server
            let tour = tour(app)
            try await tour.search()
            let secondLeg = Files.leg("walking", "wells-street-slice-house", "tavern-cut-pizza-co")
            server.override(secondLeg, fault: .reset)  // the connection drops on that leg
            let error = await #expect(throws: RestaurantError.self) { try await tour.itinerary(mode: .walking) }
            guard case .transport = error else {
                Issue.record("expected a transport error, got \(String(describing: error))")
                return
            }
            // Driving takes other routes and is unaffected; once Google is back, walking works.
            #expect(try await tour.itinerary(mode: .driving).totalSeconds == ZaHunterTimes.drivingLegSeconds + ZaHunterTimes.stopSeconds)
            server.responder.removeOverrides()
            #expect(try await tour.itinerary(mode: .walking).totalSeconds == ZaHunterTimes.walkingLegSeconds + ZaHunterTimes.stopSeconds)
            // URLSession may ask a reset GET again on a fresh connection before it gives up.
            #expect(app.answered(by: secondLeg) >= 2)
            // The failed walk stopped at the failing leg: the first leg was asked twice, the third once.
            server.expectJournal([
                Files.pizza: 1,
                Files.leg("walking", "here", "wells-street-slice-house"): 2,
                Files.leg("walking", "tavern-cut-pizza-co", "deep-dish-depot"): 1,
            ])
        }
    }
}
