import Foundation
import Testing
import UnderstudyCore
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudyContracts
import UnderstudyServer
import UnderstudySupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The legacy Google web services a restaurant app adds beyond the seed apps' paths (issue 41):
/// Text Search with its page tokens, Find Place, Place Autocomplete, Geocoding and Distance
/// Matrix, from the bundled `google` pack and fixtures over a real socket. Each operation: a
/// fixture answer, its documented errors in its own envelope, and its rules across parameters
/// (those only documented are shown to refuse nothing). Time is a `ManualClock`; nothing sleeps.
@Suite("Google legacy web services beyond the seed apps over a socket")
struct GoogleLegacyMoreEndpointsTests {
    static let key = "AIzaFAKE-understudy-test-key-0000000000"
    static let revoked = "AIzaFAKE-revoked-test-key-0000000000000"
    static let keyMissingMessage =
        "You must use an API key to authenticate each request to Google Maps Platform APIs. For additional information, please refer to http://g.co/dev/maps-no-account"
    static let textSearch = "/maps/api/place/textsearch/json?query=restaurants%20near%20Civic%20Center,%20San%20Francisco&location=37.7749,-122.4194&radius=100"
    static let littleLemongrass = "ChIJHApqc1aX4vabdI3Wk3mW612"
    static let here = "41.8947,-87.6345"
    static let wells = "41.899432,-87.632186", tavern = "41.900635,-87.648312", deepDish = "41.875854,-87.625288", wicker = "41.905305,-87.673674"

    private func withServer(
        fallback: Fallback = .miss, _ body: (LiveServer, Responder, ManualClock) async throws -> Void
    ) async throws {
        let root = CLIProcess.repositoryRoot
        let fixtures = fallback == .contract ? [] : try FixtureLoader.load(from: root.appendingPathComponent("fixtures").path)
        let contracts = try Contracts.load(from: root.appendingPathComponent("contracts").path)
        let clock = ManualClock()
        let responder = Responder(fixtures: fixtures, contracts: contracts, clock: clock, fallback: fallback)
        try await LiveServer.withServer(responder: responder) { server in try await body(server, responder, clock) }
    }

    /// A GET with the canonical key appended (or `key` instead, or none).
    private func get(_ server: LiveServer, _ target: String, key: String? = key) async throws -> SocketAnswer {
        let separator = target.contains("?") ? "&" : "?"
        return try await send(server, key.map { target + separator + "key=" + $0 } ?? target)
    }

    /// What answered each request: a fixture file or the provider's own answer (without the
    /// reason in parentheses, such as "page token not valid yet").
    private func answeredBy(_ responder: Responder) -> [String] {
        responder.journal.entries.map { entry in
            entry.fixture ?? entry.answeredBy.map { String($0.prefix { $0 != "(" }).trimmingCharacters(in: .whitespaces) } ?? "MISS"
        }
    }

    // MARK: Text Search

