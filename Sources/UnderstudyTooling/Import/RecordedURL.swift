import Foundation
import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport

/// The parts of a recorded absolute URL an import needs: host, raw path and raw query.
/// Nothing is decoded here; user information and the fragment are dropped.
struct RecordedURL: Sendable {
    /// The host, lower-cased, without port or user information.
    let host: String
    /// The path as recorded (percent-encoded), `/` when empty.
    let rawPath: String
    /// The query as recorded, without the `?`; empty when there is none.
    let rawQuery: String

    /// Splits an `http://` or `https://` URL; `nil` for any other kind (`data:`, `blob:`,
    /// `wss://`, a relative reference).
    init?(_ url: String) {
        guard let separator = url.range(of: "://") else { return nil }
        let scheme = url[..<separator.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else { return nil }
        var rest = url[separator.upperBound...]
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
        let host = ProviderHosts.normalized(String(rest[..<authorityEnd]))
        guard !host.isEmpty else { return nil }
        let afterAuthority = rest[authorityEnd...]
        let questionMark = afterAuthority.firstIndex(of: "?")
        let path = afterAuthority[..<(questionMark ?? afterAuthority.endIndex)]
        self.host = host
        rawPath = path.isEmpty ? "/" : String(path)
        rawQuery = questionMark.map { String(afterAuthority[afterAuthority.index(after: $0)...]) } ?? ""
    }

    /// `url` fit to show in a summary: user information removed and the value of every secret
    /// query parameter replaced by `REDACTED`.
    static func redacted(_ url: String) -> String {
        var url = url
        if let separator = url.range(of: "://") {
            let rest = url[separator.upperBound...]
            let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? rest.endIndex
            if let at = rest[..<authorityEnd].lastIndex(of: "@") {
                url.removeSubrange(separator.upperBound...at)
            }
        }
        return Redaction.target(url)
    }
}
