import Foundation
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport

/// The placeholders a recording handed out, and the real values behind them, in memory only.
///
/// A client recording a login flow receives a scrubbed token (`FAKE-understudy-access_token-…`)
/// and sends it back on its next request; the upstream only knows the real one. The ledger puts
/// real values back into requests on their way upstream, so a flow records end to end while the
/// client, and the disk, only ever see placeholders.
///
/// A placeholder is restored only where a credential goes: as the whole value of a secret query
/// parameter, secret header (or the token after its scheme, `Bearer <placeholder>`), secret form
/// field or secret JSON member. Anywhere else (the path, `fields=`, a free-text body) it is sent
/// as it is: a restored value there would be echoed to the client and written into a fixture or
/// a file name, while a restored value in a credential position is itself scrubbed on the way back.
final class SecretLedger: Sendable {
    private let realByPlaceholder = Locked([String: String]())

    /// Remembers what `placeholder` stands for.
    func learn(_ placeholder: String, standsFor value: String) {
        guard placeholder != value else { return }
        realByPlaceholder.withLock { $0[placeholder] = value }
    }

    /// `request` with every known placeholder in a credential position (by `rules`) replaced by
    /// the real value; the same request when there is nothing to replace.
    func restore(_ request: Request, rules: Scrubbing) -> Request {
        let known = realByPlaceholder.withLock { $0 }
        guard !known.isEmpty else { return request }
        var changed = false
        let target = restoredTarget(request.target, known: known, rules: rules, changed: &changed)
        let headers = request.headers.map { field -> HeaderField in
            guard rules.isSecretHeader(field.name), let value = Self.restoredHeaderValue(field.value, known: known) else { return field }
            changed = true
            return HeaderField(name: field.name, value: value)
        }
        let body = restoredBody(request, known: known, rules: rules, changed: &changed)
        guard changed else { return request }
        return Request(method: request.method, target: target, headers: headers, body: body, fromLoopback: request.fromLoopback)
    }

    /// The target with placeholders restored in the values of secret query parameters only.
    private func restoredTarget(_ target: String, known: [String: String], rules: Scrubbing, changed: inout Bool) -> String {
        guard let question = target.firstIndex(of: "?") else { return target }
        let query = String(target[target.index(after: question)...])
        let restored = Self.restoredForm(query, known: known, rules: rules)
        guard restored != query else { return target }
        changed = true
        return target[...question] + restored
    }

    /// `name=value&…` with the values of secret names restored when they are whole placeholders.
    static func restoredForm(_ form: String, known: [String: String], rules: Scrubbing) -> String {
        form.split(separator: "&", omittingEmptySubsequences: false).map { part -> String in
            guard let equals = part.firstIndex(of: "=") else { return String(part) }
            let name = PercentDecoding.decode(part[..<equals], plusAsSpace: true)
            let value = PercentDecoding.decode(part[part.index(after: equals)...], plusAsSpace: true)
            guard rules.isSecretParameter(name), let real = known[value] else { return String(part) }
            return part[...equals] + (real.addingPercentEncoding(withAllowedCharacters: formValueAllowed) ?? real)
        }.joined(separator: "&")
    }

    /// Unreserved characters (RFC 3986): what a form value may hold unencoded.
    private static let formValueAllowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// A credential header's value restored: the whole value, or the token after a scheme.
    private static func restoredHeaderValue(_ value: String, known: [String: String]) -> String? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if let real = known[trimmed] { return real }
        guard let space = trimmed.lastIndex(of: " "), let real = known[String(trimmed[trimmed.index(after: space)...])] else { return nil }
        return trimmed[...space] + real
    }

    /// The body with placeholders restored in secret form fields or secret JSON members; other
    /// bodies as they are.
    private func restoredBody(_ request: Request, known: [String: String], rules: Scrubbing, changed: inout Bool) -> [UInt8] {
        let body = request.body
        guard !body.isEmpty else { return body }
        let contentType = request.headerValues("Content-Type").first?.lowercased() ?? ""
        if contentType.hasPrefix("application/x-www-form-urlencoded") {
            let form = String(decoding: body, as: UTF8.self)
            let restored = Self.restoredForm(form, known: known, rules: rules)
            guard restored != form else { return body }
            changed = true
            return Array(restored.utf8)
        }
        guard let json = try? JSONParser.parse(body) else { return body }
        var replaced = false
        let restored = Self.restoredJSON(json, known: known, rules: rules, replaced: &replaced)
        guard replaced else { return body }
        changed = true
        return JSONWriter.bytes(restored)
    }

    private static func restoredJSON(_ value: JSONValue, known: [String: String], rules: Scrubbing, replaced: inout Bool) -> JSONValue {
        switch value {
        case .object(let members):
            var result: [String: JSONValue] = [:]
            for (name, member) in members {
                if rules.isSecretMember(name), case .string(let text) = member, let real = known[text] {
                    result[name] = .string(real)
                    replaced = true
                } else {
                    result[name] = restoredJSON(member, known: known, rules: rules, replaced: &replaced)
                }
            }
            return .object(result)
        case .array(let elements):
            return .array(elements.map { restoredJSON($0, known: known, rules: rules, replaced: &replaced) })
        default:
            return value
        }
    }
}
