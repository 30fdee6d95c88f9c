import NIOCore

/// The time the next request must arrive complete by, kept with at most one timer per
/// connection: arming moves the expiry and disarming forgets it, with no timer scheduled or
/// cancelled per request (a keep-alive connection arms and disarms on every request, and a
/// scheduled task per request was 4–6 % of the server's CPU under load). When the timer fires
/// it acts only on an expiry that is armed and due, and otherwise waits again for the one
/// that is armed.
struct RequestDeadline {
    private var expiry: NIODeadline?
    private var timer: Scheduled<Void>?

    /// Whether an expiry is armed.
    var isArmed: Bool { expiry != nil }

    /// Sets the expiry to `timeout` from now. When no timer is waiting, one is scheduled to
    /// run what `expired` makes (made only then) on `loop`; it must call `timerFired`.
    mutating func arm(in timeout: TimeAmount, on loop: any EventLoop, expired: () -> @Sendable () -> Void) {
        let at = loop.now + timeout
        expiry = at
        if timer == nil { timer = loop.scheduleTask(deadline: at, expired()) }
    }

    /// Forgets the expiry: a complete request stops the clock.
    mutating func disarm() {
        expiry = nil
    }

    /// Called when the timer fired: true when the armed expiry has passed (it is then
    /// forgotten); otherwise the timer is scheduled again for the armed expiry, if any.
    mutating func timerFired(on loop: any EventLoop, expired: () -> @Sendable () -> Void) -> Bool {
        timer = nil
        guard let at = expiry else { return false }
        guard at <= loop.now else {
            timer = loop.scheduleTask(deadline: at, expired())
            return false
        }
        expiry = nil
        return true
    }

    /// Cancels the timer: the connection is closing.
    mutating func cancel() {
        expiry = nil
        timer?.cancel()
        timer = nil
    }
}
