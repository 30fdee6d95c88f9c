import Foundation
import Testing
import UnderstudyCore
import UnderstudyServer

/// The admin token: never empty, read from a file or the environment as well as the command
/// line, and required from every admin client once set.
@Suite("The admin token")
struct AdminTokenTests {
    @Test func anEmptyTokenIsRefusedAtStartFromEverySource() async throws {
        let folder = try CLIProcess.temporaryTree(["empty": " \n"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cases: [([String], [String: String], String)] = [
            (["--admin-token", ""], [:], "--admin-token is empty"),
            (["--admin-token-file", folder + "/empty"], [:], "holds no token"),
            (["--admin-token-file", folder + "/missing"], [:], "cannot read"),
            ([], ["UNDERSTUDY_ADMIN_TOKEN": ""], "UNDERSTUDY_ADMIN_TOKEN is set but empty"),
            (["--admin-token", "a", "--admin-token-file", folder + "/empty"], [:], "not both"),
        ]
        for (arguments, environment, message) in cases {
            let result = try await CLIProcess.running(["serve", "--port", "0"] + arguments, environment: environment, timeout: 30)
            #expect(result.status == 64, "\(arguments) \(environment): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }

    @Test func aTokenFromAFileOrTheEnvironmentIsRequiredOnAdminRequests() async throws {
        let folder = try CLIProcess.temporaryTree(["token": "from-a-file-7f3a\n"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let sources: [([String], [String: String], String)] = [
            (["--admin-token-file", folder + "/token"], [:], "from-a-file-7f3a"),
            ([], ["UNDERSTUDY_ADMIN_TOKEN": "from-the-environment-9c2e"], "from-the-environment-9c2e"),
        ]
        for (arguments, environment, token) in sources {
            // Serving blocks while it reads the process's output: off the cooperative pool.
            let (output, statuses) = try await Thread.blocking {
                Result { () throws -> (String, [Int]) in
                    let server = try CLIProcess.Serving(arguments, environment: environment)
                    defer { _ = server.stop() }
                    let port = server.url.port ?? 0
                    let statuses = try [[:], ["X-Understudy-Admin-Token": ""], ["X-Understudy-Admin-Token": token + "x"], ["X-Understudy-Admin-Token": token]]
                        .map { try RawHTTPConnection(port: port, timeoutSeconds: 30).get("/__understudy/health", headers: $0).status }
                    return (server.output, statuses)
                }
            }.get()
            #expect(output.contains("Admin API: requires the header X-Understudy-Admin-Token"), "\(output)")
            #expect(!output.contains(token))
            #expect(statuses == [401, 401, 401, 200])
        }
    }

    @Test func aLibraryResponderWithAnEmptyTokenLetsNoOneIn() async throws {
        try await LiveServer.withServer(responder: Responder(fixtures: [], adminToken: "")) { server async throws in
            #expect(try await RawHTTPConnection.get(port: server.port, "/__understudy/health", headers: ["X-Understudy-Admin-Token": ""]).status == 401)
            #expect(try await RawHTTPConnection.get(port: server.port, "/__understudy/health").status == 401)
        }
    }
}
