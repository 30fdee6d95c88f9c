/// A fixed-capacity buffer that overwrites its oldest element, and can also drop it.
package struct RingBuffer<Element> {
    private var storage: [Element?] = []
    /// Where the oldest element is.
    private var head = 0
    /// How many elements it holds.
    package private(set) var count = 0
    package let capacity: Int

    package init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Appends `element`; returns the oldest one when the buffer was full and it was overwritten.
    @discardableResult
    package mutating func append(_ element: Element) -> Element? {
        if storage.count < capacity {
            storage.append(element)
            count += 1
            return nil
        }
        let tail = (head + count) % capacity
        if count < capacity {
            storage[tail] = element
            count += 1
            return nil
        }
        // Swapped out, not copied: the overwritten element is usually cold, and a copy would
        // touch its reference count twice more.
        var overwritten: Element? = element
        swap(&overwritten, &storage[head])
        head = (head + 1) % capacity
        return overwritten
    }

    /// Removes and returns the oldest element.
    package mutating func removeFirst() -> Element? {
        guard count > 0 else { return nil }
        let first = storage[head].take()
        head = (head + 1) % capacity
        count -= 1
        return first
    }

    /// The elements, oldest first.
    package var elements: [Element] {
        (0..<count).compactMap { storage[(head + $0) % capacity] }
    }
}
