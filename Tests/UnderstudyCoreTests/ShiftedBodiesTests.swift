import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyFixtures

/// Recorded bodies moved once per body, shift and operation, and kept within a budget.
@Suite struct ShiftedBodiesTests {
    /// A move that counts its calls and marks the bytes it made.
    final class CountingMove: @unchecked Sendable {
        var calls = 0
        func callAsFunction(_ body: [UInt8]) -> [UInt8]? {
            calls += 1
            return body + Array("+moved".utf8)
        }
    }

    @Test func aBodyIsMovedOnceAndKept() {
        let bodies = ShiftedBodies(), move = CountingMove()
        let recorded = Array("{\"time\": 1}".utf8)
        let first = bodies.moved(recorded, by: 60, for: "getBusinessReviews", move.callAsFunction)
        let second = bodies.moved(recorded, by: 60, for: "getBusinessReviews", move.callAsFunction)
        #expect(first == recorded + Array("+moved".utf8) && second == first)
        #expect(move.calls == 1 && bodies.count == 1)
    }

    @Test func anotherShiftOperationOrStorageIsMovedAgain() {
        let bodies = ShiftedBodies(), move = CountingMove()
        let recorded = Array("{\"time\": 1}".utf8)
        _ = bodies.moved(recorded, by: 60, for: "a", move.callAsFunction)
        _ = bodies.moved(recorded, by: 61, for: "a", move.callAsFunction)
        _ = bodies.moved(recorded, by: 60, for: "b", move.callAsFunction)
        // The same bytes in storage of their own (a body file edited in place is read anew).
        let copy = Array(recorded.map { $0 })
        _ = bodies.moved(copy, by: 60, for: "a", move.callAsFunction)
        #expect(move.calls == 4 && bodies.count == 4)
    }

    @Test func aBodyLeftAsRecordedIsNotKept() {
        let bodies = ShiftedBodies()
        #expect(bodies.moved(Array("not json".utf8), by: 60, for: "a") { _ in nil } == nil)
        #expect(bodies.count == 0)
    }

    @Test func theTableStartsOverPastItsBudget() {
        let bodies = ShiftedBodies(budget: 100), move = CountingMove()
        let kept = (0..<4).map { Array(repeating: UInt8($0), count: 10) }  // 16 bytes each once moved
        for body in kept { _ = bodies.moved(body, by: 1, for: "a", move.callAsFunction) }
        #expect(bodies.count == 4)
        for body in kept.prefix(2) { _ = bodies.moved(body, by: 1, for: "a", move.callAsFunction) }
        #expect(move.calls == 4)
        // Two more pass the 100 bytes: the table starts over with the one that did not fit.
        let more = (4..<7).map { Array(repeating: UInt8($0), count: 10) }
        for body in more { _ = bodies.moved(body, by: 1, for: "a", move.callAsFunction) }
        #expect(bodies.count == 1)
        // A body larger than a quarter of the budget is moved, not kept.
        let large = Array(repeating: UInt8(9), count: 30)
        #expect(bodies.moved(large, by: 1, for: "a", move.callAsFunction)?.count == 36)
        #expect(bodies.count == 1)
    }
}
