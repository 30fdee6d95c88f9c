import Foundation
import UnderstudyTooling
import UnderstudyFixtures
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends recorded requests to the real providers with `URLSession` (libcurl on Linux), which
/// brings TLS and HTTP/2 without another dependency.
///
/// The recorder's upstream on Apple's platforms. On Linux `understudy` uses `CurlUpstream`
/// instead: linking FoundationNetworking loads libcurl and its libraries at every start. It
/// lives in a module of its own so that neither Core nor the server links FoundationNetworking.
///
/// Redirects are not followed (a 302 is recorded as it is, body included); compressed bodies
/// arrive decoded (URLSession decodes gzip and deflate even when asked for `identity`); nothing
/// is cached and no cookie is kept.
public final class URLSessionUpstream: Upstream {
    private let session: URLSession
    private let delegate: Collector
    /// Seconds an exchange may take in all.
    public let timeout: TimeInterval

    /// - Parameters:
    ///   - timeout: seconds an exchange may take, connecting included.
    ///   - maximumBodySize: the largest body accepted (64 MB by default).
    public init(timeout: TimeInterval, maximumBodySize: Int = 64 << 20) {
        self.timeout = timeout
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        delegate = Collector(maximumBodySize: maximumBodySize)
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit {
        session.invalidateAndCancel()
    }

    public func send(_ request: UpstreamRequest) async throws(UpstreamFailure) -> UpstreamResponse {
        guard let url = URL(string: request.url) else { throw UpstreamFailure(reason: "not a valid URL") }
        var urlRequest = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        urlRequest.httpMethod = request.method
        for field in request.headers { urlRequest.addValue(field.value, forHTTPHeaderField: field.name) }
        if !request.body.isEmpty { urlRequest.httpBody = Data(request.body) }
        let result: Result<UpstreamResponse, UpstreamFailure> = await withCheckedContinuation { continuation in
            let task = session.dataTask(with: urlRequest)
            delegate.expect(task) { continuation.resume(returning: $0) }
            task.resume()
        }
        return try result.get()
    }

    /// What `error` means for someone recording, without the URL (it may hold a key).
    static func reason(for error: any Error, timeout: TimeInterval) -> String {
        guard let error = error as? URLError else { return "the request failed (\(type(of: error)))" }
        switch error.code {
        case .timedOut: return "no answer within \(timeout) s (--upstream-timeout)"
        case .cannotConnectToHost: return "cannot connect (connection refused)"
        case .cannotFindHost, .dnsLookupFailed: return "cannot resolve the host"
        case .notConnectedToInternet: return "no network"
        case .networkConnectionLost: return "the connection closed before the answer was complete"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid,
            .serverCertificateHasUnknownRoot, .clientCertificateRejected, .clientCertificateRequired:
            return "the TLS connection failed"
        case .badServerResponse: return "the answer was not valid HTTP"
        default: return "the request failed (URLError \(error.code.rawValue))"
        }
    }

    /// Collects each task's body and finishes it: a session delegate, because only a delegate
    /// can refuse redirects and still receive the redirect's own body.
    final class Collector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        // @unchecked: every mutable member is behind `lock`.
        private struct Pending {
            var body: [UInt8] = []
            var tooLarge = false
            let finish: @Sendable (Result<UpstreamResponse, UpstreamFailure>) -> Void
        }

        private let lock = NSLock()
        private var pending: [Int: Pending] = [:]
        private let maximumBodySize: Int

        init(maximumBodySize: Int) {
            self.maximumBodySize = maximumBodySize
        }

        func expect(_ task: URLSessionTask, finish: @escaping @Sendable (Result<UpstreamResponse, UpstreamFailure>) -> Void) {
            lock.withLock { pending[task.taskIdentifier] = Pending(finish: finish) }
        }

        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
            completionHandler: @escaping (URLRequest?) -> Void
        ) {
            completionHandler(nil)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            let cancel: Bool = lock.withLock {
                guard var entry = pending[dataTask.taskIdentifier], !entry.tooLarge else { return false }
                if entry.body.count + data.count > maximumBodySize {
                    entry.tooLarge = true
                    entry.body = []
                } else {
                    entry.body.append(contentsOf: data)
                }
                pending[dataTask.taskIdentifier] = entry
                return entry.tooLarge
            }
            if cancel { dataTask.cancel() }
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            guard let entry = lock.withLock({ pending.removeValue(forKey: task.taskIdentifier) }) else { return }
            if entry.tooLarge {
                entry.finish(.failure(UpstreamFailure(reason: "the body is larger than \(maximumBodySize >> 20) MB")))
            } else if let error {
                let timeout = task.originalRequest?.timeoutInterval ?? 0
                entry.finish(.failure(UpstreamFailure(reason: URLSessionUpstream.reason(for: error, timeout: timeout))))
            } else if let response = task.response as? HTTPURLResponse {
                let headers = response.allHeaderFields.compactMap { name, value -> HeaderField? in
                    guard let name = name as? String else { return nil }
                    return HeaderField(name: name, value: "\(value)")
                }.sorted { $0.name.lowercased() < $1.name.lowercased() }
                entry.finish(.success(UpstreamResponse(status: response.statusCode, headers: headers, body: entry.body)))
            } else {
                entry.finish(.failure(UpstreamFailure(reason: "the answer was not HTTP")))
            }
        }
    }
}
