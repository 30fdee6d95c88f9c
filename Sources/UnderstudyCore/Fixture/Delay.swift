import Foundation

/// How long to wait before answering. In a fixture's response: `"delay": 250` (milliseconds),
/// `{"fixed": 250}`, `{"uniform": {"min": 50, "max": 300}}` or
/// `{"logNormal": {"median": 200, "sigma": 0.5}}`. Random delays are seeded: the n-th answer
/// of a fixture waits the same time in every run.
public enum Delay: Sendable, Hashable {
    case fixed(milliseconds: Double)
    case uniform(min: Double, max: Double)
    case logNormal(median: Double, sigma: Double)

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
        return max(0, milliseconds) / 1000
    }

    /// Parses the command line's form: `250`, `uniform:50-300` or `lognormal:200,0.5` (ms).
    public static func parse(_ text: String) -> Delay? {
        if let value = Double(text), value >= 0 { return .fixed(milliseconds: value) }
        if text.hasPrefix("uniform:") {
            let bounds = text.dropFirst("uniform:".count).split(separator: "-").compactMap { Double($0) }
            guard bounds.count == 2, bounds[0] >= 0, bounds[0] <= bounds[1] else { return nil }
            return .uniform(min: bounds[0], max: bounds[1])
        }
        if text.hasPrefix("lognormal:") {
            let values = text.dropFirst("lognormal:".count).split(separator: ",").compactMap { Double($0) }
            guard values.count == 2, values[0] > 0, values[1] >= 0 else { return nil }
            return .logNormal(median: values[0], sigma: values[1])
        }
        return nil
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
