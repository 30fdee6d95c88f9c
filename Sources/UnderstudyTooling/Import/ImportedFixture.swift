import Foundation
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport

/// What one recorded exchange becomes: a fixture document and, beside it, the body file. Made
/// from a HAR entry (`make(from:archive:)`) or from a live exchange while recording
/// (`RecordingPlan`); written the same way for both.
///
/// Everything here is already free of credentials except the recorded body, which is
/// scrubbed when it is written (see `BodyScrubber`), so bodies are decoded one at a time.
struct ImportedFixture: Sendable {
    /// The entry's position in the archive (0 for a live recording).
    let index: Int
    /// The provider folder.
    let provider: String
    /// The request's identity: method, decoded path, query, and the header and body conditions,
    /// with secret values hidden. Two exchanges with the same key would be indistinguishable fixtures.
    var requestKey: String
    /// Where the fixture goes below the provider folder (`pages` for `yelp/pages/x.json`); usually empty.
    var subfolder = ""
    /// The file name without extension, unique in its folder; set by whoever writes.
    var baseName: String
    /// The method, upper-case.
    let method: String
    /// The path, percent-decoded.
    let path: String
    /// The `request.query` conditions: decoded values, `{"present": true}` for credentials.
    var query: [String: JSONValue]
    /// The `request.headers` conditions, by lower-cased name (a recording's credential and
    /// conditional headers; an import writes none).
    var requestHeaders: [String: JSONValue] = [:]
    /// The `request.body` condition, if any.
    var requestBody: JSONValue?
    /// The response status.
    let status: Int
    /// The `response.headers` member: recorded headers minus framing and credentials.
    let headers: [String: JSONValue]
    /// The body as recorded, `nil` for none.
    var body: RecordedBody?
    /// The body file's extension, from the media type.
    let bodyExtension: String
    /// Credentials the request carried, to be removed wherever they reappear in the body.
    let secrets: [Secret]
    /// What counts as a secret and what replaces it.
    var rules: Scrubbing = .harImport
    /// When the answer was given: its times move with the server's clock from there, so a
    /// recording never turns into an expired token. `nil` when the archive does not say.
    var recordedAt: Date?
    /// Kept from a fixture this one replaces.
    var name: String?
    var priority = 0

    /// The body file's name, beside the fixture.
    var bodyFileName: String? { body == nil ? nil : "\(baseName).body.\(bodyExtension)" }

    /// The fixture file, relative to the fixtures root: `yelp/get-v3-businesses-search-1a2b3c4d.json`.
    var file: String { folder + "/" + baseName + ".json" }

    /// The folder of the fixture and its body, relative to the fixtures root.
    var folder: String { subfolder.isEmpty ? provider : provider + "/" + subfolder }

    /// The fixture document, ready to be written.
    var document: JSONValue {
        var request: [String: JSONValue] = ["method": .string(method), "path": .string(path)]
        if !query.isEmpty { request["query"] = .object(query) }
        if !requestHeaders.isEmpty { request["headers"] = .object(requestHeaders) }
        if let requestBody { request["body"] = requestBody }
        var response: [String: JSONValue] = ["status": .number(JSONNumber(status))]
        if !headers.isEmpty { response["headers"] = .object(headers) }
        if let bodyFileName { response["file"] = .string(bodyFileName) }
        var document: [String: JSONValue] = [
            "understudy": .number(JSONNumber(Fixture.formatVersion)),
            "provider": .string(provider),
            "request": .object(request),
            "response": .object(response),
        ]
        if let name { document["name"] = .string(name) }
        if let recordedAt { document["recordedAt"] = .string(ISO8601Time.string(from: recordedAt)) }
        if priority != 0 { document["priority"] = .number(JSONNumber(priority)) }
        return .object(document)
    }

    /// The moment an answer with these headers was given, by its `Date` header (an HTTP date,
    /// `Tue, 01 Dec 2025 08:00:00 GMT`); `nil` without a readable one.
    static func answerDate(_ headers: [HeaderField]) -> Date? {
        guard let text = headers.first(where: { $0.hasName("Date") })?.value else { return nil }
        return httpDate.date(from: text.trimmingCharacters(in: .whitespaces))
    }

