import Foundation

/// One TCP connection speaking HTTP/1.1 by hand, so tests can see exactly what crosses the
/// socket: several requests on one connection, pipelined requests, raw status lines.
/// One thread uses a connection at a time (a test hands it to a thread of its own to block on).
final class RawHTTPConnection: @unchecked Sendable {
    struct Response {
        let status: Int
        let headers: [(String, String)]
        let body: [UInt8]

        func header(_ name: String) -> String? { headers.first { $0.0.lowercased() == name.lowercased() }?.1 }
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let fd: Int32
    private var buffer: [UInt8] = []

    init(port: Int, timeoutSeconds: Int = 5) throws {
        fd = TestPlatform.streamSocket()
        guard fd >= 0 else { throw Failure(description: "socket() failed") }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            // No close(fd) here: every property is set, so deinit runs when init throws and closes
            // it. Closing twice closed whatever socket had reused the number meanwhile — another
            // test's, under NIO's feet (its selector then asserted on a registered descriptor).
            throw Failure(description: "connect to 127.0.0.1:\(port) failed: errno \(errno)")
        }
    }

    deinit { close(fd) }

    /// Sends raw bytes (one or several requests).
    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = Self.uninterrupted { bytes[sent...].withUnsafeBytes { Foundation.send(fd, $0.baseAddress, $0.count, 0) } }
            guard count > 0 else { throw Failure(description: "send failed: errno \(errno)") }
            sent += count
        }
    }

    /// Sends a GET with `Connection: keep-alive` semantics (HTTP/1.1 default).
    func get(_ target: String, headers: [String: String] = [:]) throws -> Response {
        try send(Self.request("GET", target, headers: headers))
        return try readResponse()
    }

    static func request(_ method: String, _ target: String, headers: [String: String] = [:], body: String = "") -> String {
        var text = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" { text += "Content-Length: \(body.utf8.count)\r\n" }
        return text + "\r\n" + body
    }

    /// Reads one response framed by Content-Length; `bodyExpected` false for the answer to a
    /// HEAD request, whose Content-Length counts bytes it does not send.
    func readResponse(bodyExpected: Bool = true) throws -> Response {
        let separator: [UInt8] = [13, 10, 13, 10]
        var headerEnd: Int?
        while headerEnd == nil {
            if let range = buffer.firstRange(of: separator) { headerEnd = range.lowerBound; break }
            try fill()
        }
        let headText = String(decoding: buffer[..<headerEnd!], as: UTF8.self)
        buffer.removeFirst(headerEnd! + 4)
        var lines = headText.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw Failure(description: "bad status line: \(headText)") }
        let headers = lines.compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let length = bodyExpected ? Int(headers.first { $0.0.lowercased() == "content-length" }?.1 ?? "0") ?? 0 : 0
        while buffer.count < length { try fill() }
        let body = Array(buffer[..<length])
        buffer.removeFirst(length)
        return Response(status: status, headers: headers, body: body)
    }

    /// How reading everything the server sends ended.
    enum Ending: Equatable {
        case closed, reset, timedOut
    }

    /// Everything the server sends until it closes, resets, or stays silent past the timeout.
    func readUntilEnd() -> (bytes: [UInt8], ending: Ending) {
        var all = buffer
        buffer.removeAll()
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = Self.uninterrupted { chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) } }
            if count > 0 { all.append(contentsOf: chunk[..<count]); continue }
            if count == 0 { return (all, .closed) }
            if errno == ECONNRESET { return (all, .reset) }
            if errno == EAGAIN || errno == EWOULDBLOCK { return (all, .timedOut) }
            return (all, .closed)
        }
    }

    /// Sends raw bytes, which need not be UTF-8.
    func send(bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let count = Self.uninterrupted { bytes[sent...].withUnsafeBytes { Foundation.send(fd, $0.baseAddress, $0.count, TestPlatform.sendWithoutSignal) } }
            guard count > 0 else { throw Failure(description: "send failed: errno \(errno)") }
            sent += count
        }
    }

    /// Sends `chunk` again and again, as a client pipelining without reading would, until
    /// `limit` bytes are sent or the server has stopped taking them for `stallSeconds`.
    /// Returns how many bytes the server (and the sockets' buffers) took.
    func sendUntilStalled(_ chunk: [UInt8], limit: Int, stallSeconds: Int = 1) -> Int {
        var timeout = timeval(tv_sec: stallSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var sent = 0
        var offset = 0
        while sent < limit {
            let count = chunk[offset...].withUnsafeBytes { Foundation.send(fd, $0.baseAddress, $0.count, TestPlatform.sendWithoutSignal) }
            guard count > 0 else { break }
            sent += count
            offset = (offset + count) % chunk.count
        }
        return sent
    }

    /// Closes the sending side: the server sees the end of the request stream.
    func shutdownWrite() {
        shutdown(fd, Int32(SHUT_WR))
    }

    /// Whether any byte has arrived that has not been read yet (does not wait).
    func hasUnreadBytes() -> Bool {
        if !buffer.isEmpty { return true }
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) > 0
    }

    /// Reads until what has arrived contains `text`, and returns it all without consuming it.
    func waitFor(_ text: String) throws -> String {
        while !String(decoding: buffer, as: UTF8.self).contains(text) { try fill() }
        return String(decoding: buffer, as: UTF8.self)
    }

    /// Whether the server has closed the connection (reads end of stream).
    func isClosedByPeer() -> Bool {
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, 0) == 0
    }

    /// `call` again while it fails with EINTR: a blocking call with a timeout returns it, even
    /// under SA_RESTART, when the process is merely stopped and continued (a debugger attaching).
    private static func uninterrupted(_ call: () -> Int) -> Int {
        var result = call()
        for _ in 0..<100 where result < 0 && errno == EINTR { result = call() }
        return result
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = Self.uninterrupted { chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) } }
        guard count > 0 else { throw Failure(description: count == 0 ? "connection closed by the server" : "recv failed: errno \(errno)") }
        buffer.append(contentsOf: chunk[..<count])
    }
}

extension Thread {
    /// Runs `work`, which may block (a socket read), on a thread of its own, so the tasks a
    /// test awaits meanwhile keep the cooperative pool's few threads.
    static func blocking<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: work()) }
        }
    }
}

extension RawHTTPConnection {
    /// A GET on a fresh connection, from async code: the blocking read runs off the cooperative
    /// pool (see `Thread.blocking`), so a server answering through async work is not starved,
    /// and waits up to 30 s, as a loaded machine running every suite at once may need.
    static func get(port: Int, _ target: String, headers: [String: String] = [:]) async throws -> Response {
        try await Thread.blocking { Result { try RawHTTPConnection(port: port, timeoutSeconds: 30).get(target, headers: headers) } }.get()
    }
}
