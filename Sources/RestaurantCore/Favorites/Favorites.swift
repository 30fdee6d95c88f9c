import Foundation

/// The user's favorite restaurants, from any provider, in the order they were added, kept in
/// a file that every change rewrites atomically. A restart sees them unchanged.
public actor Favorites {
    private struct Document: Codable {
        var version = 1
        var favorites: [Restaurant]
    }

    private let store: JSONFileStore<Document>
    /// The favorites, oldest first.
    public private(set) var all: [Restaurant]
    /// What went wrong reading the file, if anything (a corrupt file is set aside, not lost).
    public let loadProblem: StoreError?

    /// The favorites kept in `file` (created on the first change).
    public init(file: URL) {
        store = JSONFileStore(file: file)
        let (document, problem) = store.load()
        all = document?.favorites ?? []
        loadProblem = problem
    }

    /// Whether `id` is a favorite.
    public func contains(_ id: RestaurantID) -> Bool {
        all.contains { $0.id == id }
    }

    /// Adds `restaurant` at the end; a favorite already there is updated in place.
    public func add(_ restaurant: Restaurant) throws(StoreError) {
        var updated = all
        if let index = updated.firstIndex(where: { $0.id == restaurant.id }) {
            updated[index] = restaurant
        } else {
            updated.append(restaurant)
        }
        try save(updated)
    }

    /// Removes `id`; removing what is not there does nothing.
    public func remove(_ id: RestaurantID) throws(StoreError) {
        guard contains(id) else { return }
        try save(all.filter { $0.id != id })
    }

    /// The heart button: adds or removes `restaurant`, and returns whether it is now a favorite.
    @discardableResult
    public func toggle(_ restaurant: Restaurant) throws(StoreError) -> Bool {
        if contains(restaurant.id) {
            try remove(restaurant.id)
            return false
        }
        try add(restaurant)
        return true
    }

    /// Writes first, so memory never claims what the disk does not hold.
    private func save(_ favorites: [Restaurant]) throws(StoreError) {
        // A file that could be neither read nor set aside is never overwritten.
        if case .unreadable = loadProblem, let loadProblem { throw loadProblem }
        try store.save(Document(favorites: favorites))
        all = favorites
    }
}
