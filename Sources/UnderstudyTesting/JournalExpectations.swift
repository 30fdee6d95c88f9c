import UnderstudyCore
import UnderstudyFixtures

extension TestServer {
    /// Fails the test, at the caller's line, if any request found no fixture; the message holds
    /// each miss with its near misses, condition by condition.
    public func expectNoUnmatchedRequests(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let misses = journal.unmatched
        guard !misses.isEmpty else { return }
        let reports = misses.map { entry -> String in
            var lines = ["\(entry.method) \(entry.target)"]
            for nearMiss in entry.nearMisses ?? [] {
                lines.append("  closest: \(nearMiss.file)")
                for mismatch in nearMiss.mismatches {
                    lines.append("    \(mismatch.condition): expected \(mismatch.expected), got \(mismatch.actual)")
                }
            }
            return lines.joined(separator: "\n")
        }
        FailureReporting.fail(
            "\(misses.count) request\(misses.count == 1 ? "" : "s") matched no fixture:\n" + reports.joined(separator: "\n"),
            fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Fails the test, at the caller's line, if the contract fallback answered any request: for
    /// tests that must run on recorded answers only. The message lists each request with the
    /// operation whose contract built its answer.
    public func expectNoGeneratedAnswers(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let generated = journal.entries.filter { $0.generatedBy != nil }
        guard !generated.isEmpty else { return }
        let reports = generated.map { "\($0.method) \($0.target)\n  generated from \($0.generatedBy ?? "")" }
        FailureReporting.fail(
            "\(generated.count) request\(generated.count == 1 ? " was" : "s were") answered from the contract, not a fixture:\n" + reports.joined(separator: "\n"),
            fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Fails the test, at the caller's line, if any request broke its provider's contract; the
    /// message lists each request with what it broke and the provider's answer.
    public func expectNoContractViolations(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let violations = journal.violations
        guard !violations.isEmpty else { return }
        let reports = violations.map { entry in
            "\(entry.method) \(entry.target)\n  \(entry.violation.map(String.init(describing:)) ?? "")"
                + (entry.answeredBy.map { "\n  answered \(entry.status) by \($0)" } ?? "")
        }
        FailureReporting.fail(
            "\(violations.count) request\(violations.count == 1 ? "" : "s") broke the provider contract:\n" + reports.joined(separator: "\n"),
            fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Fails the test, at the caller's line, unless fixture `file` answered exactly `count`
    /// requests (`nil`: at least one).
    public func expectRequests(
        answeredBy file: String, count: Int? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        expectAnswers(by: file, count: count, fileID: fileID, filePath: filePath, line: line, column: column) { $0.fixture == file }
    }

    /// Fails the test, at the caller's line, unless the provider's contract or behaviours gave
    /// `answer` (as the journal writes it: `"yelp: validationError"`, `"facebook: tokenExpired"`)
    /// to exactly `count` requests (`nil`: at least one).
    public func expectRequests(
        answeredByProvider answer: String, count: Int? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        expectAnswers(by: answer, count: count, fileID: fileID, filePath: filePath, line: line, column: column) {
            $0.answeredBy == answer || $0.answeredBy?.hasPrefix(answer + " ") == true
        }
    }

    /// The count check both forms share; the failure lists what answered each request received.
    private func expectAnswers(
        by name: String, count: Int?, fileID: String, filePath: StaticString, line: UInt, column: UInt,
        _ answeredByName: (JournalEntry) -> Bool
    ) {
        let answered = journal.entries.filter(answeredByName).count
        let ok = count.map { answered == $0 } ?? (answered > 0)
        guard !ok else { return }
        let received = journal.entries.map { "  \($0.method) \($0.target) -> \($0.answeredBy ?? $0.fixture ?? "no fixture")" }
        FailureReporting.fail(
            "expected \(count.map(String.init) ?? "at least one") request\(count == 1 ? "" : "s") answered by \(name), got \(answered); received:\n"
                + (received.isEmpty ? "  (nothing)" : received.joined(separator: "\n")),
            fileID: fileID, filePath: filePath, line: line, column: column)
    }
}
