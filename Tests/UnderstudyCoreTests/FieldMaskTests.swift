import Testing
@testable import UnderstudyContracts
import UnderstudyJSON

/// Field masks as Google's APIs read them: paths in any order and spacing, narrower within
/// wider, answers pruned at every depth through arrays, paths checked against the answer's schema.
@Suite struct FieldMaskTests {
    private func mask(_ text: String) throws -> FieldMask {
        try #require(FieldMask(text), "\(text) is a mask")
    }

    @Test func orderSpacingAndRepetitionMeanNothing() throws {
        let one = try mask("places.id,places.displayName")
        let other = try mask(" places.displayName , places.id,places.id ")
        #expect(one == other)
        #expect(one.description == "places.displayName,places.id")
        #expect(FieldMask(" , ") == nil)
        #expect(FieldMask("") == nil)
    }

    @Test func aNarrowerMaskIsWithinAWiderOne() throws {
        let recorded = try mask("places.displayName,places.location,routes.legs")
        #expect(try mask("places.displayName.text").isWithin(recorded))
        #expect(try mask("routes.legs.duration,places.location").isWithin(recorded))
        #expect(try mask("places").isWithin(recorded) == false)
        let wider = try mask("places.rating,places.websiteUri,places.displayName")
        #expect(wider.paths(outside: recorded) == ["places.rating", "places.websiteUri"])
        #expect(try mask("places.websiteUri").isWithin(.everything))
        #expect(try mask("places.anything.deep").isWithin(try mask("places.*")))
        #expect(FieldMask.everything.isWithin(recorded) == false)
    }

    @Test func pruningKeepsExactlyTheFieldsAskedForAtEveryDepth() throws {
        let answer = try JSONParser.parse(Array(#"""
            {"places": [
              {"id": "a", "displayName": {"text": "Deli", "languageCode": "en"}, "rating": 4.5, "websiteUri": "http://x"},
              {"id": "b", "displayName": {"text": "Thai", "languageCode": "en"}}
            ], "nextPageToken": "t"}
            """#.utf8))
        let pruned = try mask("places.displayName.text,places.rating").pruning(answer)
        #expect(pruned == (try JSONParser.parse(Array(#"{"places": [{"displayName": {"text": "Deli"}, "rating": 4.5}, {"displayName": {"text": "Thai"}}]}"#.utf8))))
        let whole = try mask("places,nextPageToken").pruning(answer)
        #expect(whole == answer)
        #expect(FieldMask.everything.pruning(answer) == answer)
    }

    @Test func aTopLevelArrayIsPrunedElementByElement() throws {
        let matrix = try JSONParser.parse(Array(#"[{"originIndex": 0, "duration": "60s", "status": {}}, {"originIndex": 1, "duration": "90s"}]"#.utf8))
        let pruned = try mask("duration").pruning(matrix)
        #expect(pruned == (try JSONParser.parse(Array(#"[{"duration": "60s"}, {"duration": "90s"}]"#.utf8))))
    }

    @Test func maskPathsAreCheckedAgainstTheAnswersSchema() throws {
        let document = try JSONParser.parse(Array(##"""
            {"components": {"schemas": {
              "Place": {"type": "object", "properties": {
                "id": {"type": "string"},
                "displayName": {"$ref": "#/components/schemas/Text"},
                "photos": {"type": "array", "items": {"type": "object", "properties": {"name": {"type": "string"}}}},
                "extra": {"type": "object", "additionalProperties": {"type": "string"}}}},
              "Text": {"allOf": [{"type": "object", "properties": {"text": {"type": "string"}, "languageCode": {"type": "string"}}}]}
            }}}
            """##.utf8))
        let schema = try JSONParser.parse(Array(##"{"type": "object", "properties": {"places": {"type": "array", "items": {"$ref": "#/components/schemas/Place"}}, "nextPageToken": {"type": "string"}}}"##.utf8))
        let fields = MaskFields(schema: schema, document: document)
        #expect(fields.unknownPath(in: try mask("places.displayName.text,places.photos.name,nextPageToken,places.extra.any")) == nil)
        #expect(fields.unknownPath(in: try mask("*")) == nil)
        #expect(fields.unknownPath(in: try mask("places.*")) == nil)
        #expect(fields.unknownPath(in: try mask("places.displayNam,places.id")) == "places.displayNam")
        #expect(fields.unknownPath(in: try mask("places.id.deeper")) == "places.id.deeper")
    }

    @Test func aRequestIsBilledAtTheHighestTierItsMaskAsksFor() throws {
        let billing = PackBilling(
            source: "test", tiers: ["Essentials (IDs Only)", "Essentials", "Pro", "Enterprise"],
            operations: ["searchText": .init(sku: "Text Search", prefix: ["places"], fields: ["id": 0, "formattedAddress": 2, "displayName": 2, "rating": 3, "websiteUri": 3])])
        let pro = try #require(billing.charge(operation: "searchText", mask: try mask("places.id,places.displayName.text,nextPageToken")))
        #expect(pro.sku == "Text Search Pro")
        #expect(pro.raisedBy == ["places.displayName.text"])
        let enterprise = try #require(billing.charge(operation: "searchText", mask: try mask("places.rating,places.websiteUri,places.id")))
        #expect(enterprise.sku == "Text Search Enterprise")
        #expect(enterprise.raisedBy == ["places.rating", "places.websiteUri"])
        #expect(billing.charge(operation: "searchText", mask: .everything)?.tier == "Enterprise")
        #expect(billing.charge(operation: "searchText", mask: try mask("places"))?.tier == "Enterprise")
        #expect(billing.charge(operation: "searchText", mask: try mask("places.id"))?.sku == "Text Search Essentials (IDs Only)")
        #expect(billing.charge(operation: "getPlace", mask: .everything) == nil)
        #expect(billing.rank(ofTier: "pro") == 2)
    }
}
