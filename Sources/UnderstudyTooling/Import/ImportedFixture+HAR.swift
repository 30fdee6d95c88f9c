import Foundation
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport

/// Reading one HAR entry into a fixture.
extension ImportedFixture {
    /// Turns a recorded exchange into a fixture, or says why it is skipped. Throws only for an
    /// archive that is itself broken (a body that claims to be base64 and is not).
    static func make(from exchange: RecordedExchange, archive: String, hosts: ProviderHosts) throws(HARImportError) -> Outcome {
        guard let url = RecordedURL(exchange.url) else {
            return .skipped(reason: "not an http(s) URL")
        }
        guard let provider = hosts.provider(forHost: url.host) else {
            return .skipped(reason: "host \(url.host) is not one of the providers' hosts")
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
        var secrets = requestSecrets(rawQuery: url.rawQuery, headers: exchange.requestHeaders, rules: .harImport)
        switch bodySecrets(exchange, knownSecrets: secrets) {
        case .read(_, let found): secrets = ordered(secrets + found)
        case .unscrubbable(let reason): return .skipped(reason: reason)
        }
        let outcome = assemble(
            provider: provider, index: exchange.index, method: exchange.method, rawPath: url.rawPath, rawQuery: url.rawQuery,
            status: exchange.status, responseHeaders: exchange.responseHeaders, body: body, mimeType: content.mimeType,
            secrets: secrets, rules: .harImport)
        guard case .fixture(var fixture) = outcome else { return outcome }
        // Its times move with the server's clock from the moment it was recorded.
        fixture.recordedAt = exchange.startedAt ?? answerDate(exchange.responseHeaders)
        // The answer holds the fields of the mask it was asked with: the fixture keeps that mask.
        if let header = hosts.maskHeaderByProvider[provider], let mask = exchange.requestHeaders.first(where: { $0.hasName(header) })?.value {
            fixture.requestHeaders[header.lowercased()] = .string(mask)
        }
        return .fixture(fixture)
    }

    /// The credentials in the request body (`postData.text`, or its `params`), so that an
    /// answer echoing one is scrubbed like an echo of a query credential.
    static func bodySecrets(_ exchange: RecordedExchange, knownSecrets: [Secret]) -> RequestBodySecrets.Reading {
        guard let postData = exchange.postData else { return .read(condition: nil, secrets: []) }
        let rules = Scrubbing.harImport
        var found = postData.params.filter { rules.isSecretParameter($0.name) || rules.isSecretMember($0.name) }
            .flatMap { [Secret(name: $0.name, value: $0.value), Secret(name: $0.name, value: PercentDecoding.decode($0.value, plusAsSpace: true))] }
        guard let text = postData.text, !text.isEmpty else { return .read(condition: nil, secrets: found) }
        let contentType = postData.mimeType.flatMap { $0.isEmpty ? nil : $0 }
            ?? exchange.requestHeaders.first { $0.hasName("content-type") }?.value ?? ""
        switch RequestBodySecrets.read(Array(text.utf8), contentType: contentType, rules: rules, knownSecrets: knownSecrets) {
        case .read(_, let secrets): found += secrets
        case .unscrubbable(let reason): return .unscrubbable(reason: reason)
        }
        return .read(condition: nil, secrets: found)
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

/// A recorded body as the archive (or a live recording) holds it.
enum RecordedBody: Sendable {
    /// `content.text` without encoding: the body is its UTF-8.
    case text(String)
    /// `content.text` with `encoding: base64`.
    case base64(String)
    /// The bytes of a live answer.
    case bytes([UInt8])

    /// The body's bytes, exactly as recorded; `nil` if base64 does not decode.
    var bytes: [UInt8]? {
        switch self {
        case .text(let text): Array(text.utf8)
        case .bytes(let bytes): bytes
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
