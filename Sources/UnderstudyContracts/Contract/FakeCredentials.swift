import UnderstudyFixtures
import UnderstudySupport
/// Which credentials are fake: only those declared so, never a value that merely looks fake.
///
/// A real token may contain `FAKE` or `Understudy` by chance (`EAAB8realRandomFAKEq9Zt…`): a
/// substring proves nothing, so it no longer lets a value through `record` verbatim or past the
/// leak gate. Fake are exactly the canonical test credentials of docs/contracts.md (and, where a
/// pack is at hand, the `credential.canonical` values it declares) and the placeholders the
/// recorder issues.
package enum FakeCredentials {
    /// docs/contracts.md, "Canonical test credentials": each provider's valid and rejected
    /// values, the Facebook app's secret and app token, and the canonical unparsable token.
    package static let canonical: Set<String> = [
        "FAKE-understudy-yelp-api-key", "FAKE-revoked-yelp-api-key",
        "AIzaFAKE-understudy-test-key-0000000000", "AIzaFAKE-revoked-test-key-0000000000000",
        "EAAUnderstudyLongLivedToken", "EAAUnderstudyShortLivedToken", "EAAUnderstudyExpiredToken", "not-a-token",
        "FAKE-understudy-app-secret", "138483919580948|FAKE-understudy-app-secret",
    ]

    /// Whether `value` (bare, or an `Authorization: Bearer` value) is a canonical credential,
    /// one of `declared` (a pack's `credential.canonical`), or a recorder's placeholder.
    package static func isFake(_ value: String, declared: Set<String> = []) -> Bool {
        let bare = value.lowercased().hasPrefix("bearer ") ? String(value.dropFirst("bearer ".count)) : value
        return canonical.contains(bare) || declared.contains(bare) || isRecorderPlaceholder(bare)
    }

    /// Whether `value` is written as the recorder writes a placeholder
    /// (`Scrubbing.stablePlaceholder`): `FAKE-understudy-`, a slug (runs of lower-case letters
    /// and digits joined by single dashes), `-`, and 8 lower-case hex digits. Nothing else: the
    /// slug and the digits come from a name and a hash, never from the credential itself.
    package static func isRecorderPlaceholder(_ value: String) -> Bool {
        let prefix = "FAKE-understudy-"
        guard value.hasPrefix(prefix) else { return false }
        let rest = value.dropFirst(prefix.count)
        guard let dash = rest.lastIndex(of: "-") else { return false }
        let slug = rest[..<dash], digits = rest[rest.index(after: dash)...]
        let isHex = { (c: Character) in ("0"..."9").contains(c) || ("a"..."f").contains(c) }
        let isSlug = { (c: Character) in ("0"..."9").contains(c) || ("a"..."z").contains(c) }
        return digits.count == 8 && digits.allSatisfy(isHex)
            && slug.split(separator: "-", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty && $0.allSatisfy(isSlug) }
    }

    /// Whether a pack may declare `value` canonical: it must say it is fake in its spelling
    /// (contain `FAKE` or `Understudy`), so that no real credential is declared fake by mistake.
    /// A naming rule for what a pack declares, not a test of what is fake.
    package static func isNamedAsFake(_ value: String) -> Bool {
        value.contains("FAKE") || value.contains("Understudy")
    }
}
