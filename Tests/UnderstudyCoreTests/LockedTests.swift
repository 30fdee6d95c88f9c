import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyFixtures
import UnderstudySupport

@Suite("Locked values")
struct LockedTests {
    @Test func concurrentUpdatesAreNeverLost() {
        let counter = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
        }
        #expect(counter.withLock { $0 } == 80_000)
    }

    @Test func theValueIsReleasedWithTheLock() {
        final class Tracked {}
        weak var watched: Tracked?
        do {
            let tracked = Tracked()
            watched = tracked
            let locked = Locked([tracked])
            #expect(locked.withLock { $0.count } == 1)
        }
        #expect(watched == nil, "the value kept beside the mutex was deinitialized")
    }

    @Test func valuesOfWiderAlignmentSitAligned() {
        let locked = Locked(SIMD8<Double>(repeating: 1.5))
        let address = locked.withLock { value in withUnsafeMutablePointer(to: &value) { UInt(bitPattern: $0) } }
        #expect(address % UInt(MemoryLayout<SIMD8<Double>>.alignment) == 0)
        #expect(locked.withLock { $0.sum() } == 12)
    }
}
