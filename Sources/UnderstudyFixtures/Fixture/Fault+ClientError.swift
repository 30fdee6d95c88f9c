import Foundation
import UnderstudySupport

extension Fault {
    /// The error a `URLSession` client gets from this fault, as measured over a socket on
    /// Linux (FoundationNetworking over libcurl) by the server's fault tests; the in-process
    /// transport fails with the same code, so a test sees one behaviour in both modes. Apple's
    /// `URLSession` is another implementation and may report other codes (not measured here).
    public var clientError: URLError.Code {
        switch self {
        case .reset: .networkConnectionLost
        case .empty: .badServerResponse
        case .shortBody, .malformedChunk: .unknown
        case .garbage: .unsupportedURL
        case .noAnswer: .timedOut
        }
    }
}
