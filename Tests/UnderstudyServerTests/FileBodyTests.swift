import Foundation
import NIOPosix
import Testing
import UnderstudyContracts
import UnderstudyCore
import UnderstudyFixtures
import UnderstudyServer
import UnderstudyTesting

/// Large body files go out straight from their files (`sendfile`): the bytes on the wire are
/// the file's, whatever the file went through since the server opened it, and only answers
/// nothing else reads or changes are sent that way.
@Suite("Bodies sent from their files")
struct FileBodyTests {
    static let largeCount = 300_000
    static let googleKey = "AIzaFAKE-understudy-test-key-0000000000"

    /// Bytes that differ from offset to offset, so a slice sent from the wrong place shows.
    static func pattern(_ count: Int, seed: UInt8 = 0) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ ($0 >> 8) &+ Int(seed)) }
    }

    private static func fixture(_ path: String, method: String = "GET", response: String) -> String {
        #"{"understudy": 1, "request": {"method": "\#(method)", "path": "\#(path)"}, "response": \#(response)}"#
    }

    private static func withTree(_ body: (FixtureTree) async throws -> Void) async throws {
        let tree = try FixtureTree([
            "feed/large.json": fixture("/large", response: #"{"file": "large.bin"}"#),
            "feed/large-head.json": fixture("/large", method: "HEAD", response: #"{"file": "large.bin"}"#),
            "feed/small.json": fixture("/small", response: #"{"file": "small.bin"}"#),
            "feed/dribbled.json": fixture("/dribbled", response: #"{"file": "large.bin", "dribble": {"duration": 30, "chunks": 3}}"#),
            "feed/faulty.json": fixture("/faulty", response: #"{"file": "large.bin", "fault": "short-body"}"#),
        ])
        defer { tree.remove() }
        try tree.write("feed/large.bin", bytes: pattern(largeCount))
        try tree.write("feed/small.bin", bytes: pattern(100))
        try await body(tree)
    }

    private static func withServer(_ tree: FixtureTree, bodyCacheBytes: Int = 32 << 20, _ body: (LiveServer) async throws -> Void) async throws {
        let responder = Responder(fixtures: try tree.load(), bodyCacheBytes: bodyCacheBytes)
        try await LiveServer.withServer(responder: responder, group: MultiThreadedEventLoopGroup.singleton) { try await body($0) }
    }

    // MARK: over a socket

    @Test func aLargeBodyGoesOutWholeBetweenOtherAnswersOnOneConnection() async throws {
        try await Self.withTree { tree in
            try await Self.withServer(tree) { server in
                let targets = ["/large", "/small", "/large", "/large", "/small"]
                let (answers, head, after) = try await Self.offThePool { [port = server.port] in
                    let client = try RawHTTPConnection(port: port, timeoutSeconds: 30)
                    try client.send(targets.map { RawHTTPConnection.request("GET", $0) }.joined())
                    let answers = try targets.map { _ in try client.readResponse() }
                    // HEAD: the file's length, no bytes; the next answer on the connection is intact.
                    try client.send(RawHTTPConnection.request("HEAD", "/large") + RawHTTPConnection.request("GET", "/small"))
                    return (answers, try client.readResponse(bodyExpected: false), try client.readResponse())
                }
                for (target, answer) in zip(targets, answers) {
                    let expected = Self.pattern(target == "/large" ? Self.largeCount : 100)
                    #expect(answer.status == 200 && answer.body.count == expected.count && answer.body == expected, "\(target)")
                    #expect(answer.header("Content-Length") == String(expected.count))
                }
                #expect(head.header("Content-Length") == String(Self.largeCount) && head.body.isEmpty)
                #expect(after.body == Self.pattern(100))
            }
        }
    }

    @Test func aBodyFileEditedInPlaceIsSentAsItNowIs() async throws {
        try await Self.withTree { tree in
            try await Self.withServer(tree) { server in
                let file = tree.root + "/feed/large.bin"
                let shorter = Self.pattern(270_000, seed: 7), longer = Self.pattern(400_000, seed: 9)
                let (first, afterShrink, afterGrowth) = try await Self.offThePool { [port = server.port] in
                    let client = try RawHTTPConnection(port: port, timeoutSeconds: 30)
                    let first = try client.get("/large")
                    // Shorter, written over the same file (as an editor saving in place does): a
                    // server sending the size it first saw would promise bytes the file lost, and
                    // wait for them forever.
                    try Self.overwrite(file, with: shorter)
                    let afterShrink = try client.get("/large")
                    try Self.overwrite(file, with: longer)
                    return (first, afterShrink, try client.get("/large"))
                }
                let original = Self.pattern(Self.largeCount)
                #expect(first.body.count == Self.largeCount && first.body == original)
                // Each answer is whole and framed to its length: the bytes first read, or the
                // file as it now is (restart to be sure of the edit), never a promise of bytes
                // the file no longer has.
                for (answer, edited) in [(afterShrink, shorter), (afterGrowth, longer)] {
                    #expect(answer.status == 200 && answer.header("Content-Length") == String(answer.body.count))
                    #expect(answer.body == edited || answer.body == original, "\(answer.body.count) bytes, neither the edit (\(edited.count)) nor the original")
                }
            }
        }
    }

    /// Past the body cache, smaller bodies are read on every answer, as the file now is.
    @Test func bodiesPastTheCacheAreReadAsTheFileNowIs() async throws {
        try await Self.withTree { tree in
            try tree.write("feed/middle.json", Self.fixture("/middle", response: #"{"file": "middle.bin"}"#))
            let middle = Self.pattern(40_000, seed: 3), shorter = Self.pattern(30_000, seed: 5), longer = Self.pattern(50_000, seed: 11)
            try tree.write("feed/middle.bin", bytes: middle)
            try await Self.withServer(tree, bodyCacheBytes: 0) { server in
                let file = tree.root + "/feed/middle.bin"
                let answers = try await Self.offThePool { [port = server.port] in
                    let client = try RawHTTPConnection(port: port, timeoutSeconds: 30)
                    var answers = [try client.get("/middle"), try client.get("/small"), try client.get("/middle")]
                    try Self.overwrite(file, with: shorter)
                    answers.append(try client.get("/middle"))
                    try Self.overwrite(file, with: longer)
                    answers.append(try client.get("/middle"))
                    return answers
                }
                let expected = [middle, Self.pattern(100), middle, shorter, longer]
                for (answer, bytes) in zip(answers, expected) {
                    #expect(answer.status == 200 && answer.header("Content-Length") == String(bytes.count))
                    #expect(answer.body.count == bytes.count && answer.body == bytes)
                }
            }
        }
    }

    @Test func aBodyFileDeletedAfterItsFirstAnswerIsStillSent() async throws {
        try await Self.withTree { tree in
            try await Self.withServer(tree) { server in
                let file = tree.root + "/feed/large.bin"
                let (first, second) = try await Self.offThePool { [port = server.port] in
                    let client = try RawHTTPConnection(port: port, timeoutSeconds: 30)
                    let first = try client.get("/large")
                    try FileManager.default.removeItem(atPath: file)
                    return (first, try client.get("/large"))
                }
                #expect(first.body.count == Self.largeCount && first.body == Self.pattern(Self.largeCount))
                #expect(second.body.count == first.body.count && second.body == first.body)
            }
        }
    }

    @Test func dribbledAndFaultyAnswersOfALargeFileStillPlayTheirBytes() async throws {
        try await Self.withTree { tree in
            try await Self.withServer(tree) { server in
                let (dribbled, faulty) = try await Self.offThePool { [port = server.port] in
                    let dribbled = try RawHTTPConnection(port: port, timeoutSeconds: 30).get("/dribbled")
                    let faulty = try RawHTTPConnection(port: port, timeoutSeconds: 30)
                    try faulty.send(RawHTTPConnection.request("GET", "/faulty"))
                    return (dribbled, faulty.readUntilEnd().bytes)
                }
                #expect(dribbled.body.count == Self.largeCount && dribbled.body == Self.pattern(Self.largeCount))
                // A short body: the head promises the whole file, then the connection closes early.
                #expect(String(decoding: faulty, as: UTF8.self).contains("Content-Length: \(Self.largeCount)\r\n"))
                let bodyStart = try #require(faulty.firstRange(of: [13, 10, 13, 10])).upperBound
                let sent = Array(faulty[bodyStart...])
                #expect(!sent.isEmpty && sent.count < Self.largeCount && sent == Array(Self.pattern(Self.largeCount).prefix(sent.count)))
            }
        }
    }

    /// Runs blocking socket work on a thread of its own (see `Thread.blocking`).
    private static func offThePool<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await Thread.blocking { Result { try work() } }.get()
    }

    // MARK: which answers are left in their files

    @Test func onlyLargeBodiesNothingChangesAreLeftInTheirFiles() async throws {
        try await Self.withTree { tree in
            let responder = Responder(fixtures: try tree.load())
            func answer(_ path: String, sendingFiles: Bool = true) throws -> Response {
                responder.respondNow(to: Request(method: "GET", target: path), sendingFiles: sendingFiles)
            }
            let large = try answer("/large")
            #expect(large.fileBody?.count == Self.largeCount && large.bodyCount == Self.largeCount)
            #expect(large.body.count == Self.largeCount && large.body == Self.pattern(Self.largeCount), "reading the body reads the file")
            #expect(try answer("/large", sendingFiles: false).fileBody == nil)
            #expect(large.fileBody?.delivery == .sent)
            #expect(try answer("/small").fileBody == nil, "a small body is kept in the body cache")
            #expect(try answer("/dribbled").fileBody == nil)
            #expect(try answer("/faulty").fileBody == nil)
            responder.override("feed/large.json", with: AnswerOverride(fault: .reset))
            #expect(try answer("/large").fileBody == nil, "an override's fault plays the bytes")
        }
    }

    /// Past the cache's budget a small body is left to be read into its answer, unless it is
    /// already cached; read without a transport that reads files, it is bytes.
    @Test func smallBodiesPastTheCacheAreReadIntoTheirAnswers() async throws {
        try await Self.withTree { tree in
            try tree.write("feed/middle.json", Self.fixture("/middle", response: #"{"file": "middle.bin"}"#))
            try tree.write("feed/middle.bin", bytes: Self.pattern(150))
            let responder = Responder(fixtures: try tree.load(), bodyCacheBytes: 120)
            func answer(_ path: String, sendingFiles: Bool = true) throws -> Response {
                responder.respondNow(to: Request(method: "GET", target: path), sendingFiles: sendingFiles)
            }
            #expect(try answer("/small").fileBody == nil, "100 bytes fit the budget of 120")
            #expect(try answer("/small").fileBody == nil, "and stay cached")
            let middle = try answer("/middle")
            #expect(middle.fileBody?.delivery == .readIntoAnswer && middle.bodyCount == 150 && middle.body == Self.pattern(150))
            #expect(try answer("/middle", sendingFiles: false).fileBody == nil)
            #expect(try answer("/large").fileBody?.delivery == .sent)
        }
    }

    @Test func anAnswerTheContractReadsForTokensIsNotLeftInItsFile() async throws {
        let padding = String(repeating: "x", count: 300_000)
        let details = #"{"result": {"name": "\#(padding)"}, "status": "OK"}"#
        let nearby = #"{"results": [], "next_page_token": "PAGE-TWO", "status": "OK", "padding": "\#(padding)"}"#
        let tree = try FixtureTree([
            "google/details.json": Self.fixture("/maps/api/place/details/json", response: #"{"file": "details.body.json"}"#),
            "google/nearby.json": Self.fixture("/maps/api/place/nearbysearch/json", response: #"{"file": "nearby.body.json"}"#),
        ])
        defer { tree.remove() }
        try tree.write("google/details.body.json", details)
        try tree.write("google/nearby.body.json", nearby)
        let contracts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path + "/contracts"
        let responder = Responder(fixtures: try tree.load(), contracts: try Contracts.load(from: contracts))
        func answer(_ target: String) throws -> Response {
            responder.respondNow(to: Request(method: "GET", target: target + "&key=" + Self.googleKey), sendingFiles: true)
        }
        let place = try answer("/maps/api/place/details/json?place_id=ChIJ-understudy")
        #expect(place.status == 200 && place.fileBody != nil)
        // The nearby search issues the page token its body names: the gate reads the body.
        let page = try answer("/maps/api/place/nearbysearch/json?location=1.5,2.5&radius=300")
        #expect(page.status == 200 && page.fileBody == nil && page.body.count == nearby.utf8.count && page.body == Array(nearby.utf8))
    }

    /// Rewrites `path` in place: the same inode, truncated, then written.
    private static func overwrite(_ path: String, with bytes: [UInt8]) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(bytes))
        try handle.close()
    }
}
