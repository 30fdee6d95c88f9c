#if os(Linux)
import CCurl
import Foundation
import UnderstudyCore
import UnderstudyFixtures

/// Sends recorded requests to the real providers with libcurl, loaded by `record` alone (when it
/// starts, or at the first request).
///
/// `URLSession` on Linux is FoundationNetworking over the same libcurl, but linking it loads
/// libcurl and the thirty libraries behind it (TLS, Kerberos, LDAP, …) at every start of
/// every command, recording or not: 5–7 ms and 18 MB read from disk per `serve`. This keeps
/// what recording relied on: TLS and HTTP/2 as libcurl negotiates them, proxies from the usual
/// environment variables, the `User-Agent` and `Accept-Language` it added when the client sent
/// none, redirects not followed (a 302 is recorded as it is, body included), compressed bodies
/// decoded even when `identity` was asked for, no cookie kept.
public final class CurlUpstream: Upstream, @unchecked Sendable {
    // @unchecked: `pool` is a C pool that takes its own lock.
    /// Seconds an exchange may take in all.
    public let timeout: TimeInterval
    /// The largest body accepted.
    public let maximumBodySize: Int
    /// Handles kept between exchanges with their open connections, as a URLSession keeps its.
    private let pool: OpaquePointer?

    /// - Parameters:
    ///   - timeout: seconds an exchange may take, connecting included.
    ///   - maximumBodySize: the largest body accepted (64 MB by default).
    public init(timeout: TimeInterval, maximumBodySize: Int = 64 << 20) {
        self.timeout = timeout
        self.maximumBodySize = maximumBodySize
        pool = understudy_curl_pool_create()
    }

    deinit {
        understudy_curl_pool_destroy(pool)
    }

    public func send(_ request: UpstreamRequest) async throws(UpstreamFailure) -> UpstreamResponse {
        // libcurl blocks for the whole exchange: on a thread of its own (with the platform's
        // default stack, which TLS libraries are written for), not the shared pool. The thread
        // keeps `self`, and so its connections, until the exchange ends.
        let result: Result<UpstreamResponse, UpstreamFailure> = await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: self.perform(request)) }.start()
        }
        return try result.get()
    }

    /// Why libcurl cannot be loaded (`$UNDERSTUDY_LIBCURL`, else `libcurl.so.4`), loading it now;
    /// `nil` when it is ready. `record` asks before it starts, so a machine without libcurl is
    /// told once rather than with a 502 for every request.
    public static var loadFailure: String? {
        understudy_curl_load_failure().map { String(cString: $0) }
    }

    /// The fields `URLSession` on Linux added to a request that lacked them, so that a provider
    /// sees what it saw before: `User-Agent: understudy (unknown version) curl/8.5.0` and the
    /// locale's language as `Accept-Language`.
    static let defaultFields: [HeaderField] = {
        var fields: [HeaderField] = []
        if let text = understudy_curl_version().map({ String(cString: $0) }), text.hasPrefix("libcurl/") {
            let version = text.dropFirst("libcurl/".count).prefix { $0 != " " }
            fields.append(HeaderField(name: "User-Agent", value: "\(ProcessInfo.processInfo.processName) (unknown version) curl/\(version)"))
        }
        if let language = Locale.current.language.languageCode?.identifier {
            fields.append(HeaderField(name: "Accept-Language", value: language))
        }
        return fields
    }()

    /// One exchange, blocking.
    private func perform(_ request: UpstreamRequest) -> Result<UpstreamResponse, UpstreamFailure> {
        let missing = Self.defaultFields.filter { field in !request.headers.contains { $0.hasName(field.name) } }
        let lines = (request.headers + missing).map { "\($0.name): \($0.value)" }
        // A NUL would end the C string early, and CR or LF would start another field.
        guard ([request.method, request.url] + lines).allSatisfy({ !$0.utf8.contains { $0 == 0 || $0 == 10 || $0 == 13 } }) else {
            return .failure(UpstreamFailure(reason: "the request holds a control character a header or URL cannot carry"))
        }
        var outcome = understudy_curl_result()
        defer { understudy_curl_release(&outcome) }
        let milliseconds = Int(min(timeout * 1000, Double(Int32.max)).rounded(.up))
        withCStrings(lines) { headerLines in
            request.body.withUnsafeBufferPointer { body in
                _ = understudy_curl_perform(
                    pool, request.method, request.url, headerLines.baseAddress, headerLines.count, body.baseAddress, body.count, milliseconds,
                    maximumBodySize, &outcome)
            }
        }
        if outcome.body_too_large != 0 {
            return .failure(UpstreamFailure(reason: "the body is larger than \(maximumBodySize >> 20) MB"))
        }
        guard outcome.code == 0 else {
            let message = withUnsafeBytes(of: outcome.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            return .failure(UpstreamFailure(reason: Self.reason(forCode: Int(outcome.code), message: message, timeout: timeout)))
        }
        guard outcome.status > 0 else { return .failure(UpstreamFailure(reason: "the answer was not HTTP")) }
        let head = outcome.head.map { [UInt8](UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: outcome.head_length)) } ?? []
        let body = outcome.body.map { [UInt8](UnsafeBufferPointer(start: $0, count: outcome.body_length)) } ?? []
        return .success(UpstreamResponse(status: outcome.status, headers: Self.headerFields(head), body: body))
    }

    /// The fields of a response head (`Name: value` lines), a field sent several times joined
    /// with ", " under its first spelling, sorted by name: as `URLSession` gave them.
    static func headerFields(_ head: [UInt8]) -> [HeaderField] {
        var fields: [HeaderField] = []
        var positions: [String: Int] = [:]
        for line in String(decoding: head, as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: true) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = String(line[..<colon]).trimmingCharacters(in: .whitespaces)
            let value = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { continue }
            let key = name.lowercased()
            if let position = positions[key] {
                fields[position].value += ", " + value
            } else {
                positions[key] = fields.count
                fields.append(HeaderField(name: name, value: value))
            }
        }
        return fields.sorted { $0.name.lowercased() < $1.name.lowercased() }
    }

    /// What a libcurl result code means for someone recording, in the words `URLSession`'s
    /// failures were given; libcurl's own message is not shown (it names the host).
    static func reason(forCode code: Int, message: String, timeout: TimeInterval) -> String {
        switch code {
        case -1: message  // libcurl could not be loaded: says which library is missing
        case 28: "no answer within \(timeout) s (--upstream-timeout)"
        case 7: "cannot connect (connection refused)"
        case 5, 6: "cannot resolve the host"
        case 35, 53, 54, 58, 59, 60, 64, 66, 77, 80, 82, 83, 90, 91: "the TLS connection failed"
        case 18, 52, 55, 56: "the connection closed before the answer was complete"
        case 1, 8, 16, 61, 92: "the answer was not valid HTTP"
        case 3: "not a valid URL"
        default: "the request failed (libcurl error \(code))"
        }
    }
}

/// Calls `body` with `strings` as C strings, kept alive for the call.
private func withCStrings<Result>(_ strings: [String], _ body: (UnsafeBufferPointer<UnsafePointer<CChar>?>) -> Result) -> Result {
    let copies = strings.map { string in
        let bytes = string.utf8CString
        let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
        _ = UnsafeMutableBufferPointer(start: copy, count: bytes.count).initialize(from: bytes)
        return copy
    }
    defer { copies.forEach { $0.deallocate() } }
    return copies.map { UnsafePointer($0) }.withUnsafeBufferPointer(body)
}
#endif