    private static let httpDate = DatePattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", zone: .utc)

    /// The recorded body without credentials; `nil` when there is none or it is not valid base64.
    var scrubbedBody: [UInt8]? {
        body?.bytes.map { BodyScrubber.scrub($0, secrets: secrets, rules: rules) }
    }

    /// Writes the body file (when there is a body), then the fixture, each atomically, so the
    /// fixture never names a missing file and a reader never sees half of either.
    /// - Parameter body: the scrubbed body (see `scrubbedBody`).
    /// - Parameter durable: `fsync` each file; a bulk writer passes `false` and syncs once.
    func write(body: [UInt8]?, into root: String, durable: Bool) throws(FileBytes.IOError) {
        let folder = (root as NSString).appendingPathComponent(self.folder)
        if let body, let bodyFileName {
            try FileBytes.writeAtomically(body, to: (folder as NSString).appendingPathComponent(bodyFileName), durable: durable)
        }
        try FileBytes.writeAtomically(
            JSONWriter.bytes(document, style: .pretty), to: (folder as NSString).appendingPathComponent(baseName + ".json"), durable: durable)
    }

    /// Headers that describe a connection or a transfer rather than the response: the server
    /// recomputes framing, and bodies are stored decoded.
    static let droppedResponseHeaders: Set<String> = [
        "content-length", "transfer-encoding", "content-encoding", "connection", "keep-alive",
        "proxy-connection", "te", "trailer", "upgrade",
    ]

    /// The result of reading one entry: a fixture, or the reason it cannot be one.
    enum Outcome: Sendable {
        case fixture(ImportedFixture)
        case skipped(reason: String)
    }

    /// The checks and conditions every recorded exchange goes through, however it was recorded:
    /// the method and status are HTTP's, the path can be a fixture path; secret query values
    /// become `{"present": true}` (or stay, when `rules` keep them); response headers lose framing
    /// and credentials.
    static func assemble(
        provider: String, index: Int, method rawMethod: String, rawPath: String, rawQuery: String, status: Int,
        responseHeaders fields: [HeaderField], body: RecordedBody?, mimeType: String?, secrets: [Secret], rules: Scrubbing
    ) -> Outcome {
        let method = rawMethod.uppercased()
        guard !method.isEmpty, method.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            return .skipped(reason: "method \"\(rawMethod)\" is not an HTTP method")
        }
        if status == 0 {
            return .skipped(reason: "no response was recorded (status 0: the request failed, was blocked or was cancelled)")
        }
        guard (100...599).contains(status) else {
            return .skipped(reason: "status \(status) is not an HTTP status code")
        }
        let path = PercentDecoding.decode(rawPath, plusAsSpace: false)
        switch PathPattern.parse(path) {
        case .failure(let error):
            return .skipped(reason: "path \"\(path)\" cannot be a fixture path: it \(error.reason)")
        case .success(let pattern) where !pattern.isExact:
            return .skipped(reason: "path \"\(path)\" cannot be a fixture path: {…} segments are placeholders in fixtures")
        case .success:
            break
        }
        let (query, queryKey) = queryConditions(QueryParameters(parsing: rawQuery), rules: rules)
        let headers = responseHeaders(fields, mimeType: mimeType, hasBody: body != nil, secrets: secrets, rules: rules)
        let mediaType = mimeType.flatMap { $0.isEmpty ? nil : $0 } ?? fields.first { $0.hasName("content-type") }?.value
        return .fixture(ImportedFixture(
            index: index, provider: provider, requestKey: method + "\u{1E}" + path + queryKey, baseName: "",
            method: method, path: path, query: query, status: status, headers: headers, body: body,
            bodyExtension: bodyFileExtension(forMediaType: mediaType ?? ""), secrets: secrets, rules: rules))
    }
}
