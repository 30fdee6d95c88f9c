import Foundation

extension Restaurant {
    /// A Yelp business, from search or details.
    public init(yelp business: Yelp.Business) {
        let coordinate = business.coordinates.flatMap { coordinates in
            coordinates.latitude.flatMap { latitude in coordinates.longitude.map { Coordinate(latitude: latitude, longitude: $0) } }
        }
        self.init(
            id: RestaurantID(provider: .yelp, value: business.id), name: business.name,
            categories: business.categories.map(\.title), rating: business.rating, reviewCount: business.reviewCount,
            addressLines: business.location.displayAddress, phone: business.phone.nonEmpty, displayPhone: business.displayPhone.nonEmpty,
            coordinate: coordinate, imageURL: URL(provided: business.imageURL),
            photoURLs: (business.photos ?? []).compactMap { URL(provided: $0) }, webURL: URL(provided: business.url),
            isOpenNow: business.hours?.first?.isOpenNow, distance: business.distance)
    }

    /// A Google place, from nearby search or details; `photoURL` turns a photo reference into
    /// the photo endpoint's URL.
    public init(google place: Google.Place, photoURL: (String) -> URL) {
        let address = place.formattedAddress ?? place.vicinity
        self.init(
            id: RestaurantID(provider: .google, value: place.placeID), name: place.name,
            categories: place.types ?? [], rating: place.rating, reviewCount: place.userRatingsTotal,
            addressLines: address.map { [$0] } ?? [],
            phone: place.internationalPhoneNumber.map { $0.filter { $0 == "+" || $0.isNumber } },
            displayPhone: place.formattedPhoneNumber,
            coordinate: place.geometry.map { Coordinate(latitude: $0.location.lat, longitude: $0.location.lng) },
            imageURL: place.photos?.first.map { photoURL($0.photoReference) },
            photoURLs: (place.photos ?? []).map { photoURL($0.photoReference) },
            iconURL: URL(provided: place.icon), webURL: URL(provided: place.website) ?? URL(provided: place.url),
            isOpenNow: place.openingHours?.openNow)
    }

    /// A restaurant of the lunch feed; the feed has no ids, so the name is the id.
    public init(feed entry: Feed.Restaurant) {
        self.init(
            id: RestaurantID(provider: .feed, value: entry.name), name: entry.name, categories: [entry.category],
            addressLines: entry.location.formattedAddress, phone: entry.contact?.phone, displayPhone: entry.contact?.formattedPhone,
            coordinate: Coordinate(latitude: entry.location.lat, longitude: entry.location.lng),
            imageURL: URL(provided: entry.backgroundImageURL))
    }
}
