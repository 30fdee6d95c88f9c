import Foundation

/// ZaHunter: the four nearest pizza places within 10 km (as the crow flies), and the time to
/// visit them all: the route legs from here through each place in turn, plus 50 minutes a stop.
/// Deleting a place refills the list to four from the next nearest. The legs are timed by a
/// ``LegTimer``: the Directions API or the Routes API.
public actor PizzaTour {
    /// A place on the tour and its crow-flies distance from the start.
    public struct Stop: Sendable, Hashable {
        /// The place.
        public let restaurant: Restaurant
        /// Where it is.
        public let coordinate: Coordinate
        /// Meters, by the haversine formula.
        public let distance: Double
    }

    /// How long the tour takes.
    public struct Itinerary: Sendable, Hashable {
        /// Walking or driving.
        public let mode: TravelMode
        /// The Directions API's route legs, from the start to the first stop, then stop to stop;
        /// empty when the Routes API timed the tour (``timedLegs`` has every leg either way).
        public var legs: [Google.DirectionsAnswer.Leg] { timedLegs.compactMap(\.directions) }
        /// The legs' times and lengths, from the start to the first stop, then stop to stop.
        public let timedLegs: [TimedLeg]
        /// The legs' durations added up, in seconds.
        public let travelSeconds: Int
        /// The time spent at the stops, in seconds.
        public let stopSeconds: Int
        /// Travel plus stops, in seconds.
        public var totalSeconds: Int { travelSeconds + stopSeconds }
    }

    private let yelp: YelpClient
    private let timer: any LegTimer
    private let location: any LocationProvider
    private let maximumDistance: Double
    private let stopCount: Int
    private let secondsPerStop: Int
    private var start: Coordinate?
    /// Every place within reach, nearest first; the tour is the first `stopCount`.
    private var candidates: [Stop] = []

    /// A tour found with `yelp`, timed with the Directions API, starting where `location` says.
    public init(
        yelp: YelpClient, directions: DirectionsClient, location: any LocationProvider,
        maximumDistance: Double = 10_000, stopCount: Int = 4, minutesPerStop: Int = 50
    ) {
        self.init(yelp: yelp, timer: directions, location: location, maximumDistance: maximumDistance, stopCount: stopCount, minutesPerStop: minutesPerStop)
    }

    /// A tour found with `yelp`, timed with `timer` (a ``DirectionsClient`` or a
    /// ``RoutesV2Client``), starting where `location` says.
    public init(
        yelp: YelpClient, timer: any LegTimer, location: any LocationProvider,
        maximumDistance: Double = 10_000, stopCount: Int = 4, minutesPerStop: Int = 50
    ) {
        self.yelp = yelp
        self.timer = timer
        self.location = location
        self.maximumDistance = maximumDistance
        self.stopCount = stopCount
        secondsPerStop = minutesPerStop * 60
    }

    /// The places on the tour, nearest first.
    public var stops: [Stop] { Array(candidates.prefix(stopCount)) }

    /// Searches for pizza around the current location and returns the nearest places in reach.
    @discardableResult
    public func search() async throws -> [Stop] {
        let here = try await location.currentLocation()
        let answer = try await yelp.search(.pizza(near: here))
        start = here
        candidates = answer.businesses.map(Restaurant.init(yelp:)).compactMap { restaurant in
            restaurant.coordinate.map { Stop(restaurant: restaurant, coordinate: $0, distance: here.distance(to: $0)) }
        }
        .filter { $0.distance <= maximumDistance }
        .sorted { $0.distance < $1.distance }
        return stops
    }

    /// Takes a place off the tour; the next nearest takes its turn.
    @discardableResult
    public func remove(_ id: RestaurantID) -> [Stop] {
        candidates.removeAll { $0.restaurant.id == id }
        return stops
    }

    /// Routes the tour leg by leg and adds up the time.
    public func itinerary(mode: TravelMode) async throws(RestaurantError) -> Itinerary {
        guard let start else { return Itinerary(mode: mode, timedLegs: [], travelSeconds: 0, stopSeconds: 0) }
        let tour = stops
        var legs: [TimedLeg] = []
        for (from, to) in zip([start] + tour.map(\.coordinate), tour.map(\.coordinate)) {
            legs += try await timer.timedLegs(from: from, to: to, mode: mode)
        }
        return Itinerary(mode: mode, timedLegs: legs, travelSeconds: legs.map(\.seconds).reduce(0, +), stopSeconds: tour.count * secondsPerStop)
    }
}
