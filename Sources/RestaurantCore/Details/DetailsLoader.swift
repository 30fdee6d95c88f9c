import Foundation

/// Loads a details screen for a restaurant from whichever provider it came from.
public struct DetailsLoader: Sendable {
    private let yelp: YelpClient
    private let places: PlacesClient

    /// A loader asking `yelp` and `places`.
    public init(yelp: YelpClient, places: PlacesClient) {
        self.yelp = yelp
        self.places = places
    }

    /// Yelp: the business (three photos, phone, page, hours, coordinates) and its reviews.
    /// Google: place details. The feed: the entry itself, which holds everything there is.
    public func details(for restaurant: Restaurant) async throws(RestaurantError) -> RestaurantDetails {
        switch restaurant.id.provider {
        case .yelp:
            let business = try await yelp.business(id: restaurant.id.value)
            return Self.details(yelp: business, reviews: try await yelp.reviews(businessID: restaurant.id.value))
        case .google:
            let place = try await places.details(placeID: restaurant.id.value)
            return Self.details(google: place, photoURL: { places.photoURL(reference: $0) })
        case .facebook, .feed:
            return RestaurantDetails(restaurant: restaurant)
        }
    }

    static func details(yelp business: Yelp.Business, reviews: Yelp.ReviewsAnswer) -> RestaurantDetails {
        let hours = (business.hours?.first?.open ?? []).map { OpeningPeriod(weekday: $0.day, opens: $0.start, closes: $0.end) }
        return RestaurantDetails(
            restaurant: Restaurant(yelp: business), hours: hours,
            reviews: reviews.reviews.map { Review(author: $0.user.name, rating: $0.rating, text: $0.text, time: $0.timeCreated) })
    }

    static func details(google place: Google.Place, photoURL: (String) -> URL) -> RestaurantDetails {
        // Google counts days from Sunday (0); the core from Monday, as Yelp does.
        let hours = (place.openingHours?.periods ?? []).map {
            OpeningPeriod(weekday: ($0.open.day + 6) % 7, opens: $0.open.time, closes: $0.close?.time)
        }
        return RestaurantDetails(
            restaurant: Restaurant(google: place, photoURL: photoURL), hours: hours,
            reviews: (place.reviews ?? []).map { Review(author: $0.authorName, rating: $0.rating, text: $0.text, time: $0.relativeTimeDescription) })
    }
}
