import Foundation
import UnderstudyCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Answers requests for the hosts of live in-process Understudies.
final class InProcessURLProtocol: URLProtocol {
    static let responders = Locked([String: Responder]())

    override class func canInit(with request: URLRequest) -> Bool {
        guard let host = request.url?.host else { return false }
        return responders.withLock { $0[host] != nil }
    }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        guard let url = request.url, let host = url.host, let responder = Self.responders.withLock({ $0[host] }),
            let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        else {
            client?.urlProtocol(self, didFailWithError: URLError(.cannotConnectToHost))
            return
        }
        let target = (components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath)
            + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
        let headers = (request.allHTTPHeaderFields ?? [:]).map { HeaderField(name: $0.key, value: $0.value) }
        let received = Request(method: request.httpMethod ?? "GET", target: target, headers: headers, body: Self.body(of: request))
        // The answer is delivered from a task or the clock's thread. URLProtocol is not
        // Sendable, but one instance serves one load, and nothing else touches it meanwhile.
        let loading = UncheckedSendable(self)
        Task {
            let response = await responder.respond(to: received)
            responder.clock.schedule(after: response.delay) { loading.value.deliver(response, for: url) }
        }
    }

    override func stopLoading() {}

    private func deliver(_ response: Response, for url: URL) {
        if let fault = response.fault {
            client?.urlProtocol(self, didFailWithError: URLError(Self.errorCode(for: fault)))
            return
        }
        var fields: [String: String] = [:]
        for field in response.headers { fields[field.name] = fields[field.name].map { $0 + ", " + field.value } ?? field.value }
        fields["Content-Length"] = String(response.body.count)
        let head = HTTPURLResponse(url: url, statusCode: response.status, httpVersion: "HTTP/1.1", headerFields: fields)!
        client?.urlProtocol(self, didReceive: head, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: Data(response.body))
        client?.urlProtocolDidFinishLoading(self)
    }

    /// The error the socket version of each fault gives URLSession on Linux (docs/faults.md).
    static func errorCode(for fault: Fault) -> URLError.Code {
        switch fault {
        case .reset: .networkConnectionLost
        case .empty: .badServerResponse
        case .shortBody, .malformedChunk: .unknown
        case .garbage: .unsupportedURL
        case .noAnswer: .timedOut
        }
    }

    /// The request body, which URLSession may hand over as a stream.
    private static func body(of request: URLRequest) -> [UInt8] {
        if let data = request.httpBody { return Array(data) }
        guard let stream = request.httpBodyStream else { return [] }
        stream.open()
        defer { stream.close() }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while stream.hasBytesAvailable {
            let count = stream.read(&chunk, maxLength: chunk.count)
            if count <= 0 { break }
            bytes.append(contentsOf: chunk[..<count])
        }
        return bytes
    }
}

/// Carries a value that is not `Sendable` across a boundary where the caller guarantees it is
/// used by one thread at a time.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
