import UnderstudySupport
/// Fields replaced by name: what `Response.headers` lists for an answer with replacements,
/// and the test the transport applies while writing one without building that list.
package enum HeaderReplacement {
    /// `own`'s fields not named in `replacements`, then `replacements`.
    package static func merged(_ own: [HeaderField], _ replacements: [HeaderField]) -> [HeaderField] {
        // One list of the right size: `own` (shared with a fixture) would be copied to remove
        // the fields, then grown to append them.
        var headers: [HeaderField] = []
        headers.reserveCapacity(own.count + replacements.count)
        for index in own.indices where !names(replacements, include: own[index].name) { headers.append(own[index]) }
        headers += replacements
        return headers
    }

    /// Whether a field of `fields` is named `name`, in any ASCII case; a loop, not
    /// `contains(where:)`, whose closure retained and released each header it was asked
    /// about. The name alone is compared (not `fields[index].hasName`, which copied each field).
    package static func names(_ fields: [HeaderField], include name: String) -> Bool {
        for index in fields.indices where ASCIIFold.equal(fields[index].name, name) { return true }
        return false
    }
}
