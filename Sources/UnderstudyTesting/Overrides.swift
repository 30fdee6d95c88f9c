import UnderstudyCore
import UnderstudyFixtures
import UnderstudyContracts

extension TestServer {
    /// Makes fixture `file` answer differently for the rest of this test: another status, a
    /// delay (milliseconds, on the server's clock), or a fault. A file no fixture has fails the
    /// test at the caller's line, with the fixtures that do exist.
    public func override(
        _ file: String, status: Int? = nil, delayMilliseconds: Double? = nil, fault: Fault? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let override = AnswerOverride(status: status, delay: delayMilliseconds.map { .fixed(milliseconds: $0) }, fault: fault)
        guard !responder.override(file, with: override) else { return }
        let known = responder.index.fixtures.map(\.file).sorted().prefix(20).joined(separator: "\n  ")
        FailureReporting.fail("no fixture file \"\(file)\" to override; fixtures include:\n  \(known)",
                              fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Sets `provider`'s daily quota for this test (the pack's limit otherwise): past it, the
    /// provider's rate-limit answer.
    public func setQuota(_ limit: Int, for provider: String) {
        responder.defaultSession.setQuotaLimit(limit, for: provider)
    }

    /// Sets the app secret `provider`'s `appsecret_proof` is checked against for this test (the
    /// pack's otherwise), and, with `requiringProof`, whether the app requires a proof on every
    /// call (Graph's "Require App Secret"): then a call without one is refused too.
    public func setAppSecret(_ secret: String?, requiringProof: Bool? = nil, for provider: String) {
        responder.defaultSession.setAppSecret(secret, requiringProof: requiringProof, for: provider)
    }

    /// Says what the user of `provider`'s authorization dialog does for this test: continues or
    /// cancels at once, without the consent page; `nil` (the default): the page waits for a click.
    public func setDialogUser(_ user: DialogUser?, for provider: String) {
        responder.defaultSession.setDialogUser(user, for: provider)
    }
}
