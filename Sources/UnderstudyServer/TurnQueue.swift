import NIOConcurrencyHelpers
import NIOCore

/// Connections of one event loop that used up their turn, resumed together once the loop has
/// served its sockets. An event loop runs every task that is due before it looks at sockets
/// again, so connections that resumed themselves with tasks could keep it from I/O for as long
/// as they have work (clients pipelining without reading kept newcomers out for seconds). The
/// next round is timed from the end of the last one, so between rounds the loop always polls.
final class TurnQueue: @unchecked Sendable {  // state touched on `loop` only
    private let loop: any EventLoop
    private let pause: TimeAmount
    private var waiting: [() -> Void] = []
    private var armed = false

    init(loop: any EventLoop, pause: TimeAmount) {
        self.loop = loop
        self.pause = pause
    }

    /// Runs `resume` in the next round, after the loop's sockets have been served.
    func enqueue(_ resume: @escaping () -> Void) {
        loop.assertInEventLoop()
        waiting.append(resume)
        if !armed { arm() }
    }

    private func arm() {
        armed = true
        loop.scheduleTask(in: pause) { [self] in runRound() }
    }

    private func runRound() {
        let round = waiting
        waiting.removeAll()
        for resume in round { resume() }  // a connection that uses its turn again waits for the next round
        armed = false
        if !waiting.isEmpty { arm() }
    }
}
