import Foundation

/// A Google nearby search read a page at a time by `next_page_token`. A token is valid only
/// a short while after it is issued; asked sooner, Google answers `INVALID_REQUEST`, so the
/// page is asked again after `retryDelay`, at most `retries` times.
public struct NearbyPages: PageSource {
    /// Who asks Google.
    public let client: PlacesClient
    /// The search.
    public let query: NearbySearchQuery
    /// Seconds to wait before asking again (Google's tokens take about two).
    public let retryDelay: Double
    /// How many times a page is asked again.
    public let retries: Int
    private let sleeper: any Sleeper

    /// Pages of `query`, waiting on `sleeper` between tries.
    public init(client: PlacesClient, query: NearbySearchQuery, retryDelay: Double = 2, retries: Int = 3, sleeper: any Sleeper = TaskSleeper()) {
        self.client = client
        self.query = query
        self.retryDelay = retryDelay
        self.retries = retries
        self.sleeper = sleeper
    }

    /// The first page, or the page a token names (retried while the token is not valid yet).
    public func page(at cursor: PageCursor?) async throws(RestaurantError) -> ResultPage {
        let answer: Google.NearbySearchAnswer
        if case .token(let token) = cursor {
            answer = try await page(token: token, triesLeft: retries)
        } else {
            answer = try await client.nearby(query)
        }
        let restaurants = answer.results.map { Restaurant(google: $0, photoURL: { client.photoURL(reference: $0) }) }
        return ResultPage(restaurants: restaurants, next: answer.nextPageToken.map(PageCursor.token))
    }

    private func page(token: String, triesLeft: Int) async throws(RestaurantError) -> Google.NearbySearchAnswer {
        do {
            return try await client.nearby(pageToken: token)
        } catch let error where error.providerError?.code == "INVALID_REQUEST" && triesLeft > 0 {
            do {
                try await sleeper.sleep(seconds: retryDelay)
            } catch {
                throw .transport(.cancelled)
            }
            return try await page(token: token, triesLeft: triesLeft - 1)
        }
    }
}
