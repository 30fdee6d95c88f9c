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

/// Places API (New) and the Routes API from the bundled packs over a real socket: field masks
/// required, answers pruned to them at every depth, one recording serving every narrower mask,
/// the miss naming the fields a recording lacks, Google's 400 for a path it does not know, the
/// SKU each request is billed at, photo redirects and JSON, the route matrix's array, and
/// Google's error envelopes.
@Suite("Places API (New) and Routes API over a socket")
struct GoogleNewAPIsTests {
    static let key = "AIzaFAKE-understudy-test-key-0000000000"
    static let deli = "/v1/places/ChIJMUcLyRd9qEmo14w5P1jH0H3"
    static let civicCenter = #"{"circle": {"center": {"latitude": 37.7749, "longitude": -122.4194}, "radius": 100.0}}"#
    static let page1Body = #"{"textQuery": "places", "pageSize": 20, "locationBias": \#(civicCenter)}"#
    static let page1Mask = try! recordedMask("places/search-text-civic-center-page1.json")
    static let nearbyBody = #"{"locationRestriction": \#(civicCenter)}"#

    /// The mask a bundled fixture was recorded with.
    static func recordedMask(_ file: String) throws -> String {
        let fixture = try JSONParser.parse(try FileBytes.read(CLIProcess.repositoryRoot.appendingPathComponent("fixtures/" + file).path))
        return try #require(fixture["request"]?["headers"]?["x-goog-fieldmask"]?.stringValue)
    }

    private func withServer(fallback: Fallback = .miss, _ body: (LiveServer, Responder) async throws -> Void) async throws {
        let root = CLIProcess.repositoryRoot
        let fixtures = fallback == .contract ? [] : try FixtureLoader.load(from: root.appendingPathComponent("fixtures").path)
        let contracts = try Contracts.load(from: root.appendingPathComponent("contracts").path)
        let responder = Responder(fixtures: fixtures, contracts: contracts, clock: ManualClock(), fallback: fallback)
        try await LiveServer.withServer(responder: responder) { server in try await body(server, responder) }
    }

    /// One call as Google's clients make it: the key and the mask in headers, a JSON body.
    private func call(
        _ server: LiveServer, _ method: String, _ target: String, mask: String?, key: String? = key, body: String? = nil
    ) async throws -> SocketAnswer {
        var request = URLRequest(url: URL(string: server.baseURL.absoluteString + target)!)
        request.httpMethod = method
        if let key { request.setValue(key, forHTTPHeaderField: "X-Goog-Api-Key") }
        if let mask { request.setValue(mask, forHTTPHeaderField: "X-Goog-FieldMask") }
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(body.utf8)
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        return SocketAnswer(status: http.statusCode, json: try? JSONParser.parse(Array(data)), data: data, response: http)
    }

    private func members(_ value: JSONValue?) -> Set<String> {
        Set(value?.objectValue?.keys.map { $0 } ?? [])
    }

    // MARK: masks

    @Test func aMaskIsRequiredAndItsAbsenceIsGoogles400() async throws {
        try await withServer { server, _ in
            for (method, target, body) in [("GET", Self.deli, nil), ("POST", "/v1/places:searchText", Self.page1Body), ("POST", "/v1/places:searchNearby", Self.nearbyBody)] {
                let answer = try await call(server, method, target, mask: nil, body: body)
                #expect(answer.status == 400, "\(target)")
                #expect(answer.json?["error"]?["status"] == "INVALID_ARGUMENT")
                #expect(answer.json?["error"]?["code"] == 400)
                #expect(answer.json?["error"]?["message"]?.stringValue?.hasPrefix("FieldMask is a required parameter") == true)
            }
        }
    }

    @Test func anAnswerHoldsExactlyTheFieldsAskedForAtEveryDepth() async throws {
        try await withServer { server, responder in
            let answer = try await call(server, "POST", "/v1/places:searchText", mask: "places.displayName.text,places.location.latitude", body: Self.page1Body)
            #expect(answer.status == 200)
            #expect(members(answer.json) == ["places"], "no nextPageToken: the mask did not ask for it")
            let places = try #require(answer.json?["places"]?.arrayValue)
            #expect(places.count == 20)
            for place in places {
                #expect(members(place) == ["displayName", "location"])
                #expect(members(place["displayName"]) == ["text"])
                #expect(members(place["location"]) == ["latitude"])
            }
            #expect(responder.journal.entries.last?.fixture == "places/search-text-civic-center-page1.json")
        }
    }

