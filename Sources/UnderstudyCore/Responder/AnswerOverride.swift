import UnderstudyJSON
import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport
/// A test's change to one fixture's answer, for as long as the test needs it: another status,
/// a delay, or a fault. Set with `Responder.override(_:with:)` or
/// `PUT /__understudy/overrides/{fixture file}`; cleared by `reset`.
public struct AnswerOverride: Sendable, Hashable {
    /// The status to answer with instead of the fixture's.
    public var status: Int?
    /// A delay instead of the fixture's (or the server's default).
    public var delay: Delay?
    /// A fault to play instead of answering.
    public var fault: Fault?

    public init(status: Int? = nil, delay: Delay? = nil, fault: Fault? = nil) {
        self.status = status
        self.delay = delay
        self.fault = fault
    }

    /// Reads the admin API's body: `{"status": 503, "delay": 2000, "fault": "reset"}`, any subset.
    static func parse(_ value: JSONValue) throws(InvalidOverride) -> AnswerOverride {
        guard let members = value.objectValue, !members.isEmpty else {
            throw InvalidOverride(reason: "expected an object with any of \"status\", \"delay\" (milliseconds), \"fault\"")
        }
        var override = AnswerOverride()
        for (key, member) in members {
            switch key {
            case "status":
                guard let status = member.intValue, (100...599).contains(status) else { throw InvalidOverride(reason: "status must be from 100 to 599") }
                override.status = status
            case "delay":
                guard case .number(let number) = member, Delay.problem(milliseconds: number.value) == nil else {
                    throw InvalidOverride(reason: "delay must be a number of milliseconds from 0 to \(Int(Delay.maximumMilliseconds)) (10 minutes)")
                }
                override.delay = .fixed(milliseconds: number.value)
            case "fault":
                guard let name = member.stringValue, let fault = Fault(rawValue: name) else {
                    throw InvalidOverride(reason: "fault must be one of \(Fault.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                override.fault = fault
            default:
                throw InvalidOverride(reason: "unknown member \"\(key)\"; expected status, delay, fault")
            }
        }
        return override
    }
}

/// Why an override's JSON was refused.
struct InvalidOverride: Error {
    let reason: String
}
