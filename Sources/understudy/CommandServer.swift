import ArgumentParser
import Foundation
import UnderstudyCore
import UnderstudySupport
import UnderstudyServer

/// What `serve` and `record` share: listening, with a message that says what to do when the
/// port is taken, and running until SIGINT or SIGTERM.
enum CommandServer {
    /// Starts listening with SIGINT and SIGTERM already watched, their handlers registered, so
    /// a signal sent as soon as the first answer is out shuts the server down cleanly (the
    /// watcher used to start after the server, and a signal in between was lost).
    static func start(responder: Responder, host: String, port: Int) async throws -> (LiveServer, StopSignals) {
        let signals = StopSignals()
        do {
            let server = try await LiveServer.start(responder: responder, host: host, port: port)
            signals.stop(server)
            return (server, signals)
        } catch {
            signals.cancel()
            throw ValidationError("cannot listen on \(host):\(port): \(error)\(port != 0 ? " (is the port in use? --port 0 picks a free one)" : "")")
        }
    }

    /// Returns once a signal has shut `server` down and its socket is closed.
    static func runUntilSignalled(_ server: LiveServer, _ signals: StopSignals) async throws {
        try await server.waitUntilClosed()
        signals.cancel()
    }
}

/// SIGINT and SIGTERM turned into a clean shutdown of the server named by `stop(_:)`; a signal
/// that comes before it is named shuts it down as soon as it is.
final class StopSignals: Sendable {
    private let state: Locked<(server: LiveServer?, received: Platform.StopSignal?)>
    private let watcher: SignalWatcher

    init() {
        let state = Locked<(server: LiveServer?, received: Platform.StopSignal?)>((nil, nil))
        self.state = state
        watcher = SignalWatcher(signals: Platform.StopSignal.allCases) { signal in
            let server = state.withLock { state -> LiveServer? in
                state.received = signal
                return state.server
            }
            if let server { Self.shutDown(server, on: signal) }
        }
    }

    /// Names the server a signal stops.
    func stop(_ server: LiveServer) {
        let received = state.withLock { state -> Platform.StopSignal? in
            state.server = server
            return state.received
        }
        if let received { Self.shutDown(server, on: received) }
    }

    func cancel() {
        watcher.cancel()
    }

    private static func shutDown(_ server: LiveServer, on signal: Platform.StopSignal) {
        Console.line("Received \(signal.name), shutting down")
        Task { try? await server.shutdown() }
    }
}