    @Test func oneRecordingAnswersEveryNarrowerMaskSpelledAnyWay() async throws {
        try await withServer { server, responder in
            let one = try await call(server, "GET", Self.deli, mask: "displayName , id")
            let other = try await call(server, "GET", Self.deli, mask: "id,displayName")
            #expect(one.status == 200 && other.status == 200)
            #expect(members(one.json) == ["id", "displayName"])
            #expect(one.data == other.data)
            // The mask as Google's `$fields` parameter, where the header is not sent.
            let parameter = try await call(server, "GET", Self.deli + "?$fields=id", mask: nil)
            #expect(parameter.status == 200)
            #expect(parameter.json == ["id": "ChIJMUcLyRd9qEmo14w5P1jH0H3"])
            #expect(Set(responder.journal.entries.compactMap(\.fixture)) == ["places/details-market-and-tenth-deli.json"])
        }
    }

    @Test func aFieldThePlaceLacksIsAbsentAndOneOutsideTheRecordingIsAMissNamingIt() async throws {
        try await withServer { server, responder in
            // Inside the recorded mask, a field the place lacks is simply left out, as Google does.
            let nearby = try await call(server, "POST", "/v1/places:searchNearby", mask: "places.id,places.rating", body: Self.nearbyBody)
            #expect(nearby.status == 200)
            #expect(members(nearby.json?["places"]?.arrayValue?.first) == ["id"], "the first place has no rating")
            // Outside it, the recording cannot say: a miss whose report names the field.
            let outside = try await call(server, "GET", Self.deli, mask: "id,editorialSummary")
            #expect(outside.status == 404)
            #expect(outside.text.contains("asks for fields outside it: editorialSummary"))
            let miss = try #require(responder.journal.entries.last?.nearMisses?.first)
            #expect(miss.file == "places/details-market-and-tenth-deli.json")
            #expect(miss.mismatches.map(\.condition) == ["header.x-goog-fieldmask"])
        }
    }

    @Test func aPathTheAnswerCannotHoldIsGoogles400NamingIt() async throws {
        try await withServer { server, responder in
            let answer = try await call(server, "GET", Self.deli, mask: "id,displayNam")
            #expect(answer.status == 400)
            #expect(answer.json?["error"]?["status"] == "INVALID_ARGUMENT")
            #expect(answer.json?["error"]?["message"] == "Error expanding 'fields' parameter. Cannot find matching fields for path 'displayNam'.")
            #expect(responder.journal.violations.last?.violation?.parameter == "X-Goog-FieldMask")
            // A key pasted into a mask is not echoed: the path is named redacted.
            let pasted = try await call(server, "GET", Self.deli, mask: "id,AIzaSyMARKERpastedkey0123456789abcdefgh")
            #expect(pasted.status == 400)
            #expect(!pasted.text.contains("MARKER"), "\(pasted.text)")
            #expect(responder.journal.violations.last?.violation?.detail.contains("MARKER") == false)
            let journal = try await send(server, "/__understudy/journal")
            #expect(!journal.text.contains("MARKER"), "the journal as the admin API serves it")
            // Every field the Place resource documents is known, at any depth.
            #expect(try await call(server, "GET", Self.deli, mask: "displayName.languageCode,reviews.authorAttribution.displayName").status == 200)
            // `*` is a mask Google knows; the deli was recorded with a narrower one, so it is a miss, not a 400.
            let everything = try await call(server, "GET", Self.deli, mask: "*")
            #expect(everything.status == 404)
            #expect(everything.text.contains("asks for fields outside it: *"))
        }
    }

    // MARK: what a request costs

