import Foundation
import Testing
import UnderstudyCore
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport
import UnderstudyServer
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The Yelp endpoints beyond search, details and reviews (issue 41; providers.md §1.9), over a
/// real socket with the bundled fixtures and contracts: autocomplete, categories, business match,
/// phone search and transaction search. Each answers its fixture, each documented error, each
/// rule across parameters, and, with the fallback on, an answer built from the contract.
@Suite("Yelp autocomplete, categories, match, phone and transaction search")
struct YelpMoreEndpointsTests {
    static let key = "FAKE-understudy-yelp-api-key"
    /// ZaHunter's start in River North, as in the pizza search and directions fixtures.
    static let start = "latitude=41.8947&longitude=-87.6345"
    static let autocomplete = "/v3/autocomplete?text=piz&\(start)"
    static let categories = "/v3/categories"
    static let pizzaCategory = "/v3/categories/pizza"
    static let phone = "/v3/businesses/search/phone?phone=%2B13125550190"
    static let match = "/v3/businesses/matches?name=Deep%20Dish%20Depot&address1=3210%20S%20Wabash%20Ave&city=Chicago&state=IL&country=US"
    static let delivery = "/v3/transactions/delivery/search?\(start)"
    static let pizzaSearch = "/v3/businesses/search?term=pizza&\(start)&sort_by=distance&limit=20"
    static let deepDishDepot = "5Y_ytitDWTTW0JFtbznkTh"
    static let everyOperation = [autocomplete, categories, pizzaCategory, phone, match, delivery]

    struct Answer {
        let status: Int
        let json: JSONValue?
        let response: HTTPURLResponse
    }

    private func withServer(
        fallback: Fallback = .miss, clock: ManualClock = ManualClock(), _ body: (LiveServer) async throws -> Void
    ) async throws {
        let root = CLIProcess.repositoryRoot
        let fixtures = try FixtureLoader.load(from: root.appendingPathComponent("fixtures").path)
        let contracts = try Contracts.load(from: root.appendingPathComponent("contracts").path)
        let responder = Responder(fixtures: fixtures, contracts: contracts, clock: clock, fallback: fallback)
        try await LiveServer.withServer(responder: responder) { server in try await body(server) }
    }

    private func yelp(_ server: LiveServer, _ target: String, key: String? = key) async throws -> Answer {
        var request = URLRequest(url: URL(string: server.baseURL.absoluteString + target)!)
        if let key { request.setValue("Bearer \(key)", forHTTPHeaderField: "Authorization") }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        return Answer(status: http.statusCode, json: try? JSONParser.parse(Array(data)), response: http)
    }

    private func validationError(_ description: String) -> JSONValue {
        ["error": ["code": "VALIDATION_ERROR", "description": .string(description)]]
    }

