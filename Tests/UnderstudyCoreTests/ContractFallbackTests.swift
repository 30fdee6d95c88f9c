import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyContracts
import UnderstudyJSON
@testable import UnderstudyFixtures
import UnderstudySupport
import UnderstudyTestSupport

/// `Fallback.contract`: requests no fixture answers get answers built from the bundled contracts,
/// valid against the contract's schema, the same for the same request, and leading somewhere
/// (page tokens to the next page, ids to details, issued tokens to authorised calls).
@Suite struct ContractFallbackTests {
    static let googleKey = "AIzaFAKE-understudy-test-key-0000000000"
    static let yelpAuthorization = HeaderField(name: "Authorization", value: "Bearer FAKE-understudy-yelp-api-key")
    /// A nearby search no bundled fixture answers.
    static let nearby = "/maps/api/place/nearbysearch/json?location=10.5,20.25&radius=300&keyword=understudy&key=\(googleKey)"

    private func responder(fallback: Fallback = .contract, contracts: String = bundledContractsPath) throws -> Responder {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return Responder(
            fixtures: try FixtureLoader.load(from: root.appendingPathComponent("fixtures").path),
            contracts: try Contracts.load(from: contracts), clock: ManualClock(), fallback: fallback)
    }

    private func json(_ response: Response) throws -> JSONValue { try JSONParser.parse(response.body) }

    @Test func theFallbackIsOffUnlessAskedFor() async throws {
        let plain = Responder(fixtures: [], contracts: try Contracts.load(from: bundledContractsPath), clock: ManualClock())
        #expect(plain.fallback == .miss)
        let response = await plain.respond(to: Request(method: "GET", target: Self.nearby))
        #expect(response.status == 404)
        #expect(response.headerValue(MissReport.headerName) == "1")
        #expect(response.headerValue(Fallback.generatedHeader) == nil)
        #expect(plain.journal.entries.first?.isMiss == true)
        #expect(plain.journal.entries.first?.generatedBy == nil)
    }

    @Test func aGeneratedAnswerIsMarkedJournalledAndProviderShaped() async throws {
        let responder = try responder()
        let response = await responder.respond(to: Request(method: "GET", target: Self.nearby))
        #expect(response.status == 200)
        #expect(response.headerValue(Fallback.generatedHeader) == "1")
        #expect(response.headerValue("Content-Type") == "application/json; charset=UTF-8")
        let body = try json(response)
        #expect(body["status"] == "OK")  // google's success envelope, from its pack
        #expect(body["error_message"] == nil)
        #expect((body["results"]?.arrayValue?.count ?? 0) >= 1)
        let entry = try #require(responder.journal.entries.first)
        #expect(entry.generatedBy == "google: nearbySearch")
        #expect(!entry.isMiss)
        #expect(entry.json["generated"] == "google: nearbySearch")
        #expect(responder.journal.missCount == 0)
    }

    @Test func theSameRequestGetsTheSameBytesFromAFreshResponderAndAnotherRequestOthers() async throws {
        let first = await try responder().respond(to: Request(method: "GET", target: Self.nearby))
        let again = await try responder().respond(to: Request(method: "GET", target: Self.nearby))
        #expect(first.body == again.body)
        #expect(first.headers.map(\.value) == again.headers.map(\.value))
        // The key is a credential, not part of the question: another valid key, the same answer.
        let otherKey = Self.nearby.replacingOccurrences(of: Self.googleKey, with: "AIzaFAKE-understudy-test-key-0000000001")
        #expect(await try responder().respond(to: Request(method: "GET", target: otherKey)).body == first.body)
        let otherPlace = await try responder().respond(to: Request(method: "GET", target: Self.nearby.replacingOccurrences(of: "10.5", with: "11.5")))
        #expect(otherPlace.body != first.body)
    }

    @Test func aGeneratedPageTokenAnswersTheNextPageUntilTheLastPage() async throws {
        let responder = try responder()
        let clock = try #require(responder.clock as? ManualClock)
        var target = Self.nearby
        var pages: [JSONValue] = []
        for _ in 0..<4 {
            let response = await responder.respond(to: Request(method: "GET", target: target))
            #expect(response.status == 200)
            let body = try json(response)
            #expect(body["status"] == "OK")
            pages.append(body)
            guard let token = body["next_page_token"]?.stringValue else { break }
            clock.advance(by: 2)  // the pack's validAfterSeconds: a token is not valid at once
            target = "/maps/api/place/nearbysearch/json?pagetoken=\(token)&key=\(Self.googleKey)"
        }
        #expect(pages.count == 3)  // the pack's fallback.pages: 60 results in pages of 20
        #expect(pages.last?["next_page_token"] == nil)
        #expect(responder.journal.entries.map(\.generatedBy) == Array(repeating: "google: nearbySearch", count: 3))
        #expect(pages[0]["results"] != pages[1]["results"])
    }

