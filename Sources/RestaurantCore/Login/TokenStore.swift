import Foundation

/// A Facebook access token as the app keeps it.
public struct StoredToken: Codable, Sendable, Hashable {
    /// The token sent to Graph as `access_token`.
    public var accessToken: String
    /// When Facebook said it expires, if it did.
    public var expiresAt: Date?

    /// A token.
    public init(accessToken: String, expiresAt: Date? = nil) {
        self.accessToken = accessToken
        self.expiresAt = expiresAt
    }
}

/// The login token, kept in a file written atomically. (An app would use the keychain; the
/// file keeps the core testable on Linux.)
public actor TokenStore {
    private let store: JSONFileStore<StoredToken>
    /// The stored token.
    public private(set) var token: StoredToken?
    /// What went wrong reading the file, if anything (a corrupt file is set aside).
    public let loadProblem: StoreError?

    /// The token kept in `file`.
    public init(file: URL) {
        store = JSONFileStore(file: file)
        (token, loadProblem) = store.load()
    }

    /// Keeps `token`, replacing any other.
    public func save(_ token: StoredToken) throws(StoreError) {
        try store.save(token)
        self.token = token
    }

    /// Forgets the token.
    public func clear() throws(StoreError) {
        try store.remove()
        token = nil
    }
}
