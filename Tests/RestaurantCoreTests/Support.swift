import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import UnderstudyCore
import RestaurantCore
import UnderstudyTesting

/// The repository's bundled fixtures.
let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("fixtures").path
/// The repository's provider packs: every test runs with the providers' contracts and
/// behaviours on, so the client is held to what the real APIs accept.
let contracts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("contracts").path

/// The canonical test credentials of docs/contracts.md.
let canonical = Credentials(
    yelpAPIKey: "FAKE-understudy-yelp-api-key", googleAPIKey: "AIzaFAKE-understudy-test-key-0000000000",
    facebookAppID: "138483919580948", facebookAppSecret: "FAKE-understudy-app-secret")

/// The Places challenge's fixed location (Civic Center, San Francisco) and ZaHunter's (River North, Chicago).
let civicCenter = Coordinate(latitude: 37.7749, longitude: -122.4194)
let riverNorth = Coordinate(latitude: 41.8947, longitude: -87.6345)

extension TestServer {
    /// Every provider and image host pointed at this server, with `credentials`.
    func app(_ credentials: Credentials = canonical) -> Configuration { .understudy(baseURL: baseURL, credentials: credentials) }
    /// A session that reaches this server, live or in process, and never answers from a cache.
    var session: URLSession { Configuration.makeSession(from: configuration) }
    var yelp: YelpClient { YelpClient(configuration: app(), session: session) }
    var places: PlacesClient { PlacesClient(configuration: app(), session: session) }
    var directions: DirectionsClient { DirectionsClient(configuration: app(), session: session) }
    var placesV1: PlacesV1Client { PlacesV1Client(configuration: app(), session: session) }
    var routes: RoutesV2Client { RoutesV2Client(configuration: app(), session: session) }
    var graph: GraphClient { GraphClient(configuration: app(), session: session) }
    var feed: FeedClient { FeedClient(configuration: app(), session: session) }
    /// An image loader on this server (and on its session).
    func imageLoader(diskFolder: URL? = nil, now: @escaping @Sendable () -> Date = { Date() }) -> ImageLoader {
        ImageLoader(configuration: app(), diskFolder: diskFolder, session: session, now: now)
    }

    /// How many requests fixture `file` answered.
    func answered(by file: String) -> Int { journal.entries.filter { $0.fixture == file }.count }
}

/// A fresh folder for one test's stores, removed by the caller.
func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("restaurant-core-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

/// Records the pauses asked of it and returns at once: no test sleeps. Given the server's
/// clock, it moves that clock instead, so the server sees the time the app waited.
actor RecordingSleeper: Sleeper {
    private(set) var pauses: [Double] = []
    private let serverClock: ManualClock?

    init(advancing serverClock: ManualClock? = nil) {
        self.serverClock = serverClock
    }

    func sleep(seconds: Double) async throws {
        pauses.append(seconds)
        serverClock?.advance(by: seconds)
    }
}

/// A clock a test moves by hand, for the core's own `now`.
final class TestClock: Sendable {
    private let current: LockedDate

    init(_ start: Date = Date(timeIntervalSince1970: 1_767_225_600)) { current = LockedDate(start) }

    var now: Date { current.value }
    func advance(by seconds: TimeInterval) { current.value = current.value.addingTimeInterval(seconds) }
    var function: @Sendable () -> Date { { self.now } }
}

final class LockedDate: @unchecked Sendable {
    private let lock = NSLock()
    private var date: Date
    init(_ date: Date) { self.date = date }
    var value: Date {
        get { lock.withLock { date } }
        set { lock.withLock { date = newValue } }
    }
}
