import UnderstudyTesting
import UnderstudyCore
import EndToEndSupport
import RestaurantCore
import XCTest

/// ZaHunter in XCTest: four nearest, walking and driving totals, delete and refill.
final class ZaHunterXCTests: EndToEndTestCase {
    func testFourNearestWalkAndDriveThenDeleteOneAndRefill() async throws {
        try await inEachMode {
            let tour = PizzaTour(yelp: app.yelp, directions: app.directions, location: FixedLocation(Places.riverNorth))
            let stops = try await tour.search()
            XCTAssertEqual(stops.count, 4)
            XCTAssertTrue(stops.allSatisfy { $0.distance <= 10_000 && $0.restaurant.rating != nil })

            let walking = try await tour.itinerary(mode: .walking)
            XCTAssertEqual(walking.legs.count, 4)
            XCTAssertEqual(walking.totalSeconds, 21_812)
            let driving = try await tour.itinerary(mode: .driving)
            XCTAssertEqual(driving.totalSeconds, 14_329)

            let refilled = await tour.remove(stops[1].restaurant.id)
            XCTAssertEqual(refilled.map(\.restaurant.name), ["Wells Street Slice House", "Deep Dish Depot", "Wicker Park Pie Shop", "Pilsen Brick Oven"])
            let rewalked = try await tour.itinerary(mode: .walking)
            XCTAssertEqual(rewalked.totalSeconds, 25_578)

            understudy.expectJournal([FixtureFiles.ZaHunter.pizza: 1])
            XCTAssertEqual(understudy.journal.entries.count, 13)  // one search, 4 + 4 + 4 legs
        }
    }
}
