import Foundation
import Testing

@Suite("The lint --secrets and drift commands")
struct LeakAndDriftCLITests {
    @Test func lintSecretsFailsOnACredentialWithoutPrintingItAndPassesTheBundledTree() async throws {
        let key = "AIza" + "SyD3aBcDeFgHiJkLmNoPqRsTuVwXyZ01234"
        let root = try CLIProcess.temporaryTree([
            "google/a.json": #"{"understudy": 1, "request": {"method": "GET", "path": "/maps/api/x", "query": {"key": "\#(key)"}}, "response": {"json": {}}}"#
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let leaking = try await CLIProcess.running(["lint", "--secrets", "--fixtures", root])
        #expect(leaking.status == 65)
        #expect(leaking.stderr.contains("google/a.json $.request.query.key: Google API key (AIza… (39 characters))"), "\(leaking.stderr)")
        #expect(!leaking.stderr.contains(key) && !leaking.stdout.contains(key))
        let bundled = try await CLIProcess.running(["lint", "--secrets", "--fixtures", "fixtures"])
        #expect(bundled.status == 0, "\(bundled.stderr)")
        #expect(bundled.stdout.contains("OK: no credentials in "))
    }

    /// `FAKE` inside a token proves nothing: the gate fails on it as on any Graph token.
    @Test func lintSecretsFailsOnARealLookingTokenThatContainsFAKE() async throws {
        let token = "EAAB8real" + "RandomFAKEq9Zt0123456789"
        let root = try CLIProcess.temporaryTree([
            "facebook/a.json": #"{"understudy": 1, "request": {"method": "GET", "path": "/me", "query": {"access_token": "\#(token)"}}, "response": {"json": {}}}"#
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let leaking = try await CLIProcess.running(["lint", "--secrets", "--fixtures", root])
        #expect(leaking.status == 65, "\(leaking.stdout)")
        #expect(leaking.stderr.contains("facebook/a.json $.request.query.access_token: Facebook access token (EAAB… (33 characters))"), "\(leaking.stderr)")
        #expect(!leaking.stderr.contains(token) && !leaking.stdout.contains(token))
    }

    @Test func driftComparesTwoTreesAndATreeWithTheContracts() async throws {
        let first = try CLIProcess.temporaryTree([
            "yelp/a.json": #"{"understudy": 1, "request": {"method": "GET", "path": "/v3/businesses/a"}, "response": {"json": {"id": "a", "rating": 4.5}}}"#
        ])
        let second = try CLIProcess.temporaryTree([
            "yelp/a.json": #"{"understudy": 1, "request": {"method": "GET", "path": "/v3/businesses/a"}, "response": {"json": {"id": "a", "rating": "4.5", "price": "$"}}}"#
        ])
        defer { try? FileManager.default.removeItem(atPath: first); try? FileManager.default.removeItem(atPath: second) }
        let drift = try await CLIProcess.running(["drift", first, second])
        #expect(drift.status == 1)
        #expect(drift.stdout.contains("yelp/a.json\n  added /price (string)\n  retyped /rating: number → string\n"), "\(drift.stdout)")
        let same = try await CLIProcess.running(["drift", first, first])
        #expect(same.status == 0 && same.stdout.contains("No drift: 1 fixture pairs"))
        let contract = try await CLIProcess.running(["drift", second, "--contracts", "contracts"])
        #expect(contract.status == 1 && contract.stdout.contains("yelp/a.json\n  body"), "\(contract.stdout)")
        #expect(try await CLIProcess.running(["drift", "fixtures", "--contracts", "contracts"]).status == 0)
        #expect(try await CLIProcess.running(["drift", first]).status == 64)
    }
}