    @Test func aGeneratedPlaceIdAnswersDetailsOfThatPlace() async throws {
        let responder = try responder()
        let search = try json(await responder.respond(to: Request(method: "GET", target: Self.nearby)))
        let placeID = try #require(search["results"]?.arrayValue?.first?["place_id"]?.stringValue)
        let details = await responder.respond(to: Request(method: "GET", target: "/maps/api/place/details/json?place_id=\(placeID)&key=\(Self.googleKey)"))
        #expect(details.status == 200)
        let body = try json(details)
        #expect(body["status"] == "OK")
        #expect(body["result"]?["place_id"] == .string(placeID))
        #expect(responder.journal.entries.last?.generatedBy == "google: placeDetails")
    }

    @Test func generatedYelpBusinessIdsAnswerDetailsAndReviews() async throws {
        let responder = try responder()
        let search = await responder.respond(to: Request(
            method: "GET", target: "/v3/businesses/search?location=Nowhere%20Special&term=understudy", headers: [Self.yelpAuthorization]))
        #expect(search.status == 200)
        #expect(search.headerValue("RateLimit-Remaining") != nil)  // the provider's behaviours still apply
        let id = try #require(try json(search)["businesses"]?.arrayValue?.first?["id"]?.stringValue)
        let details = await responder.respond(to: Request(method: "GET", target: "/v3/businesses/\(id)", headers: [Self.yelpAuthorization]))
        #expect(details.status == 200)
        #expect(try json(details)["id"] == .string(id))
        let reviews = await responder.respond(to: Request(method: "GET", target: "/v3/businesses/\(id)/reviews", headers: [Self.yelpAuthorization]))
        #expect(reviews.status == 200)
        #expect((try json(reviews)["reviews"]?.arrayValue?.count ?? 0) >= 1)
        #expect(responder.journal.entries.compactMap(\.generatedBy) == ["yelp: searchBusinesses", "yelp: getBusiness", "yelp: getBusinessReviews"])
    }

    @Test func aGeneratedGraphTokenIsACredentialTheNextCallAccepts() async throws {
        let responder = try responder()
        let exchange = await responder.respond(to: Request(
            method: "GET",
            target: "/v19.0/oauth/access_token?grant_type=fb_exchange_token&client_id=990001&client_secret=FAKE-understudy-app-secret&fb_exchange_token=EAAUnderstudyShortLivedToken"))
        #expect(exchange.status == 200)
        #expect(exchange.headerValue(Fallback.generatedHeader) == "1")
        let token = try #require(try json(exchange)["access_token"]?.stringValue)
        let me = await responder.respond(to: Request(method: "GET", target: "/v19.0/me?fields=id,name,email&access_token=\(token)"))
        #expect(me.status == 200, "a generated token must pass the pack's credential rule: \(String(decoding: me.body, as: UTF8.self))")
    }

    /// Schemathesis' stateful phase found it: a generated permission name did not fit the
    /// `{permission}` path parameter the revoke call takes it in.
    @Test func aGeneratedMemberNamedLikeAPathParameterFitsThatParameter() async throws {
        let responder = try responder()
        let token = "access_token=EAAUnderstudyGeneratedFlowToken"
        let permissions = try json(await responder.respond(to: Request(method: "GET", target: "/v19.0/me/permissions?\(token)")))
        let names = permissions["data"]?.arrayValue?.compactMap { $0["permission"]?.stringValue } ?? []
        #expect(!names.isEmpty)
        for name in names {
            #expect(try RegexPattern("^[a-z_]+$").matches(name), "\(name)")
            let revoke = await responder.respond(to: Request(method: "DELETE", target: "/v19.0/me/permissions/\(name)?\(token)"))
            #expect(revoke.status == 200, "\(String(decoding: revoke.body, as: UTF8.self))")
        }
    }

    @Test func everyOperationOfEveryBundledPackAnswersValidlyAgainstItsSchema() throws {
        let contracts = try Contracts.load(from: bundledContractsPath)
        var checked = 0
        for pack in contracts.packs {
            for operation in pack.operations {
                for variant in 0..<12 {
                    let path = operation.path.segments.map { segment -> String in
                        switch segment {
                        case .literal(let literal): literal
                        case .parameter(_, let prefix, let suffix): prefix + "v\(variant)" + suffix
                        }
                    }.joined(separator: "/")
                    let request = Request(method: operation.method, target: "/" + path + "?variant=\(variant)")
                    let route = try #require(contracts.route(request), "\(pack.provider) \(operation.id) does not route")
                    guard case .answer(let response) = GeneratedAnswer(route: route, operation: operation, request: request).outcome() else {
                        Issue.record("\(pack.provider) \(operation.id): no answer")
                        continue
                    }
                    let declared = try #require(operation.response(for: response.status), "\(operation.id) answered an undeclared \(response.status)")
                    for header in declared.requiredHeaders {
                        #expect(response.headerValue(header) != nil, "\(operation.id) lacks its required header \(header)")
                    }
                    #expect(declared.declares(response.headerValue("Content-Type")), "\(operation.id): undeclared \(response.headerValue("Content-Type") ?? "no type")")
                    if let schema = declared.schema(for: response.headerValue("Content-Type")), response.headerValue("Content-Type")?.contains("json") == true {
                        let findings = schema.validate(try JSONParser.parse(response.body))
                        #expect(findings.isEmpty, "\(pack.provider) \(operation.id) variant \(variant): \(findings.map(\.description))")
                    }
                    checked += 1
                }
            }
        }
        #expect(checked >= 12 * 20)
    }

