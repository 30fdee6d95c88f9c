/// The canonical test credentials of docs/contracts.md: plainly fake, so fixtures and tests
/// may write them literally. Any other literal credential may be a real one.
enum CanonicalCredentials {
    /// The valid values by provider; each must fit its pack's `credential.pattern`.
    static let valid: [String: [String]] = [
        "yelp": ["FAKE-understudy-yelp-api-key"],
        "google": ["AIzaFAKE-understudy-test-key-0000000000"],
        "facebook": ["EAAUnderstudyLongLivedToken", "EAAUnderstudyShortLivedToken", "138483919580948|FAKE-understudy-app-secret"],
    ]

    /// Canonical values that carry neither marker (`FAKE`, `Understudy`).
    static let unmarked: Set<String> = ["not-a-token"]

    /// Whether `value` (a bare credential, or an `Authorization` value with its scheme) is plainly fake.
    static func isPlainlyFake(_ value: String) -> Bool {
        let bare = value.lowercased().hasPrefix("bearer ") ? String(value.dropFirst("bearer ".count)) : value
        return bare.contains("FAKE") || bare.contains("Understudy") || unmarked.contains(bare)
    }
}
