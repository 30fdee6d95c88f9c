import Foundation

/// What one archive entry becomes: a fixture document and, beside it, the body file.
///
/// Everything here is already free of credentials except the recorded body, which is
/// scrubbed when it is written (see `BodyScrubber`), so bodies are decoded one at a time.
struct ImportedFixture: Sendable {
    /// The entry's position in the archive.
    let index: Int
    /// The provider folder.
    let provider: String
    /// The request's identity: method, decoded path and query with secret values hidden.
    /// Two entries with the same key would be indistinguishable fixtures.
    let requestKey: String
    /// The file name without extension, unique in the provider folder; set by the importer.
    var baseName: String
    /// The method, upper-case.
    let method: String
    /// The path, percent-decoded.
    let path: String
    /// The `request.query` conditions: decoded values, `{"present": true}` for credentials.
    let query: [String: JSONValue]
    /// The response status.
    let status: Int
    /// The `response.headers` member: recorded headers minus framing and credentials.
    let headers: [String: JSONValue]
    /// The body as recorded, `nil` for none.
    let body: RecordedBody?
    /// The body file's extension, from the media type.
    let bodyExtension: String
    /// Credentials the request carried, to be removed wherever they reappear in the body.
    let secrets: [String]

    /// The body file's name, beside the fixture.
    var bodyFileName: String? { body == nil ? nil : "\(baseName).body.\(bodyExtension)" }

    /// The fixture document, ready to be written.
    var document: JSONValue {
        var request: [String: JSONValue] = ["method": .string(method), "path": .string(path)]
        if !query.isEmpty { request["query"] = .object(query) }
        var response: [String: JSONValue] = ["status": .number(JSONNumber(status))]
        if !headers.isEmpty { response["headers"] = .object(headers) }
        if let bodyFileName { response["file"] = .string(bodyFileName) }
        return [
            "understudy": .number(JSONNumber(Fixture.formatVersion)),
            "provider": .string(provider),
            "request": .object(request),
            "response": .object(response),
        ]
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

    /// Turns a recorded exchange into a fixture, or says why it is skipped. Throws only for an
    /// archive that is itself broken (a body that claims to be base64 and is not).
    static func make(from exchange: RecordedExchange, archive: String) throws(HARImportError) -> Outcome {
        guard let url = RecordedURL(exchange.url) else {
            return .skipped(reason: "not an http(s) URL")
        }
        guard let provider = ProviderHosts.provider(forHost: url.host) else {
            return .skipped(reason: "host \(url.host) is not one of the providers' hosts")
        }
        let method = exchange.method.uppercased()
        guard !method.isEmpty, method.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            return .skipped(reason: "method \"\(exchange.method)\" is not an HTTP method")
        }
        if exchange.status == 0 {
            return .skipped(reason: "no response was recorded (status 0: the request failed, was blocked or was cancelled)")
        }
        guard (100...599).contains(exchange.status) else {
            return .skipped(reason: "status \(exchange.status) is not an HTTP status code")
        }
        let path = PercentDecoding.decode(url.rawPath, plusAsSpace: false)
        switch PathPattern.parse(path) {
        case .failure(let error):
            return .skipped(reason: "path \"\(path)\" cannot be a fixture path: it \(error.reason)")
        case .success(let pattern) where !pattern.isExact:
            return .skipped(reason: "path \"\(path)\" cannot be a fixture path: {…} segments are placeholders in fixtures")
        case .success:
            break
        }

        let content = exchange.content
        var body: RecordedBody?
        if let text = content.text, !text.isEmpty {
            switch content.encoding?.lowercased() {
            case nil, "": body = .text(text)
            case "base64":
                guard isBase64(text) else {
                    throw HARImportError(
                        file: archive, path: exchange.path.appending("response").appending("content").appending("text"),
                        message: "content.encoding is base64 but the text is not valid base64")
                }
                body = .base64(text)
            case let other?:
                return .skipped(reason: "content.encoding \"\(other)\" is not supported (only base64)")
            }
        } else if content.text == nil, let size = content.size, size > 0 {
            return .skipped(reason: "the response body was not recorded (content.size is \(size) but there is no content.text)")
        }

        let secrets = requestSecrets(exchange, rawQuery: url.rawQuery)
        let query = QueryParameters(parsing: url.rawQuery)
        var conditions: [String: JSONValue] = [:]
        var requestKey = method + "\u{1E}" + path
        for name in query.names.sorted() {
            let values = query.values(name)
            requestKey += "\u{1E}" + name + "\u{1F}"
            if Redaction.isSecretParameter(name) {
                conditions[name] = ["present": true]
                requestKey += "\u{0}present"
            } else {
                conditions[name] = values.count == 1 ? .string(values[0]) : .array(values.map(JSONValue.string))
                requestKey += values.joined(separator: "\u{1F}")
            }
        }
        let headers = responseHeaders(exchange.responseHeaders, mimeType: content.mimeType, hasBody: body != nil, secrets: secrets)
        let mediaType = content.mimeType.flatMap { $0.isEmpty ? nil : $0 }
            ?? exchange.responseHeaders.first { $0.name.lowercased() == "content-type" }?.value
        return .fixture(ImportedFixture(
            index: exchange.index, provider: provider, requestKey: requestKey, baseName: "",
            method: method, path: path, query: conditions, status: exchange.status, headers: headers, body: body,
            bodyExtension: bodyFileExtension(forMediaType: mediaType ?? ""), secrets: secrets))
    }

