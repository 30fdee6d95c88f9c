import Foundation
import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport

/// A request on its way to the real provider.
public struct UpstreamRequest: Sendable {
    /// The method, upper-case.
    public let method: String
    /// The absolute URL: the provider's origin followed by the request target as the client sent it.
    public let url: String
    /// The client's headers minus hop-by-hop ones, with `Accept-Encoding: identity`.
    public let headers: [HeaderField]
    /// The body (empty for none).
    public let body: [UInt8]

    public init(method: String, url: String, headers: [HeaderField] = [], body: [UInt8] = []) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// Headers a proxy must not pass on (RFC 9110 §7.6.1), those the transport sets itself,
    /// and Understudy's own.
    static let droppedHeaders: Set<String> = [
        "connection", "keep-alive", "proxy-connection", "proxy-authenticate", "proxy-authorization", "te", "trailer",
        "transfer-encoding", "upgrade", "host", "content-length", "accept-encoding", "expect",
    ]

    /// `headers` fit to forward: hop-by-hop and `X-Understudy-*` headers removed, and an
    /// `Accept-Encoding: identity` so bodies arrive readable.
    static func forwardedHeaders(_ headers: [HeaderField]) -> [HeaderField] {
        let connectionOptions = Set(headers.filter { $0.hasName("connection") }.flatMap {
            $0.value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        })
        return headers.filter { field in
            let name = field.name.lowercased()
            return !droppedHeaders.contains(name) && !connectionOptions.contains(name) && !name.hasPrefix("x-understudy-")
        } + [HeaderField(name: "Accept-Encoding", value: "identity")]
    }
}

/// The real provider's answer, as received.
public struct UpstreamResponse: Sendable {
    public let status: Int
    public let headers: [HeaderField]
    public let body: [UInt8]

    public init(status: Int, headers: [HeaderField], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Why an upstream gave no answer: refused, unresolvable, timed out. Never holds a credential.
public struct UpstreamFailure: Error, Sendable, CustomStringConvertible {
    /// What went wrong, e.g. `no answer within 0.3 s`.
    public let reason: String

    public init(reason: String) {
        self.reason = reason
    }

    public var description: String { reason }
}

/// Sends requests to real providers: `URLSession` in the server module; a stub in tests.
public protocol Upstream: Sendable {
    /// The provider's answer, redirects not followed; throws when there is none.
    func send(_ request: UpstreamRequest) async throws(UpstreamFailure) -> UpstreamResponse
}
