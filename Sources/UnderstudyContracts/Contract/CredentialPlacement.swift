import Foundation
import UnderstudyFixtures
import UnderstudySupport

/// Where an operation's credential travels, from the contract's security scheme.
package enum CredentialPlacement: Sendable, Hashable {
    /// `Authorization: Bearer <credential>` (OpenAPI `type: http, scheme: bearer`).
    case bearer
    /// A header carrying the credential as it is (`type: apiKey, in: header`).
    case header(String)
    /// A query parameter (`type: apiKey, in: query`, e.g. Google's `key`).
    case query(String)
    /// Any one of these, the first present counting (OpenAPI `security` listing alternatives:
    /// Google's APIs take the key in `X-Goog-Api-Key` or in `key`).
    indirect case anyOf([CredentialPlacement])

    /// The places a credential may travel: the alternatives, or this one place.
    package var alternatives: [CredentialPlacement] {
        if case .anyOf(let places) = self { return places }
        return [self]
    }

    /// What a request carries there.
    package enum Found: Sendable, Hashable {
        case missing
        /// Present but not in the scheme's form (e.g. `Authorization: Basic …` for a bearer scheme).
        case malformed
        case value(String)
    }

    /// The credential `request` carries, if any.
    package func find(in request: Request) -> Found {
        if case .anyOf(let places) = self {
            for place in places {
                let found = place.find(in: request)
                if found != .missing { return found }
            }
            return .missing
        }
        guard let source = source(in: request) else { return .missing }
        switch self {
        case .bearer:
            let prefix = "bearer "
            // Decided on bytes when the first prefix + 1 bytes are ASCII without CR: those are
            // then that many characters (only CR LF joins two), each lower-cased alone.
            if let plain = ASCIIFold.hasPrefix(source, prefix, minimumCount: prefix.utf8.count + 1, whereEvery: { $0 < 0x80 && $0 != 0x0D }) {
                // The scheme compared byte by byte; the rest as below.
                guard plain else { return .malformed }
            } else {
                guard source.count > prefix.count, source.prefix(prefix.count).lowercased() == prefix else { return .malformed }
            }
            if let plain = Self.plainValue(of: source, after: prefix.utf8.count) { return plain.map(Found.value) ?? .malformed }
            return Self.value(of: source, after: prefix.count).map(Found.value) ?? .malformed
        case .header, .query, .anyOf:
            return source.isEmpty ? .missing : .value(source)
        }
    }

    /// The text `find(in:)` reads the credential from: the first `Authorization` header's
    /// value, the named header's or the named query parameter's; `nil` when there is none.
    package func source(in request: Request) -> String? {
        switch self {
        case .bearer: request.headers.first(where: { ASCIIFold.equal($0.name, "Authorization") })?.value
        case .header(let name): request.headers.first(where: { ASCIIFold.equal($0.name, name) })?.value
        case .query(let name): request.query.pairs.first(where: { $0.name == name })?.value
        case .anyOf(let places): places.lazy.compactMap { $0.source(in: request) }.first
        }
    }

    /// What follows the scheme's `count` characters, without the spaces around it; `nil` when
    /// nothing does.
    package static func value(of header: String, after count: Int) -> String? {
        var value = header.dropFirst(count)
        while value.first == " " { value = value.dropFirst() }
        while value.last == " " { value = value.dropLast() }
        return value.isEmpty ? nil : String(value)
    }

    /// `value(of:after:)` on bytes, for a header of ASCII without CR (each byte a character
    /// there, as in `ContractPath.isPlain`); `.none` for any other header, which takes the general way.
    package static func plainValue(of header: String, after count: Int) -> String?? {
        header.withContiguousUTF8 { bytes -> String?? in
            guard bytes.count >= count, bytes.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) else { return .none }
            var start = count, end = bytes.count
            while start < end && bytes[start] == UInt8(ascii: " ") { start += 1 }
            while end > start && bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
            return .some(start == end ? nil : String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
        }
    }

    /// Where a person would look, for messages: "the Authorization header", "query parameter key".
    package var description: String {
        switch self {
        case .bearer: "the Authorization header (Bearer)"
        case .header(let name): "the \(name) header"
        case .query(let name): "query parameter \(name)"
        case .anyOf(let places): places.map(\.description).joined(separator: " or ")
        }
    }
}
