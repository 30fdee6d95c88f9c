import Foundation

/// What a response's `Cache-Control` allows.
struct CachePolicy: Sendable, Hashable {
    /// Keep nothing: not in memory, not on disk.
    var noStore = false
    /// Revalidate before every use.
    var noCache = false
    /// Seconds the response stays fresh.
    var maxAge: Int?

    /// Reads a `Cache-Control` value (`public, max-age=86400`); unknown directives are ignored.
    init(header: String?) {
        for directive in (header ?? "").split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            switch parts.first {
            case "no-store": noStore = true
            case "no-cache": noCache = true
            case "max-age": maxAge = parts.count == 2 ? Int(parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))) : nil
            default: break
            }
        }
    }

    /// Until when a response received at `date` may be used without asking the server.
    func freshUntil(receivedAt date: Date) -> Date {
        guard !noCache, let maxAge else { return date }
        return date.addingTimeInterval(TimeInterval(maxAge))
    }
}
