/// Swiping between details screens: the next or previous restaurant of the list the details
/// were opened from (search results or favorites), stopping at either end.
public struct DetailsPager: Sendable, Hashable {
    /// The list, in the order it was shown.
    public let restaurants: [Restaurant]
    /// The position of `current`.
    public private(set) var index: Int

    /// A pager over `restaurants`, at `id`; `nil` when the list does not hold it.
    public init?(restaurants: [Restaurant], at id: RestaurantID) {
        guard let index = restaurants.firstIndex(where: { $0.id == id }) else { return nil }
        self.restaurants = restaurants
        self.index = index
    }

    /// The restaurant shown.
    public var current: Restaurant { restaurants[index] }
    /// Whether a restaurant follows the current one.
    public var hasNext: Bool { index + 1 < restaurants.count }
    /// Whether a restaurant precedes the current one.
    public var hasPrevious: Bool { index > 0 }

    /// Moves to the next restaurant and returns it; `nil` (staying put) at the end.
    public mutating func next() -> Restaurant? {
        guard hasNext else { return nil }
        index += 1
        return current
    }

    /// Moves to the previous restaurant and returns it; `nil` (staying put) at the start.
    public mutating func previous() -> Restaurant? {
        guard hasPrevious else { return nil }
        index -= 1
        return current
    }
}
