import Foundation
import Testing
import UnderstudyTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A stand-in for the web view or `ASWebAuthenticationSession` a login dialog opens in: it
/// loads the dialog from the test's Understudy (live or in process), presses one of the
/// consent page's buttons by following its link, and returns the URL the dialog sends the
/// browser back to, without loading it (the app's redirect URI is not a web page).
struct DialogBrowser {
    enum Button: String { case `continue`, cancel }

    private let session: URLSession

    init(_ server: TestServer) {
        session = URLSession(configuration: server.configuration, delegate: RedirectRefusal(), delegateQueue: nil)
    }

    /// Opens `url`; when the dialog shows its page, presses `button`. Returns the callback URL.
    func callback(opening url: URL, pressing button: Button) async throws -> URL {
        defer { session.finishTasksAndInvalidate() }
        let (page, response) = try await session.data(from: url)
        let head = try #require(response as? HTTPURLResponse)
        if head.statusCode == 302 { return try location(of: head) }
        #expect(head.statusCode == 200, "the dialog answered \(head.statusCode): \(String(decoding: page, as: UTF8.self))")
        let html = String(decoding: page, as: UTF8.self)
        let marker = "id=\"\(button.rawValue)\" href=\""
        let start = try #require(html.range(of: marker), "the page has no \(button) button").upperBound
        let end = try #require(html[start...].firstIndex(of: "\""))
        let href = html[start..<end].replacingOccurrences(of: "&amp;", with: "&")
        let target = try #require(URL(string: href, relativeTo: url)?.absoluteURL)
        let (_, pressed) = try await session.data(from: target)
        let redirect = try #require(pressed as? HTTPURLResponse)
        #expect(redirect.statusCode == 302)
        return try location(of: redirect)
    }

    private func location(of response: HTTPURLResponse) throws -> URL {
        try #require(response.value(forHTTPHeaderField: "Location").flatMap(URL.init(string:)), "a redirect without a Location")
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
