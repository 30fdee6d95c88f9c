import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The Graph API calls a mobile login flow makes.
public struct GraphClient: Sendable {
    private let http: HTTP
    private let credentials: Credentials
    private let version: String

    /// A client for the Facebook origin of `configuration`, on its Graph version.
    public init(configuration: Configuration, session: URLSession = Configuration.makeSession()) {
        http = HTTP(provider: .facebook, baseURL: configuration.baseURL(for: .facebook), session: session)
        credentials = configuration.credentials
        version = configuration.graphVersion
    }

    private func path(_ path: String) -> String { "/\(version)\(path)" }

    /// Exchanges the login dialog's `code` for a user token; `redirectURI` must be the dialog's.
    public func exchange(code: String, redirectURI: String) async throws(RestaurantError) -> Graph.AccessToken {
        try await http.json(Graph.AccessToken.self, path("/oauth/access_token"), query: [
            URLQueryItem(name: "client_id", value: credentials.facebookAppID),
            URLQueryItem(name: "redirect_uri", value: redirectURI),
            URLQueryItem(name: "client_secret", value: credentials.facebookAppSecret),
            URLQueryItem(name: "code", value: code),
        ])
    }

    /// Exchanges a short-lived user token for a long-lived one (about 60 days).
    public func longLivedToken(for shortLivedToken: String) async throws(RestaurantError) -> Graph.AccessToken {
        try await http.json(Graph.AccessToken.self, path("/oauth/access_token"), query: [
            URLQueryItem(name: "grant_type", value: "fb_exchange_token"),
            URLQueryItem(name: "client_id", value: credentials.facebookAppID),
            URLQueryItem(name: "client_secret", value: credentials.facebookAppSecret),
            URLQueryItem(name: "fb_exchange_token", value: shortLivedToken),
        ])
    }

    /// What Facebook knows about `token`, asked with the app token.
    public func debugToken(_ token: String) async throws(RestaurantError) -> Graph.DebugToken {
        try await http.json(Graph.DebugToken.self, path("/debug_token"), query: [
            URLQueryItem(name: "input_token", value: token),
            URLQueryItem(name: "access_token", value: credentials.facebookAppToken),
        ])
    }

    /// The user `token` belongs to.
    public func me(token: String) async throws(RestaurantError) -> Graph.User {
        try await http.json(Graph.User.self, path("/me"), query: [
            URLQueryItem(name: "fields", value: "id,name,email,picture"),
            URLQueryItem(name: "access_token", value: token),
        ])
    }

    /// Removes the app from the account of the user `token` belongs to (`DELETE /me/permissions`):
    /// every token of that user stops working, and the next login asks for the permissions again.
    public func revokeApp(token: String) async throws(RestaurantError) {
        let answer = try await http.json(Graph.Deleted.self, path("/me/permissions"), method: "DELETE", query: [URLQueryItem(name: "access_token", value: token)])
        guard answer.success else { throw .provider(ProviderError(provider: .facebook, status: 200, code: "not_revoked", message: "Graph did not revoke the app")) }
    }

    /// Takes back one permission (`DELETE /me/permissions/{permission}`): it is listed as
    /// `declined`, and what it guarded (`email`) leaves the user's profile.
    public func revoke(permission: String, token: String) async throws(RestaurantError) {
        let answer = try await http.json(
            Graph.Deleted.self, path("/me/permissions/\(permission)"), method: "DELETE", query: [URLQueryItem(name: "access_token", value: token)])
        guard answer.success else { throw .provider(ProviderError(provider: .facebook, status: 200, code: "not_revoked", message: "Graph did not revoke \(permission)")) }
    }

    /// The permissions the user granted or declined.
    public func permissions(token: String) async throws(RestaurantError) -> [Graph.Permissions.Permission] {
        try await http.json(Graph.Permissions.self, path("/me/permissions"), query: [URLQueryItem(name: "access_token", value: token)]).data
    }
}