    /// The response headers to keep, grouped case-insensitively under the first spelling seen;
    /// a repeated header becomes an array. Adds `content-type` from `content.mimeType` when the
    /// recording had a body but no such header.
    static func responseHeaders(_ fields: [HTTPField], mimeType: String?, hasBody: Bool, secrets: [String]) -> [String: JSONValue] {
        var order: [String] = []
        var spelling: [String: String] = [:]
        var values: [String: [String]] = [:]
        for field in fields {
            let lowercased = field.name.lowercased()
            guard !field.name.isEmpty, !lowercased.hasPrefix(":"),
                !droppedResponseHeaders.contains(lowercased), !Redaction.isSecretHeader(lowercased)
            else { continue }
            var value = BodyScrubber.scrub(field.value, secrets: secrets)
            if lowercased == "location" || lowercased == "content-location" { value = Redaction.target(value) }
            if spelling[lowercased] == nil {
                spelling[lowercased] = field.name
                order.append(lowercased)
            }
            values[lowercased, default: []].append(value)
        }
        var headers: [String: JSONValue] = [:]
        for name in order {
            let recorded = values[name]!
            headers[spelling[name]!] = recorded.count == 1 ? .string(recorded[0]) : .array(recorded.map(JSONValue.string))
        }
        if hasBody, spelling["content-type"] == nil, let mimeType, !mimeType.isEmpty, mimeType != "x-unknown" {
            headers["content-type"] = .string(mimeType)
        }
        return headers
    }

    /// Every credential in the request, as sent and decoded: values of secret query parameters,
    /// the token of credential headers (`Bearer <token>`), cookie values. Longest first, so a
    /// credential containing another is replaced whole.
    static func requestSecrets(_ exchange: RecordedExchange, rawQuery: String) -> [String] {
        var secrets: Set<String> = []
        for component in rawQuery.split(separator: "&") {
            guard let equals = component.firstIndex(of: "=") else { continue }
            guard Redaction.isSecretParameter(PercentDecoding.decode(component[..<equals], plusAsSpace: true)) else { continue }
            let raw = component[component.index(after: equals)...]
            secrets.insert(String(raw))
            secrets.insert(PercentDecoding.decode(raw, plusAsSpace: true))
        }
        for field in exchange.requestHeaders where Redaction.isSecretHeader(field.name) {
            let value = field.value.trimmingCharacters(in: .whitespaces)
            if field.name.lowercased() == "cookie" {
                for cookie in value.split(separator: ";") {
                    if let equals = cookie.firstIndex(of: "=") { secrets.insert(String(cookie[cookie.index(after: equals)...])) }
                }
                continue
            }
            secrets.insert(value)
            if let space = value.lastIndex(of: " ") { secrets.insert(String(value[value.index(after: space)...])) }
        }
        return secrets.filter { $0.utf8.count >= BodyScrubber.minimumSecretLength }
            .sorted { ($0.utf8.count, $0) > ($1.utf8.count, $1) }
    }

    /// The body file extension for a media type (`application/json; charset=utf-8` → `json`).
    static func bodyFileExtension(forMediaType mediaType: String) -> String {
        let essence = mediaType.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        switch essence {
        case "application/json", "text/json": return "json"
        case _ where essence.hasSuffix("+json"): return "json"
        case "image/png": return "png"
        case "image/jpeg", "image/jpg", "image/pjpeg": return "jpg"
        case "image/gif": return "gif"
        case "image/webp": return "webp"
        case "image/svg+xml": return "svg"
        case "text/html": return "html"
        case "application/xml", "text/xml": return "xml"
        case _ where essence.hasPrefix("text/"): return "txt"
        default: return "bin"
        }
    }

    /// Whether `text` is base64 (standard alphabet, padding optional, line breaks allowed).
    static func isBase64(_ text: String) -> Bool {
        var significant = 0
        var padding = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "+"), UInt8(ascii: "/"):
                if padding > 0 { return false }
                significant += 1
            case UInt8(ascii: "="):
                padding += 1
                if padding > 2 { return false }
            case 0x20, 0x0A, 0x0D, 0x09:
                continue
            default:
                return false
            }
        }
        return padding == 0 ? significant % 4 != 1 : (significant + padding) % 4 == 0
    }
}

/// A recorded body as the archive holds it.
enum RecordedBody: Sendable {
    /// `content.text` without encoding: the body is its UTF-8.
    case text(String)
    /// `content.text` with `encoding: base64`.
    case base64(String)

    /// The body's bytes, exactly as recorded; `nil` if base64 does not decode.
    var bytes: [UInt8]? {
        switch self {
        case .text(let text): Array(text.utf8)
        case .base64(let text):
            Data(base64Encoded: Self.padded(text), options: .ignoreUnknownCharacters).map { [UInt8]($0) }
        }
    }

    /// Foundation wants padding; some tools leave it off.
    private static func padded(_ text: String) -> String {
        let significant = text.utf8.count(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 })
        let missing = (4 - significant % 4) % 4
        return missing == 0 ? text : text + String(repeating: "=", count: missing)
    }
}
