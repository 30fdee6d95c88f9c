import Foundation

/// Reads a provider's error answer into a `RestaurantError`.
enum ErrorEnvelope {
    /// The provider's error if the body is its envelope; otherwise the status and the start of
    /// the body (some errors come as HTML or with no body at all).
    static func error(from data: Data, provider: Provider, status: Int) -> RestaurantError {
        let decoded: ProviderError?
        switch provider {
        case .yelp:
            decoded = (try? JSONDecoder().decode(Yelp.ErrorAnswer.self, from: data)).map {
                ProviderError(provider: .yelp, status: status, code: $0.error.code, message: $0.error.description)
            }
        case .facebook:
            decoded = (try? JSONDecoder().decode(Graph.ErrorAnswer.self, from: data)).map {
                ProviderError(provider: .facebook, status: status, code: String($0.error.code), message: $0.error.message,
                              subcode: $0.error.subcode, type: $0.error.type, traceID: $0.error.traceID)
            }
        case .google:
            decoded = (try? JSONDecoder().decode(Google.StatusAnswer.self, from: data)).map {
                ProviderError(provider: .google, status: status, code: $0.status, message: $0.errorMessage)
            }
        case .placesV1, .routesV2:
            decoded = (try? JSONDecoder().decode(GoogleCloudErrorAnswer.self, from: data)).map { $0.providerError(provider, status: status) }
        case .feed:
            decoded = nil
        }
        if let decoded { return .provider(decoded) }
        return .http(status: status, body: String(decoding: data.prefix(512), as: UTF8.self))
    }
}
