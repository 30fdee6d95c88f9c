import Foundation

/// Where an operation's credential travels, from the contract's security scheme.
enum CredentialPlacement: Sendable, Hashable {
    /// `Authorization: Bearer <credential>` (OpenAPI `type: http, scheme: bearer`).
    case bearer
    /// A header carrying the credential as it is (`type: apiKey, in: header`).
    case header(String)
    /// A query parameter (`type: apiKey, in: query`, e.g. Google's `key`).
    case query(String)

    /// What a request carries there.
    enum Found: Sendable, Hashable {
        case missing
        /// Present but not in the scheme's form (e.g. `Authorization: Basic …` for a bearer scheme).
        case malformed
        case value(String)
    }

    /// The credential `request` carries, if any.
    func find(in request: Request) -> Found {
        switch self {
        case .bearer:
            guard let header = request.headers.first(where: { ASCIIFold.equal($0.name, "Authorization") })?.value else { return .missing }
            let prefix = "bearer "
            // Decided on bytes when the first prefix + 1 bytes are ASCII without CR: those are
            // then that many characters (only CR LF joins two), each lower-cased alone.
            if let plain = ASCIIFold.hasPrefix(header, prefix, minimumCount: prefix.utf8.count + 1, whereEvery: { $0 < 0x80 && $0 != 0x0D }) {
                // The scheme compared byte by byte; the rest as below.
                guard plain else { return .malformed }
            } else {
                guard header.count > prefix.count, header.prefix(prefix.count).lowercased() == prefix else { return .malformed }
            }
            var value = header.dropFirst(prefix.count)
            while value.first == " " { value = value.dropFirst() }
            while value.last == " " { value = value.dropLast() }
            return value.isEmpty ? .malformed : .value(String(value))
        case .header(let name):
            guard let value = request.headers.first(where: { ASCIIFold.equal($0.name, name) })?.value, !value.isEmpty else { return .missing }
            return .value(value)
        case .query(let name):
            guard let value = request.query.pairs.first(where: { $0.name == name })?.value, !value.isEmpty else { return .missing }
            return .value(value)
        }
    }

    /// Where a person would look, for messages: "the Authorization header", "query parameter key".
    var description: String {
        switch self {
        case .bearer: "the Authorization header (Bearer)"
        case .header(let name): "the \(name) header"
        case .query(let name): "query parameter \(name)"
        }
    }
}
