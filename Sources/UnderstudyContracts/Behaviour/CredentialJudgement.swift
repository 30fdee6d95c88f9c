import Foundation
import UnderstudyFixtures
import UnderstudySupport

/// The credential an event loop's requests with one method and target carried, as judged,
/// with the text it was read from: the next such request carrying the same text, byte for byte,
/// is not parsed, checked against the provider's rule or hashed for its quota again. An app
/// sends the same credential on every request, and judging it was a tenth of the responder's
/// CPU on a Yelp search.
///
/// An event loop's `TargetMemo` entry owns one, so it is used by one thread at a time and takes
/// no lock. An entry's requests all have one route, so the same text is judged the same way.
package final class CredentialJudgement: @unchecked Sendable {  // used by one thread at a time
    /// A credential judged: the finding when it is missing or invalid, else its value (`nil`
    /// when the operation needs none) and, when a quota counts it, the hash it is counted by.
    package struct Judged {
        package let finding: RequestChecker.Finding?
        package let value: String?
        package let quotaHash: UInt64?

        package init(finding: RequestChecker.Finding?, value: String?, counted: Bool) {
            self.finding = finding
            self.value = value
            quotaHash = counted ? value.map(BehaviourMemory.quotaHash(of:)) : nil
        }
    }

    private var source: String?
    private var judged: Judged?

    package init() {}

    /// How the credential in `source` (the header or query value it is read from) was judged,
    /// when it is the text judged last, byte for byte.
    package func judged(for source: String) -> Judged? {
        guard let kept = self.source, TargetBytes.sameBytes(kept, source) else { return nil }
        return judged
    }

    /// Remembers how the credential in `source` was judged, in place of the last; a text past
    /// `maximumKeptSourceBytes` is not kept (it is judged again each time it comes).
    package func keep(_ judged: Judged, for source: String) {
        guard source.utf8.count <= Self.maximumKeptSourceBytes else {
            self.source = nil
            self.judged = nil
            return
        }
        self.source = source
        self.judged = judged
    }

    /// The longest credential text kept: real keys and tokens are a few hundred bytes at most.
    package static let maximumKeptSourceBytes = 1024
}
