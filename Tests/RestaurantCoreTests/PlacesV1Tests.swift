import Foundation
import RestaurantCore
import Testing
import UnderstudyTesting
import UnderstudyCore

/// The Places API (New) client against Understudy: masks narrower than the recordings, the
/// three pages of a text search, photo media as JSON, autocomplete, and Google's errors.
@Suite("Places API (New) client")
struct PlacesV1Tests {
    @Test(arguments: TestServer.Mode.allCases) func aNarrowerMaskGetsOnlyItsFields(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            // The details fixture was recorded with the details screen's mask; a row needs less.
            let deli = try await server.placesV1.place(id: "ChIJMUcLyRd9qEmo14w5P1jH0H3", fields: PlacesV1.FieldMask(["id", "displayName", "nationalPhoneNumber"]))
            #expect(deli.displayName?.text == "Market & Tenth Deli")
            #expect(deli.nationalPhoneNumber == "(415) 555-0164")
            #expect(deli.formattedAddress == nil && deli.reviews == nil && deli.websiteUri == nil)
            server.expectRequests(answeredBy: "places/details-market-and-tenth-deli.json", count: 1)
            server.expectNoUnmatchedRequests()
            server.expectNoContractViolations()
            // Phone numbers are billed at Enterprise.
            server.expectBilling(atMost: "Enterprise")
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func textSearchPagesEndWithoutAToken(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            let search = RestaurantSearch(source: TextSearchPages(client: server.placesV1, search: .around(civicCenter)))
            #expect(await search.load().results.count == 20)
            #expect(await search.loadNextPage().results.count == 40)
            let last = await search.loadNextPage()
            #expect(last.results.count == 45)
            #expect(last.isEndOfResults)
            #expect(Set(last.results.map(\.id)).count == 45)
            #expect(await search.loadNextPage() == last)  // nothing more is asked
            for page in 1...3 { server.expectRequests(answeredBy: "places/search-text-civic-center-page\(page).json", count: 1) }
            #expect(server.journal.entries.count == 3)
            server.expectNoUnmatchedRequests()
            server.expectNoContractViolations()
            server.expectBilling(atMost: "Pro")
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func photoMediaAsJSONThenTheImage(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            let name = "places/ChIJMUcLyRd9qEmo14w5P1jH0H3/photos/AUc7tXVfTO9QYLJdUlrnp0OZTR8Xfdw"
            let media = try await server.placesV1.photoMedia(name: name, maxWidthPx: 800)
            #expect(media.name == name + "/media")
            // The fixture writes the photo's URL from the request's Host header, in both modes.
            let photoURI = try #require(URL(string: media.photoUri))
            #expect(photoURI.host != nil, "\(media.photoUri)")
            let image = try await server.imageLoader().image(at: photoURI)
            #expect(Array(image.prefix(3)) == [0xFF, 0xD8, 0xFF])
            server.expectRequests(answeredBy: "places/photo-media-skip-http-redirect.json", count: 1)
            server.expectRequests(answeredBy: "google/images/place-photo.json", count: 1)
            server.expectNoUnmatchedRequests()
            server.expectNoContractViolations()
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func autocompleteThenDetailsOfTheSuggestion(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            let answer = try await server.placesV1.autocomplete("Little Lem", near: civicCenter)
            let prediction = try #require(answer.suggestions?.first?.placePrediction)
            #expect(prediction.structuredFormat?.mainText.text == "Little Lemongrass Thai")
            let details = try await DetailsLoader(yelp: server.yelp, places: server.places, placesV1: server.placesV1)
                .details(for: Restaurant(id: RestaurantID(provider: .placesV1, value: prediction.placeId), name: prediction.text.text))
            #expect(details.restaurant.name == "Little Lemongrass Thai")
            #expect(!details.reviews.isEmpty)
            server.expectRequests(answeredBy: "places/autocomplete-little-lem.json", count: 1)
            server.expectRequests(answeredBy: "places/details-little-lemongrass-thai.json", count: 1)
            server.expectNoUnmatchedRequests()
            server.expectNoContractViolations()
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func aPlaceGoogleNoLongerKnowsIsNotFound(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            let error = await #expect(throws: RestaurantError.self) { try await server.placesV1.place(id: "ChIJUnderstudyClosedPlace0000") }
            #expect(error == .provider(ProviderError(provider: .placesV1, status: 404, code: "NOT_FOUND", message: "Requested entity was not found.")))
            server.expectRequests(answeredBy: "places/errors/details-not-found.json", count: 1)
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func aRevokedKeyIsGooglesInvalidArgument(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            var revoked = canonical
            revoked.googleAPIKey = "AIzaFAKE-revoked-test-key-0000000000000"
            let client = PlacesV1Client(configuration: server.app(revoked), session: server.session)
            let error = await #expect(throws: RestaurantError.self) { try await client.searchNearby(.around(civicCenter)) }
            let provider = try #require(error?.providerError)
            #expect(provider.provider == .placesV1)
            #expect(provider.status == 400)
            #expect(provider.code == "INVALID_ARGUMENT")
            #expect(provider.reason == "API_KEY_INVALID")
            #expect(provider.message?.hasPrefix("API key not valid") == true)
        }
    }
}
