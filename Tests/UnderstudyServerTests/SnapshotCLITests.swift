import Foundation
import Testing
import UnderstudyCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `serve` keeps a snapshot of a valid tree in its cache folder and starts from it; a tree
/// changed since is loaded from its files, and a broken one is still refused with exactly the
/// problems `lint` reports.
@Suite("Fixture snapshots, through the command")
struct SnapshotCLITests {
    @Test func serveStartsFromASnapshotAndStillRefusesATreeBrokenSince() async throws {
        let root = try CLIProcess.temporaryTree([
            "yelp/a.json": #"{"understudy": 1, "request": {"method": "GET", "path": "/v3/a", "query": {"term": "x"}}, "response": {"file": "a.body.json"}}"#,
            "yelp/a.body.json": #"{"ok": true}"#,
            "google/b.json": #"{"understudy": 1, "request": {"method": "GET", "path": "/maps/api/b"}, "response": {"json": {"status": "OK"}}}"#,
        ])
        let cache = NSTemporaryDirectory() + "understudy-cache-" + UUID().uuidString
        defer {
            try? FileManager.default.removeItem(atPath: root)
            try? FileManager.default.removeItem(atPath: cache)
        }
        let environment = ["UNDERSTUDY_CACHE_DIR": cache]
        // A file's stamp is trusted once it is older than a clock tick or two: serve writes no
        // snapshot of a tree changed in the last two seconds.
        try await Task.sleep(for: .milliseconds(2100))
        func answers() async throws -> [String] {
            let server = try CLIProcess.Serving(["--fixtures", root, "--no-contracts"], environment: environment)
            var answers: [String] = []
            for path in ["v3/a?term=x", "maps/api/b", "v3/a?term=y"] {
                let (data, response) = try await URLSession.shared.data(from: URL(string: server.url.absoluteString + "/" + path)!)
                answers.append("\((response as? HTTPURLResponse)?.statusCode ?? 0) \(String(decoding: data, as: UTF8.self))")
            }
            #expect(server.stop().status == 0)
            return answers
        }
        let fromFiles = try await answers()
        let snapshots = try FileManager.default.contentsOfDirectory(atPath: cache + "/fixture-snapshots")
        #expect(snapshots.count == 1, "the first start wrote a snapshot")
        let snapshot = cache + "/fixture-snapshots/" + snapshots[0]
        let written = try FileManager.default.attributesOfItem(atPath: snapshot)[.modificationDate] as? Date
        #expect(try await answers() == fromFiles)
        #expect(try FileManager.default.attributesOfItem(atPath: snapshot)[.modificationDate] as? Date == written, "the second start used it")
        #expect(fromFiles[0].hasPrefix("200 ") && fromFiles[1].hasPrefix("200 ") && fromFiles[2].hasPrefix("404 "))

        // Broken since: a body file gone and a fixture rewritten.
        try FileManager.default.removeItem(atPath: root + "/yelp/a.body.json")
        try Data(#"{"understudy": 1, "request": {"method": "GET"}, "response": {}}"#.utf8).write(to: URL(fileURLWithPath: root + "/google/b.json"))
        let lint = try await CLIProcess.running(["lint", "--fixtures", root])
        let serve = try await CLIProcess.running(["serve", "--port", "0", "--no-contracts", "--fixtures", root], environment: environment)
        #expect(lint.status == 65 && serve.status == 65)
        #expect(!serve.stdout.contains("Listening"))
        #expect(serve.stderr == lint.stderr)
        #expect(serve.stderr.contains("2 problems in 2 fixture files:"), "\(serve.stderr)")
    }
}
