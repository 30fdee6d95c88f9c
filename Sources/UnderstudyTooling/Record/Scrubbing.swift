import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport
/// Which values in a provider's traffic are credentials, and what replaces them before anything
/// reaches the disk. One set of rules drives both the HAR import and `understudy record`.
///
/// Names are compared case-insensitively: Redaction's built-in lists, plus a pack's `secrets`
/// (query parameters, headers, JSON member names) when recording.
package struct Scrubbing: Sendable {
    /// Secret query parameters and form fields, lower-cased.
    let queryNames: Set<String>
    /// Secret headers, lower-cased.
    let headerNames: Set<String>
    /// JSON members (in request and response bodies) whose string values are secrets, lower-cased.
    let jsonMembers: Set<String>
    /// Whether plainly fake values (the canonical test credentials) are kept as they are:
    /// recording against a fake upstream must replay byte for byte, and such values are public.
    let keepsPlainFakes: Bool
    /// The canonical credentials the provider's pack declares (`credential.canonical`), fake
    /// as the built-in ones are.
    var declaredFakes: Set<String> = []
    /// Whether placeholders name the secret and a stable hash of it (`FAKE-understudy-key-1a2b3c4d`)
    /// rather than being the bare `REDACTED`.
    let stablePlaceholders: Bool

    /// The HAR import's rules: Redaction's lists, everything replaced by `REDACTED`.
    static let harImport = Scrubbing(
        queryNames: Redaction.secretParameters, headerNames: Redaction.secretHeaders, jsonMembers: Redaction.secretMembers,
        keepsPlainFakes: false, stablePlaceholders: false)

    /// The recorder's rules for a provider: Redaction's lists and the pack's `secrets`, stable
    /// placeholders, and the canonical fakes (built in, and the pack's `declaredFakes`) kept.
    public static func recording(_ names: SecretNames?, declaredFakes: [String] = []) -> Scrubbing {
        let lower = { (names: Set<String>?) in Set((names ?? []).map { $0.lowercased() }) }
        var rules = Scrubbing(
            queryNames: Redaction.secretParameters.union(lower(names?.query)),
            headerNames: Redaction.secretHeaders.union(lower(names?.headers)),
            jsonMembers: Redaction.secretMembers.union(Redaction.secretParameters).union(lower(names?.json)),
            keepsPlainFakes: true, stablePlaceholders: true)
        rules.declaredFakes = Set(declaredFakes)
        return rules
    }

    /// The recorder's rules for the provider of `pack`.
    static func recording(_ pack: ProviderPack) -> Scrubbing {
        recording(pack.secrets, declaredFakes: pack.credential?.canonical ?? [])
    }

    func isSecretParameter(_ name: String) -> Bool { queryNames.contains(name.lowercased()) }
    func isSecretHeader(_ name: String) -> Bool { headerNames.contains(name.lowercased()) }
    func isSecretMember(_ name: String) -> Bool { jsonMembers.contains(name.lowercased()) }

    /// Whether `value`, found where a secret goes, is kept as it is.
    func keeps(_ value: String) -> Bool {
        keepsPlainFakes && FakeCredentials.isFake(value, declared: declaredFakes)
    }

    /// What replaces the secret `value` that was found under `name`.
    func placeholder(name: String, value: String) -> String {
        guard stablePlaceholders else { return Redaction.placeholder }
        return Self.stablePlaceholder(name: name, value: value)
    }

    /// `FAKE-understudy-<name slug>-<8 hex digits>` (`FAKE-understudy-access-token-1a2b3c4d`):
    /// the same secret always gets the same placeholder, so a re-record gives no diff, and two
    /// different tokens stay different. The digits are a 32-bit FNV-1a fingerprint: enough to
    /// tell tokens apart, far too little to recover a real credential from.
    static func stablePlaceholder(name: String, value: String) -> String {
        let slug = ImportedFileName.slug(name.lowercased())
        return "FAKE-understudy-\(slug)-\(ImportedFileName.hex32(StableHash.fnv1a64(value.utf8)))"
    }

    /// The canonical test credentials of docs/contracts.md and the recorder's placeholders, bare
    /// or as an `Authorization: Bearer` value (see `FakeCredentials`). Public by design. A value
    /// that merely contains `FAKE` or `Understudy` is not fake: a real token can.
    public static func isPlainlyFake(_ value: String) -> Bool {
        FakeCredentials.isFake(value)
    }
}

/// A credential found in a request, with the name it travelled under.
struct Secret: Sendable, Hashable {
    /// The query parameter, header or JSON member that carried it.
    let name: String
    /// The value, as sent.
    let value: String
}
