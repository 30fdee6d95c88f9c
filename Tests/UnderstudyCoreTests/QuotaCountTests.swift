import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyContracts
@testable import UnderstudyFixtures

/// Quota counting changes a counted credential's entry in place; held here to the counting it
/// replaced (look up, change a copy, store it back only when counted) over windows moving both
/// ways, limits changing (0 and below too) and several credentials and providers.
@Suite struct QuotaCountTests {
    @Test func countsAsLookingUpAndStoringBackDid() {
        var memory = BehaviourMemory()
        var reference: [String: (window: Date, count: Int)] = [:]
        var seed: UInt64 = 14
        func next(_ bound: Int) -> Int {
            // A fixed sequence (xorshift), so a failure repeats.
            seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17
            return Int(seed % UInt64(bound))
        }
        var counted = 0, refused = 0
        for _ in 0..<5000 {
            let provider = ["yelp", "google"][next(2)]
            let credential = ["k1", "k2", "k3", "a-much-longer-credential-value"][next(4)]
            let window = Date(timeIntervalSince1970: Double(next(4)) * 86_400)
            let limit = [-1, 0, 1, 2, 3, 5, 50][next(7)]
            let key = provider + " " + credential
            var entry = reference[key] ?? (window, 0)
            if entry.window != window { entry = (window, 0) }
            var expected: Int?
            if entry.count < limit {
                expected = entry.count
                entry.count += 1
                reference[key] = entry
            }
            let got = memory.countRequest(provider: provider, credential: BehaviourMemory.quotaHash(of: credential), window: window, limit: limit)
            #expect(got == expected, "\(provider) \(credential) \(window) \(limit)")
            if got == nil { refused += 1 } else { counted += 1 }
        }
        #expect(counted > 500 && refused > 500)
    }
}
