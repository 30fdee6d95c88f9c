import UnderstudyJSON
import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport
/// What an import wrote and what it left out.
package struct HARImportSummary: Sendable {
    /// Fixtures written (one per imported entry; a body file beside a fixture is not counted).
    public let written: Int
    /// Entries not imported, in archive order, each with the reason.
    public let skipped: [HARSkippedEntry]
    /// Fixtures written per provider (`yelp`, `google`, `facebook`, `feed`).
    public let byProvider: [String: Int]
}

/// An archive entry that was not turned into a fixture.
package struct HARSkippedEntry: Sendable, Hashable, CustomStringConvertible {
    /// The entry's position in `log.entries`, from 0, as in the JSON path `$.log.entries[index]`.
    public let index: Int
    /// The request URL with the value of every secret query parameter replaced by `REDACTED`.
    public let url: String
    /// Why it was skipped, e.g. `host www.google-analytics.com is not a known provider` or
    /// `duplicate of entry 3`.
    public let reason: String

    public var description: String { "entry \(index) (\(url)): \(reason)" }
}

/// An archive that could not be imported, located precisely: the file, and where in it
/// (line and column for a syntax error, a JSON path like `$.log.entries[3].response.status`
/// for a missing or malformed member), or the output file that could not be written.
package struct HARImportError: Error, Sendable, CustomStringConvertible {
    /// The archive, or the output file or folder that could not be written.
    public let file: String
    /// Where in the archive, for a problem with a value.
    public let path: JSONPath?
    /// 1-based line, for a syntax error.
    public let line: Int?
    /// 1-based column (in bytes), for a syntax error.
    public let column: Int?
    /// What is wrong.
    public let message: String

    init(file: String, path: JSONPath? = nil, line: Int? = nil, column: Int? = nil, message: String) {
        self.file = file
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        var location = file
        if let line, let column { location += ":\(line):\(column)" }
        if let path { location += " \(path)" }
        return "\(location): \(message)"
    }
}
