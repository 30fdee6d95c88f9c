import Foundation
import UnderstudyContracts
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
        try await start(in: mode)
    }

    open override func tearDown() async throws {
        try await stop()
        try await super.tearDown()
    }

    /// Runs `body` once in each of `modes` (over a socket, then in the process), each time with
    /// a fresh server in `understudy` (and `understudyDidStart()` called for it), so one test
    /// method covers both transports: XCTest on Linux runs only the methods a class declares,
    /// so a subclass per mode would have to name every test again. A failure names the mode.
    public func inEachMode(
        _ modes: [TestServer.Mode] = TestServer.Mode.allCases, file: StaticString = #filePath, line: UInt = #line,
        _ body: () async throws -> Void
    ) async throws {
        for (index, mode) in modes.enumerated() {
            // The server setUp started serves the first mode when it is that mode already.
            if index > 0 || understudy?.mode != mode {
                try await stop()
                try await start(in: mode)
            }
            do {
                try await body()
            } catch {
                XCTFail("\(mode): \(error)", file: file, line: line)
                throw error
            }
        }
    }

    /// Called once this test's server is running (before each test, and again for each mode of
    /// `inEachMode`): set up here what uses `understudy`, such as the app's clients.
    open func understudyDidStart() async throws {}

    /// Called before this test's server stops: undo what `understudyDidStart()` set up.
    open func understudyWillStop() async throws {}

    private func start(in mode: TestServer.Mode) async throws {
        guard let folder = fixturesFolder else { throw MissingFixturesFolder(testCase: "\(type(of: self))") }
        let responder = try FixtureCache.shared.responder(fixtures: folder, contracts: contractsFolder, clock: ManualClock(), fallback: fallback)
        understudy = try await TestServer.start(responder: responder, mode: mode)
        try await understudyDidStart()
    }

    private func stop() async throws {
        guard let running = understudy else { return }
        try await understudyWillStop()
        try await running.stop()
        understudy = nil
    }
}
