import Foundation

/// Removes credentials from a recorded response body while keeping every other body byte for
/// byte, since replay is checked for byte equality.
///
/// Two rules, each applied only when it finds something:
/// - a JSON body with a string member named `access_token`, `refresh_token`, `client_secret`
///   or `code` gets the value `REDACTED` and is re-serialised (compact, keys sorted). A `code`
///   inside an `error` object (Yelp's `{"error": {"code": "TOKEN_INVALID"}}`) is an error code,
///   not an OAuth code, and is kept.
/// - any credential the request carried (secret query values, the token of an `Authorization`
///   header) that appears verbatim in the body, as in Graph API `paging.next` URLs, is replaced
///   by `REDACTED` in place.
enum BodyScrubber {
    /// Object members whose string values are credentials in the providers' responses.
    static let secretMembers: Set<String> = ["access_token", "refresh_token", "client_secret", "code"]

    /// Credentials shorter than this are not searched for: replacing every `1` or `true` in a
    /// body would corrupt it, and such values are not real credentials.
    static let minimumSecretLength = 8

    /// `body` without credentials.
    static func scrub(_ body: [UInt8], secrets: [String]) -> [UInt8] {
        var body = body
        if mayContainSecretMembers(body), let document = try? JSONParser.parse(body) {
            var changed = false
            let redacted = redactMembers(document, inError: false, changed: &changed)
            if changed { body = JSONWriter.bytes(redacted) }
        }
        for secret in secrets where secret.utf8.count >= minimumSecretLength {
            body = replacingOccurrences(of: Array(secret.utf8), in: body, with: Array(Redaction.placeholder.utf8))
        }
        return body
    }

    /// `text` with every credential in `secrets` replaced (for response header values).
    static func scrub(_ text: String, secrets: [String]) -> String {
        var text = text
        for secret in secrets where secret.utf8.count >= minimumSecretLength && text.contains(secret) {
            text = text.replacingOccurrences(of: secret, with: Redaction.placeholder)
        }
        return text
    }

    /// A cheap scan that rules out parsing for almost every body: true when a quoted secret
    /// member name occurs, or any `\u` escape (which could spell a name in disguise).
    static func mayContainSecretMembers(_ body: [UInt8]) -> Bool {
        body.withUnsafeBufferPointer { bytes in
            let count = bytes.count
            var index = 0
            while index < count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\\") {
                    if index + 1 < count, bytes[index + 1] == UInt8(ascii: "u") { return true }
                    index += 2
                    continue
                }
                if byte == UInt8(ascii: "\""), index + 1 < count {
                    switch bytes[index + 1] {
                    case UInt8(ascii: "a"), UInt8(ascii: "r"), UInt8(ascii: "c"):
                        for name in quotedNames where matches(name, in: bytes, at: index) { return true }
                    default: break
                    }
                }
                index += 1
            }
            return false
        }
    }

    private static let quotedNames: [[UInt8]] = secretMembers.sorted().map { Array("\"\($0)\"".utf8) }

    private static func matches(_ needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard index + needle.count <= bytes.count else { return false }
        for offset in 0..<needle.count where bytes[index + offset] != needle[offset] { return false }
        return true
    }

    private static func redactMembers(_ value: JSONValue, inError: Bool, changed: inout Bool) -> JSONValue {
        switch value {
        case .object(let members):
            var result = members
            for (key, member) in members {
                if case .string(let text) = member, secretMembers.contains(key), !(key == "code" && inError) {
                    if text != Redaction.placeholder {
                        result[key] = .string(Redaction.placeholder)
                        changed = true
                    }
                } else if case .object = member {
                    result[key] = redactMembers(member, inError: key == "error" || key == "errors", changed: &changed)
                } else if case .array = member {
                    result[key] = redactMembers(member, inError: key == "errors", changed: &changed)
                }
            }
            return .object(result)
        case .array(let elements):
            return .array(elements.map { redactMembers($0, inError: inError, changed: &changed) })
        default:
            return value
        }
    }

    /// `bytes` with every occurrence of `needle` replaced; the same array when there is none.
    static func replacingOccurrences(of needle: [UInt8], in bytes: [UInt8], with replacement: [UInt8]) -> [UInt8] {
        guard !needle.isEmpty, bytes.count >= needle.count else { return bytes }
        var ranges: [Range<Int>] = []
        bytes.withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { pattern in
                let base = haystack.baseAddress!, first = Int32(pattern[0])
                var start = 0
                while start <= haystack.count - pattern.count,
                    let found = memchr(base + start, first, haystack.count - pattern.count + 1 - start)
                {
                    let offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    if memcmp(base + offset, pattern.baseAddress!, pattern.count) == 0 {
                        ranges.append(offset..<offset + pattern.count)
                        start = offset + pattern.count
                    } else {
                        start = offset + 1
                    }
                }
            }
        }
        guard !ranges.isEmpty else { return bytes }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var position = 0
        for range in ranges {
            result.append(contentsOf: bytes[position..<range.lowerBound])
            result.append(contentsOf: replacement)
            position = range.upperBound
        }
        result.append(contentsOf: bytes[position...])
        return result
    }
}
