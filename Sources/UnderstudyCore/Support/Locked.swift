import Foundation

/// A value guarded by a lock.
///
/// The lock is the platform's lock for short sections (`Platform.RawLock`: glibc's adaptive
/// mutex, `os_unfair_lock` on Apple's platforms): the sections it guards are a few hundred
/// nanoseconds (a journal append, a sequence step), and two event loops meet on them
/// thousands of times a second, so spinning briefly before sleeping beats putting a thread to
/// sleep in the kernel and waking it again (the plain mutex of `NSLock` spent 5–7 % of the
/// server's CPU in futex calls under load).
package final class Locked<Value>: @unchecked Sendable {
    /// The value, behind a pointer rather than in a stored `var`: the lock already makes access
    /// exclusive, and a `var` of a class would add the runtime's exclusivity check to every visit.
    private let value: UnsafeMutablePointer<Value>
    /// The lock, in the same allocation as the value: every body file of a 10,000-fixture
    /// tree has a `Locked`, and a lock object of its own were more allocations each at every start.
    private let lock: UnsafeMutablePointer<Platform.RawLock>

    public init(_ value: Value) {
        let valueOffset = Self.valueOffset
        let memory = UnsafeMutableRawPointer.allocate(
            byteCount: valueOffset + MemoryLayout<Value>.size,
            alignment: max(MemoryLayout<Platform.RawLock>.alignment, MemoryLayout<Value>.alignment))
        lock = memory.bindMemory(to: Platform.RawLock.self, capacity: 1)
        Platform.initialize(lock)
        self.value = (memory + valueOffset).bindMemory(to: Value.self, capacity: 1)
        self.value.initialize(to: value)
    }

    deinit {
        value.deinitialize(count: 1)
        Platform.destroy(lock)
        UnsafeMutableRawPointer(lock).deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        Platform.lock(lock)
        defer { Platform.unlock(lock) }
        return try body(&value.pointee)
    }

    /// Where the value starts after the lock, aligned for it.
    private static var valueOffset: Int {
        let alignment = MemoryLayout<Value>.alignment
        return (MemoryLayout<Platform.RawLock>.stride + alignment - 1) / alignment * alignment
    }
}
