import UnderstudyJSON
import UnderstudySupport
/// A condition on the request body.
///
/// In a fixture: `{"json": VALUE}` (equal as JSON), `{"jsonSubset": VALUE}` (every member
/// and element given is present and equal; arrays compare element-wise by position), or
/// `{"text": STRING}` (the exact text).
package enum BodyCondition: Sendable, Hashable {
    case json(JSONValue)
    case jsonSubset(JSONValue)
    case text(String)

    package var specificity: Int {
        switch self {
        case .json, .text: 3
        case .jsonSubset: 2
        }
    }

    /// Whether `body` satisfies the condition.
    public func isSatisfied(by body: [UInt8]) -> Bool {
        switch self {
        case .text(let expected):
            return body.elementsEqual(expected.utf8)
        case .json(let expected):
            guard let actual = try? JSONParser.parse(body) else { return false }
            return actual == expected
        case .jsonSubset(let expected):
            guard let actual = try? JSONParser.parse(body) else { return false }
            return Self.contains(actual, expected)
        }
    }

    /// The condition as a near-miss report shows it.
    public var expectation: String {
        switch self {
        case .json(let value): "JSON " + JSONWriter.string(value)
        case .jsonSubset(let value): "JSON including " + JSONWriter.string(value)
        case .text(let text): ValueCondition.quoted(text)
        }
    }

    package static func contains(_ actual: JSONValue, _ expected: JSONValue) -> Bool {
        switch (actual, expected) {
        case (.object(let actualMembers), .object(let expectedMembers)):
            return expectedMembers.allSatisfy { key, value in
                actualMembers[key].map { contains($0, value) } ?? false
            }
        case (.array(let actualElements), .array(let expectedElements)):
            return actualElements.count >= expectedElements.count
                && zip(actualElements, expectedElements).allSatisfy { contains($0, $1) }
        default:
            return actual == expected
        }
    }
}
