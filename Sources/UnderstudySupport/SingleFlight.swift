/// Runs one piece of work per key at a time: a caller asking for a key already in flight waits
/// for that work's result instead of starting its own. The recorder keys it by a request's
/// matching key, so concurrent identical misses reach the upstream once and write one fixture.
package actor SingleFlight<Value: Sendable> {
    private var running: [String: (task: Task<Value, Never>, waiting: Int)] = [:]

    package init() {}

    /// The result of `work` for `key`: started now, or shared with the call already running.
    package func run(_ key: String, _ work: @escaping @Sendable () async -> Value) async -> Value {
        if let entry = running[key] {
            running[key]?.waiting += 1
            return await entry.task.value
        }
        let task = Task { await work() }
        running[key] = (task, 0)
        let value = await task.value
        running[key] = nil
        return value
    }

    /// How many callers are waiting for the work in flight for `key` (tests use it to know
    /// that requests really overlap).
    package func waiting(for key: String) -> Int {
        running[key]?.waiting ?? 0
    }
}
