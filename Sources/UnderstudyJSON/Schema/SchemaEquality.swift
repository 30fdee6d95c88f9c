import UnderstudySupport
extension JSONValue {
    /// Equality as `enum`, `const` and `uniqueItems` mean it: numbers by value (`1` equals `1.0`),
    /// a boolean never equals a number, and strings by their Unicode scalars, not by Swift's
    /// canonical equivalence (JSON Schema, like Python, tells "é" from "e" + U+0301).
    package func isSchemaEqual(to other: JSONValue) -> Bool {
        switch (self, other) {
        case (.string(let left), .string(let right)):
            return left.utf8.elementsEqual(right.utf8)
        case (.array(let left), .array(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { $0.isSchemaEqual(to: $1) }
        case (.object(let left), .object(let right)):
            return left.count == right.count
                && left.allSatisfy { name, value in right[name].map(value.isSchemaEqual) ?? false }
        default:
            return self == other
        }
    }

    /// The positions of the first two elements that are equal in that sense, if any.
    package static func firstDuplicate(in elements: [JSONValue]) -> (Int, Int)? {
        // Hashing groups everything `==` equates, a superset of schema-equal pairs, and turns
        // the quadratic scan into one pass for long arrays.
        guard elements.count > 16 else {
            for later in elements.indices {
                for earlier in 0..<later where elements[earlier].isSchemaEqual(to: elements[later]) { return (earlier, later) }
            }
            return nil
        }
        var seen: [JSONValue: [Int]] = [:]
        for (later, element) in elements.enumerated() {
            if let earlier = seen[element]?.first(where: { elements[$0].isSchemaEqual(to: element) }) { return (earlier, later) }
            seen[element, default: []].append(later)
        }
        return nil
    }
}
