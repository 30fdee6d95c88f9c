import Foundation
import Testing

/// Deeply nested JSON through the commands a debug build runs (`swift run`, `swift test`):
/// fixtures are read on worker threads with 1 MB stacks, where 400 levels once crashed the
/// process. Past `JSONParser.maximumDepth` a file is refused by name and JSON path; up to it,
/// every command works.
@Suite("Deeply nested JSON")
struct DeepJSONTests {
    /// `count` fixtures whose answer nests `depth` objects below `response.json.deep`; enough
    /// files that several worker threads read them.
    static func tree(files count: Int, depth: Int) throws -> String {
        var documents: [String: String] = [:]
        for file in 0..<count {
            let nested = String(repeating: #"{"a": "#, count: depth) + "1" + String(repeating: "}", count: depth)
            documents["yelp/deep\(file).json"] = #"""
                {"understudy": 1, "request": {"method": "GET", "path": "/v3/businesses/search", "query": {"term": "t\#(file)"}},
                 "response": {"json": {"businesses": [], "total": 0, "region": {"center": {"latitude": 1, "longitude": 2}}, "deep": \#(nested)}}}
                """#
        }
        documents["yelp/deep.body.json"] = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        return try CLIProcess.temporaryTree(documents)
    }

    @Test func tenThousandLevelsAreRefusedByFileAndPathWithoutACrash() async throws {
        let root = try Self.tree(files: 16, depth: 10_000)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let lint = try await CLIProcess.running(["lint", "--fixtures", root])
        #expect(lint.status == 65, "\(lint.status): \(lint.stderr.prefix(500))")
        let path = "$.response.json.deep" + String(repeating: ".a", count: 97)
        for file in 0..<16 {
            #expect(lint.stderr.contains("yelp/deep\(file).json"), "\(lint.stderr.prefix(500))")
        }
        #expect(lint.stderr.contains("nesting deeper than 100 levels at \(path)"), "\(lint.stderr.prefix(800))")
        let secrets = try await CLIProcess.running(["lint", "--secrets", "--fixtures", root])
        #expect(secrets.status == 65)
    }

    @Test func nestingUpToTheLimitWorksInLintVerifyAndServe() async throws {
        let root = try Self.tree(files: 16, depth: 96)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let lint = try await CLIProcess.running(["lint", "--secrets", "--fixtures", root])
        #expect(lint.status == 0, "\(lint.status): \(lint.stdout.suffix(300)) \(lint.stderr.prefix(500))")
        let verify = try await CLIProcess.running(["verify", "--fixtures", root, "--contracts", "contracts"])
        #expect(verify.status == 0 || verify.status == 1, "\(verify.status): \(verify.stderr.prefix(500))")
        let served = try await Thread.blocking {
            Result { () throws -> RawHTTPConnection.Response in
                let server = try CLIProcess.Serving(["--fixtures", root, "--no-contracts"])
                defer { _ = server.stop() }
                return try RawHTTPConnection(port: server.url.port ?? 0, timeoutSeconds: 30).get("/v3/businesses/search?term=t3")
            }
        }.get()
        #expect(served.status == 200)
        #expect(served.text.contains(String(repeating: #"{"a":"#, count: 96)))
    }
}
