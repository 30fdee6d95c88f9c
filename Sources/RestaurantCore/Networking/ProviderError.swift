/// An error a provider answered in its own envelope: Yelp's `{"error": {"code", "description"}}`,
/// Google's `status` other than `OK` (with an optional `error_message`), Graph's
/// `{"error": {"message", "type", "code", "error_subcode", "fbtrace_id"}}`, and the
/// `{"error": {"code", "message", "status", "details"}}` of Places API (New) and the Routes API.
public struct ProviderError: Error, Sendable, Hashable {
    /// Who answered.
    public let provider: Provider
    /// The HTTP status (Google reports its errors with 200).
    public let status: Int
    /// The provider's code: `LOCATION_NOT_FOUND`, `INVALID_REQUEST`, `190`, `INVALID_ARGUMENT`, …
    public let code: String
    /// The provider's explanation, when it gave one.
    public let message: String?
    /// Graph's `error_subcode` (463: the session has expired).
    public let subcode: Int?
    /// Graph's `type` (`OAuthException`).
    public let type: String?
    /// Graph's `fbtrace_id`, to quote to Facebook.
    public let traceID: String?
    /// The `reason` of Google's `ErrorInfo` detail (`API_KEY_INVALID`), when it sent one.
    public let reason: String?

    /// An error as the provider reported it.
    public init(
        provider: Provider, status: Int, code: String, message: String?, subcode: Int? = nil, type: String? = nil, traceID: String? = nil,
        reason: String? = nil
    ) {
        self.provider = provider
        self.status = status
        self.code = code
        self.message = message
        self.subcode = subcode
        self.type = type
        self.traceID = traceID
        self.reason = reason
    }

    /// Whether the access token must be replaced: Graph codes 190 and 102 ("log in again").
    public var isInvalidToken: Bool { provider == .facebook && (code == "190" || code == "102") }
}
