import Foundation

/// A value guarded by a lock.
///
/// On Linux the lock is glibc's adaptive mutex: the sections it guards are a few hundred
/// nanoseconds (a journal append, a sequence step), and two event loops meet on them
/// thousands of times a second, so spinning briefly before sleeping beats putting a thread
/// to sleep in the kernel and waking it again (the plain mutex of `NSLock` spent 5–7 % of
/// the server's CPU in futex calls under load). Elsewhere it is `NSLock`.
package final class Locked<Value>: @unchecked Sendable {
    /// The value, behind a pointer rather than in a stored `var`: the lock already makes access
    /// exclusive, and a `var` of a class would add the runtime's exclusivity check to every visit.
    private let value: UnsafeMutablePointer<Value>
    #if canImport(Glibc)
    /// The mutex, in the same allocation as the value: every body file of a 10,000-fixture
    /// tree has a `Locked`, and a lock object with a mutex of its own were three more
    /// allocations each at every start.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    #else
    private let lock = NSLock()
    #endif

    public init(_ value: Value) {
        #if canImport(Glibc)
        let valueOffset = Self.valueOffset
        let memory = UnsafeMutableRawPointer.allocate(
            byteCount: valueOffset + MemoryLayout<Value>.size,
            alignment: max(MemoryLayout<pthread_mutex_t>.alignment, MemoryLayout<Value>.alignment))
        mutex = memory.bindMemory(to: pthread_mutex_t.self, capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
        let created = pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
        precondition(created == 0, "pthread_mutex_init failed: \(created)")
        self.value = (memory + valueOffset).bindMemory(to: Value.self, capacity: 1)
        #else
        self.value = .allocate(capacity: 1)
        #endif
        self.value.initialize(to: value)
    }

    deinit {
        value.deinitialize(count: 1)
        #if canImport(Glibc)
        pthread_mutex_destroy(mutex)
        UnsafeMutableRawPointer(mutex).deallocate()
        #else
        value.deallocate()
        #endif
    }

    /// Runs `body` with exclusive access to the value.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        #if canImport(Glibc)
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        #else
        lock.lock()
        defer { lock.unlock() }
        #endif
        return try body(&value.pointee)
    }

    #if canImport(Glibc)
    /// Where the value starts after the mutex, aligned for it.
    private static var valueOffset: Int {
        let alignment = MemoryLayout<Value>.alignment
        return (MemoryLayout<pthread_mutex_t>.stride + alignment - 1) / alignment * alignment
    }
    #endif
}
