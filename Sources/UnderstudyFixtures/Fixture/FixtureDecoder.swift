import Foundation
import UnderstudyJSON
import UnderstudySupport

/// Reads one fixture document into a `Fixture`, collecting every problem rather than
/// stopping at the first, each with its JSON path.
package struct FixtureDecoder: DocumentReading {
    /// The file relative to the fixtures root, e.g. `yelp/search.json`.
    package let file: String
    /// The fixtures root, absolute.
    package let root: String
    /// Every regular file below the root, relative to it: where body files are looked up.
    package let existingFiles: Set<String>
    package var problems: [FixtureProblem] = []

    package init(file: String, root: String, existingFiles: Set<String>) {
        self.file = file
        self.root = root
        self.existingFiles = existingFiles
    }

    /// Decodes `bytes`; on failure every problem found is returned.
    package mutating func decode(_ bytes: [UInt8]) -> Fixture? {
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            problems.append(FixtureProblem(file: file, position: (error.line, error.column), message: "invalid JSON: \(error.message)"))
            return nil
        }
        guard let members = object(document, at: .root) else { return nil }
        checkKeys(members, allowed: Self.documentKeys, at: .root)

        switch members["understudy"] {
        case nil:
            report(.root, "missing \"understudy\": the format version, \(Fixture.formatVersion)")
        case .number(let n) where n.intValue == Fixture.formatVersion:
            break
        case let other?:
            report(JSONPath.root.appending("understudy"), "unsupported format version \(JSONWriter.string(other)); this Understudy reads version \(Fixture.formatVersion)")
        }

        let folder = file.firstOfSeveralPieces(separatedBy: "/").map(String.init)
        var provider = folder
        if let declared = members["provider"] {
            if let name = string(declared, at: JSONPath.root.appending("provider")) {
                if let folder, folder != name {
                    report(JSONPath.root.appending("provider"), "provider \"\(name)\" does not match the folder \"\(folder)/\" the file is in")
                }
                provider = name
            }
        } else if folder == nil {
            report(.root, "a fixture outside a provider folder must name its \"provider\"")
        }

        let name = members["name"].flatMap { string($0, at: JSONPath.root.appending("name")) }
        var priority = 0
        if let value = members["priority"] {
            if let int = value.intValue { priority = int } else {
                report(JSONPath.root.appending("priority"), "expected an integer, found \(value.kindDescription)")
            }
        }

        let request: RequestPattern?
        if let value = members["request"] {
            request = decodeRequest(value, at: JSONPath.root.appending("request"))
        } else {
            report(.root, "missing \"request\": the conditions a request must meet")
            request = nil
        }

        var responses: [FixtureResponse] = []
        switch (members["response"], members["responses"]) {
        case (nil, nil):
            report(.root, "missing \"response\" (or \"responses\" for a sequence)")
        case (.some, .some):
            report(.root, "give either \"response\" or \"responses\", not both")
        case (let single?, nil):
            if let response = decodeResponse(single, at: JSONPath.root.appending("response")) { responses = [response] }
        case (nil, let sequence?):
            let path = JSONPath.root.appending("responses")
            if let elements = array(sequence, at: path) {
                if elements.isEmpty { report(path, "a sequence needs at least one response") }
                for (index, element) in elements.enumerated() {
                    if let response = decodeResponse(element, at: path.appending(index: index)) { responses.append(response) }
                }
            }
        }

        var tooEarlyWithin: Double?
        if let value = members["tooEarlyWithin"] {
            let path = JSONPath.root.appending("tooEarlyWithin")
            if case .number(let seconds) = value, seconds.value >= 0 {
                tooEarlyWithin = seconds.value
                if members["responses"] != nil && responses.count < 2 || members["response"] != nil {
                    report(path, "the first of \"responses\" answers a request made too early: give at least two, the next is the one a request on time gets")
                }
            } else {
                report(path, "expected the seconds (0 or more) within which a request is too early, found \(value.kindDescription)")
            }
        }

        let scenario = members["scenario"].flatMap { decodeScenario($0, at: JSONPath.root.appending("scenario")) }

        var recordedAt: Date?
        if let value = members["recordedAt"], let text = string(value, at: JSONPath.root.appending("recordedAt")) {
            recordedAt = ISO8601Time.date(from: text)
            if recordedAt == nil { report(JSONPath.root.appending("recordedAt"), "expected an ISO 8601 time such as 2027-01-01T00:00:00Z, found \"\(text)\"") }
        }

        guard problems.isEmpty, let request, let provider else { return nil }
        return Fixture(
            file: file, provider: provider, name: name, priority: priority, request: request, responses: responses, scenario: scenario,
            recordedAt: recordedAt, tooEarlyWithin: tooEarlyWithin)
    }

    package static let documentKeys: Set<String> = ["understudy", "provider", "name", "priority", "request", "response", "responses", "scenario", "recordedAt", "tooEarlyWithin"]
    package static let scenarioKeys: Set<String> = ["name", "requires", "moveTo"]
    package static let requestKeys: Set<String> = ["method", "path", "query", "headers", "body"]
    package static let responseKeys: Set<String> = [
        "status", "headers", "json", "text", "base64", "file", "fault", "template", "delay", "dribble",
    ]
}
