import Foundation
import Testing
import UnderstudyCore
import UnderstudyJSON
import UnderstudyContracts
import UnderstudySupport
import UnderstudyServer
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the real providers let through, the bundled contracts let through too, over a real
/// socket: placeholder values and unknown parameters published clients send, and rules the
/// providers document but do not enforce. Each test also shows the check is still there for
/// a request the provider does refuse, so leniency is not a check switched off.
@Suite("Provider leniency from the bundled contracts")
struct ProviderLeniencyTests {
    static let googleKey = "AIzaFAKE-understudy-test-key-0000000000"
    static let yelpAuthorization = ["Authorization": "Bearer FAKE-understudy-yelp-api-key"]

    @Test func googlemapsPlaceholderPricesAreTreatedAsAbsent() async throws {
        try await withBundledServer { server in
            // What googlemaps 4.10.0 sends for places_nearby (providers.md §5.1), key last.
            let sent = try await send(server, "/maps/api/place/nearbysearch/json?location=37.7749%2C-122.4194&maxprice=None&minprice=None&radius=100&key=\(Self.googleKey)")
            #expect(sent.json?["status"] == "OK")
            #expect(server.responder.journal.violations.isEmpty)
            // A real out-of-range price is still the provider's INVALID_REQUEST.
            let wrong = try await send(server, "/maps/api/place/nearbysearch/json?location=37.7749,-122.4194&minprice=5&radius=100&key=\(Self.googleKey)")
            #expect(wrong.json == ["html_attributions": [], "results": [], "status": "INVALID_REQUEST"])
            #expect(server.responder.journal.violations.compactMap(\.violation?.parameter) == ["minprice"])
        }
    }

    @Test func unknownExtraParametersAreIgnoredAsTheProvidersIgnoreThem() async throws {
        try await withBundledServer { server in
            let google = try await send(server, "/maps/api/place/nearbysearch/json?location=37.7749,-122.4194&radius=100&sensor=false&utm_source=app&key=\(Self.googleKey)")
            #expect(google.json?["status"] == "OK")
            let yelp = try await send(
                server, "/v3/businesses/search?term=coffee&location=Cupertino,%20CA&open_now=true&limit=10&client_version=2.6.0",
                headers: Self.yelpAuthorization)
            #expect(yelp.status == 200)
            #expect(server.responder.journal.violations.isEmpty)
        }
    }

    @Test func valuesWhoseTreatmentByTheProviderIsUnknownAreAccepted() async throws {
        try await withBundledServer { server in
            // Not in providers.md as refused: a locale outside the documented form, a category in
            // capitals, a platform the third-party summary does not list (x-understudy-unverified).
            let target = "/v3/businesses/search?term=coffee&location=Cupertino,%20CA&open_now=true&limit=10"
                + "&locale=en-us&categories=CoffeeRoasteries&device_platform=web"
            #expect(try await send(server, target, headers: Self.yelpAuthorization).status == 200)
            #expect(try await send(server, "/v3/businesses/vUXzHTiMEADFNEBFWhukcy/reviews?sort_by=newest", headers: Self.yelpAuthorization).status == 200)
            #expect(server.responder.journal.violations.isEmpty)
            // A documented enum still refuses: sort_by of the search.
            let wrong = try await send(server, "/v3/businesses/search?location=Cupertino,%20CA&sort_by=popular", headers: Self.yelpAuthorization)
            #expect(wrong.status == 400)
        }
    }

    @Test func yelpOpenNowWithOpenAtIsDocumentedButNotRefused() async throws {
        try await withBundledServer { server in
            // YF#652: the real API answers 200 to both; the fixture for open_now answers.
            let both = try await send(
                server, "/v3/businesses/search?term=coffee&location=Cupertino,%20CA&open_now=true&open_at=1700000000&limit=10",
                headers: Self.yelpAuthorization)
            #expect(both.status == 200)
            #expect(server.responder.journal.violations.isEmpty)
            // The rules it does enforce still answer: limit past 50.
            let tooMany = try await send(server, "/v3/businesses/search?term=coffee&location=Cupertino,%20CA&limit=51", headers: Self.yelpAuthorization)
            #expect(tooMany.status == 400)
        }
    }

    @Test func graphCodeWithAGrantTypeIsNotRefused() async throws {
        try await withBundledServer { server in
            let target = "/v19.0/oauth/access_token?client_id=138483919580948&client_secret=FAKE-understudy-app-secret"
                + "&grant_type=fb_exchange_token&fb_exchange_token=EAAUnderstudyShortLivedToken&code=leftover"
            let answer = try await send(server, target)
            #expect(answer.status == 200)
            #expect(answer.json?["token_type"] == "bearer")
            #expect(server.responder.journal.violations.isEmpty)
            // Without the token to exchange, Graph's own error.
            let missing = try await send(server, "/v19.0/oauth/access_token?client_id=138483919580948&client_secret=FAKE-understudy-app-secret&grant_type=fb_exchange_token")
            #expect(missing.status == 400)
            #expect(missing.json?["error"]?["type"] == "OAuthException")
        }
    }

    @Test func theFeedAnswersAnUndeclaredMethodAsS3Does() async throws {
        try await withBundledServer { server in
            for method in ["PUT", "DELETE", "POST"] {
                let answer = try await send(server, "/br-codingexams/restaurants.json", method: method)
                #expect(answer.status == 405, "\(method)")
                #expect(answer.response.value(forHTTPHeaderField: "Content-Type") == "application/xml")
                #expect(answer.text.contains("<Code>MethodNotAllowed</Code>"))
                #expect(answer.text.contains("<Method>\(method)</Method>"))
            }
            let kinds = server.responder.journal.violations.compactMap(\.violation?.kind)
            #expect(kinds == [.unknownOperation, .unknownOperation, .unknownOperation])
            // GET is untouched, and a provider without the member keeps the miss report.
            #expect(try await send(server, "/br-codingexams/restaurants.json").status == 200)
            let yelp = try await send(server, "/v3/businesses/search?location=x", method: "DELETE", headers: Self.yelpAuthorization)
            #expect(yelp.status == 404)
            #expect(yelp.response.value(forHTTPHeaderField: "X-Understudy-Miss") == "1")
        }
    }
}
