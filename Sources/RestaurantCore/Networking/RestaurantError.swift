import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Everything that can go wrong between the core and a provider.
public enum RestaurantError: Error, Sendable, Hashable {
    /// The provider answered with its own error envelope.
    case provider(ProviderError)
    /// A fake server (Understudy) had no fixture for the request: a 404 with `X-Understudy-Miss`.
    /// `report` is the server's near-miss report.
    case unmatchedRequest(report: String)
    /// An HTTP error without an envelope the core understands (an HTML page, an empty body).
    case http(status: Int, body: String)
    /// The request never got an answer.
    case transport(URLError.Code)
    /// The answer did not have the expected shape; `detail` says where.
    case decoding(detail: String)

    /// The provider's error, if that is what this is.
    public var providerError: ProviderError? {
        if case .provider(let error) = self { return error }
        return nil
    }
}
