import Foundation
import TestParallelism
import Testing

/// The suite's own bound on how many test cases run at once (Tests/TestParallelism).
@Suite("Test parallelism")
struct TestParallelismTests {
    @Test func swiftTestingIsToldToRunABoundedNumberOfCasesAtOnce() throws {
        let variable = ProcessInfo.processInfo.environment["SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH"]
        let width = try #require(variable.flatMap { Int($0) }, "the constructor in TestParallelism did not run: is it linked?")
        #expect(width > 0)
        let set = Int(understudy_test_parallelism_width())
        // 0: the caller had set the variable, and their value stands.
        if set != 0 {
            #expect(width == set)
            #expect(set == 8 * ProcessInfo.processInfo.activeProcessorCount)
        }
    }
}
