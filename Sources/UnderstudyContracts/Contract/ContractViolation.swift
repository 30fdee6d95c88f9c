import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport
/// A way a request broke its provider's contract, as the journal keeps it. Never holds a
/// credential: for those only the parameter's name is kept.
public struct ContractViolation: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// The provider has no operation for this method and path.
        case unknownOperation
        case missingCredential
        case invalidCredential
        case missingParameter
        case invalidParameter
        case brokenRule
    }

    /// The provider, e.g. `yelp`.
    public let provider: String
    /// The operation's id, when one matched.
    public let operation: String?
    public let kind: Kind
    /// The parameter at fault, when there is one.
    public let parameter: String?
    /// What was wrong, for people: `query parameter limit: expected a number ≤ 50, got 100`.
    public let detail: String

    public var description: String {
        "\(provider)\(operation.map { " \($0)" } ?? ""): \(detail)"
    }

    package var json: JSONValue {
        var members: [String: JSONValue] = ["provider": .string(provider), "kind": .string(kind.rawValue), "detail": .string(detail)]
        if let operation { members["operation"] = .string(operation) }
        if let parameter { members["parameter"] = .string(parameter) }
        return .object(members)
    }
}
