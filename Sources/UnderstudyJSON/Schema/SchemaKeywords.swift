import UnderstudySupport
/// Which keywords a schema object may hold, and what to say about the others.
package enum SchemaKeywords {
    /// Keywords that constrain, or that hold subschemas (`$defs`, and `definitions` from earlier
    /// drafts, which `$ref`s into them still use), or that only modify a sibling (`then`, `else`,
    /// `minContains`, `maxContains`).
    package static let applied: Set<String> = [
        "$ref", "type", "enum", "const",
        "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
        "minLength", "maxLength", "pattern",
        "minItems", "maxItems", "uniqueItems", "prefixItems", "items", "contains", "minContains", "maxContains",
        "minProperties", "maxProperties", "required", "dependentRequired", "properties", "patternProperties",
        "additionalProperties", "propertyNames", "dependentSchemas",
        "allOf", "anyOf", "oneOf", "not", "if", "then", "else",
        "$defs", "definitions",
    ]

    /// Keywords that never change validity; `format` included, since 2020-12 makes it an
    /// annotation unless a validator opts in (jsonschema does not by default).
    package static let annotations: Set<String> = [
        "title", "description", "default", "examples", "example", "deprecated", "readOnly", "writeOnly",
        "format", "$schema", "$id", "$comment", "discriminator", "xml", "externalDocs",
        "contentMediaType", "contentEncoding",
    ]

    /// Whether a member of a schema object is something the compiler knows (`x-` extensions included).
    package static func isKnown(_ keyword: String) -> Bool {
        applied.contains(keyword) || annotations.contains(keyword) || keyword.hasPrefix("x-")
    }

    /// Why `keyword` is refused, with what to write instead where there is an answer.
    package static func refusal(_ keyword: String) -> String {
        let refused = "unsupported keyword \"\(keyword)\""
        switch keyword {
        case "nullable":
            return refused + " (OpenAPI 3.0; in 3.1 add \"null\" to \"type\")"
        case "unevaluatedProperties", "unevaluatedItems":
            return refused + " (it depends on what sibling and nested keywords evaluated, which is not tracked)"
        case "dependencies":
            return refused + " (draft 7; write \"dependentRequired\" or \"dependentSchemas\")"
        case "additionalItems":
            return refused + " (draft 2019-09; in 2020-12 \"items\" applies after \"prefixItems\")"
        case "$anchor", "$dynamicRef", "$dynamicAnchor", "$recursiveRef", "$recursiveAnchor", "$vocabulary":
            return refused + " (only $ref to a JSON pointer in this document is supported)"
        default:
            return refused + " (an ignored constraint would pass anything; extensions are named \"x-…\")"
        }
    }
}
