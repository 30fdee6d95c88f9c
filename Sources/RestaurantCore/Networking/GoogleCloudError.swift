/// The error envelope of Google's newer APIs (Places API (New), the Routes API), sent with a
/// 4xx or 5xx status: `{"error": {"code": 400, "message": "…", "status": "INVALID_ARGUMENT",
/// "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "API_KEY_INVALID"}]}}`.
public struct GoogleCloudErrorAnswer: Codable, Sendable, Hashable {
    /// The error itself (a `google.rpc.Status`).
    public struct Status: Codable, Sendable, Hashable {
        /// The HTTP status, repeated.
        public let code: Int
        /// What went wrong, for a developer.
        public let message: String?
        /// The canonical code: `INVALID_ARGUMENT`, `PERMISSION_DENIED`, `NOT_FOUND`, `RESOURCE_EXHAUSTED`, …
        public let status: String?
        /// Typed details; the core reads the `ErrorInfo` among them.
        public let details: [Detail]?
    }

    /// One entry of `details`. Only `ErrorInfo`'s members are kept; other types (`BadRequest`,
    /// `Help`, …) keep just their `@type`.
    public struct Detail: Codable, Sendable, Hashable {
        /// `type.googleapis.com/google.rpc.ErrorInfo`, …
        public let type: String
        /// `ErrorInfo`'s machine-readable cause: `API_KEY_INVALID`, …
        public let reason: String?
        /// `ErrorInfo`'s domain: `googleapis.com`.
        public let domain: String?
        /// `ErrorInfo`'s metadata: `{"service": "places.googleapis.com"}`.
        public let metadata: [String: String]?

        enum CodingKeys: String, CodingKey {
            case type = "@type"
            case reason, domain, metadata
        }
    }

    /// `error`, as the provider sends it.
    public let error: Status

    /// The envelope as a `ProviderError`: the code is the canonical `status` (or the numeric
    /// code when there is none), the reason `ErrorInfo`'s.
    func providerError(_ provider: Provider, status: Int) -> ProviderError {
        let reason = error.details?.first { $0.type.hasSuffix("google.rpc.ErrorInfo") }?.reason
        return ProviderError(provider: provider, status: status, code: error.status ?? String(error.code), message: error.message, reason: reason)
    }
}
