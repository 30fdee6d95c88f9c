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
    /// Over a real socket (the default) or in the process; override it, e.g. in a subclass that
    /// runs the same tests the other way.
    open var mode: TestServer.Mode { .live }
    /// What answers a request no fixture answers; override it with `.contract` (and name
    /// `contractsFolder`) to answer those from the contracts.
    open var fallback: Fallback { .miss }

    /// This test's server, running while the test runs.
    public private(set) var understudy: TestServer!

    struct MissingFixturesFolder: Error, CustomStringConvertible {
        let testCase: String
        var description: String { "\(testCase) must override fixturesFolder to name its fixtures folder" }
    }

    open override func setUp() async throws {
        try await super.setUp()
        guard let folder = fixturesFolder else { throw MissingFixturesFolder(testCase: "\(type(of: self))") }
        let responder = try FixtureCache.shared.responder(fixtures: folder, contracts: contractsFolder, clock: ManualClock(), fallback: fallback)
        understudy = try await TestServer.start(responder: responder, mode: mode)
    }

    open override func tearDown() async throws {
        try await understudy?.stop()
        understudy = nil
        try await super.tearDown()
    }
}
