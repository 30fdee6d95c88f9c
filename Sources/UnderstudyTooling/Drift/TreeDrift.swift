import Foundation
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport

/// How one fixture's answer changed between two trees.
package struct FixtureDrift: Sendable {
    /// The fixture in the first tree.
    public let file: String
    /// Its counterpart in the second tree (the same file, or the one with the same request).
    public let counterpart: String
    /// Status, media type and body-kind changes, e.g. `status 200 → 404`.
    public let notes: [String]
    /// Structural changes of the JSON body.
    public let changes: [DriftChange]
}

/// What `understudy drift A B` found.
package struct TreeDriftReport: Sendable {
    /// Fixture pairs compared.
    public let compared: Int
    /// Pairs whose answers differ in status, media type or structure.
    public let drifted: [FixtureDrift]
    /// Fixtures of the first tree with no counterpart in the second, and the other way round.
    public let onlyInFirst: [String]
    public let onlyInSecond: [String]

    /// Whether the trees answer alike.
    public var isEmpty: Bool { drifted.isEmpty && onlyInFirst.isEmpty && onlyInSecond.isEmpty }

    /// The report as lines for a terminal.
    public var lines: [String] {
        var lines: [String] = []
        for drift in drifted {
            lines.append(drift.file == drift.counterpart ? drift.file : "\(drift.file) ↔ \(drift.counterpart)")
            lines += (drift.notes + drift.changes.map(\.description)).map { "  " + $0 }
        }
        lines += onlyInFirst.map { "only in the first tree: \($0)" }
        lines += onlyInSecond.map { "only in the second tree: \($0)" }
        return lines
    }
}

/// Compares fixture trees with each other, or with the contracts.
package enum TreeDrift {
    /// Pairs the fixtures of `first` and `second` by file name, then the rest by identical
    /// request conditions, and compares each pair's first answer.
    public static func compare(_ first: [Fixture], _ second: [Fixture]) -> TreeDriftReport {
        var remaining = Dictionary(second.map { ($0.file, $0) }, uniquingKeysWith: { a, _ in a })
        var pairs: [(Fixture, Fixture)] = []
        var unpaired: [Fixture] = []
        for fixture in first.sorted(by: { $0.file < $1.file }) {
            if let same = remaining.removeValue(forKey: fixture.file) { pairs.append((fixture, same)) } else { unpaired.append(fixture) }
        }
        var onlyInFirst: [String] = []
        for fixture in unpaired {
            let match = remaining.values.filter { $0.request == fixture.request && $0.scenario == nil && fixture.scenario == nil }.min { $0.file < $1.file }
            if let match {
                remaining[match.file] = nil
                pairs.append((fixture, match))
            } else {
                onlyInFirst.append(fixture.file)
            }
        }
        let drifted = pairs.compactMap { drift(from: $0.0, to: $0.1) }.sorted { $0.file < $1.file }
        return TreeDriftReport(compared: pairs.count, drifted: drifted, onlyInFirst: onlyInFirst.sorted(), onlyInSecond: remaining.keys.sorted())
    }

    /// How `new`'s first answer differs from `old`'s; `nil` when it does not.
    static func drift(from old: Fixture, to new: Fixture) -> FixtureDrift? {
        let before = old.responses[0], after = new.responses[0]
        var notes: [String] = []
        if before.status != after.status { notes.append("status \(before.status) → \(after.status)") }
        let types = (mediaType(before), mediaType(after))
        if types.0 != types.1 { notes.append("Content-Type \(types.0 ?? "(none)") → \(types.1 ?? "(none)")") }
        var changes: [DriftChange] = []
        let bodies = ((try? before.bodyBytes()).flatMap { try? JSONParser.parse($0) }, (try? after.bodyBytes()).flatMap { try? JSONParser.parse($0) })
        switch bodies {
        case (let oldJSON?, let newJSON?): changes = JSONDrift.changes(from: oldJSON, to: newJSON)
        case (.some, nil): notes.append("the body is no longer JSON")
        case (nil, .some): notes.append("the body is now JSON")
        case (nil, nil): break
        }
        guard !notes.isEmpty || !changes.isEmpty else { return nil }
        return FixtureDrift(file: old.file, counterpart: new.file, notes: notes, changes: changes)
    }

    private static func mediaType(_ response: FixtureResponse) -> String? {
        response.headers.first { $0.hasName("content-type") }.map { ContractResponse.bareMediaType($0.value) }
    }

    /// Every answer of every fixture checked against its operation's declared response (status,
    /// media type, required headers, body schema). Templated answers are rendered by the
    /// server per request and are not checked; fixtures no pack routes are listed apart.
    public static func check(_ fixtures: [Fixture], against contracts: Contracts) -> ContractDriftReport {
        var findings: [String: [String]] = [:]
        var unrouted: [String] = []
        var checked = 0
        for fixture in fixtures.sorted(by: { $0.file < $1.file }) {
            let path = fixture.request.path.text.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? fixture.request.path.text
            guard let route = contracts.route(Request(method: fixture.request.method, target: path)) else {
                unrouted.append(fixture.file)
                continue
            }
            checked += 1
            for (position, response) in fixture.responses.enumerated() where response.template == nil && response.fault == nil {
                guard let body = try? response.bodyBytes() else { continue }
                let prefix = fixture.responses.count > 1 ? "answer \(position + 1): " : ""
                let problems = route.responseProblems(status: response.status, headers: response.headers, body: body)
                if !problems.isEmpty { findings[fixture.file, default: []] += problems.map { prefix + $0 } }
            }
        }
        return ContractDriftReport(checked: checked, findings: findings, unrouted: unrouted)
    }
}

/// What `understudy drift A --contracts DIR` found.
package struct ContractDriftReport: Sendable {
    /// Fixtures checked (those a pack routes).
    public let checked: Int
    /// Schema findings by fixture file.
    public let findings: [String: [String]]
    /// Fixtures whose paths no pack routes.
    public let unrouted: [String]

    /// The report as lines for a terminal.
    public var lines: [String] {
        findings.keys.sorted().flatMap { file in [file] + findings[file]!.map { "  " + $0 } }
            + unrouted.map { "no contract routes \($0)" }
    }
}
