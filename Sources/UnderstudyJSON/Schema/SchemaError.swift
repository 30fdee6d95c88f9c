import UnderstudySupport
/// A schema that cannot be compiled, located by its JSON pointer in the root document.
///
/// Compilation refuses anything it would otherwise have to ignore (an unsupported keyword, a
/// `$ref` it cannot follow), so a contract's constraint is never silently dropped.
package struct SchemaError: Error, Sendable, Hashable, CustomStringConvertible {
    /// RFC 6901 pointer of the offending schema or keyword, e.g.
    /// `/components/schemas/Business/properties/rating/nullable`.
    public var pointer: String
    /// What is wrong and, where possible, what to write instead.
    public var reason: String

    public init(pointer: String, reason: String) {
        self.pointer = pointer
        self.reason = reason
    }

    /// `#/components/schemas/Business/nullable: unsupported keyword "nullable" (…)`.
    public var description: String { "#\(pointer): \(reason)" }
}
