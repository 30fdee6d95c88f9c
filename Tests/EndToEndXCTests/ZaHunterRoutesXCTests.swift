import UnderstudyTesting
import UnderstudyCore
import EndToEndSupport
import RestaurantCore
import XCTest

/// ZaHunter timed with the Routes API in XCTest: the same totals as with Directions.
final class ZaHunterRoutesXCTests: EndToEndTestCase {
    func testFourNearestWalkAndDriveThenDeleteOneAndRefill() async throws {
        try await inEachMode {
            let tour = PizzaTour(yelp: app.yelp, timer: app.routes, location: FixedLocation(Places.riverNorth))
            let stops = try await tour.search()
            XCTAssertEqual(stops.count, 4)

            let walking = try await tour.itinerary(mode: .walking)
            XCTAssertEqual(walking.timedLegs.count, 4)
            XCTAssertEqual(walking.totalSeconds, 21_812)
            let driving = try await tour.itinerary(mode: .driving)
            XCTAssertEqual(driving.totalSeconds, 14_329)

            let refilled = await tour.remove(stops[1].restaurant.id)
            XCTAssertEqual(refilled.map(\.restaurant.name), ["Wells Street Slice House", "Deep Dish Depot", "Wicker Park Pie Shop", "Pilsen Brick Oven"])
            let rewalked = try await tour.itinerary(mode: .walking)
            XCTAssertEqual(rewalked.totalSeconds, 25_578)

            let leg = FixtureFiles.ZaHunterRoutes.leg
            understudy.expectJournal([
                FixtureFiles.ZaHunter.pizza: 1,
                leg("walk", "here", "wells-street-slice-house"): 2, leg("walk", "deep-dish-depot", "wicker-park-pie-shop"): 2,
                leg("drive", "here", "wells-street-slice-house"): 1, leg("walk", "wicker-park-pie-shop", "pilsen-brick-oven"): 1,
            ])
            XCTAssertEqual(understudy.journal.entries.count, 13)  // one search, 4 + 4 + 4 legs
        }
    }
}
