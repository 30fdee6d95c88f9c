import Foundation

/// The placeholders a recording handed out, and the real values behind them, in memory only.
///
/// A client recording a login flow receives a scrubbed token (`FAKE-understudy-access_token-…`)
/// and sends it back on its next request; the upstream only knows the real one. The ledger puts
/// real values back into requests on their way upstream, so a flow records end to end while the
/// client, and the disk, only ever see placeholders.
final class SecretLedger: Sendable {
    private let realByPlaceholder = Locked([String: String]())

    /// Remembers what `placeholder` stands for.
    func learn(_ placeholder: String, standsFor value: String) {
        guard placeholder != value else { return }
        realByPlaceholder.withLock { $0[placeholder] = value }
    }

    /// `request` with every known placeholder (in its target, header values and body) replaced
    /// by the real value; the same request when there is nothing to replace.
    func restore(_ request: Request) -> Request {
        let known = realByPlaceholder.withLock { $0 }
        guard !known.isEmpty else { return request }
        // Placeholders are letters, digits and dashes: the same in a URL, a header or a body.
        var changed = false
        func replaced(_ text: String) -> String {
            var text = text
            for (placeholder, value) in known where text.contains(placeholder) {
                text = text.replacingOccurrences(of: placeholder, with: value)
                changed = true
            }
            return text
        }
        let target = replaced(request.target)
        let headers = request.headers.map { HeaderField(name: $0.name, value: replaced($0.value)) }
        var body = request.body
        for (placeholder, value) in known {
            let restored = BodyScrubber.replacingOccurrences(of: Array(placeholder.utf8), in: body, with: Array(value.utf8))
            if restored != body {
                body = restored
                changed = true
            }
        }
        guard changed else { return request }
        return Request(method: request.method, target: target, headers: headers, body: body, fromLoopback: request.fromLoopback)
    }
}
