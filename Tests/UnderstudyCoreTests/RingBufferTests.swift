import Testing
@testable import UnderstudyCore
@testable import UnderstudyFixtures
import UnderstudySupport

@Suite("Ring buffer")
struct RingBufferTests {
    @Test func overwritesAndDropsTheOldestFirst() {
        var buffer = RingBuffer<String>(capacity: 3)
        #expect(buffer.append("a") == nil)
        #expect(buffer.append("b") == nil)
        #expect(buffer.append("c") == nil)
        #expect(buffer.append("d") == "a")
        #expect(buffer.append("e") == "b")
        #expect(buffer.elements == ["c", "d", "e"])
        #expect(buffer.removeFirst() == "c")
        #expect(buffer.elements == ["d", "e"])
        #expect(buffer.append("f") == nil, "a dropped place is filled before anything is overwritten")
        #expect(buffer.append("g") == "d")
        #expect(buffer.elements == ["e", "f", "g"])
        #expect(buffer.removeFirst() == "e")
        #expect(buffer.removeFirst() == "f")
        #expect(buffer.removeFirst() == "g")
        #expect(buffer.removeFirst() == nil)
        #expect(buffer.count == 0)
    }
}
