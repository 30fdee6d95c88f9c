import Foundation
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport

/// Removes credentials from a recorded response body while keeping every other body byte for
/// byte, since replay is checked for byte equality.
///
/// Two rules, each applied only when it finds something:
/// - a JSON body with a string member whose name is secret (`access_token`, `refresh_token`,
///   `client_secret`, `code`, and for recording the pack's `secrets.json`) gets a placeholder
///   and is re-serialised (compact, keys sorted); a body that names such a member but does not
///   parse (a duplicate member) gets the placeholder in place of each such `"name": "value"`. A `code` inside an `error` object (Yelp's
///   `{"error": {"code": "TOKEN_INVALID"}}`) is an error code, not an OAuth code, and is kept.
/// - any credential the request carried (secret query values, the token of an `Authorization`
///   header) that appears verbatim in the body, as in Graph API `paging.next` URLs, is replaced
///   by its placeholder in place.
///
/// What the placeholder is, and whether plainly fake values are kept, is the `Scrubbing`'s call.
enum BodyScrubber {
    /// Credentials shorter than this are not searched for: replacing every `1` or `true` in a
    /// body would corrupt it, and such values are not real credentials.
    static let minimumSecretLength = 8

    /// `body` without credentials, with the HAR import's rules (`REDACTED`).
    static func scrub(_ body: [UInt8], secrets: [String]) -> [UInt8] {
        scrub(body, secrets: secrets.map { Secret(name: "secret", value: $0) }, rules: .harImport)
    }

    /// `body` without credentials: secret members and the request's `secrets` (longest first)
    /// replaced as `rules` say.
    static func scrub(_ body: [UInt8], secrets: [Secret], rules: Scrubbing) -> [UInt8] {
        scrubbed(body, secrets: secrets, rules: rules).body
    }

    /// `body` without credentials, and the secret members that were replaced (so a recording
    /// can put a token it handed out as a placeholder back when the client sends it).
    static func scrubbed(_ body: [UInt8], secrets: [Secret], rules: Scrubbing) -> (body: [UInt8], replaced: [Secret]) {
        var body = body
        var replaced: [Secret] = []
        if mayContainSecretMembers(body, names: rules.jsonMembers) {
            if let document = try? JSONParser.parse(body) {
                let redacted = redactMembers(document, inError: false, rules: rules, replaced: &replaced)
                if !replaced.isEmpty { body = JSONWriter.bytes(redacted) }
            } else {
                body = scrubbedAsText(body, rules: rules, replaced: &replaced)
            }
        }
        for secret in secrets where secret.value.utf8.count >= minimumSecretLength && !rules.keeps(secret.value) {
            let replacement = rules.placeholder(name: secret.name, value: secret.value)
            body = replacingOccurrences(of: Array(secret.value.utf8), in: body, with: Array(replacement.utf8))
        }
        return (body, replaced)
    }

    /// `text` with every credential in `secrets` replaced (for response header values).
    static func scrub(_ text: String, secrets: [String]) -> String {
        scrub(text, secrets: secrets.map { Secret(name: "secret", value: $0) }, rules: .harImport)
    }

    /// `text` with every credential in `secrets` replaced as `rules` say.
    static func scrub(_ text: String, secrets: [Secret], rules: Scrubbing) -> String {
        var text = text
        for secret in secrets where secret.value.utf8.count >= minimumSecretLength && text.contains(secret.value) && !rules.keeps(secret.value) {
            text = text.replacingOccurrences(of: secret.value, with: rules.placeholder(name: secret.name, value: secret.value))
        }
        return text
    }

    /// A response header's `name` with every credential in `secrets` replaced as `rules` say,
    /// found ignoring case: names are case-insensitive, and HTTP/2 (and many a client) sends
    /// them lowercased, so an echoed token need not keep its case there.
    static func scrubName(_ name: String, secrets: [Secret], rules: Scrubbing) -> String {
        var name = name
        for secret in secrets where secret.value.utf8.count >= minimumSecretLength && !rules.keeps(secret.value) {
            guard name.range(of: secret.value, options: .caseInsensitive) != nil else { continue }
            name = name.replacingOccurrences(of: secret.value, with: rules.placeholder(name: secret.name, value: secret.value), options: .caseInsensitive)
        }
        return name
    }

    /// A cheap scan that rules out parsing for almost every body: true when a quoted secret
    /// member name occurs (ASCII case ignored), or any `\u` escape (which could spell a name
    /// in disguise).
    static func mayContainSecretMembers(_ body: [UInt8], names: Set<String> = Redaction.secretMembers) -> Bool {
        let quoted = names.sorted().map { Array("\"\($0.lowercased())\"".utf8) }
        var firstBytes = Set<UInt8>()
        for name in quoted where name.count > 1 { firstBytes.insert(name[1]) }
        return body.withUnsafeBufferPointer { bytes in
            let count = bytes.count
            var index = 0
            while index < count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\\") {
                    if index + 1 < count, bytes[index + 1] == UInt8(ascii: "u") { return true }
                    index += 2
                    continue
                }
                if byte == UInt8(ascii: "\""), index + 1 < count, firstBytes.contains(foldASCII(bytes[index + 1])) {
                    for name in quoted where matches(name, in: bytes, at: index) { return true }
                }
                index += 1
            }
            return false
        }
    }

    private static func foldASCII(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    private static func matches(_ needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard index + needle.count <= bytes.count else { return false }
        for offset in 0..<needle.count where foldASCII(bytes[index + offset]) != needle[offset] { return false }
        return true
    }

    private static func redactMembers(_ value: JSONValue, inError: Bool, rules: Scrubbing, replaced: inout [Secret]) -> JSONValue {
        switch value {
        case .object(let members):
            var result = members
            for (key, member) in members {
                if case .string(let text) = member, rules.isSecretMember(key), !(key == "code" && inError) {
                    let replacement = rules.placeholder(name: key, value: text)
                    if text != replacement && text != Redaction.placeholder && !rules.keeps(text) {
                        result[key] = .string(replacement)
                        replaced.append(Secret(name: key, value: text))
                    }
                } else if case .object = member {
                    result[key] = redactMembers(member, inError: key == "error" || key == "errors", rules: rules, replaced: &replaced)
                } else if case .array = member {
                    result[key] = redactMembers(member, inError: key == "errors", rules: rules, replaced: &replaced)
                }
            }
            return .object(result)
        case .array(let elements):
            return .array(elements.map { redactMembers($0, inError: inError, rules: rules, replaced: &replaced) })
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
