import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyTooling
@testable import UnderstudyContracts
import UnderstudyJSON
@testable import UnderstudyFixtures
import UnderstudySupport
import UnderstudyTestSupport

/// Recording and importing Places API (New): the mask is part of the request the fixture keeps,
/// the API key in its header or query never reaches the disk, and the recording then answers
/// every narrower mask.
@Suite("Recording field masks")
struct MaskRecordingTests {
    static let key = "AIzaSyMARKERplacesnew0123456789abcdefg"
    static let mask = "places.id,places.displayName,places.rating"
    static let body = #"{"textQuery": "pizza", "pageSize": 20}"#
    static let answer = #"{"places": [{"id": "ChIJa", "displayName": {"text": "Slice \#(key)", "languageCode": "en"}, "rating": 4.5}]}"#

    @Test func aRecordingKeepsItsMaskNotItsKeyAndAnswersNarrowerMasks() async throws {
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        let contracts = try Contracts.load(from: bundledContractsPath)
        let recorder = Recorder(mode: .missing, root: tree.root, contracts: contracts, upstream: StubUpstream { _ in StubUpstream.json(Self.answer) }, existing: [])
        let sent = clientRequest(
            "/v1/places:searchText?key=\(Self.key)", method: "POST",
            headers: [("Content-Type", "application/json"), ("X-Goog-Api-Key", Self.key), ("X-Goog-FieldMask", Self.mask)], body: Self.body)
        #expect(await recorder.answer(sent).status == 200)
        for file in try FileManager.default.subpathsOfDirectory(atPath: tree.root) {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: tree.root + "/" + file, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            #expect(!String(decoding: try FileBytes.read(tree.root + "/" + file), as: UTF8.self).contains("MARKER"), "\(file) holds the key")
        }
        let fixture = try #require(try FixtureLoader.load(from: tree.root).first)
        #expect(fixture.request.headers["x-goog-fieldmask"] == .equals(Self.mask))
        // The key may travel in the header or in `key`: the contract judges it wherever it is.
        #expect(fixture.request.headers["x-goog-api-key"] == nil && fixture.request.query["key"] == nil)
        #expect(fixture.recordedAt != nil)

        let responder = Responder(fixtures: [fixture], contracts: contracts, clock: ManualClock())
        func replay(_ mask: String) async -> Response {
            await responder.respond(to: clientRequest(
                "/v1/places:searchText", method: "POST",
                headers: [("X-Goog-Api-Key", "AIzaFAKE-understudy-test-key-0000000000"), ("X-Goog-FieldMask", mask)], body: Self.body))
        }
        let narrower = await replay("places.rating")
        #expect(narrower.status == 200)
        #expect(String(decoding: narrower.body, as: UTF8.self).replacingOccurrences(of: " ", with: "") == #"{"places":[{"rating":4.5}]}"#)
        #expect(await replay("places.rating,places.websiteUri").status == 404)
    }

    @Test func anImportedExchangeKeepsItsMask() throws {
        let folder = try HARTemporaryFolder()
        defer { folder.remove() }
        _ = try folder.importArchive(HARImportTests.har([
            HARImportTests.entry(
                "https://places.googleapis.com/v1/places/ChIJa", requestHeaders: [("X-Goog-Api-Key", Self.key), ("X-Goog-FieldMask", "id,displayName")],
                text: #"{"id": "ChIJa", "displayName": {"text": "Slice"}}"#)
        ]))
        let fixture = try folder.fixture(matching: "places/")
        #expect(fixture["request"]?["headers"]?["x-goog-fieldmask"] == "id,displayName")
        #expect(fixture["request"]?["headers"]?["x-goog-api-key"] == nil || fixture["request"]?["headers"]?["x-goog-api-key"] == ["present": true])
        #expect(!JSONWriter.string(fixture).contains("MARKER"))
    }
}
