import Foundation

/// A value guarded by a lock (Foundation's `NSLock`, on every platform).
///
/// glibc's adaptive mutex, hand-allocated beside the value, was measured against a plain mutex
/// with the app mix in one run (`bench/caches`): 4-5 % of CPU per request, under the 10 % a
/// second implementation must pay, so the lock is Foundation's.
package final class Locked<Value>: @unchecked Sendable {
    /// The value, behind a pointer rather than in a stored `var`: the lock already makes access
    /// exclusive, and a `var` of a class would add the runtime's exclusivity check to every visit.
    @usableFromInline let value: UnsafeMutablePointer<Value>
    @usableFromInline let lock = NSLock()

    public init(_ value: Value) {
        self.value = .allocate(capacity: 1)
        self.value.initialize(to: value)
    }

    deinit {
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Runs `body` with exclusive access to the value. Inlinable, so that a caller in another
    /// module gets it specialized to its value and result (a decision's plan, returned through an
    /// unspecialized generic, was copied by value witnesses).
    @inlinable
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value.pointee)
    }
}
