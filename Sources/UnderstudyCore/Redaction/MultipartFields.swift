import Foundation
import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport

/// The fields of a `multipart/form-data` body (RFC 7578): each part's `name` and its content,
/// read as UTF-8. Enough to find credentials in a body; file parts are read like the others.
package enum MultipartFields {
    /// The fields, in order; `nil` when the media type has no boundary or the body does not
    /// follow it (then nothing in it can be told apart).
    package static func parse(_ body: [UInt8], contentType: String) -> [(name: String, value: String)]? {
        guard let boundary = boundary(of: contentType) else { return nil }
        // Line ends as "\n" only: a Swift Character holds "\r\n" whole, which would make "\r\n"
        // and "\n" different separators.
        let text = String(decoding: body, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        let delimiter = "--" + boundary
        var parts = text.components(separatedBy: delimiter)
        guard parts.count >= 3, parts.last?.hasPrefix("--") == true else { return nil }
        parts.removeFirst()  // the preamble
        parts.removeLast()  // the epilogue after the closing delimiter
        var fields: [(String, String)] = []
        for part in parts {
            var part = Substring(part)
            if part.hasPrefix("\n") { part = part.dropFirst() }
            guard let split = part.range(of: "\n\n") else { return nil }
            let head = part[..<split.lowerBound]
            var value = part[split.upperBound...]
            if value.hasSuffix("\n") { value = value.dropLast() }
            fields.append((name(in: head) ?? "", String(value)))
        }
        return fields
    }

    /// The `boundary` parameter of a `multipart/…` media type, unquoted.
    static func boundary(of contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else { continue }
            let value = pair[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            return value.isEmpty ? nil : value
        }
        return nil
    }

    /// The `name` of a part's `Content-Disposition: form-data; name="…"` header.
    private static func name(in head: Substring) -> String? {
        for line in head.split(separator: "\n") where line.lowercased().hasPrefix("content-disposition:") {
            for parameter in line.split(separator: ";").dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1)
                if pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "name" {
                    return pair[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                }
            }
        }
        return nil
    }
}
