import NIOCore
import NIOEmbedded
import Testing

@testable import UnderstudyServer

/// The request deadline keeps one timer per connection: arming moves the expiry without a
/// new timer, and the timer acts only on an armed expiry that has passed. An embedded loop's
/// clock moves only when the test moves it.
@Suite("Request deadline")
struct RequestDeadlineTests {
    /// A deadline on an embedded loop, counting how often it expired.
    final class Harness: @unchecked Sendable {
        let loop = EmbeddedEventLoop()
        var deadline = RequestDeadline()
        var expirations = 0

        func arm() { deadline.arm(in: .milliseconds(300), on: loop) { self.timer } }

        var timer: @Sendable () -> Void {
            { if self.deadline.timerFired(on: self.loop, expired: { self.timer }) { self.expirations += 1 } }
        }

        func advance(_ milliseconds: Int64) { loop.advanceTime(by: .milliseconds(milliseconds)) }
    }

    @Test func anArmedDeadlineExpiresWhenItsTimePasses() {
        let harness = Harness()
        harness.arm()
        harness.advance(299)
        #expect(harness.expirations == 0)
        harness.advance(1)
        #expect(harness.expirations == 1)
        #expect(!harness.deadline.isArmed)
        harness.advance(1000)
        #expect(harness.expirations == 1, "an expiry acts once")
    }

    @Test func rearmingMovesTheExpiryAndTheTimerWaitsForIt() {
        let harness = Harness()
        harness.arm()
        harness.advance(200)
        harness.deadline.disarm()  // a request arrived complete
        harness.arm()  // its answer went out: idle again, expiry now at 500 ms
        harness.advance(100)  // the first timer fires at 300 ms: not due yet
        #expect(harness.expirations == 0)
        harness.advance(199)
        #expect(harness.expirations == 0)
        harness.advance(1)
        #expect(harness.expirations == 1)
    }

    @Test func aDisarmedDeadlineNeverExpires() {
        let harness = Harness()
        harness.arm()
        harness.deadline.disarm()  // a request is being answered, however long it takes
        harness.advance(10_000)
        #expect(harness.expirations == 0)
        harness.arm()  // idle again: a fresh timer
        harness.advance(300)
        #expect(harness.expirations == 1)
    }

    @Test func cancellingStopsTheTimer() {
        let harness = Harness()
        harness.arm()
        harness.deadline.cancel()
        harness.advance(10_000)
        #expect(harness.expirations == 0)
    }
}
