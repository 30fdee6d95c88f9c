import Foundation
import UnderstudySupport

/// How long to wait before answering. In a fixture's response: `"delay": 250` (milliseconds),
/// `{"fixed": 250}`, `{"uniform": {"min": 50, "max": 300}}` or
/// `{"logNormal": {"median": 200, "sigma": 0.5}}`. Random delays are seeded: the n-th answer
/// of a fixture waits the same time in every run.
///
/// No answer waits longer than `maximumMilliseconds`: a delay is refused beyond it where it is
/// read (`--delay`, a fixture, an override), and a random one is cut there.
public enum Delay: Sendable, Hashable {
    case fixed(milliseconds: Double)
    case uniform(min: Double, max: Double)
    case logNormal(median: Double, sigma: Double)

    /// The longest wait, 10 minutes: longer than any client's timeout, so nothing a test
    /// needs, while `inf` or a unit slip would hold the answer, and every answer pipelined
    /// behind it, for good.
    public static let maximumMilliseconds: Double = 600_000
    /// The widest `logNormal` spread. At 10 one answer in a hundred already waits 10^10 times
    /// the median (so the maximum); wider only overflows the arithmetic.
    public static let maximumSigma: Double = 10

    /// Why a delay is refused.
    public struct Invalid: Error, Sendable, CustomStringConvertible {
        /// What was wrong, e.g. `inf is not a finite number of milliseconds`.
        public let reason: String
        public var description: String { reason }
    }

    /// What is wrong with `value` milliseconds as a delay (`nil`: nothing).
    package static func problem(milliseconds value: Double, text: String? = nil) -> String? {
        let shown = text ?? Self.shown(value)
        if !value.isFinite { return "\(shown) is not a finite number of milliseconds" }
        if value < 0 { return "\(shown) is negative" }
        if value > maximumMilliseconds { return "\(shown) ms is more than \(Self.shown(maximumMilliseconds)) (10 minutes), the longest delay" }
        return nil
    }

    /// What is wrong with `value` as a `logNormal` sigma (`nil`: nothing).
    package static func problem(sigma value: Double, text: String? = nil) -> String? {
        let shown = text ?? Self.shown(value)
        if !value.isFinite { return "sigma \(shown) is not a finite number" }
        if value < 0 { return "sigma \(shown) is negative" }
        if value > maximumSigma { return "sigma \(shown) is more than \(Self.shown(maximumSigma)), the widest spread" }
        return nil
    }

    /// `250`, not `250.0`.
    private static func shown(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    /// The delay of the `count`-th answer (from 0) of the fixture in `file`, in seconds.
    public func seconds(seed: UInt64, file: String, count: Int) -> TimeInterval {
        var random = SeededGenerator(seed: seed ^ StableHash.fnv1a64(file.utf8) ^ UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15)
        let milliseconds: Double
        switch self {
        case .fixed(let value):
            milliseconds = value
        case .uniform(let low, let high):
            milliseconds = low + random.nextUnit() * (high - low)
        case .logNormal(let median, let sigma):
            // Box-Muller: a standard normal from two uniforms in (0, 1].
            let u1 = 1 - random.nextUnit(), u2 = random.nextUnit()
            let z = (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
            milliseconds = median * exp(sigma * z)
        }
        // Cut to the maximum here too: a library caller can build any case, and a log-normal
        // tail passes the maximum by design. NaN (no number at all) waits nothing.
        guard !milliseconds.isNaN else { return 0 }
        return min(max(0, milliseconds), Self.maximumMilliseconds) / 1000
    }

    /// Parses the command line's form: `250`, `uniform:50-300` or `lognormal:200,0.5` (ms).
    public static func parse(_ text: String) -> Delay? {
        try? read(text)
    }

    /// `parse`, saying what was wrong.
    public static func read(_ text: String) throws(Invalid) -> Delay {
        func number(_ part: Substring) throws(Invalid) -> Double {
            // Double("inf") and Double("nan") parse: they are refused by the checks that follow.
            guard let value = Double(part) else { throw Invalid(reason: "\(part.isEmpty ? "nothing" : "'\(part)'") is not a number") }
            return value
        }
        func check(_ problem: String?) throws(Invalid) {
            if let problem { throw Invalid(reason: problem) }
        }
        if text.hasPrefix("uniform:") {
            // Not omitting empty parts: `uniform:-5-10` is a negative minimum, not 5 to 10.
            let parts = text.dropFirst("uniform:".count).split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 2 else { throw Invalid(reason: "expected uniform:MIN-MAX, two numbers of milliseconds") }
            let low = try number(parts[0]), high = try number(parts[1])
            try check(problem(milliseconds: low, text: String(parts[0])))
            try check(problem(milliseconds: high, text: String(parts[1])))
            guard low <= high else { throw Invalid(reason: "the minimum \(parts[0]) is more than the maximum \(parts[1])") }
            return .uniform(min: low, max: high)
        }
        if text.hasPrefix("lognormal:") {
            let parts = text.dropFirst("lognormal:".count).split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2 else { throw Invalid(reason: "expected lognormal:MEDIAN,SIGMA, the median in milliseconds") }
            let median = try number(parts[0]), sigma = try number(parts[1])
            try check(problem(milliseconds: median, text: String(parts[0])))
            guard median > 0 else { throw Invalid(reason: "the median must be more than 0") }
            try check(problem(sigma: sigma, text: String(parts[1])))
            return .logNormal(median: median, sigma: sigma)
        }
        guard let value = Double(text) else { throw Invalid(reason: "expected milliseconds, uniform:MIN-MAX or lognormal:MEDIAN,SIGMA") }
        try check(problem(milliseconds: value, text: text))
        return .fixed(milliseconds: value)
    }
}

/// A body sent in chunks spread over a duration, like a slow network: `"dribble":
/// {"duration": 2000, "chunks": 10}` (milliseconds).
public struct Dribble: Sendable, Hashable {
    /// From the first chunk to the last, in seconds.
    public let duration: TimeInterval
    /// How many pieces the body is cut into (at least 2).
    public let chunks: Int

    /// Where a body of `count` bytes is cut: `chunks` pieces of equal length (the last may be
    /// shorter), the same cuts over a socket and in process.
    package func pieces(ofBodyCount count: Int) -> [Range<Int>] {
        guard count > 0 else { return [] }
        let length = (count + chunks - 1) / chunks
        return stride(from: 0, to: count, by: length).map { $0..<min($0 + length, count) }
    }

    /// The time between two pieces when there are `pieceCount` of them.
    package func interval(pieceCount: Int) -> TimeInterval {
        pieceCount > 1 ? duration / Double(pieceCount - 1) : 0
    }
}
