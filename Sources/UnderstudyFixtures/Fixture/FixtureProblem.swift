import UnderstudyJSON
import UnderstudySupport
/// Something wrong with a fixture or contract file, located precisely enough to fix without searching.
public struct FixtureProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file, relative to the fixtures (or contracts) root.
    public let file: String
    /// Where in the document, for a problem with a value; `nil` for the file as a whole.
    package let path: JSONPath?
    /// Line and column, for syntax errors.
    public let position: (line: Int, column: Int)?
    /// What is wrong and, where possible, what would be right.
    public let message: String

    package init(file: String, path: JSONPath? = nil, position: (line: Int, column: Int)? = nil, message: String) {
        self.file = file
        self.path = path
        self.position = position
        self.message = message
    }

    public var description: String {
        var location = file
        if let position { location += ":\(position.line):\(position.column)" }
        if let path { location += " \(path)" }
        return "\(location): \(message)"
    }

    public static func == (lhs: FixtureProblem, rhs: FixtureProblem) -> Bool { lhs.description == rhs.description }
    public func hash(into hasher: inout Hasher) { hasher.combine(description) }
}

/// Loading a fixtures tree (or a contracts folder) failed: every problem found, sorted by file.
public struct FixtureLoadError: Error, Sendable, CustomStringConvertible {
    /// The problems, in file order.
    public let problems: [FixtureProblem]
    /// What the files are, for the summary line: `fixture` or `contract`.
    public var kind = "fixture"

    package init(problems: [FixtureProblem], kind: String = "fixture") {
        self.problems = problems
        self.kind = kind
    }

    public var description: String {
        let files = Set(problems.map(\.file)).count
        let header = "\(problems.count) problem\(problems.count == 1 ? "" : "s") in \(files) \(kind) file\(files == 1 ? "" : "s"):"
        return ([header] + problems.map { "  " + $0.description }).joined(separator: "\n")
    }
}
