import Foundation
import UnderstudyFixtures

/// The answers an authorization dialog gives itself: its consent page, and the redirects back
/// to the app's redirect URI.
package enum DialogAnswers {
    /// The consent page: "Continue as `user`" and "Cancel", each a link to the decision step
    /// (`decisionPath`, relative to the page) carrying `carried` on, plus the decision parameter.
    package static func page(
        title: String, user: String, decisionPath: String, carried: [(name: String, value: String)], decision: PackBehaviours.AuthorizationDialog.Decision
    ) -> Response {
        func link(_ choice: String) -> String {
            html(decisionPath + "?" + query(carried + [(decision.parameter, choice)]))
        }
        let page = """
            <!DOCTYPE html>
            <html lang="en">
            <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>\(html(title))</title></head>
            <body>
            <main>
            <h1>\(html(title))</h1>
            <p>You are logged in as <strong id="user">\(html(user))</strong>.</p>
            <p><a id="continue" href="\(link(decision.accept))">Continue as \(html(user))</a></p>
            <p><a id="cancel" href="\(link(decision.cancel))">Cancel</a></p>
            </main>
            </body>
            </html>

            """
        return Response(status: 200, headers: [HeaderField(name: "Content-Type", value: "text/html; charset=utf-8"), HeaderField(name: "Cache-Control", value: "no-store")], body: Array(page.utf8))
    }

    /// A 302 to `redirectURI` with `members` added to its query, or (`inFragment`) as its
    /// fragment, as an implicit grant sends tokens: a fragment never reaches a server.
    package static func redirect(to redirectURI: String, adding members: [(name: String, value: String)], inFragment: Bool = false) -> Response {
        let separator = inFragment ? "#" : redirectURI.contains("?") ? (redirectURI.hasSuffix("?") || redirectURI.hasSuffix("&") ? "" : "&") : "?"
        let location = redirectURI + separator + query(members)
        return Response(status: 302, headers: [HeaderField(name: "Location", value: location), HeaderField(name: "Cache-Control", value: "no-store")], body: [])
    }

    /// Whether `uri` can be sent back to as it is: an absolute URI (a scheme, then printable
    /// ASCII without spaces) with no fragment, so the redirect's `Location` is that text with
    /// query members added.
    package static func isRedirectable(_ uri: String) -> Bool {
        let bytes = Array(uri.utf8)
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0, isLetter(bytes[0]), colon < bytes.count - 1 else { return false }
        for byte in bytes[1..<colon] where !(isLetter(byte) || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")) {
            return false
        }
        return bytes.allSatisfy { (0x21...0x7E).contains($0) && $0 != UInt8(ascii: "#") }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// `name=value` pairs joined with `&`, every byte outside RFC 3986's unreserved set
    /// percent-encoded (a space is `%20`, which every parser reads as a space).
    package static func query(_ members: [(name: String, value: String)]) -> String {
        members.map { encode($0.name) + "=" + encode($0.value) }.joined(separator: "&")
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    private static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    /// `text` safe inside an HTML element or a quoted attribute.
    package static func html(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
