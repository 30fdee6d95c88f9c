import UnderstudySupport
/// A fixture's place in a named scenario: a small state machine whose state changes what the
/// same request is answered, e.g. a favorites list before and after a POST, or a login flow.
///
/// In a fixture: `"scenario": {"name": "favorites", "requires": "Added", "moveTo": "Removed"}`.
/// Every scenario starts in `Started`. A fixture that `requires` a state matches only in it;
/// one that names `moveTo` sets the state when it answers.
package struct ScenarioStep: Sendable, Hashable {
    /// The state every scenario starts in, and returns to on reset.
    public static let initialState = "Started"

    /// The scenario's name.
    public let name: String
    /// The state the scenario must be in for the fixture to match; `nil` for any state.
    public let requires: String?
    /// The state the scenario moves to when the fixture answers; `nil` to stay.
    public let moveTo: String?

    /// A required state is as specific as an exact value.
    package var specificity: Int { requires == nil ? 0 : 3 }
}
