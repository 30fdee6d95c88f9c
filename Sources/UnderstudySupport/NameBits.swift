/// A 64-bit summary of a set of names (one bit per name, by a hash of its bytes): if a name's
/// bit is missing from a summary, the set lacks the name. Used for a request's query parameter
/// names (`FixtureIndex`) and a schema object's keywords (`SchemaMembers`).
package enum NameBits {
    package static func of(_ name: String) -> UInt64 {
        1 << (StableHash.fnv1a64(name.utf8) & 63)
    }
}
