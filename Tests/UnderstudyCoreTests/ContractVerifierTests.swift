import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyContracts
import UnderstudyJSON
@testable import UnderstudyFixtures
import UnderstudySupport
import UnderstudyTestSupport

@Suite("understudy verify: fixtures against the bundled contracts")
struct ContractVerifierTests {
    private static let bearer = #"{"authorization": {"matches": "^Bearer .+"}}"#
    private static let emptySearch = #"""
        {"headers": {"Content-Type": "application/json; charset=UTF-8"},
         "json": {"businesses": [], "region": {"center": {"latitude": 37.7, "longitude": -122.4}}, "total": 0}}
        """#

    /// A Yelp search fixture answering `response` (an empty 200 by default).
    private static func search(_ query: String, headers: String = bearer, response: String = emptySearch, method: String = "GET") -> String {
        fixtureJSON(method: method, path: "/v3/businesses/search", query: query, headers: headers, response: response)
    }

    private func verify(_ documents: [String: String], contracts: String = bundledContractsPath) throws -> VerifyReport {
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        for (file, text) in documents { try tree.write(file, text) }
        return ContractVerifier(contracts: try Contracts.load(from: contracts), fixturesRoot: tree.root).verify(try tree.load())
    }

    /// The only finding, as file, JSON path and message.
    private func only(_ report: VerifyReport, sourceLocation: SourceLocation = #_sourceLocation) -> (file: String, path: String, message: String)? {
        #expect(report.findings.count == 1, "\(report.findings)", sourceLocation: sourceLocation)
        return report.findings.first.map { ($0.file, $0.path?.description ?? "", $0.message) }
    }

    // MARK: the bundled tree

    @Test func theBundledFixturesFitTheBundledContracts() throws {
        let contracts = try Contracts.load(from: bundledContractsPath)
        let fixtures = try FixtureLoader.load(from: bundledFixturesPath)
        let report = ContractVerifier(contracts: contracts, fixturesRoot: bundledFixturesPath).verify(fixtures)
        #expect(report.findings.map(\.description) == [])
        #expect(report.isClean)
        #expect(report.fixtureCount == fixtures.count)
        let search = try #require(report.coverage.first { $0.operationID == "searchBusinesses" })
        #expect(search.fixtures["200"].map { $0 > 10 } == true)
        #expect(search.uncovered.contains("401"))
        #expect(report.text.contains("OK: no findings"))
        #expect(report.text.contains("Declared statuses without a fixture:"))
    }

    // MARK: routes and operations

    @Test func aPathNoOperationHasNamesTheClosest() throws {
        let report = try verify(["yelp/typo.json": fixtureJSON(path: "/v3/business/search", headers: Self.bearer)])
        let finding = try #require(only(report))
        #expect(finding.file == "yelp/typo.json")
        #expect(finding.path == "$.request.path")
        #expect(finding.message.hasPrefix("no operation of yelp answers GET /v3/business/search; closest: GET /v3/businesses/search (searchBusinesses)"))
    }

    @Test func aPathOutsideTheProvidersRoutes() throws {
        let report = try verify(["yelp/elsewhere.json": fixtureJSON(path: "/v4/businesses")])
        let finding = try #require(only(report))
        #expect(finding.path == "$.request.path")
        #expect(finding.message == "/v4/businesses is under none of yelp's routes (/v3/, /bphoto/) in yelp.openapi.json")
    }

    @Test func aPathOfAnotherProvider() throws {
        let report = try verify(["yelp/google.json": fixtureJSON(path: "/maps/api/directions/json")])
        let finding = try #require(only(report))
        #expect(finding.message == "/maps/api/directions/json belongs to google (google.openapi.json routes it), but this is a yelp fixture; move it to google/")
    }

    @Test func aWrongMethod() throws {
        let report = try verify(["yelp/post.json": Self.search(#"{"location": "SF"}"#, method: "POST")])
        let finding = try #require(only(report))
        #expect(finding.path == "$.request.method")
        #expect(finding.message == "yelp.openapi.json has no POST on /v3/businesses/search; it declares GET /v3/businesses/search (searchBusinesses)")
    }

    @Test func aTemplatePathRoutesTextually() throws {
        let report = try verify(["yelp/any.json": fixtureJSON(path: "/v3/businesses/{business}/reviews", headers: Self.bearer, response: #"""
            {"status": 404, "json": {"error": {"code": "BUSINESS_NOT_FOUND", "description": "No such business."}}}
            """#)])
        #expect(report.findings.map(\.description) == [])
        #expect(report.coverage.first { $0.operationID == "getBusinessReviews" }?.fixtures["404"] == 1)
    }

    // MARK: parameters

    @Test func anUndeclaredParameterIsATypo() throws {
        let report = try verify(["yelp/limt.json": Self.search(#"{"location": "SF", "limt": "10"}"#)])
        let finding = try #require(only(report))
        #expect(finding.path == "$.request.query.limt")
        #expect(finding.message == "searchBusinesses declares no query parameter limt (did you mean limit?); the real API ignores it, so the condition is probably a typo")
        let far = try verify(["yelp/far.json": Self.search(#"{"location": "SF", "when": "now"}"#)])
        #expect(try #require(only(far)).message.hasPrefix("searchBusinesses declares no query parameter when (declared: term, location, latitude,"))
    }

    @Test(arguments: [
        (#""sort_by": "popular""#, "$.request.query.sort_by",
         #"can never be reached: the contract answers sort_by=popular itself with validationError (expected one of "best_match", "rating", "review_count", "distance", got "popular")"#),
        (#""open_now": "yes""#, "$.request.query.open_now",
         #"can never be reached: the contract answers open_now=yes itself with validationError (expected a boolean, got "yes")"#),
        (#""limit": "100""#, "$.request.query.limit",
         "can never be reached: the contract answers limit=100 itself with validationError (expected a number ≤ 50, got 100)"),
        (#""price": "1,5""#, "$.request.query.price",
         "can never be reached: the contract answers price=1,5 itself with validationError (item 1: expected one of 1, 2, 3, 4, got 5)"),
    ])
    func aValueOutsideItsSchemaIsAnsweredByTheContract(condition: String, path: String, message: String) throws {
        let report = try verify(["yelp/bad.json": Self.search(#"{"location": "SF", \#(condition)}"#)])
        let finding = try #require(only(report))
        #expect(finding.file == "yelp/bad.json")
        #expect(finding.path == path)
        #expect(finding.message == message)
    }

    @Test func anErrorFixtureForABadValueIsUnreachableToo() throws {
        let report = try verify(["yelp/limit.json": Self.search(#"{"location": {"present": true}, "limit": "100"}"#, response: #"""
            {"status": 400, "json": {"error": {"code": "VALIDATION_ERROR", "description": "The supplied limit: 100 is invalid."}}}
            """#)])
        #expect(try #require(only(report)).message.hasPrefix("can never be reached: the contract answers limit=100 itself with validationError"))
    }

    @Test func aRequiredParameterMissingFromASuccessFixture() throws {
        let report = try verify(["google/directions.json": fixtureJSON(
            path: "/maps/api/directions/json", query: #"{"key": {"present": true}, "origin": "Chicago"}"#,
            response: #"{"json": {"geocoded_waypoints": [], "routes": [], "status": "ZERO_RESULTS"}}"#)])
        let finding = try #require(only(report))
        #expect(finding.path == "$.request.query.destination")
        #expect(finding.message == #"destination is required by directions but not conditioned: a success answer must describe a request the contract accepts, and the contract answers one without destination itself with invalidRequest; condition it with a value, {"present": true} or a pattern"#)
        // Google's errors come with HTTP 200: one of the pack's error statuses is no success.
        let denied = try verify(["google/directions.json": fixtureJSON(
            path: "/maps/api/directions/json", query: #"{"key": {"present": true}, "origin": "Chicago"}"#,
            response: #"{"json": {"error_message": "This API project is not authorized.", "geocoded_waypoints": [], "routes": [], "status": "REQUEST_DENIED"}}"#)])
        #expect(denied.findings.map(\.description) == [])
    }

    @Test func aRequiredParameterConditionedAbsent() throws {
        let report = try verify(["google/directions.json": fixtureJSON(
            path: "/maps/api/directions/json", query: #"{"key": {"present": true}, "origin": "Chicago", "destination": {"absent": true}}"#,
            response: #"{"json": {"routes": [], "status": "INVALID_REQUEST"}}"#)])
        let finding = try #require(only(report))
        #expect(finding.path == "$.request.query.destination")
        #expect(finding.message == "can never be reached: destination is required, and the contract answers a request without it itself with invalidRequest")
    }

    @Test func aParameterThatIgnoresTheOthersExcusesThem() throws {
        let report = try verify(["google/page2.json": fixtureJSON(
            path: "/maps/api/place/nearbysearch/json", query: #"{"key": {"present": true}, "pagetoken": {"present": true}}"#,
            response: #"{"json": {"html_attributions": [], "results": [], "status": "ZERO_RESULTS"}}"#)])
        #expect(report.findings.map(\.description) == [])
    }

    @Test func aRuleThatIsOnlyDocumentedMakesNothingUnreachable() throws {
        // Yelp documents "not open_now with open_at" but answers both (YF#652): `enforced: false`.
        let report = try verify(["yelp/both.json": Self.search(#"{"location": "SF", "open_now": "true", "open_at": "1700000000"}"#)])
        #expect(report.findings.map(\.description) == [])
    }

    @Test func offsetAndLimitPast240BreakARule() throws {
        let report = try verify(["yelp/deep.json": Self.search(#"{"location": "SF", "offset": "230", "limit": "20"}"#)])
        let finding = try #require(only(report))
        #expect(finding.path == "$.request.query")
        #expect(finding.message == #"can never be reached: the contract answers a request with offset=230 and limit=20 itself with validationError ("Too many results requested, limit+offset must be <= 240.")"#)
        // The default limit (20) counts when limit is absent.
        #expect(try verify(["yelp/deep.json": Self.search(#"{"location": "SF", "offset": "230"}"#)]).findings.count == 1)
        #expect(try verify(["yelp/deep.json": Self.search(#"{"location": "SF", "offset": "220"}"#)]).isClean)
    }

    @Test func aSuccessFixtureWithoutALocationDescribesNoValidSearch() throws {
        let report = try verify(["yelp/nowhere.json": Self.search(#"{"term": "pizza"}"#)])
        let finding = try #require(only(report))
        #expect(finding.message == #"a success answer must describe a request the contract accepts, but the contract answers a request with no location, no latitude and no longitude itself with validationError ("Please specify a location or a latitude and longitude"); condition the parameters the rule needs"#)
        // An error answer may catch such requests; it only is unreachable when the conditions rule the location out.
        let error = #"{"status": 400, "json": {"error": {"code": "VALIDATION_ERROR", "description": "x"}}}"#
        #expect(try verify(["yelp/nowhere.json": Self.search(#"{"term": "pizza"}"#, response: error)]).isClean)
        let ruledOut = try verify(["yelp/nowhere.json": Self.search(#"{"location": {"absent": true}, "latitude": {"absent": true}}"#, response: error)])
        #expect(try #require(only(ruledOut)).message == #"can never be reached: the contract answers a request with no location and no latitude itself with validationError ("Please specify a location or a latitude and longitude")"#)
    }

    // MARK: credentials

    @Test func aCredentialInTheWrongPlace() throws {
        let report = try verify(["yelp/token.json": Self.search(#"{"location": "SF", "access_token": {"present": true}}"#, headers: "{}")])
        let finding = try #require(only(report))
        #expect(finding.path == "$.request.query.access_token")
        #expect(finding.message == "credential in the wrong place: searchBusinesses takes its credential in the Authorization header (Bearer), not in query parameter access_token")
    }

    @Test func aCredentialOnAnOperationThatTakesNone() throws {
        let report = try verify(["yelp/photo.json": fixtureJSON(
            path: "/bphoto/abc/o.jpg", headers: #"{"Authorization": {"present": true}}"#,
            response: #"{"base64": "/9j/", "headers": {"Content-Type": "image/jpeg"}}"#)])
        let finding = try #require(only(report))
        #expect(finding.path == "$.request.headers.Authorization")
        #expect(finding.message == "getBusinessPhoto takes no credential (security: []), but the fixture conditions the Authorization header")
    }

    @Test func aLiteralRealLookingSecret() throws {
        let secret = "AIzaSyB4x9Qw7mN2pL5vR8tY1uI3oP6aS0dF2gH"
        let report = try verify(["google/leak.json": fixtureJSON(
            path: "/maps/api/place/details/json", query: #"{"key": "\#(secret)", "place_id": "ChIJx"}"#,
            response: #"{"json": {"html_attributions": [], "result": {}, "status": "OK"}}"#)])
        let finding = try #require(only(report))
        #expect(finding.path == "$.request.query.key")
        #expect(finding.message.hasPrefix("query parameter key holds a literal credential (not shown) that is not one of the canonical fake credentials of docs/contracts.md"))
        #expect(!report.text.contains(secret))
    }

    /// `FAKE` inside a token does not make it canonical: verify reports it as any literal.
    @Test func aLiteralTokenThatMerelyContainsFAKEIsReported() throws {
        let token = "EAAB8real" + "RandomFAKEq9Zt0123456789"
        let report = try verify(["facebook/me.json": fixtureJSON(
            path: "/v19.0/me", query: #"{"access_token": "\#(token)", "fields": "id"}"#, response: #"{"json": {"id": "1"}}"#)])
        let finding = try #require(only(report))
        #expect(finding.path == "$.request.query.access_token")
        #expect(finding.message.hasPrefix("query parameter access_token holds a literal credential (not shown)"))
        #expect(!report.text.contains(token))
    }

    @Test func theCanonicalFakeCredentialsMayBeWrittenLiterally() throws {
        let report = try verify([
            "facebook/me.json": fixtureJSON(
                path: "/v19.0/me", query: #"{"access_token": "not-a-token"}"#,
                response: #"{"status": 400, "json": {"error": {"code": 190, "message": "Invalid OAuth access token", "type": "OAuthException", "fbtrace_id": "A"}}}"#),
            "yelp/search.json": Self.search(#"{"location": "SF"}"#, headers: #"{"Authorization": "Bearer FAKE-understudy-yelp-api-key"}"#),
        ])
        #expect(report.findings.map(\.description) == [])
    }

    // MARK: responses

    @Test func anUndeclaredStatus() throws {
        let report = try verify(["yelp/teapot.json": Self.search(#"{"location": "SF"}"#, response: #"{"status": 418, "json": {}}"#)])
        let finding = try #require(only(report))
        #expect(finding.path == "$.response.status")
        #expect(finding.message == "status 418 is not a response searchBusinesses declares (200, 400, 401, 403, 404, 429, 500)")
    }

    @Test func aWrongContentType() throws {
        let report = try verify(["yelp/text.json": Self.search(#"{"location": "SF"}"#, response: #"{"text": "hello"}"#)])
        let finding = try #require(only(report))
        #expect(finding.path == "$.response.text")
        #expect(finding.message == "Content-Type text/plain; charset=utf-8 is not one searchBusinesses declares for 200 (application/json)")
        let written = try verify(["yelp/text.json": Self.search(#"{"location": "SF"}"#, response: #"{"text": "hello", "headers": {"content-type": "text/html"}}"#)])
        #expect(try #require(only(written)).path == "$.response.headers[\"content-type\"]")
    }

    @Test func aMissingRequiredHeader() throws {
        let report = try verify(["feed/restaurants.json": fixtureJSON(
            path: "/br-codingexams/restaurants.json",
            response: #"{"json": {"restaurants": []}, "headers": {"ETag": "\"abc\""}}"#)])
        let finding = try #require(only(report))
        #expect(finding.path == "$.response.headers")
        #expect(finding.message == "header Last-Modified is required on 200 answers of getRestaurants")
    }

    @Test func bodySchemaViolationsPointIntoTheFixture() throws {
        let details = try String(contentsOfFile: bundledFixturesPath + "/yelp/business-details.json", encoding: .utf8)
        let broken = details.replacingOccurrences(of: #""rating": 4.5,"#, with: #""rating": 7,"#)
            .replacingOccurrences(of: #""id": "WEqlq4iL1g3eufXq0OJtzj","#, with: "")
        #expect(broken != details)
        let report = try verify(["yelp/details.json": broken])
        #expect(report.findings.map { "\($0.path!): \($0.message)" } == [
            #"$.response.json: expected member "id" present, got an object without "id""#,
            "$.response.json.rating: expected a number ≤ 5, got 7",
        ])
        #expect(report.findings.allSatisfy { $0.file == "yelp/details.json" })
        // Several missing members are one finding.
        let fewer = try verify(["yelp/details.json": broken.replacingOccurrences(of: #""alias": "marlowes-hearth-san-francisco","#, with: "")])
        #expect(fewer.findings.map { "\($0.path!): \($0.message)" } == [
            #"$.response.json: expected members "id", "alias" present, got an object without them"#,
            "$.response.json.rating: expected a number ≤ 5, got 7",
        ])
    }

    @Test func everyAnswerOfASequenceIsChecked() throws {
        let report = try verify(["yelp/sequence.json": Self.search(#"{"location": "SF"}"#, response: "[]").replacingOccurrences(
            of: #""response": []"#,
            with: #""responses": [{"json": {"businesses": [], "region": {"center": {"latitude": 1, "longitude": 2}}, "total": 0}}, {"json": {"businesses": [], "total": -1, "region": {"center": {"latitude": 1, "longitude": 2}}}}]"#)])
        let finding = try #require(only(report))
        #expect(finding.path == "$.responses[1].json.total")
        #expect(finding.message == "expected a number ≥ 0, got -1")
    }

    @Test func aBodyFileIsReadAndNamed() throws {
        let report = try verify([
            "yelp/missing.json": fixtureJSON(path: "/v3/businesses/{id}", headers: Self.bearer, response: #"{"status": 404, "file": "missing.body.json"}"#),
            "yelp/missing.body.json": #"{"error": {"code": "not found", "description": "No such business."}}"#,
        ])
        let finding = try #require(only(report))
        #expect(finding.path == "$.response.file")
        #expect(finding.message == #"missing.body.json /error/code: expected a string matching /^[A-Z_]+$/, got "not found""#)
    }

    @Test func aTemplateBodyIsCheckedWhenItRendersAndNotedWhenNot() throws {
        let rendered = try verify(["yelp/echo.json": fixtureJSON(path: "/v3/businesses/{id}", headers: Self.bearer, response: #"""
            {"status": 404, "template": true, "json": {"error": {"code": "BUSINESS_NOT_FOUND", "description": "No business {{request.path.id}}"}}}
            """#)])
        #expect(rendered.findings.isEmpty && rendered.notes.isEmpty)
        let opaque = try verify(["yelp/echo.json": Self.search(#"{"location": "SF"}"#, response: #"""
            {"template": true, "json": {"businesses": [], "region": {"center": {"latitude": 1, "longitude": 2}}, "total": "{{json request.query.limit}}"}}
            """#)])
        #expect(opaque.isClean)
        #expect(opaque.notes.map(\.description) == ["yelp/echo.json $.response: template: body not checked"])
        #expect(opaque.text.contains("Not checked:\n  yelp/echo.json $.response: template: body not checked"))
    }

    // MARK: the packs' own answers

    /// The bundled packs in a temporary folder, the Yelp pack's text edited by `edit`.
    private func withYelpPack(_ edit: (String) -> String, _ body: (String) throws -> Void) throws {
        let folder = try TemporaryFixtures()
        defer { folder.remove() }
        for file in ["facebook", "feed", "google", "yelp"].map({ "\($0).openapi.json" }) {
            let text = try String(contentsOfFile: bundledContractsPath + "/" + file, encoding: .utf8)
            let edited = file == "yelp.openapi.json" ? edit(text) : text
            if file == "yelp.openapi.json" { #expect(edited != text) }
            try folder.write(file, edited)
        }
        try body(folder.root)
    }

    @Test func aPackAnswerThatBreaksItsSchemaIsReportedByContractFile() throws {
        try withYelpPack({ $0.replacingOccurrences(of: #""code": "VALIDATION_ERROR","#, with: #""code": 400,"#) }) { contracts in
            let report = try verify(["yelp/search.json": Self.search(#"{"location": "SF"}"#)], contracts: contracts)
            #expect(!report.isClean)
            #expect(report.findings.allSatisfy { $0.file == "yelp.openapi.json" && $0.path?.description == #"$["x-understudy"].errors.validationError"# })
            #expect(report.findings.map(\.message).contains("searchBusinesses (GET /v3/businesses/search) can give this answer: body /error/code: expected a string, got 400"))
        }
    }

    @Test func aPackMustAgreeWithItself() throws {
        try withYelpPack({
            $0.replacingOccurrences(of: #""pattern": "^[A-Za-z0-9_-]+$","#, with: #""pattern": "^[a-z-]+$","#)
                .replacingOccurrences(of: #""sumAtMost": [\#n              "offset","#, with: #""sumAtMost": [\#n              "ofset","#)
        }) { contracts in
            let report = try verify([:], contracts: contracts)
            #expect(report.findings.map(\.description) == [
                #"yelp.openapi.json $["x-understudy"].credential.canonical: the canonical credential FAKE-understudy-yelp-api-key does not fit the pack's pattern /^[a-z-]+$/"#,
                #"yelp.openapi.json $["x-understudy"].credential.rejected: rejected credential FAKE-revoked-yelp-api-key does not fit /^[a-z-]+$/"#,
                #"yelp.openapi.json $.paths["/v3/businesses/search"].get["x-understudy-rules"][2]: names ofset, which is no parameter of searchBusinesses"#,
            ])
        }
    }

    // MARK: rules and their provenance

    @Test func everyRuleIsListedAsRefusedOrDocumentedAndVerifiedOrNot() throws {
        let rules = try verify([:]).rules
        let location = try #require(rules.first { $0.operationID == "searchBusinesses" && $0.summary == "location or latitude+longitude" })
        #expect(location.enforced && location.isVerified)
        #expect(location.source?.contains("YF#2") == true)
        let openAt = try #require(rules.first { $0.summary == "not open_now with open_at" })
        #expect(!openAt.enforced && !openAt.isVerified)
        #expect(openAt.source?.contains("YF#652") == true)
        #expect(rules.first { $0.summary == "maxwidth or maxheight" }?.isVerified == true)
        #expect(try verify([:]).text.contains("Rules across parameters: \(rules.filter(\.isVerified).count) of \(rules.count) verified"))
    }

    /// A rule's summary shows its `max` as integer text when an Int holds it, else as the pack
    /// wrote it: never through a conversion that traps on a hostile pack's number.
    @Test func aRuleSummaryShowsItsMaxWithoutConvertingItUnsafely() throws {
        let shown = [
            "240.0": "240", "1e2": "100", "240.5": "240.5", "1e19": "1e19", "-1e19": "-1e19", "9223372036854775807": "9223372036854775807",
            "9223372036854775808": "9223372036854775808", "9.3e18": "9.3e18", "1e308": "1e308",
        ]
        for (written, expected) in shown {
            try withYelpPack({ $0.replacingOccurrences(of: #""max": 240,"#, with: #""max": \#(written),"#) }) { contracts in
                let rules = try verify([:], contracts: contracts).rules
                #expect(rules.contains { $0.summary == "offset + limit ≤ \(expected)" }, "\(written): \(rules.map(\.summary))")
            }
        }
    }

    @Test func aRuleWithoutASourceIsUnverified() throws {
        try withYelpPack({
            $0.replacingOccurrences(of: #""source": "providers.md §1.2: Yelp docs businesses-search.md; YF#2 (400 VALIDATION_ERROR with this text)""#, with: #""enforced": true"#)
        }) { contracts in
            let report = try verify([:], contracts: contracts)
            let rule = try #require(report.rules.first { $0.summary == "location or latitude+longitude" })
            #expect(rule.source == nil)
            #expect(rule.unverified == "the pack names no source")
            #expect(report.text.contains("yelp searchBusinesses: location or latitude+longitude"))
        }
    }
}
