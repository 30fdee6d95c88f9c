import Foundation

extension Restaurant {
    /// A place of Places API (New), from a search or Place Details (New); `photoURL` turns a
    /// photo's `name` into the photo media URL. What the field mask left out stays empty.
    public init(placesV1 place: PlacesV1.Place, photoURL: (String) -> URL) {
        var categories = place.primaryType.map { [$0] } ?? []
        categories += (place.types ?? []).filter { !categories.contains($0) }
        let photos = (place.photos ?? []).map { photoURL($0.name) }
        self.init(
            id: RestaurantID(provider: .placesV1, value: place.id), name: place.displayName?.text ?? "",
            categories: categories, rating: place.rating, reviewCount: place.userRatingCount,
            addressLines: (place.formattedAddress ?? place.shortFormattedAddress).map { [$0] } ?? [],
            phone: place.internationalPhoneNumber.map { $0.filter { $0 == "+" || $0.isNumber } },
            displayPhone: place.nationalPhoneNumber,
            coordinate: place.location?.coordinate,
            imageURL: photos.first, photoURLs: photos,
            iconURL: URL(provided: place.iconMaskBaseUri.map { $0 + ".png" }),
            webURL: URL(provided: place.websiteUri) ?? URL(provided: place.googleMapsUri),
            isOpenNow: place.currentOpeningHours?.openNow ?? place.regularOpeningHours?.openNow)
    }
}

extension PlacesV1Client {
    /// The places of a search answer as restaurants, their photos through this client's photo
    /// media URL: what every Places (New) results list shows.
    func restaurants(_ places: [PlacesV1.Place]?) -> [Restaurant] {
        (places ?? []).map { Restaurant(placesV1: $0, photoURL: { photoMediaURL(name: $0) }) }
    }
}
