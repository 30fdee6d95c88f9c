import Foundation
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport
/// One entry of an HTTP Archive, read and checked: only what an import uses.
struct RecordedExchange: Sendable {
    /// Position in `log.entries`, from 0.
    let index: Int
    /// The method as recorded.
    let method: String
    /// The absolute URL as recorded.
    let url: String
    let requestHeaders: [HeaderField]
    /// `request.postData`, if recorded.
    var postData: RecordedPostData? = nil
    let status: Int
    let responseHeaders: [HeaderField]
    let content: RecordedContent
    /// `startedDateTime`: when the request was sent, if the archive says (ISO 8601).
    var startedAt: Date? = nil

    /// `$.log.entries[index]`.
    var path: JSONPath { HARReader.entriesPath.appending(index: index) }
}

/// The recorded request body (`request.postData`): its text, or its form fields (`params`).
struct RecordedPostData: Sendable {
    /// `postData.mimeType`.
    var mimeType: String?
    /// `postData.text`.
    var text: String?
    /// `postData.params`: name and value of each field.
    var params: [(name: String, value: String)] = []
}

/// The recorded response body (`response.content`).
struct RecordedContent: Sendable {
    /// `content.text`: the body, as text or as base64.
    var text: String?
    /// `content.encoding`, e.g. `base64`; `nil` for plain text.
    var encoding: String?
    /// `content.mimeType`.
    var mimeType: String?
    /// `content.size`, the body's length in bytes; `nil` or negative when unknown.
    var size: Int?
}

/// Reads an HTTP Archive (HAR 1.2) and checks the members an import needs, reporting the
/// first problem with its JSON path. Members an import does not use are not checked, so
/// archives from devtools, Charles or Proxyman that differ in optional details still load.
struct HARReader {
    static let entriesPath = JSONPath.root.appending("log").appending("entries")

    /// The archive file, for error messages.
    let file: String

    /// Every entry of the archive at `file`.
    static func read(_ file: String) throws(HARImportError) -> [RecordedExchange] {
        let reader = HARReader(file: file)
        return try reader.exchanges(in: try reader.document())
    }

