import Foundation
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport

/// The access tokens a server knows from the start, by provider: the pack's own
/// (`tokenExpiry.tokens`) and those its fixtures describe. A fixture describes a token when it
/// answers the pack's introspection operation (`debug_token`) for that exact token
/// (`"input_token": "EAA…"`) with an expiry: its answer's times, moved from the fixture's
/// `recordedAt` to the server's start as the replayed answer is (`TimeShift`), and its user.
/// So a token the fake knows only from a fixture's answer expires for every call, not only in
/// that answer.
///
/// Made once per responder, read by every request of a provider with token behaviours.
package final class KnownTokens: Sendable {
    /// By provider, by token.
    private let described: [String: [String: TokenRecord]]

    /// None but the packs' own.
    package static let packsOnly = KnownTokens(described: [:])

    private init(described: [String: [String: TokenRecord]]) {
        self.described = described
    }

    /// The tokens `fixtures` describe for `contracts`, replayed by a server that started at
    /// `start`; the first fixture (by file) describing a token wins.
    package convenience init(fixtures: [Fixture], contracts: Contracts?, replayedFrom start: Date) {
        guard let contracts, contracts.packs.contains(where: { $0.behaviours.tokenExpiry?.introspection != nil }) else {
            self.init(described: [:])
            return
        }
        var described: [String: [String: TokenRecord]] = [:]
        for fixture in fixtures.sorted(by: { $0.file < $1.file }) {
            guard let pack = contracts.pack(named: fixture.provider), let introspection = pack.behaviours.tokenExpiry?.introspection,
                case .equals(let token)? = fixture.request.query[introspection.parameter], described[pack.provider]?[token] == nil,
                contracts.route(method: fixture.request.method, path: fixture.request.path.text)?.operation?.id == introspection.operation,
                let record = Self.record(of: token, in: fixture, introspection, start: start)
            else { continue }
            described[pack.provider, default: [:]][token] = record
        }
        self.init(described: described)
    }

    /// What `fixture`'s first answer says of `token`: `nil` unless it states an expiry.
    private static func record(of token: String, in fixture: Fixture, _ introspection: PackBehaviours.TokenExpiry.Introspection, start: Date) -> TokenRecord? {
        guard let answer = fixture.responses.first, (200..<300).contains(answer.status), answer.template == nil,
            let bytes = try? answer.bodyBytes(), let json = try? JSONParser.parse(bytes),
            let expiresAt = introspection.answeredTime(.expiresAt, in: json)
        else { return nil }
        let shift = fixture.recordedAt.map { start.timeIntervalSince($0) } ?? 0
        func moved(_ date: Date?) -> Date? { date?.addingTimeInterval(shift) }
        return TokenRecord(
            issuedAt: moved(introspection.answeredTime(.issuedAt, in: json)), expiresAt: moved(expiresAt),
            dataAccessExpiresAt: moved(introspection.answeredTime(.dataAccessExpiresAt, in: json)), subject: introspection.answeredSubject(in: json),
            lineage: token)
    }

    /// What the pack and the fixtures say of `token`; `nil` when neither knows it. The pack's
    /// expiry wins over a fixture's.
    package func record(_ token: String, in pack: ProviderPack) -> TokenRecord? {
        let fromFixtures = described[pack.provider]?[token]
        guard let expiresAt = pack.behaviours.tokenExpiry?.tokens[token] else { return fromFixtures }
        var record = fromFixtures ?? TokenRecord(lineage: token)
        record.expiresAt = expiresAt
        return record
    }

    /// How many tokens the fixtures describe, for `provider`.
    package func describedCount(for provider: String) -> Int {
        described[provider]?.count ?? 0
    }
}
