import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import UnderstudyCore

/// A running Understudy HTTP server: SwiftNIO, HTTP/1.1 with keep-alive and pipelining,
/// answering every request through one `Responder`. Malformed requests get a 400 and their
/// connection closes; the server goes on.
///
/// Start it with `Server.start(…)` and stop it with `shutdown()`, or scope it with
/// `Server.withServer(…) { server in … }`, which always shuts it down.
public final class LiveServer: Sendable {
    /// The responder answering requests (fixtures, journal, admin API).
    public let responder: Responder
    /// The address actually bound; with port 0, the port the system chose.
    public let host: String
    /// The port bound.
    public let port: Int
    private let channel: any Channel
    private let connections: ConnectionRegistry
    private let limits: ServerLimits

    /// How many client connections are open now.
    package var openConnections: Int { connections.count }

    /// The URL clients use in place of the real providers' `https://host`.
    public var baseURL: URL { URL(string: "http://\(host.contains(":") ? "[\(host)]" : host):\(port)")! }

    private init(responder: Responder, host: String, port: Int, channel: any Channel, connections: ConnectionRegistry, limits: ServerLimits) {
        self.responder = responder
        self.host = host
        self.port = port
        self.channel = channel
        self.connections = connections
        self.limits = limits
    }

    /// Binds a server and starts answering.
    /// - Parameters:
    ///   - responder: what answers requests.
    ///   - host: the address to bind; loopback by default, so nothing outside this machine reaches it.
    ///   - port: the port; 0 picks a free one (read it back from `port`).
    ///   - limits: what one client may ask (sizes, timeouts, connections) and the answers past them.
    ///   - group: the event loops; the process-wide singleton by default, so starting many
    ///     servers (one per test) costs no threads.
    public static func start(
        responder: Responder,
        host: String = "127.0.0.1",
        port: Int = 0,
        limits: ServerLimits = .standard,
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) async throws -> LiveServer {
        let connections = ConnectionRegistry()
        let turns = PerEventLoop { TurnQueue(loop: $0, pause: .milliseconds(1)) }
        // Each loop remembers what targets decided for its own connections, without sharing.
        let memos = PerEventLoop { _ in responder.makeTargetMemo() }
        let decoderLimits = {
            var decoderLimits = NIOHTTPDecoderLimitConfiguration()
            decoderLimits.maxHeaderListSize = limits.maximumHeaderSize
            decoderLimits.maxHeaderFieldSize = limits.maximumHeaderSize
            decoderLimits.maxHeaderFieldCount = limits.maximumHeaderCount
            return decoderLimits
        }()
        let channel = try await ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 1024)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelOption(.maxMessagesPerRead, value: 16)
            // Answers a client does not read wait in this buffer; left to autotune it grows to
            // megabytes, and a client pipelining without reading keeps the loop busy filling it.
            .childChannelOption(.socketOption(.so_sndbuf), value: 256 << 10)
            // A client that half-closes still gets the answers to what it sent.
            .childChannelOption(.allowRemoteHalfClosure, value: true)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    guard connections.admit(channel, limit: limits.maximumConnections) else {
                        try pipeline.addHandler(TurnAwayHandler(limits: limits))
                        return
                    }
                    // Plain requests are read by PlainRequestDecoder, every other by NIO's decoder
                    // (added at the first); responses are encoded whole by RequestHandler.
                    let handler = RequestHandler(
                        responder: responder, limits: limits, fromLoopback: channel.remoteAddress?.isLoopback ?? false,
                        turns: turns.value(for: channel.eventLoop), memo: memos.value(for: channel.eventLoop))
                    try pipeline.addHandler(PlainRequestDecoder(decoderLimits: decoderLimits, receiver: handler))
                    try pipeline.addHandler(handler)
                }
            }
            .bind(host: host, port: port)
            .get()
        let boundPort = channel.localAddress?.port ?? port
        // Admin requests may name the address the server listens on (a wildcard names none).
        responder.answerAdminRequests(addressedTo: ["0.0.0.0", "::", "[::]"].contains(host) ? "127.0.0.1" : host, port: boundPort)
        return LiveServer(responder: responder, host: host, port: boundPort, channel: channel, connections: connections, limits: limits)
    }

    /// Starts a server, runs `body` with it, and shuts it down however `body` ends.
    public static func withServer<Result: Sendable>(
        responder: Responder,
        host: String = "127.0.0.1",
        port: Int = 0,
        limits: ServerLimits = .standard,
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        _ body: (LiveServer) async throws -> Result
    ) async throws -> Result {
        let server = try await start(responder: responder, host: host, port: port, limits: limits, group: group)
        do {
            let result = try await body(server)
            try await server.shutdown()
            return result
        } catch {
            try? await server.shutdown()
            throw error
        }
    }

    /// Stops accepting connections, closes the listening socket, and closes every open
    /// connection: idle ones at once, those answering once the requests they have read are
    /// answered, and whatever is still open after `ServerLimits.shutdownGrace` regardless.
    /// Returns when every connection is closed.
    public func shutdown() async throws {
        do {
            try await channel.close()
        } catch ChannelError.alreadyClosed {
            // Shutting down twice is harmless.
        }
        let open = connections.closeDoors()
        guard !open.isEmpty else { return }
        for connection in open { connection.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent()) }
        let force = channel.eventLoop.scheduleTask(in: limits.shutdownGrace) {
            for connection in open { connection.close(promise: nil) }
        }
        for connection in open { try? await connection.closeFuture.get() }
        force.cancel()
    }

    /// Waits until the server has been shut down.
    public func waitUntilClosed() async throws {
        try await channel.closeFuture.get()
    }
}

extension SocketAddress {
    /// Whether the peer is this machine: 127.0.0.0/8, ::1 (also IPv4-mapped), or a Unix socket.
    var isLoopback: Bool {
        switch self {
        case .v4: return ipAddress?.hasPrefix("127.") ?? false
        case .v6: return ipAddress == "::1" || (ipAddress?.hasPrefix("::ffff:127.") ?? false)
        case .unixDomainSocket: return true
        }
    }
}
