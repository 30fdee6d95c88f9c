import EndToEndSupport
import UnderstudyTesting
import XCTest

/// A test with its own Understudy on the bundled fixtures (started and stopped by
/// `UnderstudyTestCase` around each test, and for each mode of `inEachMode`) and a fresh install
/// of the app under test for each server.
class EndToEndTestCase: UnderstudyTestCase {
    override var fixturesFolder: String? { bundledFixtures }
    override var contractsFolder: String? { bundledContracts }

    /// This test's app: its folder and its clients, pointed at `understudy`.
    private(set) var app: AppInstall!

    override func understudyDidStart() async throws {
        app = try AppInstall(server: understudy)
    }

    override func understudyWillStop() async throws {
        app?.remove()
        app = nil
    }
}
