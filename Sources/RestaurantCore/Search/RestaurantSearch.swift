/// A results list: the first page, the next pages on demand, pull to refresh, and a state
/// that tells loading, empty, failed and the end of results apart.
public actor RestaurantSearch {
    private let source: any PageSource
    private let limit: Int?
    private var next: PageCursor?
    /// What the screen shows.
    public private(set) var state = SearchState()

    /// A search over `source`; `limit` caps the results (the Places challenge shows the top 25).
    public init(source: any PageSource, limit: Int? = nil) {
        self.source = source
        self.limit = limit
    }

    /// Loads the first page, replacing whatever was shown.
    @discardableResult
    public func load() async -> SearchState {
        await loadFirstPage(phase: .loading)
    }

    /// Pull to refresh: loads the first page again and replaces the results with it; on
    /// failure the old results stay, with the error.
    @discardableResult
    public func refresh() async -> SearchState {
        await loadFirstPage(phase: .refreshing)
    }

    /// Appends the next page; does nothing at the end of results or while a request is out.
    @discardableResult
    public func loadNextPage() async -> SearchState {
        guard !state.isBusy, !state.isEndOfResults, let cursor = next else { return state }
        state.phase = .loadingMore
        do {
            let page = try await source.page(at: cursor)
            show(state.results + page.restaurants, next: page.next)
        } catch {
            state.phase = .failed(error)
        }
        return state
    }

    private func loadFirstPage(phase: SearchState.Phase) async -> SearchState {
        guard !state.isBusy else { return state }
        if phase == .loading {
            state = SearchState(phase: .loading)
            next = nil
        } else {
            state.phase = phase
        }
        do {
            let page = try await source.page(at: nil)
            show(page.restaurants, next: page.next)
        } catch {
            state.phase = .failed(error)
        }
        return state
    }

    private func show(_ results: [Restaurant], next cursor: PageCursor?) {
        let capped = limit.map { Array(results.prefix($0)) } ?? results
        let full = limit.map { capped.count >= $0 } ?? false
        next = full ? nil : cursor
        state = SearchState(results: capped, phase: capped.isEmpty ? .empty : .loaded, isEndOfResults: next == nil)
    }
}
