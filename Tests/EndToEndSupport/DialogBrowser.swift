import Foundation
import UnderstudyTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A stand-in for the web view or `ASWebAuthenticationSession` a login dialog opens in, for
/// Swift Testing and XCTest alike: it loads the dialog from the test's Understudy (live or in
/// process), presses one of the consent page's buttons by following its link, and returns the
/// URL the dialog sends the browser back to, without loading it (the app's redirect URI is not
/// a web page).
public struct DialogBrowser {
    /// A button of the consent page.
    public enum Button: String, Sendable { case `continue`, cancel }

    /// What went wrong, said plainly (a missing button, an unexpected status, no `Location`).
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    private let session: URLSession

    public init(_ server: TestServer) {
        session = URLSession(configuration: server.configuration, delegate: RedirectRefusal(), delegateQueue: nil)
    }

    /// Opens `url`; when the dialog shows its page, presses `button`. Returns the callback URL.
    public func callback(opening url: URL, pressing button: Button) async throws -> URL {
        defer { session.finishTasksAndInvalidate() }
        let (page, response) = try await session.data(from: url)
        guard let head = response as? HTTPURLResponse else { throw Failure(description: "the dialog's answer is not HTTP") }
        if head.statusCode == 302 { return try location(of: head) }
        let html = String(decoding: page, as: UTF8.self)
        guard head.statusCode == 200 else { throw Failure(description: "the dialog answered \(head.statusCode): \(html)") }
        let marker = "id=\"\(button.rawValue)\" href=\""
        guard let start = html.range(of: marker)?.upperBound, let end = html[start...].firstIndex(of: "\"") else {
            throw Failure(description: "the page has no \(button) button")
        }
        let href = html[start..<end].replacingOccurrences(of: "&amp;", with: "&")
        guard let target = URL(string: href, relativeTo: url)?.absoluteURL else { throw Failure(description: "the \(button) link is not a URL: \(href)") }
        let (_, pressed) = try await session.data(from: target)
        guard let redirect = pressed as? HTTPURLResponse, redirect.statusCode == 302 else {
            throw Failure(description: "pressing \(button) did not redirect: \((pressed as? HTTPURLResponse)?.statusCode ?? 0)")
        }
        return try location(of: redirect)
    }

    private func location(of response: HTTPURLResponse) throws -> URL {
        guard let location = response.value(forHTTPHeaderField: "Location").flatMap(URL.init(string:)) else {
            throw Failure(description: "a redirect without a Location")
        }
        return location
    }
}

/// A session delegate that hands a redirect to the caller instead of following it.
final class RedirectRefusal: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
