/// What one generated answer may cost: visits of schema nodes, bytes of output and nesting
/// depth. A contract is untrusted input (`minItems: 5e7`, a `required` member whose `$ref`
/// leads back to its own schema), so generation stops at the first limit it passes and the
/// answer is a 500 naming where (see `GeneratedAnswer.Outcome.overBudget`), never a trap, a
/// stack overflow or a blocked event loop.
///
/// Counted in steps and bytes, not in wall time: the same pack gives the same answer, or the
/// same refusal, on every machine.
package struct GenerationBudget: Sendable {
    /// Schema nodes one answer may visit (every attempt and header included).
    package static let maximumSteps = 100_000
    /// Bytes of generated JSON one answer may hold (counted as values are written).
    package static let maximumBytes = 1 << 20
    /// How deep values may nest (and `allOf`/`oneOf` may recurse) before generation stops:
    /// far below any thread's stack, far above any real provider's answer.
    package static let maximumNesting = 64
    /// Array elements or object members one `minItems`/`minProperties` may ask for: beyond it
    /// the pack is refused at once rather than after a long walk (and `uniqueItems` stays cheap).
    package static let maximumElements = 1_000

    package private(set) var steps = 0
    package private(set) var bytes = 0
    /// Why generation stopped, with the instance path it stopped at; `nil` while within budget.
    package private(set) var exceeded: String?

    package init() {}

    /// Counts one visit of a schema node at `path`; `false` (and `exceeded` set) past the budget.
    package mutating func step(at path: String) -> Bool {
        guard exceeded == nil else { return false }
        steps += 1
        guard steps <= Self.maximumSteps else { return stop("more than \(Self.maximumSteps) schema steps", at: path) }
        return true
    }

    /// Whether `count` more bytes fit; `false` (and `exceeded` set) when they do not.
    package mutating func spend(_ count: Int, at path: String) -> Bool {
        guard exceeded == nil else { return false }
        guard count >= 0, count <= Self.maximumBytes - bytes else { return stop("more than \(Self.maximumBytes) bytes", at: path) }
        bytes += count
        return true
    }

    /// Stops generation for `reason` at `path`.
    @discardableResult
    package mutating func stop(_ reason: String, at path: String) -> Bool {
        if exceeded == nil { exceeded = "\(reason) at \(path.isEmpty ? "/" : path)" }
        return false
    }
}