    @Test func eachRequestIsBilledAtTheHighestSKUItsMaskAsksFor() async throws {
        try await withServer { server, responder in
            for mask in [Self.page1Mask, "places.id", "places.id,places.displayName", "places.displayName,places.rating,places.priceLevel,nextPageToken"] {
                _ = try await call(server, "POST", "/v1/places:searchText", mask: mask, body: Self.page1Body)
            }
            _ = try await call(server, "GET", Self.deli, mask: "id,displayName")
            _ = try await call(server, "GET", Self.deli, mask: "displayNam")
            let entries = responder.journal.entries
            #expect(entries.map(\.sku) == [
                "Text Search Enterprise", "Text Search Essentials (IDs Only)", "Text Search Pro", "Text Search Enterprise", "Place Details Pro", nil,
            ])
            #expect(entries[3].charge?.raisedBy == ["places.priceLevel", "places.rating"])
            #expect(entries[4].charge?.raisedBy == ["displayName"])
            // The journal as the admin API and the dashboard read it.
            let journal = try await send(server, "/__understudy/journal")
            let billing = journal.json?["entries"]?.arrayValue?.first?["billing"]
            #expect(billing?["sku"] == "Text Search Enterprise")
            #expect(billing?["tier"] == "Enterprise")
        }
    }

    // MARK: photos

    @Test func photoMediaRedirectsToTheImageOrAnswersJSON() async throws {
        try await withServer { server, _ in
            let media = "/v1/places/ChIJMUcLyRd9qEmo14w5P1jH0H3/photos/AWn5SU7deli/media"
            let connection = try RawHTTPConnection(port: server.port)
            let redirect = try connection.get(media + "?maxWidthPx=400", headers: ["X-Goog-Api-Key": Self.key])
            #expect(redirect.status == 302)
            #expect(redirect.header("Location") == "/places/AWn5SU7deli")
            let json = try await call(server, "GET", media + "?maxWidthPx=400&skipHttpRedirect=true", mask: nil)
            #expect(json.status == 200)
            #expect(json.json?["name"] == "places/ChIJMUcLyRd9qEmo14w5P1jH0H3/photos/AWn5SU7deli/media")
            #expect(json.json?["photoUri"]?.stringValue?.hasSuffix("/places/AWn5SU7deli") == true)
            for query in ["?maxWidthPx=4801", "?maxHeightPx=0", ""] {
                let refused = try await call(server, "GET", media + query, mask: nil)
                #expect(refused.status == 400, "\(query)")
                #expect(refused.json?["error"]?["status"] == "INVALID_ARGUMENT", "\(query)")
            }
        }
    }

    // MARK: routes

    @Test func theRouteMatrixIsAJSONArrayPrunedElementByElement() async throws {
        let fixture = try JSONParser.parse(try FileBytes.read(CLIProcess.repositoryRoot.appendingPathComponent("fixtures/routes/compute-route-matrix-walk-here-to-pizza-places.json").path))
        let body = JSONWriter.string(try #require(fixture["request"]?["body"]?["jsonSubset"]))
        try await withServer { server, _ in
            let answer = try await call(server, "POST", "/distanceMatrix/v2:computeRouteMatrix", mask: "originIndex,destinationIndex,duration", body: body)
            #expect(answer.status == 200)
            let elements = try #require(answer.json?.arrayValue)
            #expect(elements.count == 5)
            #expect(elements.allSatisfy { members($0) == ["originIndex", "destinationIndex", "duration"] })
            #expect(elements.first?["duration"] == "527s")
        }
    }

    @Test func computeRoutesPrunesInsideItsLegs() async throws {
        let body = #"{"origin": {"location": {"latLng": {"latitude": 41.8947, "longitude": -87.6345}}}, "destination": {"location": {"latLng": {"latitude": 41.899432, "longitude": -87.632186}}}, "travelMode": "WALK"}"#
        try await withServer { server, _ in
            let answer = try await call(server, "POST", "/directions/v2:computeRoutes", mask: "routes.legs.duration", body: body)
            #expect(answer.status == 200)
            #expect(answer.json == ["routes": [["legs": [["duration": "527s"]]]]])
            let noMask = try await call(server, "POST", "/directions/v2:computeRoutes", mask: nil, body: body)
            #expect(noMask.status == 400)
            // Google's clients send enums by number: 3 is WALK, and finds the walk.
            let byNumber = try await call(server, "POST", "/directions/v2:computeRoutes", mask: "routes.legs.duration", body: body.replacingOccurrences(of: #""WALK""#, with: "3"))
            #expect(byNumber.data == answer.data)
            let driving = try await call(server, "POST", "/directions/v2:computeRoutes", mask: "routes.legs.duration", body: body.replacingOccurrences(of: #""WALK""#, with: "1"))
            #expect(driving.status == 200)
            #expect(driving.json != answer.json, "DRIVE is another fixture")
        }
    }

    // MARK: Google's errors

    @Test func eachErrorComesInGooglesEnvelope() async throws {
        try await withServer { server, responder in
            let missingKey = try await call(server, "GET", Self.deli, mask: "id", key: nil)
            #expect(missingKey.status == 403)
            #expect(missingKey.json?["error"]?["status"] == "PERMISSION_DENIED")
            let badKey = try await call(server, "GET", Self.deli, mask: "id", key: "AIzaFAKE-revoked-test-key-0000000000000")
            #expect(badKey.status == 400)
            #expect(badKey.json?["error"]?["message"] == "API key not valid. Please pass a valid API key.")
            #expect(badKey.json?["error"]?["details"]?.arrayValue?.first?["reason"] == "API_KEY_INVALID")
            #expect(!badKey.text.contains("AIzaFAKE-revoked"), "the key is not echoed")
            // The key as the `key` parameter works as the header does.
            #expect(try await call(server, "GET", Self.deli + "?key=\(Self.key)", mask: "id", key: nil).status == 200)
            let unknown = try await call(server, "GET", "/v1/places/ChIJUnderstudyClosedPlace0000", mask: "id")
            #expect(unknown.status == 404)
            #expect(unknown.json?["error"]?["status"] == "NOT_FOUND")
            let tooMany = try await call(
                server, "POST", "/v1/places:searchNearby", mask: "places.id", body: #"{"maxResultCount": 21, "locationRestriction": \#(Self.civicCenter)}"#)
            #expect(tooMany.status == 400)
            #expect(tooMany.json?["error"]?["status"] == "INVALID_ARGUMENT")
            #expect(responder.journal.violations.last?.violation?.parameter == "maxResultCount")
            let unknownMember = try await call(server, "POST", "/v1/places:searchNearby", mask: "places.id", body: #"{"locationRestriction": \#(Self.civicCenter), "radius": 5}"#)
            #expect(unknownMember.status == 400)
        }
    }

    @Test func aUsedUpQuotaIsResourceExhausted() async throws {
        try await withServer { server, responder in
            responder.defaultSession.setQuotaLimit(1, for: "places")
            #expect(try await call(server, "GET", Self.deli, mask: "id").status == 200)
            let exhausted = try await call(server, "GET", Self.deli, mask: "id")
            #expect(exhausted.status == 429)
            #expect(exhausted.json?["error"]?["status"] == "RESOURCE_EXHAUSTED")
            #expect(exhausted.json?["error"]?["code"] == 429)
        }
    }

    @Test func textSearchPagesRunOnPageTokensInTheBody() async throws {
        try await withServer { server, _ in
            let page1 = try await call(server, "POST", "/v1/places:searchText", mask: Self.page1Mask, body: Self.page1Body)
            let token = try #require(page1.json?["nextPageToken"]?.stringValue)
            let page2Body = #"{"textQuery": "places", "pageSize": 20, "pageToken": "\#(token)", "locationBias": \#(Self.civicCenter)}"#
            let page2 = try await call(server, "POST", "/v1/places:searchText", mask: Self.page1Mask, body: page2Body)
            #expect(page2.status == 200)
            #expect(page2.json?["places"]?.arrayValue?.count == 20)
            let forged = page2Body.replacingOccurrences(of: token, with: "AeeoHcUnderstudyNeverIssued")
            let refused = try await call(server, "POST", "/v1/places:searchText", mask: Self.page1Mask, body: forged)
            #expect(refused.status == 400)
            #expect(refused.json?["error"]?["status"] == "INVALID_ARGUMENT")
        }
    }

    @Test func answersFromTheContractHonourTheMask() async throws {
        try await withServer(fallback: .contract) { server, _ in
            let answer = try await call(server, "POST", "/v1/places:searchText", mask: "places.id,places.displayName.text", body: Self.page1Body)
            #expect(answer.status == 200)
            #expect(answer.response.value(forHTTPHeaderField: "X-Understudy-Generated") == "1")
            #expect(members(answer.json).isSubset(of: ["places"]))
            for place in answer.json?["places"]?.arrayValue ?? [] {
                #expect(members(place).isSubset(of: ["id", "displayName"]))
                #expect(members(place["displayName"]).isSubset(of: ["text"]))
            }
        }
    }
}
