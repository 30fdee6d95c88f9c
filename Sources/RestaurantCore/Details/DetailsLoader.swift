import Foundation

/// Loads a details screen for a restaurant from whichever provider it came from.
public struct DetailsLoader: Sendable {
    private let yelp: YelpClient
    private let places: PlacesClient
    private let placesV1: PlacesV1Client?

    /// A loader asking `yelp`, `places` and, for places found with Places API (New), `placesV1`
    /// (without it, such a place shows what its list row had).
    public init(yelp: YelpClient, places: PlacesClient, placesV1: PlacesV1Client? = nil) {
        self.yelp = yelp
        self.places = places
        self.placesV1 = placesV1
    }

    /// Yelp: the business (three photos, phone, page, hours, coordinates) and its reviews.
    /// Google: place details, legacy or Place Details (New) with the details screen's mask.
    /// The feed: the entry itself, which holds everything there is.
    public func details(for restaurant: Restaurant) async throws(RestaurantError) -> RestaurantDetails {
        switch restaurant.id.provider {
        case .yelp:
            let business = try await yelp.business(id: restaurant.id.value)
            return Self.details(yelp: business, reviews: try await yelp.reviews(businessID: restaurant.id.value))
        case .google:
            let place = try await places.details(placeID: restaurant.id.value)
            return Self.details(google: place, photoURL: { places.photoURL(reference: $0) })
        case .placesV1:
            guard let placesV1 else { return RestaurantDetails(restaurant: restaurant) }
            let place = try await placesV1.place(id: restaurant.id.value, fields: .details)
            return Self.details(placesV1: place, photoURL: { placesV1.photoMediaURL(name: $0) })
        case .facebook, .feed, .routesV2:
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

    static func details(placesV1 place: PlacesV1.Place, photoURL: (String) -> URL) -> RestaurantDetails {
        // Google counts days from Sunday (0); the core from Monday, as Yelp does.
        let hours = (place.regularOpeningHours?.periods ?? []).map {
            OpeningPeriod(weekday: (($0.open.day ?? 0) + 6) % 7, opens: $0.open.hhmm, closes: $0.close?.hhmm)
        }
        let reviews = (place.reviews ?? []).map {
            Review(author: $0.authorAttribution?.displayName ?? "", rating: Int(($0.rating ?? 0).rounded()),
                   text: $0.text?.text ?? $0.originalText?.text ?? "", time: $0.relativePublishTimeDescription ?? $0.publishTime ?? "")
        }
        return RestaurantDetails(restaurant: Restaurant(placesV1: place, photoURL: photoURL), hours: hours, reviews: reviews)
    }
}
