import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyContracts
@testable import UnderstudyFixtures
import UnderstudyTestSupport

/// Which behaviours concern an operation is decided once, when the pack loads; the gate reads
/// those flags instead of the behaviours' sets of operation ids. Held here to the sets.
@Suite struct OperationBehavioursTests {
    @Test func flagsAreWhatTheBehavioursName() throws {
        let contracts = try Contracts.load(from: bundledContractsPath)
        var flagged = 0
        for pack in contracts.packs {
            let behaviours = pack.behaviours
            for operation in pack.operations {
                let flags = operation.behaviours
                #expect(flags.pageTokens == (behaviours.pageTokens?.operations.contains(operation.id) ?? false), "\(operation.id)")
                #expect(flags.conditionalGet == (behaviours.conditionalGet?.operations.contains(operation.id) ?? false), "\(operation.id)")
                #expect(flags.issuesTokens == (behaviours.tokenExpiry?.issuers.contains { $0.operation == operation.id } ?? false), "\(operation.id)")
                #expect(flags.introspection == (behaviours.tokenExpiry?.introspection?.operation == operation.id), "\(operation.id)")
                if flags != .none { flagged += 1 }
            }
        }
        // The bundled packs use each behaviour somewhere.
        let all = contracts.packs.flatMap(\.operations).map(\.behaviours)
        #expect(all.contains { $0.pageTokens } && all.contains { $0.conditionalGet } && all.contains { $0.issuesTokens } && all.contains { $0.introspection })
        #expect(flagged > 0)
    }

    /// Rate-limit headers replace the answer's own of the same names (any case) and follow
    /// its other headers, whether or not it had any: as removing them all and appending did.
    @Test func quotaHeadersReplaceTheAnswersOwn() {
        let quota = [HeaderField(name: "RateLimit-Remaining", value: "4"), HeaderField(name: "RateLimit-DailyLimit", value: "5")]
        let cases: [[HeaderField]] = [
            [],
            [HeaderField(name: "Content-Type", value: "application/json")],
            [HeaderField(name: "Content-Type", value: "application/json"), HeaderField(name: "ratelimit-remaining", value: "99"), HeaderField(name: "ETag", value: "x")],
            [HeaderField(name: "RateLimit-DailyLimit", value: "1"), HeaderField(name: "RATELIMIT-REMAINING", value: "2")],
            [HeaderField(name: "RateLimit-Remainin", value: "near"), HeaderField(name: "RateLimit-Remainingg", value: "near")],
        ]
        for headers in cases {
            var response = Response(status: 200, headers: headers)
            response.replaceHeaders(with: quota)
            let general = headers.filter { header in !quota.contains { $0.name.lowercased() == header.name.lowercased() } } + quota
            #expect(response.headers == general)
            var untouched = Response(status: 200, headers: headers)
            untouched.replaceHeaders(with: [])
            #expect(untouched.headers == headers)
        }
    }
}
