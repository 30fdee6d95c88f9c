import Foundation
import UnderstudyCore
import UnderstudyServer
import XCTest

/// The XCTest way to a server per test: subclass, name the fixtures folder, and use
/// `understudy` in each test. The server starts before each test and stops after it.
open class UnderstudyTestCase: XCTestCase {
    /// The fixtures folder; override it. `nil` fails every test with a message saying so.
    open var fixturesFolder: String? { nil }
    /// The provider contracts folder; override it to check requests against the contracts.
    open var contractsFolder: String? { nil }

    /// This test's server, running while the test runs.
    public private(set) var understudy: TestServer!

    struct MissingFixturesFolder: Error, CustomStringConvertible {
        let testCase: String
        var description: String { "\(testCase) must override fixturesFolder to name its fixtures folder" }
    }

    open override func setUp() async throws {
        try await super.setUp()
        guard let folder = fixturesFolder else { throw MissingFixturesFolder(testCase: "\(type(of: self))") }
        let clock = ManualClock()
        let responder = try FixtureCache.shared.responder(fixtures: folder, contracts: contractsFolder, clock: clock)
        understudy = TestServer(server: try await LiveServer.start(responder: responder), clock: clock)
    }

    open override func tearDown() async throws {
        try await understudy?.server.shutdown()
        understudy = nil
        try await super.tearDown()
    }
}
