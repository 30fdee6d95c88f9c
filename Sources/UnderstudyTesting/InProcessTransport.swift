import Foundation
import UnderstudyCore
import UnderstudyFixtures
import UnderstudySupport
import UnderstudyServer
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Answers requests for the hosts of live in-process Understudies, as the server over a
/// socket answers them: the same responder, the same limits and refusals, delays and dribbles
/// on the same clock, and each fault as the error it gives a client over a socket.
final class InProcessURLProtocol: URLProtocol {
    private struct Host {
        let responder: Responder
        let limits: ServerLimits
    }

    private static let hosts = Locked([String: Host]())

    /// Gives `responder` a host of its own (so tests in parallel never share answers) and
    /// returns its base URL.
    static func register(_ responder: Responder, limits: ServerLimits = .standard) -> URL {
        let host = "understudy-\(UUID().uuidString.lowercased()).invalid"
        hosts.withLock { $0[host] = Host(responder: responder, limits: limits) }
        responder.answerAdminRequests(addressedTo: host)
        return URL(string: "http://\(host)")!
    }

    /// Forgets the host of `baseURL`: its requests fail as an unknown host's would.
    static func unregister(_ baseURL: URL) {
        _ = hosts.withLock { $0.removeValue(forKey: baseURL.host ?? "") }
    }

    override class func canInit(with request: URLRequest) -> Bool {
        guard let host = request.url?.host else { return false }
        return hosts.withLock { $0[host] != nil }
    }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        guard let url = request.url, let host = url.host, let understudy = Self.hosts.withLock({ $0[host] }),
            let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        else {
            client?.urlProtocol(self, didFailWithError: URLError(.cannotConnectToHost))
            return
        }
        let target = (components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath)
            + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
        // Values as a server reads them off the wire: without the whitespace around them.
        var headers = (request.allHTTPHeaderFields ?? [:]).map { HeaderField(receivedName: $0.key, value: $0.value) }
        // Every HTTP/1.1 request names its host; URLSession adds it on the wire, so add it here
        // too (a templated answer may build a URL from it, as Places (New)'s photoUri does).
        if !headers.contains(where: { $0.hasName("Host") }) {
            headers.insert(HeaderField(name: "Host", value: url.port.map { "\(host):\($0)" } ?? host), at: 0)
        }
        let received = Request(method: request.httpMethod ?? "GET", target: target, headers: headers, body: Self.body(of: request))
        let clock = understudy.responder.clock
        // The answer is delivered from a task or the clock's thread. URLProtocol is not
        // Sendable, but one instance serves one load, and nothing else touches it meanwhile.
        let loading = UncheckedSendable(self)
        if let refusal = understudy.limits.refusal(headers: headers, bodySize: received.body.count) {
            deliver(refusal, Playback(refusal, omitBody: received.method == "HEAD"), for: url, clock: clock)
            return
        }
        Task {
            let answer = await InProcessURLProtocol.answer(received, at: url, from: understudy.responder)
            let playback = Playback(answer.response, omitBody: received.method == "HEAD")
            clock.schedule(after: playback.delay) {
                loading.value.deliver(answer.response, playback, for: answer.url, clock: clock)
            }
        }
    }

    /// The responder's answer to `request`, and the URL it answers for. Redirects within this
    /// Understudy are followed, as URLSession follows them over a socket (corelibs URLSession
    /// cannot follow one a URLProtocol reports); one to any other host is delivered as it is,
    /// since nothing here may reach a network.
    private static func answer(_ request: Request, at url: URL, from responder: Responder) async -> (response: Response, url: URL) {
        var current = (url: url, request: request)
        var response = await responder.respond(to: request)
        for _ in 0..<maximumRedirects {
            guard let hop = redirect(of: current.request, answered: response, at: current.url) else { break }
            current = hop
            response = await responder.respond(to: hop.request)
        }
        return (response, current.url)
    }

    /// How many redirects are followed before the last answer is delivered as it is.
    static let maximumRedirects = 16

    /// The request a client sends after `response`, when it redirects within the same host.
    private static func redirect(of request: Request, answered response: Response, at url: URL) -> (url: URL, request: Request)? {
        guard [301, 302, 303, 307, 308].contains(response.status), let location = response.headerValue("Location"),
            let target = URL(string: location, relativeTo: url)?.absoluteURL, target.host == url.host,
            let components = URLComponents(url: target, resolvingAgainstBaseURL: false)
        else { return nil }
        let path = (components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath) + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
        // 307 and 308 repeat the method and body; the others become a GET without a body.
        let keepsMethod = [307, 308].contains(response.status)
        let headers = request.headers.filter { !$0.hasName("content-length") && !(keepsMethod ? false : $0.hasName("content-type")) }
        return (target, Request(method: keepsMethod ? request.method : "GET", target: path, headers: headers, body: keepsMethod ? request.body : []))
    }

    override func stopLoading() {}

    /// Hands `response` to the client: the head, then the body whole or, for a dribble, in
    /// the pieces and at the pace the socket transport sends it; a fault fails the load with
    /// the error the socket version gives.
    private func deliver(_ response: Response, _ playback: Playback, for url: URL, clock: any ServerClock) {
        if case .fault(let fault) = playback.delivery {
            client?.urlProtocol(self, didFailWithError: URLError(fault.clientError))
            return
        }
        var fields: [String: String] = [:]
        for field in response.headers { fields[field.name] = fields[field.name].map { $0 + ", " + field.value } ?? field.value }
        fields["Content-Length"] = String(response.body.count)
        let head = HTTPURLResponse(url: url, statusCode: response.status, httpVersion: "HTTP/1.1", headerFields: fields)!
        client?.urlProtocol(self, didReceive: head, cacheStoragePolicy: .notAllowed)
        let body = playback.omitsBody ? [] : response.body
        guard case .pieces(let cuts, let interval) = playback.delivery else {
            client?.urlProtocol(self, didLoad: Data(body))
            client?.urlProtocolDidFinishLoading(self)
            return
        }
        finishAfterPieces(cuts.count - 1, of: body, interval: interval, clock: clock)
    }

    /// Steps through a dribble's pieces on the clock as the socket transport does, and loads
    /// the body when the last is due. Corelibs URLSession keeps only the last `didLoad` of a
    /// custom protocol for `data(for:)`, so the body is handed over once, whole; a client
    /// sees the answer complete at the same time on the clock in both modes.
    private func finishAfterPieces(_ remaining: Int, of body: [UInt8], interval: TimeInterval, clock: any ServerClock) {
        guard remaining > 0 else {
            client?.urlProtocol(self, didLoad: Data(body))
            client?.urlProtocolDidFinishLoading(self)
            return
        }
        let loading = UncheckedSendable(self)
        clock.schedule(after: interval) { loading.value.finishAfterPieces(remaining - 1, of: body, interval: interval, clock: clock) }
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
