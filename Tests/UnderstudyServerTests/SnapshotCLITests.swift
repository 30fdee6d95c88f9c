import Foundation
import Testing
import UnderstudyCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `serve` keeps a snapshot of a valid tree (and, with contracts, its fixtures' forms in their
/// terms) in its cache folder and starts from it; a tree changed since is loaded from its
/// files, and a broken one is still refused with exactly the problems `lint` reports.
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

    /// `import-har` keeps the snapshot of the tree it wrote, seconds old as it is, so the first
    /// `serve` of it starts from the snapshot; into a folder holding a broken fixture it keeps
    /// none, and `serve` still refuses the tree.
    @Test func importHARLeavesASnapshotOfTheTreeItWrote() async throws {
        let folder = try CLIProcess.temporaryTree([
            "recording.har": #"""
                {"log": {"version": "1.2", "creator": {"name": "test", "version": "1"}, "entries": [{
                  "startedDateTime": "2026-01-01T00:00:00.000Z", "time": 0,
                  "request": {"method": "GET", "url": "https://api.yelp.com/v3/businesses/search?term=tacos&location=NYC", "httpVersion": "HTTP/1.1",
                    "headers": [], "queryString": [], "cookies": [], "headersSize": -1, "bodySize": 0},
                  "response": {"status": 200, "statusText": "OK", "httpVersion": "HTTP/1.1", "headers": [{"name": "Content-Type", "value": "application/json"}],
                    "cookies": [], "content": {"mimeType": "application/json", "size": 13, "text": "{\"total\": 0}"}, "redirectURL": "", "headersSize": -1, "bodySize": -1},
                  "cache": {}, "timings": {"send": 0, "wait": 0, "receive": 0}}]}}
                """#
        ])
        let cache = NSTemporaryDirectory() + "understudy-cache-" + UUID().uuidString
        defer {
            for path in [folder, cache] { try? FileManager.default.removeItem(atPath: path) }
        }
        let environment = ["UNDERSTUDY_CACHE_DIR": cache]
        func snapshots() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: cache + "/fixture-snapshots")) ?? []).filter { $0.hasSuffix(".snapshot") }
        }
        let imported = try CLIProcess.run(["import-har", folder + "/recording.har", "--out", folder + "/out"], environment: environment)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(snapshots().count == 1, "the import kept a snapshot of its tree")
        let server = try CLIProcess.Serving(["--fixtures", folder + "/out", "--no-contracts"], environment: environment)
        let (data, response) = try await URLSession.shared.data(from: URL(string: server.url.absoluteString + "/v3/businesses/search?term=tacos&location=NYC")!)
        #expect((response as? HTTPURLResponse)?.statusCode == 200 && String(decoding: data, as: UTF8.self) == #"{"total": 0}"#)
        #expect(server.stop().status == 0)

        // Into a folder holding a broken fixture: imported, no snapshot, and `serve` refuses the tree.
        try FileManager.default.removeItem(atPath: cache)
        try Data(#"{"understudy": 1, "request": {"method": "GET"}, "response": {}}"#.utf8).write(to: URL(fileURLWithPath: folder + "/out/yelp/broken.json"))
        let again = try CLIProcess.run(["import-har", folder + "/recording.har", "--out", folder + "/out"], environment: environment)
        #expect(again.status == 0 && again.stdout.hasPrefix("Wrote 1 fixture"), "\(again.stdout)\(again.stderr)")
        #expect(snapshots().isEmpty)
        let serve = try await CLIProcess.running(["serve", "--port", "0", "--no-contracts", "--fixtures", folder + "/out"], environment: environment)
        #expect(serve.status == 65 && serve.stderr.contains("yelp/broken.json"), "\(serve.stderr)")
    }

    /// With contracts, `serve` keeps the fixtures' forms in the contract's terms beside the
    /// snapshot: a second start answers from the kept forms as the first did, and a pack edited
    /// since makes the next start compute them again, not match by stale ones.
    @Test func serveKeepsContractFormsUntilAPackChanges() async throws {
        let root = try CLIProcess.temporaryTree([
            "yelp/search.json":
                #"{"understudy": 1, "request": {"method": "GET", "path": "/v3/businesses/search", "query": {"latitude": "34.079610", "longitude": "-118.3"}}, "response": {"json": {"total": 0}}}"#
        ])
        let packs = try CLIProcess.temporaryTree([
            "yelp.openapi.json": try String(contentsOf: CLIProcess.repositoryRoot.appendingPathComponent("contracts/yelp.openapi.json"), encoding: .utf8)
        ])
        let cache = NSTemporaryDirectory() + "understudy-cache-" + UUID().uuidString
        defer {
            for folder in [root, packs, cache] { try? FileManager.default.removeItem(atPath: folder) }
        }
        // Stamps are trusted once files are older than a clock tick or two (see above).
        try await Task.sleep(for: .milliseconds(2100))
        func statuses() async throws -> [Int] {
            let server = try CLIProcess.Serving(["--fixtures", root, "--contracts", packs], environment: ["UNDERSTUDY_CACHE_DIR": cache])
            var statuses: [Int] = []
            // As written, and written as the contract reads a number.
            for query in ["latitude=34.079610&longitude=-118.3", "latitude=34.07961&longitude=-118.30"] {
                var request = URLRequest(url: URL(string: server.url.absoluteString + "/v3/businesses/search?" + query)!)
                request.setValue("Bearer test-token", forHTTPHeaderField: "Authorization")
                statuses.append(((try await URLSession.shared.data(for: request)).1 as? HTTPURLResponse)?.statusCode ?? 0)
            }
            #expect(server.stop().status == 0)
            return statuses
        }
        func keptForms() throws -> Date? {
            let names = try FileManager.default.contentsOfDirectory(atPath: cache + "/fixture-snapshots").filter { $0.hasSuffix(".forms") }
            guard names.count == 1 else { return nil }
            return try FileManager.default.attributesOfItem(atPath: cache + "/fixture-snapshots/" + names[0])[.modificationDate] as? Date
        }
        #expect(try await statuses() == [200, 200])
        let kept = try #require(try keptForms(), "the first start kept the forms")
        #expect(try await statuses() == [200, 200])
        #expect(try keptForms() == kept, "the second start used them")

        // The pack's latitude made text: only the fixture's own writing matches now.
        let pack = packs + "/yelp.openapi.json"
        let edited = try String(contentsOfFile: pack, encoding: .utf8).replacingOccurrences(
            of: #""name": "latitude",\#n            "required": false,\#n            "schema": {\#n              "maximum": 90,\#n              "minimum": -90,\#n              "type": "number""#,
            with: #""name": "latitude",\#n            "required": false,\#n            "schema": {\#n              "type": "string""#)
        #expect(try edited != String(contentsOfFile: pack, encoding: .utf8))
        try Data(edited.utf8).write(to: URL(fileURLWithPath: pack))
        #expect(try await statuses() == [200, 404])
        #expect(try keptForms() != kept, "kept again for the edited pack")
    }
}
