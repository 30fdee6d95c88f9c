import UnderstudySupport
/// One way an instance breaks a schema: where in the instance, which keyword, and both sides
/// in words.
package struct SchemaFinding: Sendable, Hashable, CustomStringConvertible {
    /// RFC 6901 pointer into the instance, `""` for the root, e.g. `/businesses/3/rating`.
    public var instancePath: String
    /// Pointer of the failing keyword in the root document, e.g.
    /// `/components/schemas/Business/properties/rating/maximum`. A `$ref` is followed, so this
    /// names the schema that was referenced, not the reference.
    public var schemaPath: String
    /// The failing keyword, e.g. `maximum`; `false` for a schema that is `false`.
    public var keyword: String
    /// What the schema wants, e.g. `a number ≤ 5` or `member "id" present`.
    public var expected: String
    /// A short rendering of what the instance has, e.g. `7` or `an object without "id"`.
    public var actual: String

    public init(instancePath: String, schemaPath: String, keyword: String, expected: String, actual: String) {
        self.instancePath = instancePath
        self.schemaPath = schemaPath
        self.keyword = keyword
        self.expected = expected
        self.actual = actual
    }

    /// `/businesses/3/rating: expected a number ≤ 5, got 7` (`(root)` for the whole instance).
    public var description: String {
        "\(instancePath.isEmpty ? "(root)" : instancePath): expected \(expected), got \(actual)"
    }
}
