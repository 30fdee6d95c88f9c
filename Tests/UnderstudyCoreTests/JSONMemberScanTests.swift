import Foundation
import Testing

@testable import UnderstudyCore
import UnderstudyJSON
@testable import UnderstudyFixtures
import UnderstudySupport

@Suite("Reading a few members without parsing the rest")
struct JSONMemberScanTests {
    @Test func everyTopLevelMemberOfEveryBundledBodyReadsAsTheFullParseReadsIt() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("fixtures").path
        var compared = 0
        for fixture in try FixtureLoader.load(from: root) {
            for response in fixture.responses {
                guard let bytes = try? response.bodyBytes(), case .object(let whole)? = try? JSONParser.parse(bytes) else { continue }
                let scanned = try #require(JSONMemberScan.members(Set(whole.keys), of: bytes), "\(fixture.file)")
                #expect(scanned == whole, "\(fixture.file)")
                for name in whole.keys { #expect(JSONMemberScan.members([name], of: bytes) == [name: whole[name]!]) }
                compared += 1
            }
        }
        #expect(compared > 50)
    }

    @Test func stringsThatLookLikeStructureAreSkippedWhole() throws {
        let text = #"{"a": "x\"}{[,", "b": {"c": "]}", "d": [1, {"e": "\\"}]}, "next_page_token": "tok\"en", "n": -1.5e3}"#
        let members = JSONMemberScan.members(["next_page_token", "n", "missing"], of: Array(text.utf8))
        #expect(members == ["next_page_token": .string("tok\"en"), "n": try JSONParser.parse("-1.5e3")])
    }

    @Test func aBodyThatIsNotAnObjectHasNoMembers() {
        for text in [#"[1, 2]"#, #""text""#, #"{"a": "unterminated"#, #"{"a" 1}"#, #"{"a": [1, 2}"#, "", "<html>"] {
            #expect(JSONMemberScan.members(["a"], of: Array(text.utf8)) == nil, "\(text)")
        }
        #expect(JSONMemberScan.members(["a"], of: Array("{}".utf8)) == [:])
    }
}
