/// Runs one piece of work per key at a time: a caller asking for a key already in flight waits
/// for that work's result instead of starting its own. The recorder keys it by a request's
/// matching key, so concurrent identical misses reach the upstream once and write one fixture.
actor SingleFlight<Value: Sendable> {
    private var running: [String: Task<Value, Never>] = [:]

    /// The result of `work` for `key`: started now, or shared with the call already running.
    func run(_ key: String, _ work: @escaping @Sendable () async -> Value) async -> Value {
        if let task = running[key] { return await task.value }
        let task = Task { await work() }
        running[key] = task
        let value = await task.value
        running[key] = nil
        return value
    }
}
