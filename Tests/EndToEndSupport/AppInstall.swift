import UnderstudyCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RestaurantCore
import UnderstudyTesting

/// One install of a restaurant app under test: its sandbox folder (favorites, login token,
/// image cache) and its clients, every provider and image host pointed at one test's server.
///
/// The stores and loaders are made anew by each call, as a launch makes them: calling
/// `favorites()` again is a restart that reads what the last run left on disk.
public struct AppInstall: Sendable {
    /// The test's Understudy.
    public let server: TestServer
    /// The app's own folder, removed when the test ends.
    public let folder: URL
    /// Every provider and image host at `server`.
    public let configuration: Configuration
    /// Yelp search, details and reviews.
    public let yelp: YelpClient
    /// Google nearby search and details.
    public let places: PlacesClient
    /// Google directions.
    public let directions: DirectionsClient
    /// Google Places API (New): nearby and text search, details, photos.
    public let placesV1: PlacesV1Client
    /// The Google Routes API.
    public let routes: RoutesV2Client
    /// Facebook login over Graph.
    public let graph: GraphClient
    /// The Bottle Rocket feed.
    public let feed: FeedClient
    /// How the app's clients reach the server, live or in process.
    private let session: URLSession

    /// An install with a fresh folder of its own; `remove()` deletes it.
    public init(server: TestServer) throws {
        self.server = server
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("end-to-end-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        configuration = .understudy(baseURL: server.baseURL, credentials: canonicalCredentials)
        session = Configuration.makeSession(from: server.configuration)
        yelp = YelpClient(configuration: configuration, session: session)
        places = PlacesClient(configuration: configuration, session: session)
        directions = DirectionsClient(configuration: configuration, session: session)
        placesV1 = PlacesV1Client(configuration: configuration, session: session)
        routes = RoutesV2Client(configuration: configuration, session: session)
        graph = GraphClient(configuration: configuration, session: session)
        feed = FeedClient(configuration: configuration, session: session)
    }

    /// Deletes the app's folder.
    public func remove() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The details screen's loader.
    public var details: DetailsLoader { DetailsLoader(yelp: yelp, places: places, placesV1: placesV1) }

    /// The favorites as a launch reads them.
    public func favorites() -> Favorites { Favorites(file: folder.appendingPathComponent("favorites.json")) }

    /// The login token as a launch reads it.
    public func tokens() -> TokenStore { TokenStore(file: folder.appendingPathComponent("token.json")) }

    /// The login gate of a launch, judging expiry by the server's clock (2026-01-01).
    public func loginGate(tokens: TokenStore) -> LoginGate {
        LoginGate(graph: graph, tokens: tokens, now: { [clock = server.clock] in clock.now })
    }

    /// A launch's image loader, caching on disk in the app's folder, on the server's clock.
    public func imageLoader() -> ImageLoader {
        ImageLoader(configuration: configuration, diskFolder: folder.appendingPathComponent("images"), session: session,
                    now: { [clock = server.clock] in clock.now })
    }

    /// How many requests fixture `file` answered so far.
    public func answered(by file: String) -> Int { server.journal.entries.filter { $0.fixture == file }.count }
}

/// Runs `body` with a fresh install of an app on its own Understudy (the bundled fixtures and
/// contracts) reached over a socket or in the process, and deletes the app's folder and stops
/// the Understudy however `body` ends. The end-to-end suites run every flow both ways.
public func withAppInstall<Result: Sendable>(_ mode: TestServer.Mode, _ body: (AppInstall) async throws -> Result) async throws -> Result {
    try await withUnderstudy(fixtures: bundledFixtures, contracts: bundledContracts, mode: mode) { server in
        try await withAppInstall(on: server, body)
    }
}

/// Runs `body` with a fresh install of an app on `server`, and deletes its folder however
/// `body` ends.
public func withAppInstall<Result: Sendable>(on server: TestServer, _ body: (AppInstall) async throws -> Result) async throws -> Result {
    let app = try AppInstall(server: server)
    defer { app.remove() }
    return try await body(app)
}
