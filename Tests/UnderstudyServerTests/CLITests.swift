import Foundation
import Testing
import UnderstudyCore
import UnderstudyJSON
import UnderstudySupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("The understudy command")
struct CLITests {
    @Test func serveAnswersUntilSIGTERMThenStopsCleanly() async throws {
        let root = try CLIProcess.temporaryTree([
            "yelp/a.json": #"{"understudy": 1, "request": {"method": "GET", "path": "/v3/a"}, "response": {"json": {"ok": true}}}"#,
            "google/b.json": #"{"understudy": 1, "request": {"method": "GET", "path": "/maps/api/b"}, "response": {"json": {"status": "OK"}}}"#,
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let server = try CLIProcess.Serving(["--fixtures", root])
        #expect(server.url.host == "127.0.0.1")
        let (data, response) = try await URLSession.shared.data(from: server.url.appendingPathComponent("v3/a"))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(try JSONParser.parse(Array(data)) == ["ok": true])
        let (status, output) = server.stop(signal: SIGTERM)
        #expect(status == 0)
        #expect(output.contains("Stopped after 1 requests (0 unmatched)"), "\(output)")
    }

    /// The stop signals are watched before the server listens: a SIGTERM sent the moment the
    /// URL is printed (a script that starts, checks and stops) stops it cleanly, every time.
    @Test func aSIGTERMAsSoonAsTheServerListensStopsItCleanly() throws {
        let root = try CLIProcess.temporaryTree(["feed/a.json": #"{"understudy": 1, "request": {"method": "GET", "path": "/a"}, "response": {"text": "x"}}"#])
        defer { try? FileManager.default.removeItem(atPath: root) }
        for _ in 0..<5 {
            let server = try CLIProcess.Serving(["--fixtures", root, "--no-contracts"])
            let (status, output) = server.stop(signal: SIGTERM)
            #expect(status == 0 && server.process.terminationReason == .exit, "\(output)")
            #expect(output.contains("Received SIGTERM, shutting down") && output.contains("Stopped after 0 requests"), "\(output)")
        }
    }

    @Test func serveOneProviderAlone() async throws {
        let root = try CLIProcess.temporaryTree([
            "yelp/a.json": #"{"understudy": 1, "request": {"method": "GET", "path": "/v3/a"}, "response": {"json": 1}}"#,
            "google/b.json": #"{"understudy": 1, "request": {"method": "GET", "path": "/maps/api/b"}, "response": {"json": 2}}"#,
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        // Where Google's API is mounted comes from its pack.
        let packs = CLIProcess.repositoryRoot.appendingPathComponent("contracts").path
        let server = try CLIProcess.Serving(["--fixtures", root, "--contracts", packs, "--provider", "google"])
        #expect(server.output.contains("google alone: use \(server.url.absoluteString) as its base URL in place of https://maps.googleapis.com/maps/api"))
        let (_, yelp) = try await URLSession.shared.data(from: server.url.appendingPathComponent("v3/a"))
        let (_, google) = try await URLSession.shared.data(from: server.url.appendingPathComponent("maps/api/b"))
        let (_, atRoot) = try await URLSession.shared.data(from: server.url.appendingPathComponent("b"))
        #expect((yelp as? HTTPURLResponse)?.statusCode == 404)
        #expect((google as? HTTPURLResponse)?.statusCode == 200)
        #expect((atRoot as? HTTPURLResponse)?.statusCode == 200)
        #expect(server.stop(signal: SIGINT).status == 0)
        // Without packs there is nothing to say where a provider's API is mounted.
        let alone = try await CLIProcess.running(["serve", "--fixtures", root, "--no-contracts", "--provider", "google", "--port", "0"])
        #expect(alone.status == 64)
        #expect(alone.stderr.contains("--provider google needs its provider pack"), "\(alone.stderr)")
    }

    @Test func serveRefusesToStartOnInvalidFixtures() async throws {
        let root = try CLIProcess.temporaryTree([
            "yelp/a.json": #"{"understudy": 1, "request": {"method": "GET"}, "response": {}}"#,
            "yelp/b.json": "{ not json",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let result = try await CLIProcess.running(["serve", "--port", "0", "--fixtures", root])
        #expect(result.status == 65)
        #expect(!result.stdout.contains("Listening"))
        #expect(result.stderr.contains("2 problems in 2 fixture files:"), "\(result.stderr)")
        #expect(result.stderr.contains("yelp/a.json $.request: missing \"path\""))
        #expect(result.stderr.contains("yelp/b.json:1:3: invalid JSON"))
    }

    @Test func lintReportsOrPasses() async throws {
        let good = try CLIProcess.temporaryTree(["feed/a.json": #"{"understudy": 1, "request": {"method": "GET", "path": "/a"}, "response": {"text": "x"}}"#])
        defer { try? FileManager.default.removeItem(atPath: good) }
        let passed = try await CLIProcess.running(["lint", "--fixtures", good])
        #expect(passed.status == 0)
        #expect(passed.stdout.contains("OK: 1 fixture (feed 1)"))

        let missing = try await CLIProcess.running(["lint", "--fixtures", "/nonexistent"])
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("fixtures folder not found at '/nonexistent'"))
    }

    @Test func verifyPassesTheBundledTreeAndReportsABrokenOne() async throws {
        let bundled = try await CLIProcess.running(["verify", "--fixtures", "fixtures", "--contracts", "contracts"])
        #expect(bundled.status == 0, "\(bundled.stdout)\(bundled.stderr)")
        #expect(bundled.stdout.contains("Coverage: fixtures per operation and declared status"))
        #expect(bundled.stdout.contains("GET    /v3/businesses/search"))
        #expect(bundled.stdout.hasSuffix("OK: no findings\n"))

        let broken = try CLIProcess.temporaryTree(["yelp/limit.json": """
            {"understudy": 1, "request": {"method": "GET", "path": "/v3/businesses/search",
             "query": {"location": "SF", "limit": "100"}, "headers": {"authorization": {"matches": "^Bearer .+"}}},
             "response": {"json": {"businesses": [], "total": 0, "region": {"center": {"latitude": 1, "longitude": 2}}}}}
            """])
        defer { try? FileManager.default.removeItem(atPath: broken) }
        let failed = try await CLIProcess.running(["verify", "--fixtures", broken, "--contracts", "contracts"])
        #expect(failed.status == 1)
        #expect(failed.stdout.contains("\nyelp/limit.json\n  $.request.query.limit: can never be reached: the contract answers limit=100 itself with validationError"), "\(failed.stdout)")
        #expect(failed.stdout.hasSuffix("1 finding in 1 file\n"))

        let badContract = try CLIProcess.temporaryTree(["yelp.openapi.json": "{ not json"])
        defer { try? FileManager.default.removeItem(atPath: badContract) }
        let unloadable = try await CLIProcess.running(["verify", "--contracts", badContract])
        #expect(unloadable.status == 65)
        #expect(unloadable.stderr.contains("1 problem in 1 contract file:"), "\(unloadable.stderr)")
        #expect(try await CLIProcess.running(["verify", "--contracts", "/nonexistent"]).status == 64)
    }

    /// A pack is untrusted input: a `sumAtMost` rule's `max` past Int's range trapped `verify`
    /// (its summary converted the number with Int(_:)). Now the summary shows it as written.
    @Test func verifyShowsARuleWithAMaxPastIntAsWrittenInsteadOfTrapping() async throws {
        let folder = try CLIProcess.temporaryTree([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let contracts = folder + "/contracts"
        try FileManager.default.copyItem(atPath: CLIProcess.repositoryRoot.appendingPathComponent("contracts").path, toPath: contracts)
        let yelp = contracts + "/yelp.openapi.json"
        let pack = try String(contentsOfFile: yelp, encoding: .utf8)
        let rule = #""max": 240,\#n            "message": "Too many results requested"#
        #expect(pack.contains(rule))
        try pack.replacingOccurrences(of: rule, with: rule.replacingOccurrences(of: "240", with: "1e19")).write(toFile: yelp, atomically: true, encoding: .utf8)
        let result = try await CLIProcess.running(["verify", "--fixtures", "fixtures", "--contracts", contracts])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("yelp searchBusinesses: offset + limit ≤ 1e19"), "\(result.stdout)")
    }

    @Test func serveValidatesItsOptions() async throws {
        let result = try await CLIProcess.running(["serve", "--port", "70000"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--port must be from 0 to 65535"))
        let delay = try await CLIProcess.running(["serve", "--delay", "soon"])
        #expect(delay.status == 64)
        #expect(delay.stderr.contains("--delay 'soon' is not a delay"))
    }

    /// A delay that would hold every answer for good (or past any use) stops `serve` before it
    /// listens, naming the option, the value, what was wrong and what is accepted.
    @Test func serveRefusesNonFiniteAndAbsurdDelaysAtStart() async throws {
        let cases = [
            ("inf", "inf is not a finite number of milliseconds"),
            ("nan", "nan is not a finite number of milliseconds"),
            ("-250", "-250 is negative"),
            ("86400000", "86400000 ms is more than 600000 (10 minutes)"),
            ("lognormal:1,1e308", "sigma 1e308 is more than 10"),
            ("uniform:0-inf", "inf is not a finite number of milliseconds"),
        ]
        for (value, reason) in cases {
            // Bounded: before this check, `serve --delay inf` started and served for good.
            let result = try await CLIProcess.running(["serve", "--port", "0", "--no-contracts", "--delay=\(value)"], timeout: 20)
            #expect(result.status == 64, "\(value): \(result.stdout)\(result.stderr)")
            #expect(!result.stdout.contains("Listening"))
            #expect(result.stderr.contains("--delay '\(value)' is not a delay: \(reason)"), "\(value): \(result.stderr)")
            #expect(result.stderr.contains("use milliseconds from 0 to 600000 (10 minutes)"), "\(value): \(result.stderr)")
        }
    }

    @Test func serveDelaysEveryAnswerWhenAsked() async throws {
        let root = try CLIProcess.temporaryTree(["yelp/a.json": #"{"understudy": 1, "request": {"method": "GET", "path": "/v3/a"}, "response": {"json": 1}}"#])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let server = try CLIProcess.Serving(["--fixtures", root, "--delay", "300"])
        let started = Date()
        let (_, response) = try await URLSession.shared.data(from: server.url.appendingPathComponent("v3/a"))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        // A lower bound only: the real clock is used here, and slow machines only add time.
        #expect(Date().timeIntervalSince(started) >= 0.3)
        #expect(server.stop().status == 0)
    }

    /// The README's quick start: serve the bundled fixtures, ask for the Yelp search shown there.
    @Test func readmeQuickStartServesTheBundledYelpSearch() async throws {
        let server = try CLIProcess.Serving([])
        var components = URLComponents(url: server.url.appendingPathComponent("v3/businesses/search"), resolvingAgainstBaseURL: false)!
        components.percentEncodedQuery = "location=San%20Francisco,%20CA&categories=restaurants&radius=16093&limit=20&sort_by=best_match"
        var request = URLRequest(url: components.url!)
        request.setValue("Bearer any-token", forHTTPHeaderField: "Authorization")
        let (data, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        let body = try JSONParser.parse(Array(data))
        #expect(body["businesses"]?.arrayValue?.count == 20)
        #expect(body["total"] == 240)
        #expect(server.stop().status == 0)
    }

    @Test func bundledFixturesPassLint() async throws {
        let result = try await CLIProcess.running(["lint"])
        #expect(result.status == 0, "\(result.stderr)")
    }
}
