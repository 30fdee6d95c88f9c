import Foundation
import UnderstudyFixtures
import UnderstudyJSON
import UnderstudySupport

/// Who may use the admin API, checked before any endpoint: a web page must not be able to read
/// the journal or change the server's state.
///
/// - Without an admin token, only clients on this machine are answered, and only when `Host`
///   names the server itself (`localhost`, `127.0.0.1`, `[::1]`, or a name the transport
///   registered): a page whose name was rebound to 127.0.0.1 (DNS rebinding) sends its own name.
/// - A request that changes state must not come from another origin: an `Origin` header other
///   than the server's is refused, and so is a body that is not JSON (`text/plain` and form
///   bodies are what a cross-site form or a `no-cors` fetch can send without asking first).
/// - The admin token in `X-Understudy-Admin-Token` stands for all of it: a page on another
///   origin cannot send that header without the server's consent.
struct AdminGuard {
    let token: String?
    /// Host names (lower-case, without port) the server answers admin requests for.
    let ownHosts: Set<String>
    /// The origins of the server's own pages (`127.0.0.1:4010`; a host alone when it has no
    /// port); with none known (a responder no transport serves), the own host names stand.
    let ownOrigins: Set<String>

    /// The answer that refuses `request`, or `nil` when it may go on.
    func refusal(for request: Request) -> Response? {
        let tokenInHeader = token.map { token in request.headerValues(AdminAPI.tokenHeader).first.map { ConstantTime.equal($0, token) } ?? false } ?? false
        if let token {
            guard tokenInHeader || AdminAPI.carriesTokenInPageAddress(request, token: token) else {
                return Self.refuse(401, "the admin API needs the header \(AdminAPI.tokenHeader) with the server's admin token")
            }
        } else if !request.fromLoopback {
            return Self.refuse(403, "the admin API answers clients on the server's machine only; start the server with --admin-token to allow others")
        }
        if tokenInHeader { return nil }
        if token == nil, let host = request.headerValues("Host").first, !ownHosts.contains(Self.hostName(host)) {
            return Self.refuse(
                403, "the admin API answers requests addressed to this server (Host: localhost, 127.0.0.1 or [::1]), not to \(host.debugDescription); start the server with --admin-token to allow other names")
        }
        guard !["GET", "HEAD", "OPTIONS"].contains(request.method) else { return nil }
        if let origin = request.headerValues("Origin").first, !isOwn(origin: origin) {
            return Self.refuse(403, "the admin API refuses changes from another origin (Origin: \(origin.debugDescription))")
        }
        if let type = request.headerValues("Content-Type").first, !Self.isJSON(type) {
            return Self.refuse(415, "admin requests that change state take JSON: send Content-Type: application/json (or no body)")
        }
        return nil
    }

    /// Whether `origin` (`http://127.0.0.1:4010`) is one of the server's own: its host and
    /// port, since another server on this machine (another port) is another site.
    private func isOwn(origin: String) -> Bool {
        guard let url = URL(string: origin), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), let host = url.host else { return false }
        let name = Self.hostName(ofAddress: host)
        guard !ownOrigins.isEmpty else { return ownHosts.contains(name) }
        return ownOrigins.contains(url.port.map { "\(name):\($0)" } ?? name)
    }

    /// A host name or address as `Host` writes it, lower-cased: an IPv6 address in brackets
    /// (`::1` → `[::1]`), since in `Host` its colons would read as a port's.
    static func hostName(ofAddress address: String) -> String {
        (address.contains(":") && !address.hasPrefix("[") ? "[\(address)]" : address).lowercased()
    }

    /// `Host`'s name without its port, lower-cased (`[::1]:4010` → `[::1]`).
    static func hostName(_ host: String) -> String {
        let lowered = host.lowercased()
        if lowered.hasPrefix("["), let close = lowered.firstIndex(of: "]") { return String(lowered[...close]) }
        return String(lowered.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
    }

    private static func isJSON(_ contentType: String) -> Bool {
        contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() == "application/json" } ?? false
    }

    private static func refuse(_ status: Int, _ message: String) -> Response {
        .json(["understudy": ["error": .string(message)]], status: status)
    }
}
