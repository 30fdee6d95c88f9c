import Foundation
import RestaurantCore
import Testing
import UnderstudyTesting

@Suite("ZaHunter: the pizza tour")
struct PizzaTourTests {
    private func tour(_ server: TestServer) -> PizzaTour {
        PizzaTour(yelp: server.yelp, directions: server.directions, location: FixedLocation(riverNorth))
    }

    @Test(arguments: TestServer.Mode.allCases) func theFourNearestWithinTenKilometersByCrowFlies(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            let stops = try await tour(server).search()
            #expect(stops.map(\.restaurant.name) == ["Wells Street Slice House", "Tavern Cut Pizza Co.", "Deep Dish Depot", "Wicker Park Pie Shop"])
            // The haversine distance agrees with Yelp's own to the meter.
            for stop in stops {
                #expect(abs(stop.distance - (stop.restaurant.distance ?? 0)) < 1)
            }
            #expect(stops.allSatisfy { $0.distance <= 10_000 })
            #expect(stops.allSatisfy { $0.restaurant.rating != nil })
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func walkingAndDrivingTotalsAreTheLegsPlusFiftyMinutesAStop(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            let tour = tour(server)
            try await tour.search()
            let walking = try await tour.itinerary(mode: .walking)
            // Leg durations from fixtures/google/directions/directions-walking-*.json.
            #expect(walking.legs.map(\.duration.value) == [527, 1262, 3154, 4869])
            #expect(walking.travelSeconds == 9812)
            #expect(walking.stopSeconds == 4 * 50 * 60)
            #expect(walking.totalSeconds == 21_812)
            let driving = try await tour.itinerary(mode: .driving)
            #expect(driving.legs.map(\.duration.value) == [200, 346, 721, 1062])
            #expect(driving.totalSeconds == 2329 + 12_000)
            server.expectNoUnmatchedRequests()
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func deletingAStopRefillsToFourAndRetimesTheTour(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            let tour = tour(server)
            let stops = try await tour.search()
            let refilled = await tour.remove(stops[1].restaurant.id)
            #expect(refilled.map(\.restaurant.name) == ["Wells Street Slice House", "Deep Dish Depot", "Wicker Park Pie Shop", "Pilsen Brick Oven"])
            let walking = try await tour.itinerary(mode: .walking)
            #expect(walking.legs.map(\.duration.value) == [527, 2526, 4869, 5656])
            #expect(walking.totalSeconds == 13_578 + 12_000)
            // Two more deletions leave only the places within reach: Evanston stays out.
            await tour.remove(refilled[0].restaurant.id)
            let last = await tour.remove(refilled[1].restaurant.id)
            #expect(last.map(\.restaurant.name) == ["Wicker Park Pie Shop", "Pilsen Brick Oven", "Lincoln Square Pizzeria"])
            server.expectNoUnmatchedRequests()
        }
    }

    @Test func haversineDistances() {
        let sanFrancisco = Coordinate(latitude: 37.7749, longitude: -122.4194)
        let losAngeles = Coordinate(latitude: 34.0522, longitude: -118.2437)
        #expect(abs(sanFrancisco.distance(to: losAngeles) - 559_120) < 500)
        #expect(sanFrancisco.distance(to: sanFrancisco) == 0)
        #expect(abs(sanFrancisco.distance(to: losAngeles) - losAngeles.distance(to: sanFrancisco)) < 1e-6)
    }
}