    /// The parsed archive. The file's bytes are released on return, so only the parsed
    /// document stays in memory.
    func document() throws(HARImportError) -> JSONValue {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(file)
        } catch {
            throw HARImportError(file: file, message: "cannot read the archive: \(error.reason)")
        }
        do {
            return try JSONParser.parse(bytes)
        } catch {
            throw HARImportError(file: file, line: error.line, column: error.column, message: "not a HAR file: invalid JSON: \(error.message)")
        }
    }

    /// The entries of a parsed archive.
    func exchanges(in document: JSONValue) throws(HARImportError) -> [RecordedExchange] {
        let root = try object(document, at: .root, what: "a HAR document")
        let logPath = JSONPath.root.appending("log")
        let log = try object(try required(root, "log", at: .root, what: "the archive"), at: logPath, what: "the archive")
        let entries = try array(try required(log, "entries", at: logPath, what: "the recorded requests"), at: Self.entriesPath)
        var exchanges: [RecordedExchange] = []
        exchanges.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            exchanges.append(try exchange(entry, index: index))
        }
        return exchanges
    }

    private func exchange(_ value: JSONValue, index: Int) throws(HARImportError) -> RecordedExchange {
        let path = Self.entriesPath.appending(index: index)
        let entry = try object(value, at: path, what: "an entry")

        let requestPath = path.appending("request")
        let request = try object(try required(entry, "request", at: path, what: "the request"), at: requestPath, what: "the request")
        let method = try string(try required(request, "method", at: requestPath, what: "the request method"), at: requestPath.appending("method"))
        let url = try string(try required(request, "url", at: requestPath, what: "the request URL"), at: requestPath.appending("url"))
        let requestHeaders = try headers(request["headers"], at: requestPath.appending("headers"))
        let postData = try postData(request["postData"], at: requestPath.appending("postData"))

        let responsePath = path.appending("response")
        let response = try object(try required(entry, "response", at: path, what: "the response"), at: responsePath, what: "the response")
        let statusValue = try required(response, "status", at: responsePath, what: "the response status code")
        guard let status = statusValue.intValue else {
            throw problem(responsePath.appending("status"), "expected an integer status code, found \(describe(statusValue))")
        }
        let responseHeaders = try headers(response["headers"], at: responsePath.appending("headers"))

        var content = RecordedContent()
        if let value = response["content"] {
            let contentPath = responsePath.appending("content")
            let members = try object(value, at: contentPath, what: "the response body")
            content.text = try optionalString(members["text"], at: contentPath.appending("text"))
            content.encoding = try optionalString(members["encoding"], at: contentPath.appending("encoding"))
            content.mimeType = try optionalString(members["mimeType"], at: contentPath.appending("mimeType"))
            content.size = members["size"]?.intValue
        }
        var exchange = RecordedExchange(
            index: index, method: method, url: url, requestHeaders: requestHeaders, postData: postData,
            status: status, responseHeaders: responseHeaders, content: content)
        exchange.startedAt = entry["startedDateTime"]?.stringValue.flatMap(Self.time)
        return exchange
    }

    /// A HAR time: ISO 8601, usually with milliseconds (`2025-12-01T08:00:00.123+01:00`).
    static func time(_ text: String) -> Date? {
        if let plain = ISO8601Time.date(from: text) { return plain }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }

    /// `request.postData`: `{mimeType, text?, params?: [{name, value?}]}`; absent or null means none.
    private func postData(_ value: JSONValue?, at path: JSONPath) throws(HARImportError) -> RecordedPostData? {
        guard let value, value != .null else { return nil }
        let members = try object(value, at: path, what: "the request body")
        var postData = RecordedPostData()
        postData.mimeType = try optionalString(members["mimeType"], at: path.appending("mimeType"))
        postData.text = try optionalString(members["text"], at: path.appending("text"))
        if let params = members["params"], params != .null {
            for (index, element) in try array(params, at: path.appending("params")).enumerated() {
                let elementPath = path.appending("params").appending(index: index)
                let field = try object(element, at: elementPath, what: "a form field")
                let name = try string(try required(field, "name", at: elementPath, what: "the field name"), at: elementPath.appending("name"))
                postData.params.append((name, try optionalString(field["value"], at: elementPath.appending("value")) ?? ""))
            }
        }
        return postData
    }

    /// A HAR header list: `[{"name": …, "value": …}]`; absent or null means none.
    private func headers(_ value: JSONValue?, at path: JSONPath) throws(HARImportError) -> [HeaderField] {
        guard let value, value != .null else { return [] }
        let elements = try array(value, at: path)
        var fields: [HeaderField] = []
        fields.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            let elementPath = path.appending(index: index)
            let members = try object(element, at: elementPath, what: "a header")
            let name = try string(try required(members, "name", at: elementPath, what: "the header name"), at: elementPath.appending("name"))
            let value = try string(try required(members, "value", at: elementPath, what: "the header value"), at: elementPath.appending("value"))
            fields.append(HeaderField(name: name, value: value))
        }
        return fields
    }

    // MARK: helpers

    private func required(_ members: [String: JSONValue], _ key: String, at path: JSONPath, what: String) throws(HARImportError) -> JSONValue {
        guard let value = members[key] else { throw problem(path.appending(key), "missing: \(what) is required") }
        return value
    }

    private func object(_ value: JSONValue, at path: JSONPath, what: String) throws(HARImportError) -> [String: JSONValue] {
        guard case .object(let members) = value else {
            throw problem(path, "expected an object (\(what)), found \(describe(value))")
        }
        return members
    }

    private func array(_ value: JSONValue, at path: JSONPath) throws(HARImportError) -> [JSONValue] {
        guard case .array(let elements) = value else { throw problem(path, "expected an array, found \(describe(value))") }
        return elements
    }

    private func string(_ value: JSONValue, at path: JSONPath) throws(HARImportError) -> String {
        guard case .string(let text) = value else { throw problem(path, "expected a string, found \(describe(value))") }
        return text
    }

    private func optionalString(_ value: JSONValue?, at path: JSONPath) throws(HARImportError) -> String? {
        guard let value, value != .null else { return nil }
        return try string(value, at: path)
    }

    /// The kind of a value, with a short value shown for scalars (never a whole body).
    private func describe(_ value: JSONValue) -> String {
        switch value {
        case .number(let number): "\(value.kindDescription) (\(number.text.prefix(20)))"
        case .bool(let flag): "\(value.kindDescription) (\(flag))"
        default: value.kindDescription
        }
    }

    private func problem(_ path: JSONPath, _ message: String) -> HARImportError {
        HARImportError(file: file, path: path, message: message)
    }
}
