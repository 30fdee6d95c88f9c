import Testing
import UnderstudyContracts
import UnderstudyCore

/// Gives a test (or each test of a suite) its own Understudy: `@Test(.understudy(fixtures: path))`,
/// then `TestServer.current` inside the test.
public struct UnderstudyTrait: TestTrait, SuiteTrait, TestScoping {
    let fixtures: String
    let contracts: String?
    let mode: TestServer.Mode
    let fallback: Fallback

    /// On a suite: one Understudy per test, never shared.
    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        // A suite's own scope runs no test: only test cases get a server.
        guard testCase != nil else { return try await function() }
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode, fallback: fallback) { server in
            try await TestServer.$current.withValue(server) { try await function() }
        }
    }
}

extension Trait where Self == UnderstudyTrait {
    /// An Understudy of its own for the test, on the fixtures at `fixtures` and, when given, the
    /// provider contracts at `contracts`: over a real socket (the default) or in the process.
    /// `fallback: .contract` answers what no fixture answers from the contracts.
    public static func understudy(fixtures: String, contracts: String? = nil, mode: TestServer.Mode = .live, fallback: Fallback = .miss) -> Self {
        UnderstudyTrait(fixtures: fixtures, contracts: contracts, mode: mode, fallback: fallback)
    }
}
