import Foundation
import Testing
import UnderstudyCore
import UnderstudyJSON
import UnderstudySupport

/// Numbers in fixtures are untrusted input too: where the contracts turn one into an integer
/// (a token's expiry for introspection), a number past Int answers, never traps the server.
@Suite("Huge numbers in fixtures")
struct HugeFixtureNumbersTests {
    /// A Graph token issued with `expires_in: 1e300` (or `-1e300`), then introspected: the
    /// server, a child process here so a trap cannot take the test run with it, answers.
    @Test(arguments: ["1e300", "-1e300"])
    func aTokenExpiryPastIntIsIntrospectedWithoutATrap(_ expiresIn: String) async throws {
        let exchange = try String(contentsOf: CLIProcess.repositoryRoot.appendingPathComponent("fixtures/facebook/login/oauth-code-exchange.json"), encoding: .utf8)
        let debug = try String(contentsOf: CLIProcess.repositoryRoot.appendingPathComponent("fixtures/facebook/debug-token.json"), encoding: .utf8)
        #expect(exchange.contains(#""expires_in": 5183976"#))
        let root = try CLIProcess.temporaryTree([
            "facebook/exchange.json": exchange.replacingOccurrences(of: #""expires_in": 5183976"#, with: #""expires_in": \#(expiresIn)"#),
            "facebook/debug.json": debug,
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (statuses, expiresAt, serverStatus) = try await Thread.blocking {
            Result { () throws -> ([Int], JSONValue?, Int32) in
                let server = try CLIProcess.Serving(["--fixtures", root, "--contracts", CLIProcess.repositoryRoot.appendingPathComponent("contracts").path])
                let port = server.url.port ?? 0
                let issued = try RawHTTPConnection(port: port, timeoutSeconds: 30).get(
                    "/v19.0/oauth/access_token?client_id=138483919580948&client_secret=FAKE-understudy-app-secret&code=AQDUnderstudyLoginDialogCode&redirect_uri=fb138483919580948://authorize/")
                let introspected = try? RawHTTPConnection(port: port, timeoutSeconds: 30).get(
                    "/v19.0/debug_token?input_token=EAAUnderstudyShortLivedToken&access_token=138483919580948%7CFAKE-understudy-app-secret")
                let json = introspected.flatMap { try? JSONParser.parse($0.body) }
                return ([issued.status, introspected?.status ?? -1], json?["data"]?["expires_at"], server.stop().status)
            }
        }.get()
        #expect(statuses == [200, 200])
        #expect(serverStatus == 0)  // stopped by its SIGTERM, not ended by a trap
        guard case .number(let number)? = expiresAt else {
            Issue.record("no expires_at: \(String(describing: expiresAt))")
            return
        }
        #expect(expiresIn.hasPrefix("-") ? number.value < -1e299 : number.value > 1e299)
    }
}
