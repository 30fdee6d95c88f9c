import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyTooling
@testable import UnderstudyContracts
@testable import UnderstudyFixtures
import UnderstudyJSON
import UnderstudySupport
import UnderstudyTestSupport

@Suite("The leak gate")
struct LeakGateTests {
    /// One credential of each shape (assembled, so this file holds none whole).
    static let google = "AIza" + "SyD3aBcDeFgHiJkLmNoPqRsTuVwXyZ012345"
    static let graph = "EAA" + "BwzLixnjYBAO0ZBqR7xK2cWmZC4Nw"
    static let jwt = "eyJ" + "hbGciOiJIUzI1NiJ9.eyJ" + "zdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"
    static let aws = "AKIA" + "IOSFODNN7EXAMPLE"
    static let stripe = "sk_" + "live_4eC39HqLyjWDarjtT1zdp7dc"
    static let bearer = "Bearer " + "q8Zr2LmX0vTn5Kp7Ws3Yd9Hb"
    static let random = "Zr8" + "q2LmX0vTn5Kp7Ws3Yd9"

    @Test func flagsEachShapeByFileAndPathWithoutPrintingIt() throws {
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        try tree.write("google/a.json", fixtureJSON(path: "/maps/api/x", query: #"{"key": "\#(Self.google)"}"#))
        try tree.write("facebook/b.json", fixtureJSON(
            path: "/me", response: #"{"json": {"paging": {"next": "https://graph.facebook.com/me?access_token=\#(Self.graph)"}, "id_token": "\#(Self.jwt)"}}"#))
        try tree.write("yelp/c.json", fixtureJSON(path: "/v3/x", headers: #"{"authorization": "\#(Self.bearer)"}"#))
        try tree.write("yelp/c.body.json", #"{"client_secret": "\#(Self.random)", "note": "\#(Self.aws)"}"#)
        try tree.write("feed/d.body.txt", "line one\nsecret key \(Self.stripe)\nhttps://x.test/?code=\(Self.random)\n")
        try tree.write("feed/.e.json.1234.tmp", #"{"key": "\#(Self.google)"}"#)
        try tree.write("feed/image.png", bytes: [0x89, 0x50, 0x4E, 0x47, 0, 1, 2] + Array(Self.aws.utf8) + [0, 0xFF])

        let findings = LeakGate.scan(root: tree.root).findings.map(\.description)
        #expect(findings.sorted() == [
            "facebook/b.json $.response.json.id_token: JSON Web Token (eyJh… (92 characters))",
            "facebook/b.json $.response.json.paging.next: Facebook access token (EAAB… (32 characters))",
            "feed/.e.json.1234.tmp line 1: Google API key (AIza… (39 characters))",
            "feed/d.body.txt line 2: Stripe live key (sk_l… (32 characters))",
            "feed/d.body.txt line 3: random-looking value of code (Zr8q… (22 characters))",
            "feed/image.png byte 7: AWS access key (AKIA… (20 characters))",
            "google/a.json $.request.query.key: Google API key (AIza… (39 characters))",
            "yelp/c.body.json $.client_secret: random-looking value of client_secret (Zr8q… (22 characters))",
            "yelp/c.body.json $.note: AWS access key (AKIA… (20 characters))",
            "yelp/c.json $.request.headers.authorization: Bearer header with a literal token (q8Zr… (24 characters))",
        ].sorted())
        let printed = findings.joined(separator: "\n")
        for secret in [Self.google, Self.graph, Self.jwt, Self.aws, Self.stripe, Self.bearer, Self.random] { #expect(!printed.contains(secret)) }
    }

    @Test func canonicalFakesPatternsAndOrdinaryValuesPass() throws {
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        try tree.write("yelp/a.json", fixtureJSON(
            path: "/v3/x", headers: #"{"authorization": "Bearer FAKE-understudy-yelp-api-key"}"#,
            response: #"{"status": 400, "json": {"error": {"code": "VALIDATION_ERROR", "description": "Please specify a location"}}}"#))
        try tree.write("yelp/b.json", fixtureJSON(path: "/v3/y", headers: #"{"authorization": {"matches": "^Bearer [A-Za-z0-9_-]{20,}$"}}"#))
        try tree.write("google/c.json", fixtureJSON(
            path: "/maps/api/x", query: #"{"key": "AIzaFAKE-understudy-test-key-0000000000", "pagetoken": "AZose0khkjwShaSvY5xRx9gyfZFDZn9Eax"}"#,
            response: #"{"json": {"next_page_token": "AZose0khkjwShaSvY5xRx9gyfZFDZn9Eax", "access_token": "FAKE-understudy-access-token-1a2b3c4d"}}"#))
        try tree.write("facebook/d.json", fixtureJSON(
            path: "/me", query: #"{"access_token": "EAAUnderstudyLongLivedToken", "input_token": "not-a-token"}"#,
            response: #"{"json": {"next": "https://graph.facebook.com/me?access_token=REDACTED&after=QVFIUmRiY0dGbW5w"}}"#))
        #expect(LeakGate.scan(root: tree.root).findings.isEmpty)
    }

    /// Fake means declared fake (docs/contracts.md's canonical credentials, a pack's, or a
    /// recorder's placeholder), never "contains FAKE or Understudy": real tokens can.
    @Test func aCredentialIsFakeOnlyWhenCanonicalOrARecorderPlaceholder() throws {
        for fake in [
            "FAKE-understudy-yelp-api-key", "Bearer FAKE-understudy-yelp-api-key", "AIzaFAKE-revoked-test-key-0000000000000", "EAAUnderstudyExpiredToken",
            "not-a-token", "138483919580948|FAKE-understudy-app-secret", "FAKE-understudy-access-token-1a2b3c4d", "FAKE-understudy-root-00000000",
            Scrubbing.stablePlaceholder(name: "X-Api-Key", value: "anything"),
        ] {
            #expect(Scrubbing.isPlainlyFake(fake), "\(fake)")
        }
        for real in [
            "EAAB8real" + "RandomFAKEq9Zt0123456789", "EAAUnderstudyLongLivedToken2", "xFAKE-understudy-yelp-api-key", "AIzaFAKE" + "q9Zt0123456789abcdefghijklmnopqrs",
            "FAKE-understudy-access-token-1a2b3c4", "FAKE-understudy-access-token-1A2B3C4D", "FAKE-understudy--1a2b3c4d", "FAKE-understudy-Token-1a2b3c4d",
            "FAKE-understudy-a_b-1a2b3c4d", "Understudy", "FAKE",
        ] {
            #expect(!Scrubbing.isPlainlyFake(real), "\(real)")
        }
        #expect(FakeCredentials.isFake("FAKE-acme-key", declared: ["FAKE-acme-key"]))
        #expect(!FakeCredentials.isFake("FAKE-acme-key-2", declared: ["FAKE-acme-key"]))
        // The recorder keeps what its provider's pack declares canonical, and only that.
        let acme = Scrubbing.recording(nil, declaredFakes: ["FAKE-acme-key"])
        #expect(acme.keeps("FAKE-acme-key") && acme.keeps("EAAUnderstudyExpiredToken"))
        #expect(!acme.keeps("FAKE-acme-key-2") && !acme.keeps(Self.realLookingFake))

        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        try tree.write("facebook/a.json", fixtureJSON(path: "/me", query: #"{"access_token": "\#(Self.realLookingFake)"}"#))
        try tree.write("google/b.json", fixtureJSON(path: "/maps/api/x", response: #"{"json": {"client_secret": "q9Zt0123FAKEabcdWXYZ5678"}}"#))
        #expect(LeakGate.scan(root: tree.root).findings.map(\.description).sorted() == [
            "facebook/a.json $.request.query.access_token: Facebook access token (EAAB… (33 characters))",
            "google/b.json $.response.json.client_secret: random-looking value of client_secret (q9Zt… (24 characters))",
        ])
    }

    /// A real-looking Graph token that happens to contain `FAKE` (assembled: no file holds it whole).
    static let realLookingFake = "EAAB8real" + "RandomFAKEq9Zt0123456789"

    @Test func theBundledFixturesPass() {
        let bundled = URL(fileURLWithPath: bundledContractsPath).deletingLastPathComponent().appendingPathComponent("fixtures").path
        let scan = LeakGate.scan(root: bundled)
        #expect(scan.files > 100)
        #expect(scan.findings.isEmpty, "\(scan.findings)")
    }

    @Test func findsBodyCredentialsInMultipartTextAndDuplicateMemberJSON() throws {
        let hex = "9f86d081" + "884c7d659a2feaa0c55ad015"  // a realistic 32-hex client_secret
        let multipart = "--XyZ\r\nContent-Disposition: form-data; name=\"client_id\"\r\n\r\n138483919580948\r\n"
            + "--XyZ\r\nContent-Disposition: form-data; name=\"client_secret\"\r\n\r\n\(hex)\r\n--XyZ--\r\n"
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        let text = String(decoding: JSONWriter.bytes(.string(multipart)), as: UTF8.self)
        try tree.write("facebook/a.json", fixtureJSON(method: "POST", path: "/oauth/access_token", extra: "").replacingOccurrences(
            of: #""headers": {}}"#, with: #""headers": {}, "body": {"text": \#(text)}}"#))
        try tree.write("facebook/b.body.json", #"{"client_secret": "x", "client_secret": "\#(hex)"}"#)
        try tree.write("facebook/c.body.txt", multipart)
        let findings = LeakGate.scan(root: tree.root).findings.map(\.description)
        #expect(findings.sorted() == [
            "facebook/a.json $.request.body.text: random-looking value of client_secret (9f86… (32 characters))",
            "facebook/b.body.json line 1: random-looking value of client_secret (9f86… (32 characters))",
            "facebook/c.body.txt line 6: random-looking value of client_secret (9f86… (32 characters))",
        ], "\(findings)")
    }
}
