import Testing
@testable import UnderstudyCore
@testable import UnderstudyFixtures
import UnderstudyJSON
import UnderstudySupport

/// Compiles `schema` (JSON text) and validates `instance` (JSON text).
func schemaFindings(_ schema: String, _ instance: String) throws -> [SchemaFinding] {
    let compiled = try JSONSchema(try JSONParser.parse(schema))
    let value = try JSONParser.parse(instance)
    let findings = compiled.validate(value)
    #expect(compiled.isValid(value) == findings.isEmpty, "isValid disagrees with validate for \(instance)")
    return findings
}

@Suite("JSON Schema keywords")
struct JSONSchemaTests {
    @Test func typeAcceptsWholeFloatsAsIntegersAndNeverBooleansAsNumbers() throws {
        #expect(try schemaFindings(#"{"type": "integer"}"#, "1.0").isEmpty)
        #expect(try schemaFindings(#"{"type": "integer"}"#, "1e2").isEmpty)
        let fraction = try schemaFindings(#"{"type": "integer"}"#, "1.5")
        #expect(fraction.map(\.description) == ["(root): expected an integer, got 1.5"])
        #expect(fraction.first?.schemaPath == "/type")
        #expect(try schemaFindings(#"{"type": "number"}"#, "true").map(\.actual) == ["true"])
        let nullable = try schemaFindings(#"{"type": ["string", "null"]}"#, "7")
        #expect(nullable.map(\.expected) == ["a string or null"])
        #expect(try schemaFindings(#"{"type": ["string", "null"]}"#, "null").isEmpty)
    }

    @Test func enumAndConstTellBooleansFromNumbersButNotOneFromOnePointZero() throws {
        #expect(try schemaFindings(#"{"enum": [1, "a"]}"#, "1.0").isEmpty)
        let boolean = try schemaFindings(#"{"enum": [1, "a"]}"#, "true")
        #expect(boolean.map(\.description) == [#"(root): expected one of 1, "a", got true"#])
        #expect(try schemaFindings(#"{"const": false}"#, "0").map(\.expected) == ["exactly false"])
        #expect(try schemaFindings(#"{"const": {"a": [1, 2]}}"#, #"{"a": [1.0, 2]}"#).isEmpty)
        #expect(try schemaFindings(#"{"const": [true]}"#, "[1]").count == 1)
    }

    @Test func stringsCompareByScalarsNotCanonicalEquivalence() throws {
        // Swift's == calls these equal; JSON Schema (and Python) do not.
        #expect(try schemaFindings(#"{"const": "\u00e9"}"#, #""e\u0301""#).count == 1)
        #expect(try schemaFindings(#"{"uniqueItems": true}"#, #"["\u00e9", "e\u0301"]"#).isEmpty)
    }

    @Test func enumListsAreShortened() throws {
        let schema = #"{"enum": ["best_match", "rating", "review_count", "distance", "a", "b", "c", "d", "e", "f"]}"#
        let findings = try schemaFindings(schema, #""popularity""#)
        #expect(findings.map(\.expected) == [#"one of "best_match", "rating", "review_count", "distance", "a", "b", "c", "d", … (2 more)"#])
        #expect(findings.map(\.actual) == [#""popularity""#])
    }

    @Test func numberBounds() throws {
        let schema = #"{"minimum": 0, "maximum": 5, "exclusiveMinimum": -1, "exclusiveMaximum": 5.5}"#
        #expect(try schemaFindings(schema, "5").isEmpty)
        #expect(try schemaFindings(schema, "0").isEmpty)
        #expect(try schemaFindings(schema, "7").map(\.description) == [
            "(root): expected a number ≤ 5, got 7", "(root): expected a number < 5.5, got 7",
        ])
        #expect(try schemaFindings(#"{"exclusiveMinimum": 0}"#, "0").map(\.expected) == ["a number > 0"])
        #expect(try schemaFindings(schema, #""7""#).isEmpty, "bounds ignore non-numbers")
    }

    @Test func multipleOfUsesJsonschemaArithmetic() throws {
        #expect(try schemaFindings(#"{"multipleOf": 0.01}"#, "4.5").isEmpty)
        #expect(try schemaFindings(#"{"multipleOf": 2}"#, "4.0").isEmpty)
        #expect(try schemaFindings(#"{"multipleOf": 2}"#, "7").map(\.expected) == ["a multiple of 2"])
        // 0.07 / 0.01 is 7.000000000000001 in binary floating point; jsonschema says invalid too.
        #expect(try schemaFindings(#"{"multipleOf": 0.01}"#, "0.07").count == 1)
        #expect(try schemaFindings(#"{"multipleOf": 0.5}"#, "1e308").isEmpty)
    }

    @Test func lengthsCountUnicodeScalars() throws {
        #expect(try schemaFindings(#"{"maxLength": 1}"#, #""🍕""#).isEmpty)
        #expect(try schemaFindings(#"{"maxLength": 1}"#, #""e\u0301""#).map(\.actual) == ["\"é\" (2 characters)"])
        let short = try schemaFindings(#"{"minLength": 3}"#, #""ab""#)
        #expect(short.map(\.description) == [#"(root): expected a string of at least 3 characters, got "ab" (2 characters)"#])
    }

    @Test func patternSearchesUnanchored() throws {
        #expect(try schemaFindings(#"{"pattern": "[0-9]+"}"#, #""abc123""#).isEmpty)
        let findings = try schemaFindings(#"{"pattern": "^[a-z]+$"}"#, #""ABC""#)
        #expect(findings.map(\.expected) == ["a string matching /^[a-z]+$/"])
        #expect(findings.map(\.schemaPath) == ["/pattern"])
    }

    @Test func objectKeywords() throws {
        let schema = #"""
        {"type": "object", "required": ["id", "name"], "minProperties": 2,
         "properties": {"id": {"type": "string"}, "rating": {"maximum": 5}},
         "additionalProperties": false}
        """#
        let findings = try schemaFindings(schema, #"{"id": 3, "rating": 7, "popularity": 1}"#)
        #expect(findings.map(\.description) == [
            #"(root): expected member "name" present, got an object without "name""#,
            "/id: expected a string, got 3",
            "/rating: expected a number ≤ 5, got 7",
            #"(root): expected no member "popularity" (additionalProperties is false), got an object with "popularity""#,
        ])
        #expect(findings.map(\.schemaPath) == ["/required", "/properties/id/type", "/properties/rating/maximum", "/additionalProperties"])
        #expect(try schemaFindings(schema, "[]").isEmpty == false)
        #expect(try schemaFindings(#"{"maxProperties": 0}"#, #"{"a": 1}"#).map(\.actual) == ["an object with 1 member"])
    }

    @Test func additionalPropertiesSchemaAndPatternProperties() throws {
        let schema = #"{"properties": {"id": {}}, "patternProperties": {"^x-": {"type": "string"}}, "additionalProperties": {"type": "integer"}}"#
        #expect(try schemaFindings(schema, #"{"id": [], "x-a": "s", "b": 2}"#).isEmpty)
        let findings = try schemaFindings(schema, #"{"x-b": 1, "c": "no", "a/b~": 1.5}"#)
        // Keyword by keyword, and by member name within one.
        #expect(findings.map(\.instancePath) == ["/x-b", "/a~1b~0", "/c"])
        #expect(findings.map(\.schemaPath) == ["/patternProperties/^x-/type", "/additionalProperties/type", "/additionalProperties/type"])
    }

    @Test func propertyNamesAndDependencies() throws {
        #expect(try schemaFindings(#"{"propertyNames": {"maxLength": 2}}"#, #"{"abc": 1}"#).map(\.description) == [
            #"(root): expected a string of at most 2 characters, got "abc" (3 characters)"#,
        ])
        let dependent = #"{"dependentRequired": {"card": ["billing"]}, "dependentSchemas": {"a": {"required": ["b"]}}}"#
        #expect(try schemaFindings(dependent, #"{"billing": 1}"#).isEmpty)
        #expect(try schemaFindings(dependent, #"{"card": 1, "a": 2}"#).map(\.expected) == [
            #"member "billing" present, as "card" is"#, #"member "b" present"#,
        ])
    }

    @Test func arrayKeywords() throws {
        let schema = #"{"prefixItems": [{"type": "string"}], "items": {"type": "integer"}, "minItems": 2, "maxItems": 3, "uniqueItems": true}"#
        #expect(try schemaFindings(schema, #"["a", 1, 2]"#).isEmpty)
        #expect(try schemaFindings(schema, #"[1, "b", 1.0, 1]"#).map(\.description) == [
            "(root): expected at most 3 elements, got an array of 4 elements",
            "(root): expected unique elements, got elements 0 and 2 both 1",
            "/0: expected a string, got 1",
            #"/1: expected an integer, got "b""#,
        ])
        #expect(try schemaFindings(schema, "[]").map(\.expected) == ["at least 2 elements"])
        #expect(try schemaFindings(#"{"uniqueItems": true}"#, "[1, true, [0], [false]]").isEmpty)
        let closed = try schemaFindings(#"{"prefixItems": [{}], "items": false}"#, "[1, 2, 3]")
        #expect(closed.map(\.description) == ["(root): expected at most 1 element (items is false), got an array of 3 elements"])
    }

    @Test func containsCountsMatches() throws {
        let schema = #"{"contains": {"type": "string"}, "minContains": 2, "maxContains": 3}"#
        #expect(try schemaFindings(schema, #"["a", 1, "b"]"#).isEmpty)
        #expect(try schemaFindings(schema, #"[1]"#).map(\.keyword) == ["contains"])
        #expect(try schemaFindings(schema, #"["a"]"#).map(\.keyword) == ["minContains"])
        #expect(try schemaFindings(schema, #"["a", "b", "c", "d"]"#).map(\.description) == [
            "(root): expected at most 3 elements valid against contains, got 4 valid",
        ])
        #expect(try schemaFindings(#"{"contains": {}, "minContains": 0}"#, "[]").isEmpty)
    }

    @Test func booleanSchemas() throws {
        #expect(try schemaFindings("true", #"{"anything": [1]}"#).isEmpty)
        let findings = try schemaFindings(#"{"properties": {"legacy": false}}"#, #"{"legacy": 1}"#)
        #expect(findings.map(\.description) == ["/legacy: expected nothing here (the schema is false), got 1"])
        #expect(findings.map(\.schemaPath) == ["/properties/legacy"])
        #expect(findings.map(\.keyword) == ["false"])
    }

    @Test func anyOfReportsOneFindingWithTheClosestBranch() throws {
        let schema = #"{"anyOf": [{"type": "string", "required": ["name"]}, {"type": "object", "required": ["age"], "properties": {"age": {"type": "integer"}}}]}"#
        #expect(try schemaFindings(schema, #""x""#).isEmpty)
        let findings = try schemaFindings(schema, #"{"age": "3"}"#)
        #expect(findings.map(\.description) == [
            #"(root): expected to match at least one of 2 schemas (closest: anyOf/1, where /age: expected an integer, got "3"), got matched 0"#,
        ])
        // A tie names no branch.
        #expect(try schemaFindings(schema, "[]").map(\.expected) == ["to match at least one of 2 schemas"])
    }

    @Test func oneOfCountsMatches() throws {
        let schema = ##"{"$defs": {"Even": {"multipleOf": 2}}, "oneOf": [{"$ref": "#/$defs/Even"}, {"multipleOf": 3}]}"##
        #expect(try schemaFindings(schema, "4").isEmpty)
        #expect(try schemaFindings(schema, "6").map(\.description) == [
            "(root): expected to match exactly one of 2 schemas (it matches #/$defs/Even and oneOf/1), got matched 2",
        ])
        #expect(try schemaFindings(schema, "5").map(\.actual) == ["matched 0"])
        #expect(try schemaFindings(schema, "5").first?.schemaPath == "/oneOf")
    }

    @Test func allOfNotAndConditionals() throws {
        #expect(try schemaFindings(#"{"allOf": [{"minimum": 1}, {"maximum": 2}]}"#, "3").map(\.schemaPath) == ["/allOf/1/maximum"])
        #expect(try schemaFindings(#"{"not": {"type": "null"}}"#, "null").map(\.description) == [
            "(root): expected a value not valid against #/not, got null",
        ])
        let conditional = #"{"if": {"properties": {"kind": {"const": "card"}}}, "then": {"required": ["number"]}, "else": {"required": ["iban"]}}"#
        #expect(try schemaFindings(conditional, #"{"kind": "card"}"#).map(\.schemaPath) == ["/then/required"])
        #expect(try schemaFindings(conditional, #"{"kind": "bank"}"#).map(\.schemaPath) == ["/else/required"])
        #expect(try schemaFindings(conditional, #"{"kind": "bank", "iban": "x"}"#).isEmpty)
    }

    @Test func annotationsAreIgnored() throws {
        let schema = #"""
        {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://example.com/s", "title": "t",
         "description": "d", "default": 1, "examples": [1], "example": 1, "deprecated": true, "readOnly": true,
         "writeOnly": false, "format": "email", "$comment": "c", "discriminator": {"propertyName": "kind"},
         "xml": {}, "externalDocs": {}, "contentMediaType": "text/plain", "contentEncoding": "base64", "x-yelp": 1}
        """#
        #expect(try schemaFindings(schema, #""not an email""#).isEmpty)
    }

    @Test func findingsInLargeContainersShowAShortPreview() throws {
        let big = "[" + (0..<240).map { #"{"id": "business-\#($0)"}"# }.joined(separator: ",") + "]"
        let findings = try schemaFindings(#"{"type": "object"}"#, big)
        #expect(findings.first?.actual.count == SchemaText.previewLimit)
        #expect(findings.first?.actual.hasSuffix("…") == true)
    }
}
