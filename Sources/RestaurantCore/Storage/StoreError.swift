import Foundation

/// A problem with a file the core keeps (favorites, the login token).
public enum StoreError: Error, Sendable, Hashable {
    /// The file could not be read as a store; it was renamed to `setAsideAt` so nothing is
    /// lost, and the store starts empty.
    case corrupt(file: URL, setAsideAt: URL, reason: String)
    /// The file could not be written; the previous version is intact.
    case writeFailed(file: URL, reason: String)
    /// The file exists but could not be read, nor set aside.
    case unreadable(file: URL, reason: String)
}
