import UnderstudySupport
/// A compiled JSON Schema (2020-12 subset), for checking fixtures' bodies and parameters
/// against the schemas of an OpenAPI 3.1 contract.
///
/// Verdicts follow Python's `jsonschema.Draft202012Validator` (a differential test holds them
/// to it). Supported: `type`, `enum`, `const`, `properties`, `required`,
/// `additionalProperties`, `patternProperties`, `propertyNames`, `dependentRequired`,
/// `dependentSchemas`, `items`, `prefixItems`, `contains`/`minContains`/`maxContains`,
/// `minItems`, `maxItems`, `uniqueItems`, `minLength`, `maxLength`, `pattern`, `minimum`,
/// `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf`, `minProperties`,
/// `maxProperties`, `allOf`, `anyOf`, `oneOf`, `not`, `if`/`then`/`else`, `$defs`, boolean
/// schemas, and `$ref` to a JSON pointer in the same document (recursion included). Annotations
/// are accepted and ignored: `title`, `description`, `default`, `examples`, `example`,
/// `deprecated`, `readOnly`, `writeOnly`, `format`, `$schema`, a root `$id`, `$comment`,
/// `discriminator`, `xml`, `externalDocs`, `contentMediaType`, `contentEncoding` and `x-…`.
/// Any other keyword (`unevaluatedProperties`, OpenAPI 3.0's `nullable`, …) makes compiling
/// throw: a constraint is never silently ignored. See docs/schema.md.
///
/// Compile once, validate many times: the schema becomes a tree of small nodes with regular
/// expressions precompiled, and validation builds no strings until it has a finding.
package struct JSONSchema: Sendable {
    /// The compiled program; `SchemaShape` reads it to compile fast paths.
    package let nodes: [SchemaNode]
    package let entry: Int

    /// Compiles `schema`. `root` is the document that local `$ref`s (`#/components/schemas/X`,
    /// `#/$defs/Y`) resolve against; `nil` means `schema` itself. `location` is the JSON
    /// pointer of `schema` inside `root`, used in findings and errors (`""` by default; when
    /// `root` is `nil` it is put before every pointer reported).
    ///
    /// Throws `SchemaError` naming the pointer and the problem: an unsupported keyword, a
    /// keyword value of the wrong type, an unresolvable or non-local `$ref`, an invalid regular
    /// expression, or a `$ref` cycle that never reaches into the instance.
    public init(_ schema: JSONValue, root: JSONValue? = nil, location: String = "") throws(SchemaError) {
        var compiler = SchemaCompiler(root: root ?? schema, reportPrefix: root == nil ? location : "")
        entry = try compiler.compile(schema, at: root == nil ? "" : location)
        nodes = try compiler.finish()
    }

    /// Every way `instance` breaks the schema, in a stable order; empty when it is valid.
    public func validate(_ instance: JSONValue) -> [SchemaFinding] {
        var evaluation = SchemaEvaluation(nodes: nodes, collecting: true)
        _ = evaluation.check(entry, instance)
        return evaluation.findings
    }

    /// Whether `instance` is valid; stops at the first failure and builds no findings.
    public func isValid(_ instance: JSONValue) -> Bool {
        var evaluation = SchemaEvaluation(nodes: nodes, collecting: false)
        return evaluation.check(entry, instance)
    }
}