    @Test func textSearchAnswersThreePagesOfTheNearbyPlacesWithTokensValidAfterTheirDelay() async throws {
        try await withServer { server, responder, clock in
            let page1 = try await get(server, Self.textSearch)
            #expect(page1.status == 200)
            #expect(page1.json?["status"] == "OK")
            let first = try #require(page1.json?["results"]?.arrayValue)
            #expect(first.count == 20)
            #expect(first[1]["name"] == "Market & Tenth Deli")
            #expect(first[1]["place_id"] == "ChIJMUcLyRd9qEmo14w5P1jH0H3")
            #expect(first[1]["formatted_address"] == "1390 Market Street, San Francisco, CA 94102, USA")
            #expect(first[1]["vicinity"] == nil)
            let token = try #require(page1.json?["next_page_token"]?.stringValue)

            // Too early: the provider's INVALID_REQUEST, on the clock.
            let page2Target = "/maps/api/place/textsearch/json?pagetoken=\(token)"
            #expect(try await get(server, page2Target).json == ["html_attributions": [], "results": [], "status": "INVALID_REQUEST"])
            clock.advance(by: 1.9)
            #expect(try await get(server, page2Target).json?["status"] == "INVALID_REQUEST")
            clock.advance(by: 0.1)
            let page2 = try await get(server, page2Target + "&minprice=0&maxprice=4")
            #expect(page2.json?["status"] == "OK")
            #expect(page2.json?["results"]?[0]?["place_id"] == .string(Self.littleLemongrass))
            #expect(page2.json?["results"]?.arrayValue?.count == 20)
            let token3 = try #require(page2.json?["next_page_token"]?.stringValue)
            clock.advance(by: 2)
            let page3 = try await get(server, "/maps/api/place/textsearch/json?pagetoken=\(token3)")
            #expect(page3.json?["results"]?.arrayValue?.count == 5)
            #expect(page3.json?["next_page_token"] == nil)

            // A token never issued.
            #expect(try await get(server, "/maps/api/place/textsearch/json?pagetoken=never-issued").json?["status"] == "INVALID_REQUEST")
            #expect(answeredBy(responder) == [
                "google/textsearch-page1.json", "google: invalidRequest", "google: invalidRequest", "google/textsearch-page2.json",
                "google/textsearch-page3.json", "google: invalidRequest",
            ])
        }
    }

    @Test func textSearchNeedsAQueryOrATypeAndAKey() async throws {
        try await withServer { server, responder, _ in
            let noQuery = try await get(server, "/maps/api/place/textsearch/json?location=37.7749,-122.4194&radius=100")
            #expect(noQuery.status == 200)
            #expect(noQuery.json == ["html_attributions": [], "results": [], "status": "INVALID_REQUEST"])
            #expect(responder.journal.violations.last?.violation?.parameter == "query")
            // A type stands in for the query (google-maps-services-python#399): not refused by the contract.
            let typeOnly = try await get(server, "/maps/api/place/textsearch/json?type=restaurant&location=37.7749,-122.4194&radius=100")
            #expect(typeOnly.json?["status"] != "INVALID_REQUEST")
            #expect(responder.journal.violations.count == 1)
            let missing = try await get(server, Self.textSearch, key: nil)
            #expect(missing.json?["status"] == "REQUEST_DENIED")
            #expect(missing.json?["results"] == [])
            #expect(missing.json?["error_message"] == .string(Self.keyMissingMessage))
            let revoked = try await get(server, Self.textSearch, key: Self.revoked)
            #expect(revoked.json == ["error_message": "The provided API key is invalid.", "html_attributions": [], "results": [], "status": "REQUEST_DENIED"])
            let price = try await get(server, Self.textSearch + "&maxprice=5")
            #expect(price.json?["status"] == "INVALID_REQUEST")
        }
    }

    // MARK: Find Place

    @Test func findPlaceAnswersTheFieldsAskedForOrOnlyThePlaceID() async throws {
        try await withServer { server, _, _ in
            let fields = "business_status,formatted_address,geometry,name,opening_hours,place_id,rating"
            let answer = try await get(server, "/maps/api/place/findplacefromtext/json?input=Civic%20Center%20Noodle%20Co.&inputtype=textquery&fields=\(fields)")
            #expect(answer.status == 200)
            #expect(answer.json?["status"] == "OK")
            let candidate = try #require(answer.json?["candidates"]?[0])
            #expect(candidate["place_id"] == "ChIJvIOIRITlUBdN6OH1pSlAZxS")
            #expect(candidate["name"] == "Civic Center Noodle Co.")
            #expect(candidate["geometry"]?["location"]?.latLng == [37.77537, -122.41928])
            #expect(Set(candidate.objectValue?.keys.map { $0 } ?? []) == Set(fields.split(separator: ",").map(String.init)))
            let bare = try await get(server, "/maps/api/place/findplacefromtext/json?input=Civic%20Center%20Noodle%20Co.&inputtype=textquery")
            #expect(bare.json == ["candidates": [["place_id": "ChIJvIOIRITlUBdN6OH1pSlAZxS"]], "status": "OK"])
            let unknown = try await get(server, "/maps/api/place/findplacefromtext/json?input=Understudy%20Nowhere%20Diner&inputtype=textquery")
            #expect(unknown.json == ["candidates": [], "status": "ZERO_RESULTS"])
        }
    }

    @Test func findPlaceAnswersErrorsWithEmptyCandidates() async throws {
        try await withServer { server, _, _ in
            let noType = try await get(server, "/maps/api/place/findplacefromtext/json?input=Civic%20Center%20Noodle%20Co.")
            #expect(noType.status == 200)
            #expect(noType.json == ["candidates": [], "status": "INVALID_REQUEST"])
            let badType = try await get(server, "/maps/api/place/findplacefromtext/json?input=x&inputtype=address")
            #expect(badType.json == ["candidates": [], "status": "INVALID_REQUEST"])
            let badBias = try await get(server, "/maps/api/place/findplacefromtext/json?input=x&inputtype=textquery&locationbias=near:here")
            #expect(badBias.json?["status"] == "INVALID_REQUEST")
            let missing = try await get(server, "/maps/api/place/findplacefromtext/json?input=x&inputtype=textquery", key: nil)
            #expect(missing.json == ["candidates": [], "error_message": .string(Self.keyMissingMessage), "status": "REQUEST_DENIED"])
            let revoked = try await get(server, "/maps/api/place/findplacefromtext/json?input=x&inputtype=textquery", key: Self.revoked)
            #expect(revoked.json == ["candidates": [], "error_message": "The provided API key is invalid.", "status": "REQUEST_DENIED"])
        }
    }

    // MARK: Place Autocomplete

    @Test func autocompleteSuggestsAPlaceWhoseDetailsAreBundledInTheSameSession() async throws {
        try await withServer { server, responder, _ in
            let session = "5f0c2a8e-4b1d-4c3e-9a7f-2d6b8e1c0a93"
            let answer = try await get(server, "/maps/api/place/autocomplete/json?input=Little%20Lem&location=37.7749,-122.4194&radius=500&sessiontoken=\(session)")
            #expect(answer.status == 200)
            #expect(answer.json?["status"] == "OK")
            let prediction = try #require(answer.json?["predictions"]?[0])
            #expect(prediction["structured_formatting"]?["main_text"] == "Little Lemongrass Thai")
            let placeID = try #require(prediction["place_id"]?.stringValue)
            #expect(placeID == Self.littleLemongrass)
            let details = try await get(server, "/maps/api/place/details/json?place_id=\(placeID)&sessiontoken=\(session)")
            #expect(details.json?["result"]?["name"] == "Little Lemongrass Thai")
            #expect(details.json?["result"]?["geometry"]?["location"]?.latLng == [37.77416, -122.41896])
            // Without a session token it is not the recording (the fixture asks for one).
            let noSession = try await get(server, "/maps/api/place/autocomplete/json?input=Little%20Lem&location=37.7749,-122.4194&radius=500")
            #expect(noSession.status == 404)
            let none = try await get(server, "/maps/api/place/autocomplete/json?input=zzqxj")
            #expect(none.json == ["predictions": [], "status": "ZERO_RESULTS"])
            #expect(answeredBy(responder).prefix(2) == ["google/autocomplete-little-lem.json", "google/details-little-lemongrass-thai-placeid.json"])
        }
    }

    @Test func autocompleteAnswersErrorsWithEmptyPredictionsAndOnlyDocumentsStrictBounds() async throws {
        try await withServer { server, responder, _ in
            let noInput = try await get(server, "/maps/api/place/autocomplete/json?location=37.7749,-122.4194&radius=500")
            #expect(noInput.json == ["predictions": [], "status": "INVALID_REQUEST"])
            let badComponents = try await get(server, "/maps/api/place/autocomplete/json?input=piz&components=us")
            #expect(badComponents.json == ["predictions": [], "status": "INVALID_REQUEST"])
            let missing = try await get(server, "/maps/api/place/autocomplete/json?input=piz", key: nil)
            #expect(missing.json == ["error_message": .string(Self.keyMissingMessage), "predictions": [], "status": "REQUEST_DENIED"])
            let revoked = try await get(server, "/maps/api/place/autocomplete/json?input=piz", key: Self.revoked)
            #expect(revoked.json == ["error_message": "The provided API key is invalid.", "predictions": [], "status": "REQUEST_DENIED"])
            // strictbounds without a region is documented, not refused: the request reaches the fixtures.
            let before = responder.journal.violations.count
            let strict = try await get(server, "/maps/api/place/autocomplete/json?input=zzqxj&strictbounds=true")
            #expect(strict.json == ["predictions": [], "status": "ZERO_RESULTS"])
            #expect(responder.journal.violations.count == before)
        }
    }

    // MARK: Geocoding

    @Test func geocodesTheSeedAppsAddressesBothWays() async throws {
        try await withServer { server, _, _ in
            let mart = try await get(server, "/maps/api/geocode/json?address=222%20W%20Merchandise%20Mart%20Plaza,%20Chicago,%20IL")
            #expect(mart.json?["status"] == "OK")
            #expect(mart.json?["results"]?[0]?["geometry"]?["location"]?.latLng == [41.8947, -87.6345])
            #expect(mart.json?["results"]?[0]?["place_id"] == "ChIJFAKEorigin732766")
            let back = try await get(server, "/maps/api/geocode/json?latlng=\(Self.here)")
            #expect(back.json?["results"]?[0]?["formatted_address"] == "222 W Merchandise Mart Plaza, Chicago, IL 60654, USA")
            #expect(back.json?["results"]?[0]?["place_id"] == "ChIJFAKEorigin732766")

            let city = try await get(server, "/maps/api/geocode/json?address=San%20Francisco,%20CA")
            #expect(city.json?["results"]?[0]?["place_id"] == "ChIJIyTr92HE7uyxWyBQxLkgVfP")
            #expect(city.json?["results"]?[0]?["geometry"]?["location"]?.latLng == [37.7749295, -122.4194155])
            let civic = try await get(server, "/maps/api/geocode/json?latlng=37.7749,-122.4194")
            #expect(civic.json?["results"]?[0]?["formatted_address"] == "10 10th St, San Francisco, CA 94103, USA")
            #expect(civic.json?["results"]?[1]?["place_id"] == "ChIJIyTr92HE7uyxWyBQxLkgVfP")
            let byID = try await get(server, "/maps/api/geocode/json?place_id=ChIJIyTr92HE7uyxWyBQxLkgVfP")
            #expect(byID.json?["results"] == city.json?["results"])

            let cupertino = try await get(server, "/maps/api/geocode/json?address=Cupertino,%20CA")
            #expect(cupertino.json?["results"]?[0]?["geometry"]?["location"]?.latLng == [37.3229978, -122.0321823])
            let cupertinoBack = try await get(server, "/maps/api/geocode/json?latlng=37.323,-122.032")
            #expect(cupertinoBack.json?["results"]?[1]?["formatted_address"] == "Cupertino, CA, USA")

            let nowhere = try await get(server, "/maps/api/geocode/json?address=0%20Understudy%20Nowhere%20Street,%20Atlantis")
            #expect(nowhere.json == ["results": [], "status": "ZERO_RESULTS"])
        }
    }

    @Test func geocodingNeedsAnAddressComponentsLatlngOrPlaceIDAndAnswersErrorsWithEmptyResults() async throws {
        try await withServer { server, responder, _ in
            let none = try await get(server, "/maps/api/geocode/json?language=en")
            #expect(none.status == 200)
            #expect(none.json == [
                "error_message": "Invalid request. Missing the 'address', 'components', 'latlng' or 'place_id' parameter.",
                "results": [], "status": "INVALID_REQUEST",
            ])
            let badLatlng = try await get(server, "/maps/api/geocode/json?latlng=north")
            #expect(badLatlng.json?["status"] == "INVALID_REQUEST")
            #expect(badLatlng.json?["results"] == [])
            let badType = try await get(server, "/maps/api/geocode/json?latlng=\(Self.here)&location_type=EXACT")
            #expect(badType.json?["status"] == "INVALID_REQUEST")
            let missing = try await get(server, "/maps/api/geocode/json?address=Cupertino,%20CA", key: nil)
            #expect(missing.json == ["error_message": .string(Self.keyMissingMessage), "results": [], "status": "REQUEST_DENIED"])
            let revoked = try await get(server, "/maps/api/geocode/json?address=Cupertino,%20CA", key: Self.revoked)
            #expect(revoked.json == ["error_message": "The provided API key is invalid.", "results": [], "status": "REQUEST_DENIED"])
            // Two forms at once is documented, not refused: the address fixture still answers.
            let before = responder.journal.violations.count
            let both = try await get(server, "/maps/api/geocode/json?address=Cupertino,%20CA&latlng=\(Self.here)")
            #expect(both.json?["status"] == "OK")
            #expect(responder.journal.violations.count == before)
        }
    }

    // MARK: Distance Matrix

    @Test func distanceMatrixForZaHuntersTourMatchesTheDirectionsLegs() async throws {
        try await withServer { server, _, _ in
            let origins = [Self.here, Self.wells, Self.tavern, Self.deepDish].joined(separator: "%7C")
            let destinations = [Self.wells, Self.tavern, Self.deepDish, Self.wicker].joined(separator: "%7C")
            let matrix = try await get(server, "/maps/api/distancematrix/json?origins=\(origins)&destinations=\(destinations)&mode=driving")
            #expect(matrix.json?["status"] == "OK")
            let rows = try #require(matrix.json?["rows"]?.arrayValue)
            #expect(rows.count == 4)
            #expect(matrix.json?["origin_addresses"]?[0] == "222 W Merchandise Mart Plaza, Chicago, IL, USA")
            // The tour's legs, as the driving directions fixtures give them.
            let legs = [
                ("directions-driving-here-to-wells-street-slice-house.json", 0, 0),
                ("directions-driving-wells-street-slice-house-to-tavern-cut-pizza-co.json", 1, 1),
                ("directions-driving-tavern-cut-pizza-co-to-deep-dish-depot.json", 2, 2),
                ("directions-driving-deep-dish-depot-to-wicker-park-pie-shop.json", 3, 3),
            ]
            for (file, row, column) in legs {
                let fixture = try JSONParser.parse(try FileBytes.read(CLIProcess.repositoryRoot.appendingPathComponent("fixtures/google/directions/" + file).path))
                let leg = fixture["response"]?["json"]?["routes"]?[0]?["legs"]?[0]
                let element = rows[row]["elements"]?[column]
                #expect(element?["status"] == "OK")
                #expect(element?["distance"] == leg?["distance"], "\(file)")
                #expect(element?["duration"] == leg?["duration"], "\(file)")
            }
            let walking = try await get(server, "/maps/api/distancematrix/json?origins=\(Self.here)&destinations=\(destinations)%7C41.85312,-87.654817&mode=walking")
            #expect(walking.json?["rows"]?[0]?["elements"]?[0]?["duration"]?["value"] == 527)
            #expect(walking.json?["rows"]?[0]?["elements"]?.arrayValue?.count == 5)
        }
    }

    @Test func distanceMatrixAnswersItsOwnErrors() async throws {
        try await withServer { server, responder, _ in
            let empty: JSONValue = ["destination_addresses": [], "origin_addresses": [], "rows": [], "status": "INVALID_REQUEST"]
            #expect(try await get(server, "/maps/api/distancematrix/json?origins=\(Self.here)").json == empty)
            #expect(try await get(server, "/maps/api/distancematrix/json?origins=\(Self.here)&destinations=\(Self.wells)&mode=flying").json == empty)
            let missing = try await get(server, "/maps/api/distancematrix/json?origins=\(Self.here)&destinations=\(Self.wells)", key: nil)
            #expect(missing.json?["status"] == "REQUEST_DENIED")
            #expect(missing.json?["rows"] == [])
            #expect(missing.json?["error_message"] == .string(Self.keyMissingMessage))
            let revoked = try await get(server, "/maps/api/distancematrix/json?origins=\(Self.here)&destinations=\(Self.wells)", key: Self.revoked)
            #expect(revoked.json?["error_message"] == "The provided API key is invalid.")

            let eleven = Array(repeating: Self.here, count: 11).joined(separator: "%7C")
            let ten = Array(repeating: Self.wells, count: 10).joined(separator: "%7C")
            let tooMany = try await get(server, "/maps/api/distancematrix/json?origins=\(eleven)&destinations=\(ten)")
            #expect(tooMany.json == ["destination_addresses": [], "origin_addresses": [], "rows": [], "status": "MAX_ELEMENTS_EXCEEDED"])
            let twentySix = Array(repeating: Self.here, count: 26).joined(separator: "%7C")
            let tooWide = try await get(server, "/maps/api/distancematrix/json?origins=\(twentySix)&destinations=\(ten)")
            #expect(tooWide.json?["status"] == "MAX_DIMENSIONS_EXCEEDED")
            let nowhere = try await get(server, "/maps/api/distancematrix/json?origins=\(Self.here)&destinations=0%20Understudy%20Nowhere%20Street,%20Atlantis")
            #expect(nowhere.json?["status"] == "OK")
            #expect(nowhere.json?["rows"]?[0]?["elements"]?[0] == ["status": "NOT_FOUND"])
        }
    }

    @Test func distanceMatrixRulesAreDocumentedNotRefused() async throws {
        try await withServer { server, responder, _ in
            let origins = [Self.here, Self.wells, Self.tavern, Self.deepDish].joined(separator: "%7C")
            let destinations = [Self.wells, Self.tavern, Self.deepDish, Self.wicker].joined(separator: "%7C")
            let tour = "/maps/api/distancematrix/json?origins=\(origins)&destinations=\(destinations)&mode=driving"
            for extra in ["&departure_time=1767225600&arrival_time=1767229200", "&traffic_model=pessimistic", "&transit_mode=bus"] {
                let answer = try await get(server, tour + extra)
                #expect(answer.json?["status"] == "OK", "\(extra)")
            }
            #expect(responder.journal.violations.isEmpty)
        }
    }

    // MARK: answers from the contract

    @Test func theContractAnswersEveryNewOperationAndAnAutocompletePlaceOpensItsDetails() async throws {
        try await withServer(fallback: .contract) { server, responder, clock in
            let targets = [
                "/maps/api/place/textsearch/json?query=pizza",
                "/maps/api/place/findplacefromtext/json?input=pizza&inputtype=textquery&fields=name,place_id",
                "/maps/api/place/autocomplete/json?input=piz&sessiontoken=abc",
                "/maps/api/geocode/json?address=Chicago",
                "/maps/api/geocode/json?latlng=\(Self.here)",
                "/maps/api/distancematrix/json?origins=\(Self.here)&destinations=\(Self.wells)",
            ]
            for target in targets {
                let answer = try await get(server, target)
                #expect(answer.status == 200, "\(target)")
                #expect(answer.response.value(forHTTPHeaderField: "X-Understudy-Generated") == "1", "\(target)")
                #expect(answer.json?["status"] == "OK", "\(target)")
            }
            let autocomplete = try await get(server, "/maps/api/place/autocomplete/json?input=piz&sessiontoken=abc")
            let placeID = try #require(autocomplete.json?["predictions"]?[0]?["place_id"]?.stringValue)
            #expect(placeID.hasPrefix("understudy-"))
            let details = try await get(server, "/maps/api/place/details/json?place_id=\(placeID)&sessiontoken=abc")
            #expect(details.json?["status"] == "OK")
            #expect(details.json?["result"]?["place_id"] == .string(placeID))

            // Text search pages through generated tokens on the clock.
            let page1 = try await get(server, "/maps/api/place/textsearch/json?query=pizza")
            let token = try #require(page1.json?["next_page_token"]?.stringValue)
            #expect(try await get(server, "/maps/api/place/textsearch/json?pagetoken=\(token)").json?["status"] == "INVALID_REQUEST")
            clock.advance(by: 2)
            #expect(try await get(server, "/maps/api/place/textsearch/json?pagetoken=\(token)").json?["status"] == "OK")
            #expect(responder.journal.violations.isEmpty)
        }
    }
}

fileprivate extension JSONValue {
    /// The element at `index` of an array.
    subscript(index: Int) -> JSONValue? {
        guard let array = arrayValue, array.indices.contains(index) else { return nil }
        return array[index]
    }

    /// `{"lat", "lng"}` as two numbers.
    var latLng: [Double]? {
        guard case .number(let lat)? = self["lat"], case .number(let lng)? = self["lng"] else { return nil }
        return [lat.value, lng.value]
    }
}
