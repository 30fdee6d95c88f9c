import UnderstudyFixtures
import UnderstudyContracts

/// A recording configuration (`UnderstudyConfiguration.recording`): how to make the forwarder
/// that sends what the fixtures do not answer to the real providers. UnderstudyTooling's
/// `Recording` is the one `record` uses.
public protocol RecordingSetup: Sendable {
    /// The forwarder over `contracts`, the configuration's own (so recording checks requests as
    /// serving does), and `fixtures`, those loaded.
    func makeForwarder(contracts: Contracts, fixtures: [Fixture]) -> any Forwarder
}
