import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyFixtures
import UnderstudySupport

/// Zones a pack names: common ones looked up on first use, others at once, wrong ones refused.
@Suite struct PackTimeZoneTests {
    @Test func everyCommonNameIsAZoneICUKnows() {
        for name in PackTimeZone.commonNames.sorted() {
            #expect(TimeZone(identifier: name) != nil, "\(name)")
            #expect(PackTimeZone(name)?.timeZone == TimeZone(identifier: name), "\(name)")
        }
    }

    @Test func otherNamesAreLookedUpWhenThePackLoads() {
        #expect(PackTimeZone("Australia/Lord_Howe")?.timeZone == TimeZone(identifier: "Australia/Lord_Howe"))
        #expect(PackTimeZone("US/Pacific")?.timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: 1_700_000_000)) == -8 * 3600)
        #expect(PackTimeZone("Mars/Olympus_Mons") == nil)
        #expect(PackTimeZone("") == nil)
    }

    @Test func aPackNamingAnUnknownZoneIsRefusedWhenItLoads() throws {
        let problems = try problemsLoadingBundledPack(
            "yelp.openapi.json", editing: [("\"timeZone\": \"America/Los_Angeles\"", "\"timeZone\": \"America/Los_Angelos\"")])
        #expect(problems.map(\.message).contains("unknown time zone \"America/Los_Angelos\""))
    }
}
