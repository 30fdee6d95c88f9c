import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport
/// The report as `understudy verify` prints it.
extension VerifyReport {
    /// Findings grouped by file (each with its JSON path), notes, the coverage table, and a
    /// closing summary line.
    public var text: String {
        var lines = ["Verified \(SchemaText.count(fixtureCount, "fixture")) against \(SchemaText.count(providers.count, "contract")) (\(providers.joined(separator: ", ")))"]
        var file: String?
        for finding in findings {
            if finding.file != file {
                lines += ["", finding.file]
                file = finding.file
            }
            lines.append("  " + (finding.path.map { "\($0): " } ?? "") + finding.message)
        }
        if !warnings.isEmpty {
            lines += ["", "Warnings (not failures):"] + warnings.map { "  \($0)" }
        }
        if !notes.isEmpty {
            lines += ["", "Not checked:"] + notes.map { "  \($0)" }
        }
        lines += [""] + coverageTable
        if !rules.isEmpty { lines += [""] + rulesTable }
        let files = Set(findings.map(\.file)).count
        lines.append(isClean ? "OK: no findings" : "\(SchemaText.count(findings.count, "finding")) in \(SchemaText.count(files, "file"))")
        return lines.joined(separator: "\n")
    }

    /// One block per provider: a row per operation, a column per status the provider's
    /// operations declare, each cell the fixtures answering with it (blank: not declared).
    package var coverageTable: [String] {
        let declared = coverage.reduce(0) { $0 + $1.fixtures.count }
        let uncovered = coverage.reduce(0) { $0 + $1.uncovered.count }
        var lines = ["Coverage: fixtures per operation and declared status (0: declared, no fixture)"]
        let methodWidth = (coverage.map(\.method.count).max() ?? 0) + 1
        let pathWidth = (coverage.map(\.path.count).max() ?? 0) + 2
        let labels = coverage.map { Self.padded($0.method, methodWidth) + Self.padded($0.path, pathWidth) + $0.operationID }
        let labelWidth = (labels.map(\.count).max() ?? 0) + 1
        for provider in coverage.map(\.provider).uniqued() {
            let rows = coverage.indices.filter { coverage[$0].provider == provider }
            let statuses = Set(rows.flatMap { coverage[$0].fixtures.keys }).sorted()
            let widths = statuses.map { max($0.count, 3) + 2 }
            lines.append(Self.padded(provider, labelWidth + 2) + zip(statuses, widths).map { Self.right($0, $1) }.joined())
            for row in rows {
                let cells = zip(statuses, widths).map { status, width in Self.right(coverage[row].fixtures[status].map(String.init) ?? "", width) }
                lines.append(Self.trimmed("  " + Self.padded(labels[row], labelWidth) + cells.joined()))
            }
        }
        lines.append("Declared statuses without a fixture: \(uncovered) of \(declared)")
        return lines
    }

    /// One line per cross-parameter rule: refused or documented only, verified or not, and why.
    package var rulesTable: [String] {
        let verified = rules.filter(\.isVerified).count
        var lines = ["Rules across parameters: \(verified) of \(rules.count) verified (the source is the pack's; facts in providers.md)"]
        let labels = rules.map { "\($0.provider) \($0.operationID): \($0.summary)" }
        let width = (labels.map(\.count).max() ?? 0) + 2
        for (rule, label) in zip(rules, labels) {
            let state = (rule.enforced ? "refused" : "documented") + ", " + (rule.isVerified ? "verified" : "unverified")
            lines.append("  " + Self.padded(label, width) + Self.padded(state, 24) + (rule.source ?? "no source"))
            if let reason = rule.unverified { lines.append("  " + String(repeating: " ", count: width + 24) + "unverified: " + reason) }
        }
        return lines
    }

    private static func padded(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
    private static func trimmed(_ line: String) -> String { String(line.reversed().drop { $0 == " " }.reversed()) }
    private static func right(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
}
