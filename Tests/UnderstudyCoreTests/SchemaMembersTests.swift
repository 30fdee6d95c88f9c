import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyFixtures
import UnderstudyJSON
import UnderstudySupport

/// The summary that spares absent keywords a dictionary lookup never hides a member.
@Suite struct SchemaMembersTests {
    @Test func everyKeywordIsFoundExactlyWhenTheObjectHasIt() {
        let keywords = Array(SchemaKeywords.applied) + Array(SchemaKeywords.annotations) + ["x-understudy", "unknownKeyword", "", "é"]
        var generator = SeededGenerator(seed: 64)
        var present = 0, absent = 0
        for size in [0, 1, 2, 3, 5, 8, 20, 60] {
            for _ in 0..<50 {
                var object: [String: JSONValue] = [:]
                for _ in 0..<size { object[keywords.randomElement(using: &generator)!] = .number(JSONNumber(object.count)) }
                let members = SchemaMembers(object)
                for keyword in keywords {
                    #expect(members[keyword] == object[keyword], "\(keyword) in \(object.keys.sorted())")
                    if object[keyword] == nil { absent += 1 } else { present += 1 }
                }
                #expect(Set(members.keys) == Set(object.keys))
            }
        }
        #expect(present > 1000 && absent > 1000)
    }
}
