import Foundation
import RestaurantCore
import Testing

/// The Places API (New) and Routes API models on their own: what a mask leaves out, durations
/// as Google writes them, and Google's error envelope.
@Suite("Places API (New) and Routes API decoding")
struct PlacesV1DecodingTests {
    private func decode<Value: Decodable>(_: Value.Type, _ json: String) throws -> Value {
        try JSONDecoder().decode(Value.self, from: Data(json.utf8))
    }

    @Test func durationsAreSecondsWithAFinalS() throws {
        #expect(RoutesV2.Duration("123s")?.seconds == 123)
        #expect(RoutesV2.Duration("0s")?.seconds == 0)
        #expect(RoutesV2.Duration("1234.500s")?.seconds == 1234.5)
        #expect(RoutesV2.Duration("1234.500s")?.wholeSeconds == 1235)
        for text in ["123", "s", "", "12 s", "1e3s", "infs", "nans", "123m"] { #expect(RoutesV2.Duration(text) == nil, "\(text)") }
        #expect(RoutesV2.Duration(seconds: 527).description == "527s")
        #expect(RoutesV2.Duration(seconds: 1.5).description == "1.5s")

        let answer = try decode(RoutesV2.ComputeRoutesAnswer.self, #"{"routes": [{"duration": "527s", "distanceMeters": 717, "legs": [{"duration": "527s"}]}]}"#)
        #expect(answer.routes?.first?.duration?.wholeSeconds == 527)
        #expect(answer.routes?.first?.distanceMeters == 717)
        #expect(answer.routes?.first?.legs?.first?.duration == RoutesV2.Duration(seconds: 527))
        #expect(answer.routes?.first?.polyline == nil)  // not in the mask
        // A number where Google writes a string, or a string without its `s`, does not decode.
        #expect(throws: DecodingError.self) { try decode(RoutesV2.ComputeRoutesAnswer.self, #"{"routes": [{"duration": 527}]}"#) }
        #expect(throws: DecodingError.self) { try decode(RoutesV2.ComputeRoutesAnswer.self, #"{"routes": [{"duration": "527"}]}"#) }
        // No route: Google answers `{}`.
        #expect(try decode(RoutesV2.ComputeRoutesAnswer.self, "{}").routes == nil)
    }

    @Test func aMatrixIsAnArrayOfElements() throws {
        let elements = try decode([RoutesV2.MatrixElement].self, #"""
            [{"originIndex": 0, "destinationIndex": 1, "status": {}, "condition": "ROUTE_EXISTS", "distanceMeters": 1690, "duration": "1243s"},
             {"originIndex": 0, "destinationIndex": 0, "status": {"code": 5, "message": "no route"}, "condition": "ROUTE_NOT_FOUND"}]
            """#)
        #expect(elements.map(\.destinationIndex) == [1, 0])
        #expect(elements[0].duration?.seconds == 1243)
        #expect(elements[1].status?.code == 5)
        #expect(elements[1].duration == nil)
    }

    @Test func aPlaceHasWhatTheMaskAskedForAndAnIDAlways() throws {
        let bare = try decode(PlacesV1.Place.self, #"{"id": "ChIJ1"}"#)
        #expect(bare.displayName == nil && bare.photos == nil && bare.rating == nil && bare.currentOpeningHours == nil)
        let restaurant = Restaurant(placesV1: bare, photoURL: { URL(fileURLWithPath: $0) })
        #expect(restaurant.id == RestaurantID(provider: .placesV1, value: "ChIJ1"))
        #expect(restaurant.name.isEmpty && restaurant.addressLines.isEmpty && restaurant.imageURL == nil && restaurant.isOpenNow == nil)
        // Without `id` in the mask the core cannot tell places apart: that is an error, not a guess.
        #expect(throws: DecodingError.self) { try decode(PlacesV1.Place.self, #"{"displayName": {"text": "Deli"}}"#) }

        let row = try decode(PlacesV1.Place.self, #"""
            {"id": "ChIJ2", "displayName": {"text": "Deli", "languageCode": "en"}, "primaryType": "deli", "types": ["deli", "restaurant", "deli"],
             "location": {"latitude": 37.77511, "longitude": -122.41974}, "currentOpeningHours": {"openNow": false},
             "internationalPhoneNumber": "+1 415-555-0164", "nationalPhoneNumber": "(415) 555-0164",
             "photos": [{"name": "places/ChIJ2/photos/P1", "widthPx": 4032, "heightPx": 3024}, {"name": "places/ChIJ2/photos/P2"}]}
            """#)
        let deli = Restaurant(placesV1: row, photoURL: { URL(string: "https://example.com/v1/\($0)/media")! })
        #expect(deli.name == "Deli")
        #expect(deli.categories == ["deli", "restaurant"])
        #expect(deli.coordinate == Coordinate(latitude: 37.77511, longitude: -122.41974))
        #expect(deli.phone == "+14155550164")
        #expect(deli.isOpenNow == false)
        #expect(deli.imageURL?.path == "/v1/places/ChIJ2/photos/P1/media")
        #expect(deli.photoURLs.count == 2)
    }

    @Test func hoursLeaveOutZeros() throws {
        // Google leaves out a zero hour or minute (midnight) and a zero day (Sunday).
        let hours = try decode(PlacesV1.OpeningHours.self, #"{"periods": [{"open": {"hour": 9}, "close": {"day": 1, "minute": 30}}]}"#)
        let period = try #require(hours.periods?.first)
        #expect(period.open.hhmm == "0900")
        #expect(period.open.day == nil)
        #expect(period.close?.hhmm == "0030")
    }

    @Test func searchAnswersMayBeEmptyObjects() throws {
        #expect(try decode(PlacesV1.SearchNearbyAnswer.self, "{}").places == nil)
        let last = try decode(PlacesV1.SearchTextAnswer.self, #"{"places": [{"id": "a"}]}"#)
        #expect(last.places?.count == 1 && last.nextPageToken == nil)
        #expect(try decode(PlacesV1.AutocompleteAnswer.self, "{}").suggestions == nil)
    }

    @Test func googlesErrorEnvelope() throws {
        let answer = try decode(GoogleCloudErrorAnswer.self, #"""
            {"error": {"code": 400, "message": "API key not valid. Please pass a valid API key.", "status": "INVALID_ARGUMENT",
             "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "API_KEY_INVALID", "domain": "googleapis.com",
                          "metadata": {"service": "places.googleapis.com"}},
                         {"@type": "type.googleapis.com/google.rpc.LocalizedMessage", "locale": "en-US", "message": "API key not valid."}]}}
            """#)
        #expect(answer.error.code == 400)
        #expect(answer.error.status == "INVALID_ARGUMENT")
        #expect(answer.error.details?.first?.reason == "API_KEY_INVALID")
        #expect(answer.error.details?.first?.metadata == ["service": "places.googleapis.com"])
        #expect(answer.error.details?.last?.reason == nil)
        let bare = try decode(GoogleCloudErrorAnswer.self, #"{"error": {"code": 404, "message": "Requested entity was not found.", "status": "NOT_FOUND"}}"#)
        #expect(bare.error.details == nil)
    }
}
