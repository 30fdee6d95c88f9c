import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyTooling
@testable import UnderstudyFixtures
import UnderstudyJSON
import UnderstudySupport
import UnderstudyTestSupport

/// `import-har` reads each request's `postData`: a credential sent in the body and echoed by
/// the answer never reaches the disk, and what cannot be scrubbed is skipped with a reason.
@Suite("Importing HAR request bodies")
struct HARPostDataTests {
    static let hexSecret = "9f86d081" + "884c7d659a2feaa0c55ad015"
    static let exchange = "EAAMARKERexchange0123456789abcd"

    /// A Graph token exchange whose answer echoes what the request body sent.
    static func tokenExchange(_ number: Int, postData: JSONValue, echo: String) -> JSONValue {
        let entry = HARImportTests.entry(
            "https://graph.facebook.com/v19.0/oauth/access_token?n=\(number)", method: "POST",
            text: JSONWriter.string(["echo": .string(echo), "token_type": "bearer"]))
        guard case .object(var members) = entry, case .object(var request)? = members["request"] else { return entry }
        request["postData"] = postData
        members["request"] = .object(request)
        return .object(members)
    }

    @Test func bodyCredentialsEchoedByTheAnswerAreScrubbed() throws {
        let folder = try HARTemporaryFolder()
        defer { folder.remove() }
        let (secret, exchange) = (Self.hexSecret, Self.exchange)
        let form = "client_id=1&client_secret=\(secret)&fb_exchange_token=\(exchange)"
        let json = #"{"client_id": "1", "client_secret": "\#(secret)", "fb_exchange_token": "\#(exchange)"}"#
        let multipart = "--B\r\nContent-Disposition: form-data; name=\"client_secret\"\r\n\r\n\(secret)\r\n"
            + "--B\r\nContent-Disposition: form-data; name=\"fb_exchange_token\"\r\n\r\n\(exchange)\r\n--B--\r\n"
        let summary = try folder.importArchive(HARImportTests.har([
            Self.tokenExchange(1, postData: ["mimeType": "application/x-www-form-urlencoded", "text": .string(form)], echo: form),
            Self.tokenExchange(2, postData: ["mimeType": "application/json", "text": .string(json)], echo: "received \(secret) and \(exchange)"),
            Self.tokenExchange(3, postData: ["mimeType": "multipart/form-data; boundary=B", "text": .string(multipart)], echo: json),
            Self.tokenExchange(
                5, postData: ["mimeType": "application/x-www-form-urlencoded", "params": [["name": "client_secret", "value": .string(secret)]]],
                echo: "secret \(secret)"),
            Self.tokenExchange(4, postData: ["mimeType": "text/plain", "text": .string(form)], echo: form),
        ]))
        #expect(summary.written == 4, "\(summary)")
        #expect(summary.skipped.count == 1)
        #expect(summary.skipped.first?.reason.contains("cannot be scrubbed") == true, "\(summary.skipped)")
        #expect(summary.skipped.allSatisfy { !$0.reason.contains(secret) && !$0.url.contains(secret) })
        for file in folder.files() {
            let text = String(decoding: try folder.read(file), as: UTF8.self)
            #expect(!text.contains(secret) && !text.contains(exchange), "\(file)")
        }
        #expect(LeakGate.scan(root: folder.path).findings.isEmpty)
    }

    @Test func theLeakGateCatchesABodyCredentialEchoedAsJSONText() throws {
        // What an import that ignored postData wrote: the echo of a JSON body, as a string.
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        try tree.write("facebook/a.body.json", JSONWriter.string(["echo": .string(#"{"client_secret": "\#(Self.hexSecret)"}"#)]))
        #expect(LeakGate.scan(root: tree.root).findings.map(\.description) == [
            "facebook/a.body.json $.echo: random-looking value of client_secret (9f86… (32 characters))"
        ])
    }
}