    private func ids(_ value: JSONValue?) -> [String] {
        (value?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
    }

    // MARK: fixture answers

    @Test func autocompleteSuggestsTheBundledPizzaPlacesNearZaHuntersStart() async throws {
        try await withServer { server in
            let answer = try await yelp(server, Self.autocomplete)
            #expect(answer.status == 200)
            #expect(answer.response.value(forHTTPHeaderField: "Content-Type") == "application/json; charset=UTF-8")
            #expect(answer.response.value(forHTTPHeaderField: "RateLimit-DailyLimit") == "5000")
            #expect(answer.json?["categories"] == [["alias": "pizza", "title": "Pizza"]])
            #expect(answer.json?["terms"]?.arrayValue?.first == ["text": "Pizza"])
            // The suggested businesses are the pizza search's, with the same ids and names.
            let suggested = answer.json?["businesses"]?.arrayValue ?? []
            #expect(suggested.count == 3)
            let search = try await yelp(server, Self.pizzaSearch)
            #expect(search.status == 200)
            var names: [String: String] = [:]
            for business in search.json?["businesses"]?.arrayValue ?? [] {
                if let id = business["id"]?.stringValue { names[id] = business["name"]?.stringValue }
            }
            for business in suggested {
                let id = try #require(business["id"]?.stringValue)
                #expect(names[id] == business["name"]?.stringValue, "\(id)")
                #expect(business["name"]?.stringValue?.lowercased().contains("piz") == true)
            }
            #expect(server.responder.journal.violations.isEmpty)
        }
    }

    @Test func categoriesListWhatTheAppsFilterOnAndOneOpensByAlias() async throws {
        try await withServer { server in
            let all = try await yelp(server, Self.categories)
            #expect(all.status == 200)
            let aliases = Set((all.json?["categories"]?.arrayValue ?? []).compactMap { $0["alias"]?.stringValue })
            #expect(aliases.isSuperset(of: ["restaurants", "food", "coffee", "pizza", "italian", "newamerican", "thai", "sushi"]))
            let restaurants = all.json?["categories"]?.arrayValue?.first { $0["alias"] == "restaurants" }
            #expect(restaurants?["parent_aliases"] == [])
            let pizza = try await yelp(server, Self.pizzaCategory)
            #expect(pizza.status == 200)
            #expect(pizza.json == ["category": [
                "alias": "pizza", "title": "Pizza", "parent_aliases": ["restaurants"], "country_whitelist": [], "country_blacklist": [],
            ]])
            #expect(server.responder.journal.violations.isEmpty)
        }
    }

    @Test func phoneSearchAndBusinessMatchFindDeepDishDepot() async throws {
        try await withServer { server in
            let phone = try await yelp(server, Self.phone)
            #expect(phone.status == 200)
            #expect(phone.json?["total"] == 1)
            #expect(ids(phone.json?["businesses"]) == [Self.deepDishDepot])
            #expect(phone.json?["businesses"]?.arrayValue?.first?["phone"] == "+13125550190")
            let match = try await yelp(server, Self.match)
            #expect(match.status == 200)
            #expect(ids(match.json?["businesses"]) == [Self.deepDishDepot])
            #expect(match.json?["businesses"]?.arrayValue?.first?["location"]?["address1"] == "3210 S Wabash Ave")
            #expect(match.json?["businesses"]?.arrayValue?.first?["coordinates"] == phone.json?["businesses"]?.arrayValue?.first?["coordinates"])
            #expect(server.responder.journal.violations.isEmpty)
        }
    }

    @Test func aMatchNoFixtureHoldsIsAMissNotTheBusinessNotFoundTemplate() async throws {
        try await withServer { server in
            // /v3/businesses/matches is its own operation: the /v3/businesses/{id} catch-all
            // (BUSINESS_NOT_FOUND) never answers it.
            let other = try await yelp(server, Self.match.replacingOccurrences(of: "Deep%20Dish%20Depot", with: "Other%20Place"))
            #expect(other.status == 404)
            #expect(other.json?["error"]?["code"] != "BUSINESS_NOT_FOUND")
            #expect(server.responder.journal.violations.isEmpty)
        }
    }

    @Test func deliveryNearZaHuntersStartListsThePizzaPlacesThatDeliver() async throws {
        try await withServer { server in
            let answer = try await yelp(server, Self.delivery)
            #expect(answer.status == 200)
            #expect(answer.json?["total"] == 2)
            #expect(ids(answer.json?["businesses"]) == [Self.deepDishDepot, "2CcVzTDwDdiDfxXFpX-IFY"])
            for business in answer.json?["businesses"]?.arrayValue ?? [] {
                #expect(business["transactions"]?.arrayValue?.contains("delivery") == true)
            }
            #expect(server.responder.journal.violations.isEmpty)
        }
    }

    @Test func rateLimitHeadersFollowTheServersClock() async throws {
        // 2026-03-10 12:00 UTC: the daily window resets at the clock's next midnight.
        try await withServer(clock: ManualClock(start: Date(timeIntervalSince1970: 1_773_144_000))) { server in
            for target in Self.everyOperation {
                let answer = try await yelp(server, target)
                #expect(answer.status == 200, "\(target)")
                #expect(answer.response.value(forHTTPHeaderField: "RateLimit-ResetTime") == "2026-03-11T00:00:00+00:00", "\(target)")
            }
        }
    }

    // MARK: documented errors

    @Test func everyNewOperationAnswersAMissingOrRevokedKeyWithYelpsErrors() async throws {
        try await withServer { server in
            for target in Self.everyOperation {
                let missing = try await yelp(server, target, key: nil)
                #expect(missing.status == 400, "\(target)")
                #expect(missing.json == ["error": ["code": "TOKEN_MISSING", "description": "An access token must be supplied in order to use this endpoint."]], "\(target)")
                let revoked = try await yelp(server, target, key: "FAKE-revoked-yelp-api-key")
                #expect(revoked.status == 401, "\(target)")
                #expect(revoked.json?["error"]?["code"] == "TOKEN_INVALID", "\(target)")
            }
            let kinds = server.responder.journal.violations.compactMap { $0.violation?.kind }
            #expect(kinds.count == 2 * Self.everyOperation.count)
        }
    }

    @Test func theDailyQuotaCountsTheNewOperationsToo() async throws {
        try await withServer { server in
            server.responder.defaultSession.setQuotaLimit(2, for: "yelp")
            #expect(try await yelp(server, Self.autocomplete).status == 200)
            #expect(try await yelp(server, Self.categories).status == 200)
            let third = try await yelp(server, Self.phone)
            #expect(third.status == 429)
            #expect(third.json?["error"]?["code"] == "ACCESS_LIMIT_REACHED")
            #expect(third.response.value(forHTTPHeaderField: "RateLimit-Remaining") == "0")
        }
    }

    @Test func autocompleteNeedsText() async throws {
        try await withServer { server in
            let answer = try await yelp(server, "/v3/autocomplete?\(Self.start)")
            #expect(answer.status == 400)
            #expect(answer.json == validationError("The text parameter is required."))
            let far = try await yelp(server, "/v3/autocomplete?text=piz&latitude=91&longitude=-87.6345")
            #expect(far.status == 400)
            #expect(far.json == validationError("The supplied latitude: 91 is invalid."))
        }
    }

    @Test func phoneSearchNeedsANumberWithPlusAndCountryCode() async throws {
        try await withServer { server in
            let missing = try await yelp(server, "/v3/businesses/search/phone")
            #expect(missing.status == 400)
            #expect(missing.json == validationError("The phone parameter is required."))
            let local = try await yelp(server, "/v3/businesses/search/phone?phone=3125550190")
            #expect(local.status == 400)
            #expect(local.json == validationError("The supplied phone: 3125550190 is invalid."))
            let entry = try #require(server.responder.journal.violations.last)
            #expect(entry.violation?.parameter == "phone")
            #expect(entry.answeredBy == "yelp: validationError")
        }
    }

    @Test func businessMatchChecksItsRequiredMembersAndRanges() async throws {
        try await withServer { server in
            let members = [
                ("name", "Deep%20Dish%20Depot"), ("address1", "3210%20S%20Wabash%20Ave"), ("city", "Chicago"), ("state", "IL"), ("country", "US"),
            ]
            for name in ["name", "city", "state", "country"] {
                let target = "/v3/businesses/matches?" + members.filter { $0.0 != name }.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
                let answer = try await yelp(server, target)
                #expect(answer.status == 400, "\(target)")
                #expect(answer.json == validationError("The \(name) parameter is required."), "\(target)")
            }
            let tooMany = try await yelp(server, Self.match + "&limit=11")
            #expect(tooMany.json == validationError("The supplied limit: 11 is invalid."))
            let none = try await yelp(server, Self.match + "&limit=0")
            #expect(none.json == validationError("The supplied limit: 0 is invalid."))
            let threshold = try await yelp(server, Self.match + "&match_threshold=loose")
            #expect(threshold.json == validationError("The supplied match_threshold: loose is invalid."))
            let country = try await yelp(server, Self.match.replacingOccurrences(of: "country=US", with: "country=USA"))
            #expect(country.json == validationError("The supplied country: USA is invalid."))
            let long = String(repeating: "x", count: 65)
            let name = try await yelp(server, Self.match.replacingOccurrences(of: "Deep%20Dish%20Depot", with: long))
            #expect(name.json == validationError("The supplied name: \(long) is invalid."))
        }
    }

    @Test func transactionSearchTakesDeliveryOnly() async throws {
        try await withServer { server in
            let pickup = try await yelp(server, "/v3/transactions/pickup/search?\(Self.start)")
            #expect(pickup.status == 400)
            #expect(pickup.json == validationError("The supplied transaction_type: pickup is invalid."))
        }
    }

    // MARK: rules across parameters

    @Test func transactionSearchNeedsALocationOrBothCoordinates() async throws {
        try await withServer { server in
            for target in ["/v3/transactions/delivery/search", "/v3/transactions/delivery/search?latitude=41.8947"] {
                let answer = try await yelp(server, target)
                #expect(answer.status == 400, "\(target)")
                #expect(answer.json == validationError("Please specify a location or a latitude and longitude"), "\(target)")
            }
            let entry = try #require(server.responder.journal.violations.last)
            #expect(entry.violation?.kind == .brokenRule)
        }
    }

    @Test func rulesYelpIsNotKnownToRefuseAnswerFromTheFixturesOrTheContract() async throws {
        try await withServer(fallback: .contract) { server in
            // Autocomplete with one coordinate: documented as needing both, Yelp's answer unknown.
            for target in ["/v3/autocomplete?text=piz&latitude=41.8947", "/v3/autocomplete?text=piz&longitude=-87.6345"] {
                let answer = try await yelp(server, target)
                #expect(answer.status == 200, "\(target)")
                #expect(answer.response.value(forHTTPHeaderField: "X-Understudy-Generated") == "1")
            }
            // Business match without address1: documented as required now, a 200 with no
            // businesses in 2018 (YF#412).
            let noAddress = try await yelp(server, "/v3/businesses/matches?name=Deep%20Dish%20Depot&city=Chicago&state=IL&country=US")
            #expect(noAddress.status == 200)
            #expect(noAddress.json?["businesses"]?.arrayValue != nil)
            #expect(server.responder.journal.violations.isEmpty)
        }
    }

    // MARK: answers from the contract

    @Test func theFallbackAnswersEveryNewOperationAndItsIdsOpenDetails() async throws {
        try await withServer(fallback: .contract) { server in
            let targets = [
                "/v3/autocomplete?text=sus&latitude=37.7749&longitude=-122.4194",
                "/v3/categories?locale=fr_FR",
                "/v3/categories/tacos",
                "/v3/businesses/search/phone?phone=%2B14155550000",
                "/v3/businesses/matches?name=Elsewhere&address1=1%20Main%20St&city=Oakland&state=CA&country=US",
                "/v3/transactions/delivery/search?location=Oakland,%20CA",
            ]
            var answers: [String: Answer] = [:]
            for target in targets {
                let answer = try await yelp(server, target)
                #expect(answer.status == 200, "\(target)")
                #expect(answer.response.value(forHTTPHeaderField: "X-Understudy-Generated") == "1", "\(target)")
                #expect(answer.response.value(forHTTPHeaderField: "RateLimit-DailyLimit") != nil, "\(target)")
                answers[target] = answer
            }
            #expect(answers[targets[2]]?.json?["category"]?["alias"] == "tacos")
            // A suggested business opens in details: the generated id goes to the fallback, not
            // to the BUSINESS_NOT_FOUND catch-all.
            let suggestions = ids(answers[targets[0]]?.json?["businesses"])
            let suggestion = try #require(suggestions.first)
            #expect(suggestion.hasPrefix("understudy-"))
            let details = try await yelp(server, "/v3/businesses/\(suggestion)")
            #expect(details.status == 200)
            #expect(details.json?["id"]?.stringValue == suggestion)
            let matches = ids(answers[targets[4]]?.json?["businesses"])
            let matched = try #require(matches.first)
            #expect(try await yelp(server, "/v3/businesses/\(matched)").json?["id"]?.stringValue == matched)
            // The same request gets the same bytes.
            let again = try await yelp(server, targets[0])
            #expect(again.json == answers[targets[0]]?.json)
            #expect(server.responder.journal.violations.isEmpty)
        }
    }
}
