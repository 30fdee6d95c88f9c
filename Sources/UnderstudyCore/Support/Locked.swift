import Foundation

/// A value guarded by a lock.
///
/// On Linux the lock is glibc's adaptive mutex: the sections it guards are a few hundred
/// nanoseconds (a journal append, a sequence step), and two event loops meet on them
/// thousands of times a second, so spinning briefly before sleeping beats putting a thread
/// to sleep in the kernel and waking it again (the plain mutex of `NSLock` spent 5–7 % of
/// the server's CPU in futex calls under load). Elsewhere it is `NSLock`.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = ValueLock()
    /// The value, behind a pointer rather than in a stored `var`: the lock already makes access
    /// exclusive, and a `var` of a class would add the runtime's exclusivity check to every visit.
    private let value: UnsafeMutablePointer<Value>

    public init(_ value: Value) {
        self.value = .allocate(capacity: 1)
        self.value.initialize(to: value)
    }

    deinit {
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value.pointee)
    }
}

#if canImport(Glibc)
/// glibc's adaptive mutex, which spins a little before it sleeps.
private final class ValueLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
        let created = pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
        precondition(created == 0, "pthread_mutex_init failed: \(created)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    @inline(__always) func lock() { pthread_mutex_lock(mutex) }
    @inline(__always) func unlock() { pthread_mutex_unlock(mutex) }
}
#else
private typealias ValueLock = NSLock
#endif
