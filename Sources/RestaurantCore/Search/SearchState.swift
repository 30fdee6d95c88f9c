/// What a results screen shows: the results so far and what is happening to them.
public struct SearchState: Sendable, Hashable {
    /// What the search is doing.
    public enum Phase: Sendable, Hashable {
        /// Nothing asked yet.
        case idle
        /// The first page is on its way (the list is empty).
        case loading
        /// Pull to refresh: the first page is on its way; the old results stay until it lands.
        case refreshing
        /// The next page is on its way.
        case loadingMore
        /// Results are showing.
        case loaded
        /// The search found nothing.
        case empty
        /// The last request failed; results already shown stay.
        case failed(RestaurantError)
    }

    /// Everything loaded so far, in order.
    public var results: [Restaurant]
    /// What is happening.
    public var phase: Phase
    /// No further page: the provider has no more, or the wanted number is reached.
    public var isEndOfResults: Bool

    /// A state.
    public init(results: [Restaurant] = [], phase: Phase = .idle, isEndOfResults: Bool = false) {
        self.results = results
        self.phase = phase
        self.isEndOfResults = isEndOfResults
    }

    /// Whether a request is on its way.
    public var isBusy: Bool {
        switch phase {
        case .loading, .refreshing, .loadingMore: true
        default: false
        }
    }
}
