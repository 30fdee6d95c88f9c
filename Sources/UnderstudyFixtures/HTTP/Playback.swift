import Foundation
import UnderstudySupport

/// How an answer unfolds in time, written once for every transport to play alike: after its
/// delay on the server's clock, a fault in place of the answer, or the head and the body, whole
/// or dribbled in pieces an interval apart. The socket transport writes the pieces; the
/// in-process one steps through them on the same clock.
package struct Playback: Equatable, Sendable {
    /// What is sent once the delay has passed.
    package enum Delivery: Equatable, Sendable {
        /// The fault is played instead of an answer.
        case fault(Fault)
        /// The head and the whole body at once.
        case whole
        /// The head with the first piece of the body, then each next piece `interval` seconds
        /// later on the server's clock; the answer is complete with the last.
        case pieces([Range<Int>], interval: TimeInterval)
    }

    /// Seconds on the server's clock before anything is sent.
    package let delay: TimeInterval
    package let delivery: Delivery
    /// Whether the body is left out (an answer to HEAD): the head only.
    package let omitsBody: Bool

    /// The playback of `response`; `omitBody` for an answer to HEAD (nothing to dribble).
    package init(_ response: Response, omitBody: Bool) {
        delay = response.delay
        omitsBody = omitBody
        if let fault = response.fault {
            delivery = .fault(fault)
        } else if let dribble = response.dribble, !omitBody, response.bodyCount > 0 {
            let cuts = dribble.pieces(ofBodyCount: response.bodyCount)
            delivery = .pieces(cuts, interval: dribble.interval(pieceCount: cuts.count))
        } else {
            delivery = .whole
        }
    }
}
