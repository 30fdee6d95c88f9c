import Testing

/// Gives a test (or each test of a suite) its own server: `@Test(.understudy(fixtures: path))`,
/// then `TestServer.current` inside the test.
public struct UnderstudyTrait: TestTrait, SuiteTrait, TestScoping {
    let fixtures: String
    let contracts: String?

    /// On a suite: one server per test, never shared.
    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        // A suite's own scope runs no test: only test cases get a server.
        guard testCase != nil else { return try await function() }
        try await withUnderstudy(fixtures: fixtures, contracts: contracts) { server in
            try await TestServer.$current.withValue(server) { try await function() }
        }
    }
}

extension Trait where Self == UnderstudyTrait {
    /// A server of its own for the test, on the fixtures at `fixtures` and, when given, the
    /// provider contracts at `contracts`.
    public static func understudy(fixtures: String, contracts: String? = nil) -> Self {
        UnderstudyTrait(fixtures: fixtures, contracts: contracts)
    }
}
