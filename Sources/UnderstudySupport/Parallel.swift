import Foundation

/// Runs independent work on every core with plain threads.
///
/// `DispatchQueue.concurrentPerform` was measured about three times slower when called from
/// a Swift concurrency thread (an async command's `run`) than from the main thread on Linux;
/// dedicated threads behave the same from either, which keeps `serve` as fast as `lint`.
package enum Parallel {
    /// Calls `body(worker)` for `worker` in `0..<workers` concurrently and returns when all
    /// have finished. The calling thread runs worker 0.
    package static func run(workers: Int = ProcessInfo.processInfo.activeProcessorCount, _ body: @escaping @Sendable (Int) -> Void) {
        // Escaping: a `Thread` keeps its block after it has run.
        let count = max(1, workers)
        let finished = DispatchSemaphore(value: 0)
        for worker in 1..<count {
            let thread = Thread {
                body(worker)
                finished.signal()
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
        body(0)
        for _ in 1..<count { finished.wait() }
    }

    /// `transform(index)` for every index in `0..<count`, computed on all cores; the results
    /// keep index order. Each worker collects its share and hands it over under one lock.
    package static func map<Result: Sendable>(_ count: Int, _ transform: @escaping @Sendable (Int) -> Result) -> [Result] {
        map(count, state: {}) { _, index in transform(index) }
    }

    /// `map`, where each worker makes `state` once and hands it to every `transform` it calls:
    /// a cache of its own, which no other core touches.
    package static func map<State, Result: Sendable>(
        _ count: Int, state makeState: @escaping @Sendable () -> State, _ transform: @escaping @Sendable (inout State, Int) -> Result
    ) -> [Result] {
        let results = Locked([Result?](repeating: nil, count: count))
        let workers = max(1, min(count, ProcessInfo.processInfo.activeProcessorCount))
        run(workers: workers) { worker in
            var state = makeState()
            var local: [(Int, Result)] = []
            for index in stride(from: worker, to: count, by: workers) { local.append((index, transform(&state, index))) }
            results.withLock { all in for (index, result) in local { all[index] = result } }
        }
        return results.withLock { $0.map { $0! } }
    }
}

/// Work started on a thread of its own while the caller does something else; `wait()` gives
/// its result.
package final class Pending<Value: Sendable>: Sendable {
    private let result = Locked<Value?>(nil)
    private let finished = DispatchSemaphore(value: 0)

    package init(_ work: @escaping @Sendable () -> Value) {
        let result = result, finished = finished
        let thread = Thread {
            let value = work()
            result.withLock { $0 = value }
            finished.signal()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// The result, once the work has finished.
    package func wait() -> Value {
        finished.wait()
        finished.signal()  // for a later wait
        return result.withLock { $0! }
    }
}
