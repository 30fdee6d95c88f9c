import Foundation
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport

extension Redaction {
    /// How much of a request body a miss report shows.
    package static let bodyPreviewLength = 200

    /// A request body as a miss report may show it: redacted by the same rules as a query and
    /// headers, then cut to `bodyPreviewLength` bytes. Form fields and multipart fields with a
    /// secret name, and secret JSON members, are `REDACTED`; a body that cannot be read field by
    /// field (plain text, JSON with a duplicate member) but mentions a credential is not shown.
    package static func body(of request: Request) -> String {
        body(request.body, contentType: request.headerValues("Content-Type").first ?? "", previewLength: bodyPreviewLength)
    }

    /// `body`, sent with `contentType`, redacted as `body(of:)` says and cut to `previewLength` bytes.
    package static func body(_ body: [UInt8], contentType: String, previewLength: Int) -> String {
        guard !body.isEmpty else { return "(empty)" }
        let shown: String
        if contentType.lowercased().hasPrefix("application/x-www-form-urlencoded") {
            shown = form(Substring(decoding: body, as: UTF8.self))
        } else if contentType.lowercased().hasPrefix("multipart/form-data"), let fields = MultipartFields.parse(body, contentType: contentType) {
            shown = fields.map { field in
                "\(field.name)=\(isSecretParameter(field.name) || secretMembers.contains(field.name.lowercased()) ? placeholder : field.value)"
            }.joined(separator: "; ")
        } else if let json = try? JSONParser.parse(body) {
            shown = JSONWriter.string(redactedMembers(json))
        } else if let text = String(bytes: body, encoding: .utf8), CredentialShapes.mentioned(in: text, names: secretParameters.union(secretMembers).union(secretHeaders)) == nil {
            shown = text
        } else {
            return "(\(body.count) bytes that may hold a credential: not shown)"
        }
        // Values of a credential's shape go too, whatever their name, before the cut.
        let redacted = shapesRedacted(shown)
        let utf8 = redacted.utf8
        return utf8.count <= previewLength ? redacted : String(decoding: utf8.prefix(previewLength), as: UTF8.self)
    }

    /// `value` with the string values of secret members replaced by the placeholder.
    private static func redactedMembers(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let members):
            var result: [String: JSONValue] = [:]
            for (name, member) in members {
                let secret = isSecretParameter(name) || Redaction.secretMembers.contains(name.lowercased())
                result[name] = secret && member.stringValue != nil ? .string(placeholder) : redactedMembers(member)
            }
            return .object(result)
        case .array(let elements):
            return .array(elements.map(redactedMembers))
        default:
            return value
        }
    }
}
