import Foundation
@testable import UnderstudyCore
@testable import UnderstudyContracts
@testable import UnderstudyFixtures

/// Targets of every bundled operation, ordinary and hostile, for tests of what is kept by
/// method and target (the target memo).
enum ContractTargets {
    static let values = [
        "", "0", "-5", "20", "100", "1e2", "abc", "None", "true", "a,b", "bars,french", "é", "e%CC%81", "%E2%80%A8", "%00", "a%0D%0Ab",
        "37.7749,-122.4194", "ChIJvIOIRITlUBdN6OH1pSlAZxS", "99999999999999999999999", "%2F..%2F", "+", "%",
    ]

    /// Targets of every bundled operation: paths filled in with values, queries of its own
    /// parameter names (and unknown ones) with ordinary and hostile values; versioned,
    /// absolute-form, mis-cased and unrouted targets too.
    static func targets(_ contracts: Contracts) -> [String] {
        var targets = ["/", "/nowhere", "/__understudy/journal", "http://example.com/v3/businesses/search?term=a", "/v19.0/me?fields=id", "/v2.8/me", "/V3/businesses/x"]
        for pack in contracts.packs {
            for operation in pack.operations {
                let names = operation.parameters.filter { $0.location == .query }.map(\.name) + ["unknown"]
                for (index, value) in values.enumerated() {
                    let path = operation.path.segments.map { segment -> String in
                        switch segment {
                        case .literal(let literal): literal
                        case .parameter(_, let prefix, let suffix): prefix + (value.isEmpty ? "v1" : value) + suffix
                        }
                    }.joined(separator: "/")
                    let query = names.enumerated().map { offset, name in name + "=" + values[(index + offset) % values.count] }.joined(separator: "&")
                    let versioned = pack.pathVersion != nil ? "/v19.0" : ""
                    targets += [versioned + "/" + path + "?" + query, "/" + path, "/" + path + "?" + names[index % names.count] + "=" + value]
                }
            }
        }
        return targets
    }
}
