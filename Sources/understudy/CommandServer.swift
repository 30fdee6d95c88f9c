import ArgumentParser
import Foundation
import UnderstudyCore
import UnderstudyServer

/// What `serve` and `record` share: listening, with a message that says what to do when the
/// port is taken, and running until SIGINT or SIGTERM.
enum CommandServer {
    static func start(responder: Responder, host: String, port: Int) async throws -> LiveServer {
        do {
            return try await LiveServer.start(responder: responder, host: host, port: port)
        } catch {
            throw ValidationError("cannot listen on \(host):\(port): \(error)\(port != 0 ? " (is the port in use? --port 0 picks a free one)" : "")")
        }
    }

    /// Returns once a signal has shut `server` down and its socket is closed.
    static func runUntilSignalled(_ server: LiveServer) async throws {
        let signals = SignalWatcher(signals: [SIGINT, SIGTERM]) { signal in
            Console.line("Received \(signal == SIGINT ? "SIGINT" : "SIGTERM"), shutting down")
            Task { try? await server.shutdown() }
        }
        try await server.waitUntilClosed()
        signals.cancel()
    }
}
