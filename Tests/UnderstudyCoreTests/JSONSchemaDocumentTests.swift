import Testing
@testable import UnderstudyCore
@testable import UnderstudyFixtures
import UnderstudyJSON
import UnderstudySupport

/// The error compiling `schema` (JSON text) throws, or nil.
private func compileError(_ schema: String) throws -> SchemaError? {
    do {
        _ = try JSONSchema(try JSONParser.parse(schema))
        return nil
    } catch let error as SchemaError {
        return error
    }
}

@Suite("JSON Schema compiling, $ref and documents")
struct JSONSchemaDocumentTests {
    static let refusals: [(schema: String, pointer: String, reason: String)] = [
        (#"{"properties": {"a": {"type": "string", "nullable": true}}}"#, "/properties/a/nullable", #"unsupported keyword "nullable" (OpenAPI 3.0; in 3.1 add "null" to "type")"#),
        (#"{"unevaluatedProperties": false}"#, "/unevaluatedProperties", #"unsupported keyword "unevaluatedProperties""#),
        (#"{"allOf": [{"if": {}, "thn": {}}]}"#, "/allOf/0/thn", #"unsupported keyword "thn""#),
        (#"{"minLength": -1}"#, "/minLength", "minLength must be a non-negative integer, not -1"),
        (#"{"maxItems": 1.5}"#, "/maxItems", "maxItems must be a non-negative integer, not 1.5"),
        (#"{"type": "int"}"#, "/type", #"unknown type "int"; the types are "object", "array""#),
        (#"{"required": "id"}"#, "/required", "required must be an array of strings, not a string"),
        (#"{"required": ["id", 3]}"#, "/required/1", "expected a member name (a string), not a number"),
        (#"{"properties": {"a": 3}}"#, "/properties/a", "a schema must be an object or a boolean, not a number"),
        (#"{"anyOf": []}"#, "/anyOf", "anyOf must be a non-empty array of schemas, not []"),
        (#"{"items": [{}]}"#, "/items", "a tuple is written with prefixItems"),
        (#"{"multipleOf": 0}"#, "/multipleOf", "multipleOf must be greater than 0, not 0"),
        (#"{"pattern": "(unclosed"}"#, "/pattern", #"invalid regular expression "(unclosed""#),
        (#"{"patternProperties": {"[": {}}}"#, "/patternProperties/[", #"invalid regular expression "[""#),
        (#"{"$ref": "other.json#/Pet"}"#, "/$ref", #"$ref "other.json#/Pet" is not local"#),
        (##"{"$ref": "#/$defs/Missing"}"##, "/$ref", ##"$ref "#/$defs/Missing" points at nothing in the document"##),
        (##"{"$ref": "#pet"}"##, "/$ref", "names an anchor"),
        (##"{"$ref": "#/a%zz"}"##, "/$ref", "invalid percent-encoding"),
        (#"{"properties": {"a": {"$id": "a.json"}}}"#, "/properties/a/$id", "$id below the document root"),
        (#"{"$defs": {"Unused": {"nullable": true}}}"#, "/$defs/Unused/nullable", #"unsupported keyword "nullable""#),
    ]

    @Test(arguments: refusals)
    func refusesWhatItCannotCheck(schema: String, pointer: String, reason: String) throws {
        let error = try #require(try compileError(schema))
        #expect(error.pointer == pointer)
        #expect(error.reason.contains(reason), "\(error.reason)")
        #expect(error.description == "#\(pointer): \(error.reason)")
    }

    @Test func refusesARefCycleThatNeverReachesIntoTheInstance() throws {
        let schema = ##"{"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"allOf": [{"$ref": "#/$defs/a"}]}}, "$ref": "#/$defs/a"}"##
        let error = try #require(try compileError(schema))
        #expect(error.reason.contains("$ref cycle that never reaches into the instance"), "\(error.reason)")
        #expect(error.reason.contains("#/$defs/a → #/$defs/b → #/$defs/b/allOf/0 → #/$defs/a"), "\(error.reason)")
    }

    @Test func followsRecursiveRefsThroughATree() throws {
        let schema = ##"""
        {"$ref": "#/$defs/node",
         "$defs": {"node": {"type": "object", "required": ["value"],
                            "properties": {"value": {"type": "integer"}, "children": {"type": "array", "items": {"$ref": "#/$defs/node"}}}}}}
        """##
        let tree = #"{"value": 1, "children": [{"value": 2}, {"value": 3, "children": [{"value": "four"}, {"children": []}]}]}"#
        let findings = try schemaFindings(schema, tree)
        #expect(findings.map(\.description) == [
            #"/children/1/children/0/value: expected an integer, got "four""#,
            #"/children/1/children/1: expected member "value" present, got an object without "value""#,
        ])
        #expect(findings.map(\.schemaPath) == ["/$defs/node/properties/value/type", "/$defs/node/required"])
        // The whole document as its own subtree: "#" refers to the root.
        #expect(try schemaFindings(##"{"properties": {"next": {"$ref": "#"}}, "required": ["id"]}"##, #"{"id": 1, "next": {"next": {}}}"#)
            .map(\.instancePath) == ["/next", "/next/next"])
    }

    @Test func refsAreUnescapedAndPercentDecodedAndApplyBesideSiblings() throws {
        let schema = ##"""
        {"$defs": {"a/b": {"minimum": 0}, "c~d": {"type": "integer"}, "e f": {"maximum": 10}},
         "allOf": [{"$ref": "#/$defs/a~1b"}, {"$ref": "#/$defs/c~0d"}, {"$ref": "#/$defs/e%20f", "multipleOf": 5}]}
        """##
        #expect(try schemaFindings(schema, "5").isEmpty)
        #expect(try schemaFindings(schema, "-1.5").map(\.schemaPath) == ["/$defs/a~1b/minimum", "/$defs/c~0d/type", "/allOf/2/multipleOf"])
        #expect(try schemaFindings(schema, "15").map(\.schemaPath) == ["/$defs/e f/maximum"])
    }

    @Test func validatesAgainstAnOpenAPIDocument() throws {
        let document = try JSONParser.parse(##"""
        {"openapi": "3.1.0",
         "paths": {"/v3/businesses/search": {"get": {"responses": {"200": {"content": {"application/json": {"schema":
            {"$ref": "#/components/schemas/SearchResponse"}}}}}}}},
         "components": {"schemas": {
            "SearchResponse": {"type": "object", "required": ["businesses", "total"],
                "properties": {"businesses": {"type": "array", "items": {"$ref": "#/components/schemas/Business"}},
                               "total": {"type": "integer", "minimum": 0}}},
            "Business": {"type": "object", "required": ["id", "name"], "additionalProperties": false,
                "properties": {"id": {"type": "string", "minLength": 1}, "name": {"type": "string"},
                               "rating": {"type": "number", "minimum": 1, "maximum": 5, "multipleOf": 0.5},
                               "price": {"enum": ["$", "$$", "$$$", "$$$$"]},
                               "coordinates": {"$ref": "#/components/schemas/Coordinates"},
                               "categories": {"type": "array", "items": {"$ref": "#/components/schemas/Category"}}}},
            "Coordinates": {"type": ["object", "null"], "properties": {"latitude": {"type": "number", "minimum": -90, "maximum": 90}}},
            "Category": {"type": "object", "properties": {"alias": {"type": "string", "pattern": "^[a-z_]+$"}}}}}}
        """##)
        let location = "/paths/~1v3~1businesses~1search/get/responses/200/content/application~1json/schema"
        let schema = try JSONSchema(try #require(document.at(pointer: location)), root: document, location: location)
        let body = try JSONParser.parse(#"""
        {"total": 4, "businesses": [
          {"id": "a", "name": "Tacos", "rating": 4.5, "price": "$", "coordinates": null, "categories": [{"alias": "mexican"}]},
          {"id": "b", "name": "Pizza", "rating": 5, "coordinates": {"latitude": 37.7}},
          {"id": "c", "name": "Sushi", "categories": [{"alias": "Sushi Bars"}]},
          {"id": "", "name": "Noodles", "rating": 7, "price": "$$$$$", "popularity": 3, "coordinates": {"latitude": 91}}]}
        """#)
        let findings = schema.validate(body)
        #expect(findings.map(\.description) == [
            #"/businesses/2/categories/0/alias: expected a string matching /^[a-z_]+$/, got "Sushi Bars""#,
            "/businesses/3/coordinates/latitude: expected a number ≤ 90, got 91",
            #"/businesses/3/id: expected a string of at least 1 character, got "" (0 characters)"#,
            #"/businesses/3/price: expected one of "$", "$$", "$$$", "$$$$", got "$$$$$""#,
            "/businesses/3/rating: expected a number ≤ 5, got 7",
            #"/businesses/3: expected no member "popularity" (additionalProperties is false), got an object with "popularity""#,
        ])
        #expect(Set(findings.map(\.schemaPath)) == [
            "/components/schemas/Category/properties/alias/pattern", "/components/schemas/Business/properties/id/minLength",
            "/components/schemas/Business/properties/price/enum", "/components/schemas/Business/properties/rating/maximum",
            "/components/schemas/Business/additionalProperties", "/components/schemas/Coordinates/properties/latitude/maximum",
        ])
        #expect(schema.isValid(body) == false)
    }

    @Test func reportsErrorsInsideReferencedComponentsAtTheirPointer() throws {
        let document = try JSONParser.parse(##"""
        {"components": {"schemas": {"Pet": {"properties": {"tag": {"type": "string", "nullable": true}}},
                                    "Owner": {"properties": {"pet": {"$ref": "#/components/schemas/Pet"}}}}}}
        """##)
        let owner = try #require(document.at(pointer: "/components/schemas/Owner"))
        #expect(throws: SchemaError(pointer: "/components/schemas/Pet/properties/tag/nullable", reason: SchemaKeywords.refusal("nullable"))) {
            try JSONSchema(owner, root: document, location: "/components/schemas/Owner")
        }
    }

    @Test func aSchemaWithoutRootReportsBelowItsLocation() throws {
        let schema = try JSONSchema(["properties": ["a": ["type": "string"]]], location: "/parameters/0/schema")
        #expect(schema.validate(["a": 1]).map(\.schemaPath) == ["/parameters/0/schema/properties/a/type"])
    }

    @Test func oneCompiledSchemaServesManyTasks() async throws {
        let schema = try JSONSchema(["type": "array", "items": ["type": "string", "pattern": "^[a-z]+$"]])
        let verdicts = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<8 {
                group.addTask { schema.isValid(.array((0..<200).map { _ in index.isMultiple(of: 2) ? "abc" : "ABC" })) }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(verdicts.filter { $0 }.count == 4)
    }
}
