import Foundation
import UnderstudyContracts
import UnderstudyCore
import UnderstudyTesting
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A test case whose failures are captured instead of reported while `captured` is set, so a
/// test can check what a failing expectation says and where. It declares no tests itself.
class FailureCapturingTestCase: UnderstudyTestCase {
    /// Failures recorded by the test running, captured instead of reported when asked.
    fileprivate var captured: [(description: String, file: String, line: Int)]?

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        if captured != nil {
            captured?.append((description, filePath, lineNumber))
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }
}

class XCTestSupportTests: FailureCapturingTestCase {
    override var fixturesFolder: String? { TestFixtures.bundled }

    fileprivate func get(_ target: String) async throws -> HTTPURLResponse {
        var request = URLRequest(url: URL(string: understudy.baseURL.absoluteString + target)!)
        request.setValue("Bearer test", forHTTPHeaderField: "Authorization")
        return try await URLSession(configuration: understudy.configuration).data(for: request).1 as! HTTPURLResponse
    }

    func testEachTestGetsARunningServer() async throws {
        XCTAssertEqual(understudy.mode, mode)
        let response = try await get(TestFixtures.yelpSearch)
        XCTAssertEqual(response.statusCode, 200)
        understudy.expectRequests(answeredBy: TestFixtures.yelpSearchFixture, count: 1)
        understudy.expectNoUnmatchedRequests()
    }

    func testAMissFailsAtTheCallersLineWithTheNearMissDiff() async throws {
        _ = try await get(TestFixtures.yelpSearch.replacingOccurrences(of: "sort_by=best_match", with: "sort_by=rating"))
        captured = []
        let line = #line + 1
        understudy.expectNoUnmatchedRequests()
        let failures = captured ?? []
        captured = nil
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertTrue(failures.first?.file.hasSuffix("XCTestSupportTests.swift") == true)
        XCTAssertTrue(failures.first?.description.contains("query.sort_by: expected \"best_match\", got \"rating\"") == true, "\(failures)")
    }
}

extension XCTestSupportTests {
    /// One test method, both transports: a fresh server (and journal) for each mode, in order.
    func testInEachModeRunsTheBodyWithAFreshServerInEachMode() async throws {
        var seen: [(mode: TestServer.Mode, url: URL)] = []
        try await inEachMode {
            seen.append((understudy.mode, understudy.baseURL))
            let response = try await get(TestFixtures.yelpSearch)
            XCTAssertEqual(response.statusCode, 200)
            understudy.expectRequests(answeredBy: TestFixtures.yelpSearchFixture, count: 1)
        }
        XCTAssertEqual(seen.map(\.mode), [.live, .inProcess])
        XCTAssertNotEqual(seen.first?.url, seen.last?.url)
    }

    /// An error in one mode fails the test with the mode named.
    func testAnErrorInOneModeNamesTheMode() async throws {
        struct Planted: Error {}
        captured = []
        do {
            try await inEachMode { if understudy.mode == .inProcess { throw Planted() } }
            XCTFail("the planted error must come out of inEachMode")
        } catch is Planted {}
        let failures = captured ?? []
        captured = nil
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.description.contains("inProcess") == true, "\(failures)")
    }
}

/// The same tests with the Understudy in the process (each named again: XCTest on Linux runs
/// only the test methods a class declares itself).
final class XCTestInProcessSupportTests: XCTestSupportTests {
    override var mode: TestServer.Mode { .inProcess }

    override func testEachTestGetsARunningServer() async throws { try await super.testEachTestGetsARunningServer() }
    override func testAMissFailsAtTheCallersLineWithTheNearMissDiff() async throws { try await super.testAMissFailsAtTheCallersLineWithTheNearMissDiff() }
}

/// `UnderstudyTestCase` with the contract fallback on: what no fixture answers comes from the contract.
final class XCTestFallbackTests: UnderstudyTestCase {
    override var fixturesFolder: String? { TestFixtures.bundled }
    override var contractsFolder: String? { TestFixtures.contracts }
    override var fallback: Fallback { .contract }

    func testARequestNoFixtureAnswersGetsAGeneratedAnswer() async throws {
        let url = URL(string: understudy.baseURL.absoluteString + "/v3/businesses/understudy-0123456789abcdef/reviews")!
        var request = URLRequest(url: url)
        request.setValue("Bearer FAKE-understudy-yelp-api-key", forHTTPHeaderField: "Authorization")
        let (_, response) = try await URLSession(configuration: understudy.configuration).data(for: request)
        XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 200)
        XCTAssertEqual((response as? HTTPURLResponse)?.value(forHTTPHeaderField: Fallback.generatedHeader), "1")
        XCTAssertEqual(understudy.journal.entries.compactMap(\.generatedBy), ["yelp: getBusinessReviews"])
    }
}

/// What a flow costs, in XCTest: `expectBilling(atMost:)` fails at the caller's line.
class XCTestBillingTests: FailureCapturingTestCase {
    override var fixturesFolder: String? { TestFixtures.bundled }
    override var contractsFolder: String? { TestFixtures.contracts }

    func testARequestAboveTheBudgetFailsAtTheCallersLineNamingItsFields() async throws {
        try await inEachMode {
            let status = try await BillingExpectationTests.details(understudy, mask: "id,rating")
            XCTAssertEqual(status, 200)
            captured = []
            let line = #line + 1
            understudy.expectBilling(atMost: "Pro")
            let failures = captured ?? []
            captured = nil
            XCTAssertEqual(failures.count, 1)
            XCTAssertEqual(failures.first?.line, line)
            XCTAssertTrue(failures.first?.description.contains("billed as Place Details Enterprise, raised by rating") == true, "\(failures)")
            understudy.expectBilling(atMost: "Enterprise")
        }
    }
}
