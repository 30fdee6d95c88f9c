import Foundation
import RestaurantCore
import Testing

@Suite("Configuration")
struct ConfigurationTests {
    @Test func understudyPointsEveryProviderAndImageHostAtOneServer() throws {
        let server = try #require(URL(string: "http://127.0.0.1:4010"))
        let configuration = Configuration.understudy(baseURL: server, credentials: canonical)
        #expect(Provider.allCases.allSatisfy { configuration.baseURL(for: $0) == server })
        let yelpPhoto = try #require(URL(string: "https://s3-media3.fl.yelpcdn.com/bphoto/abc/o.jpg?x=1"))
        #expect(configuration.resolvedImageURL(yelpPhoto).absoluteString == "http://127.0.0.1:4010/bphoto/abc/o.jpg?x=1")
        let feedImage = try #require(URL(string: "http://sandbox.bottlerocketapps.com/BR_iOS_CodingExam_2015_Server/Images/chuys.png"))
        #expect(configuration.resolvedImageURL(feedImage).absoluteString == "http://127.0.0.1:4010/BR_iOS_CodingExam_2015_Server/Images/chuys.png")
        let elsewhere = try #require(URL(string: "https://example.com/a.png"))
        #expect(configuration.resolvedImageURL(elsewhere) == elsewhere)
    }

    @Test func productionUsesTheRealOriginsAndLeavesImagesAlone() throws {
        let configuration = Configuration.production(credentials: canonical)
        #expect(configuration.baseURL(for: .yelp).absoluteString == "https://api.yelp.com")
        #expect(configuration.baseURL(for: .feed).absoluteString == "https://s3.amazonaws.com")
        #expect(configuration.baseURL(for: .placesV1).absoluteString == "https://places.googleapis.com")
        #expect(configuration.baseURL(for: .routesV2).absoluteString == "https://routes.googleapis.com")
        let photo = try #require(URL(string: "https://lh3.googleusercontent.com/p/AF1Qip"))
        #expect(configuration.resolvedImageURL(photo) == photo)
    }

    @Test func photoURLsCarryTheKeyAndEscapeWhatServersWouldMisread() {
        let places = PlacesClient(configuration: .production(credentials: canonical))
        let url = places.photoURL(reference: "AUc7+ref/1", maxWidth: 800)
        #expect(url.absoluteString.hasPrefix("https://maps.googleapis.com/maps/api/place/photo?maxwidth=800&photo_reference=AUc7%2Bref/1&key=AIzaFAKE"))
    }

    @Test func photoMediaURLsCarryTheKeyInTheQuery() {
        let places = PlacesV1Client(configuration: .production(credentials: canonical))
        let url = places.photoMediaURL(name: "places/ChIJ1/photos/AUc7+ref", maxWidthPx: 800)
        #expect(url.absoluteString == "https://places.googleapis.com/v1/places/ChIJ1/photos/AUc7+ref/media?maxWidthPx=800&key=AIzaFAKE-understudy-test-key-0000000000")
    }
}