    @Test func everyPatternInTheBundledPacksGeneratesMatchingStrings() throws {
        var patterns: Set<String> = []
        func collect(_ value: JSONValue) {
            switch value {
            case .object(let members):
                if let pattern = members["pattern"]?.stringValue { patterns.insert(pattern) }
                members.values.forEach(collect)
            case .array(let elements): elements.forEach(collect)
            default: break
            }
        }
        for pack in try Contracts.load(from: bundledContractsPath).packs {
            collect(pack.document)
            if let pattern = pack.credential?.pattern { patterns.insert(pattern.source) }
        }
        #expect(patterns.count >= 10)
        for pattern in patterns.sorted() {
            let generator = try #require(PatternGenerator(pattern), "the generator cannot read \(pattern)")
            let regex = try RegexPattern(pattern)
            var random = SeededGenerator(seed: 7)
            for _ in 0..<50 {
                let text = generator.string(using: &random)
                #expect(regex.matches(text), "\(pattern) does not match \(text)")
            }
        }
        #expect(PatternGenerator("^(?=look)ahead$") == nil)  // refused rather than guessed
    }

    @Test func aPackTurnsTheFallbackOnForItsProviderAlone() async throws {
        let folder = try TemporaryFixtures()
        defer { folder.remove() }
        for name in ["google", "yelp"] {
            var pack = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: bundledContractsPath + "/\(name).openapi.json"))))
            if name == "google" { pack = pack.setting(pointer: "/x-understudy/fallback/mode", to: "contract")! }
            try folder.write("\(name).openapi.json", JSONWriter.string(pack))
        }
        let responder = try responder(fallback: .miss, contracts: folder.root)
        #expect(await responder.respond(to: Request(method: "GET", target: Self.nearby)).headerValue(Fallback.generatedHeader) == "1")
        let yelp = await responder.respond(to: Request(method: "GET", target: "/v3/businesses/search?location=Nowhere&term=understudy", headers: [Self.yelpAuthorization]))
        #expect(yelp.status == 404)
    }

    @Test func theContractsOwnExamplesComeFirstWhenTheSchemaAcceptsThem() async throws {
        let folder = try TemporaryFixtures()
        defer { folder.remove() }
        let media = "/paths/~1maps~1api~1place~1details~1json/get/responses/200/content/application~1json"
        var pack = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: bundledContractsPath + "/google.openapi.json"))))
        let good: JSONValue = ["html_attributions": [], "result": ["place_id": "from-the-example", "name": "Example Diner"], "status": "OK"]
        let bad: JSONValue = ["result": "not an object", "status": "OK"]
        pack = pack.setting(pointer: media + "/examples", to: ["good": ["value": good], "bad": ["value": bad]])!
        try folder.write("google.openapi.json", JSONWriter.string(pack))
        let responder = try responder(contracts: folder.root)
        for place in ["a", "b", "c", "d"] {
            let response = await responder.respond(to: Request(method: "GET", target: "/maps/api/place/details/json?place_id=\(place)&key=\(Self.googleKey)"))
            #expect(try json(response) == good)  // the invalid example is never chosen
            #expect(response.headerValue(Fallback.generatedHeader) == "1")
        }
    }

    @Test func aBadFallbackMemberIsReportedWhereItIs() throws {
        let folder = try TemporaryFixtures()
        defer { folder.remove() }
        var pack = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: bundledContractsPath + "/google.openapi.json"))))
        pack = pack.setting(pointer: "/x-understudy/fallback/mode", to: "sometimes")!
        pack = pack.setting(pointer: "/x-understudy/fallback/success", to: ["status": "OK"])!
        try folder.write("google.openapi.json", JSONWriter.string(pack))
        let error = try #require(throws: FixtureLoadError.self) { try Contracts.load(from: folder.root) }
        let text = error.description
        #expect(text.contains(#"["x-understudy"].fallback.mode"#), "\(text)")
        #expect(text.contains("\"sometimes\" is not a fallback"), "\(text)")
        #expect(text.contains("starts with \"/\""), "\(text)")
    }
}
