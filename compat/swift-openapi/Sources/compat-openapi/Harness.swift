import Foundation
import HTTPTypes
import OpenAPIRuntime
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The served Understudy: its admin API (reset, clock, journal) and the checks run against it.
actor Harness {
    let base: URL
    private(set) var failures: [String] = []
    private(set) var expectedFailures: [String] = []
    private(set) var passed = 0

    init(base: URL) {
        self.base = base
    }

    /// Runs one flow on a reset server. `expectedToFail` names why it fails today (a matching
    /// change that is still to land); it then must fail, and a pass is reported as a failure so
    /// the list stays honest.
    func check(_ name: String, expectedToFail reason: String? = nil, _ body: @Sendable () async throws -> Void) async {
        do {
            try await admin("POST", "/reset")
            try await body()
            if let reason {
                failures.append("\(name): passed, but is listed as expected to fail (\(reason)); remove it from the list")
                print("UNEXPECTED PASS \(name)")
            } else {
                passed += 1
                print("ok    \(name)")
            }
        } catch {
            if let reason {
                expectedFailures.append("\(name): \(reason)")
                print("xfail \(name): \(reason)\n      failed with: \(error)")
            } else {
                failures.append("\(name): \(error)")
                print("FAIL  \(name): \(error)")
            }
        }
    }

    /// What answered each request since the reset: a fixture file, a provider answer, or MISS.
    func answered() async throws -> [String] {
        let (data, _) = try await URLSession.shared.data(from: base.appendingPathComponent("__understudy/journal"))
        let journal = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let entries = journal?["entries"] as? [[String: Any]] ?? []
        return entries.map { ($0["fixture"] as? String) ?? ($0["answeredBy"] as? String) ?? "MISS" }
    }

    /// The status of each answer since the reset, as the server journaled it.
    func statuses() async throws -> [Int] {
        let (data, _) = try await URLSession.shared.data(from: base.appendingPathComponent("__understudy/journal"))
        let journal = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        return (journal?["entries"] as? [[String: Any]] ?? []).compactMap { $0["status"] as? Int }
    }

    func expectAnswered(_ expected: [String], file: StaticString = #file, line: UInt = #line) async throws {
        let actual = try await answered()
        guard actual == expected else { throw Mismatch("answered by \(actual), expected \(expected) (line \(line))") }
    }

    func advanceClock(seconds: Int) async throws {
        try await admin("POST", "/clock", body: #"{"advanceSeconds": \#(seconds)}"#)
    }

    func admin(_ method: String, _ path: String, body: String? = nil) async throws {
        var request = URLRequest(url: base.appendingPathComponent("__understudy" + path))
        request.httpMethod = method
        request.httpBody = body.map { Data($0.utf8) }
        // The admin API takes changes as JSON only (a cross-site form cannot send them).
        if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        let (_, response) = try await URLSession.shared.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw Mismatch("admin \(method) \(path) failed") }
    }
}

/// A check that did not hold.
struct Mismatch: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Fails with `message` unless `condition` holds.
func expect(_ condition: Bool, _ message: @autoclosure () -> String) throws {
    if !condition { throw Mismatch(message()) }
}

/// Puts the credential where the contract's security scheme says it goes: the generated
/// clients leave that to middleware (Yelp: a bearer header; Google and Graph: a query parameter;
/// Places (New) and Routes: the `X-Goog-Api-Key` header).
struct Credential: ClientMiddleware {
    enum Placement: Sendable {
        case bearer(String)
        case query(name: String, value: String)
        case header(name: String, value: String)
    }

    let placement: Placement

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        switch placement {
        case .bearer(let token):
            request.headerFields[.authorization] = "Bearer \(token)"
        case .header(let name, let value):
            if let field = HTTPField.Name(name) { request.headerFields[field] = value }
        case .query(let name, let value):
            let path = request.path ?? "/"
            let encoded = value.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? value
            request.path = path + (path.contains("?") ? "&" : "?") + "\(name)=\(encoded)"
        }
        return try await next(request, body, baseURL)
    }
}

/// Sends a header's value as written, undoing the runtime's percent-encoding of header values
/// (the workaround swift-openapi-generator#529 suggests): an ETag must keep its quotes.
struct PercentDecodedHeader: ClientMiddleware {
    let name: HTTPField.Name

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        if let value = request.headerFields[name] { request.headerFields[name] = value.removingPercentEncoding ?? value }
        return try await next(request, body, baseURL)
    }
}

/// The whole body of an image or text answer.
func bytes(of body: HTTPBody) async throws -> [UInt8] {
    try await [UInt8](collecting: body, upTo: 10_000_000)
}
