import Foundation
import RestaurantCore
import Testing
import UnderstudyTesting
import UnderstudyCore

/// The Routes API client against Understudy: a route with its legs, a matrix, and a tour timed
/// by either API adding up to the same seconds.
@Suite("Routes API client")
struct RoutesV2Tests {
    /// The first pizza place of ZaHunter's search.
    private let wellsStreet = Coordinate(latitude: 41.899432, longitude: -87.632186)

    @Test(arguments: TestServer.Mode.allCases) func aWalkWithItsLegsAsTheDirectionsFixtureHasIt(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            let fields = RoutesV2Client.tourFields + ["routes.legs.duration", "routes.legs.distanceMeters"]
            let answer = try await server.routes.computeRoutes(from: riverNorth, to: wellsStreet, mode: .walking, fields: fields)
            let route = try #require(answer.routes?.first)
            #expect(route.duration?.wholeSeconds == 527)
            #expect(route.distanceMeters == 717)
            #expect(route.legs?.map(\.duration) == [RoutesV2.Duration(seconds: 527)])
            #expect(route.polyline?.encodedPolyline?.isEmpty == false)
            let legacy = try await server.directions.directions(from: riverNorth, to: wellsStreet, mode: .walking)
            #expect(legacy.routes.first?.legs.first?.duration.value == 527)
            server.expectRequests(answeredBy: "routes/compute-routes-walk-here-to-wells-street-slice-house.json", count: 1)
            server.expectNoUnmatchedRequests()
            server.expectNoContractViolations()
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func walkingTimesToFivePizzaPlacesInOneMatrix(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            let pizza = try await server.yelp.search(.pizza(near: riverNorth)).businesses.prefix(5).map(Restaurant.init(yelp:))
            let elements = try await server.routes.computeRouteMatrix(from: [riverNorth], to: pizza.compactMap(\.coordinate), mode: .walking)
            #expect(elements.count == 5)
            #expect(Set(elements.compactMap(\.destinationIndex)) == Set(0..<5))
            #expect(elements.allSatisfy { $0.condition == "ROUTE_EXISTS" && $0.originIndex == 0 })
            let wells = try #require(elements.first { $0.destinationIndex == 0 })
            #expect(wells.duration?.wholeSeconds == 527)
            #expect(wells.distanceMeters == 717)
            server.expectRequests(answeredBy: "routes/compute-route-matrix-walk-here-to-pizza-places.json", count: 1)
            server.expectNoUnmatchedRequests()
            server.expectNoContractViolations()
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func eitherTimerGivesTheTourTheSameSeconds(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            let timers: [any LegTimer] = [server.directions, server.routes]
            var totals: [Int] = []
            for timer in timers {
                let tour = PizzaTour(yelp: server.yelp, timer: timer, location: FixedLocation(riverNorth))
                try await tour.search()
                let driving = try await tour.itinerary(mode: .driving)
                #expect(driving.timedLegs.map(\.meters).allSatisfy { $0 > 0 })
                totals.append(driving.totalSeconds)
            }
            #expect(totals == [2329 + 4 * 50 * 60, 2329 + 4 * 50 * 60])
            server.expectNoUnmatchedRequests()
            server.expectNoContractViolations()
        }
    }
}
