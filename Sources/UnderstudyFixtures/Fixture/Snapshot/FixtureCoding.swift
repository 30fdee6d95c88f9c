import Foundation
import UnderstudyJSON
import UnderstudySupport

/// A decoded fixture in the snapshot's binary form, and back.
///
/// Only fixtures made of plain parts are written: exact, repeated, pattern, present and absent
/// conditions on the query and headers (a pattern by its source, compiled again when read);
/// static answers (no template, delay or dribble) with bytes or a body file. Any other
/// fixture is decoded from its file at every start, so this form never has to carry a
/// template or a condition on the body.
package enum FixtureCoding {
    /// The fixture's binary form, its strings put in `strings`; `nil` when it holds parts the
    /// snapshot does not carry.
    package static func encode(_ fixture: Fixture, root: String, strings: SnapshotStrings) -> [UInt8]? {
        let request = fixture.request
        guard request.body == nil, fixture.responses.allSatisfy({ $0.template == nil && $0.delay == nil && $0.dribble == nil })
        else { return nil }
        var writer = SnapshotWriter(strings: strings)
        writer.string(fixture.file)
        writer.string(fixture.provider)
        writer.optionalString(fixture.name)
        writer.int(fixture.priority)
        writer.string(request.method)
        writer.string(request.path.text)
        write(request.queryChecks, to: &writer)
        write(request.headerChecks, to: &writer)
        writer.int(fixture.responses.count)
        for response in fixture.responses {
            guard write(response, root: root, to: &writer) else { return nil }
        }
        writer.bool(fixture.scenario != nil)
        if let step = fixture.scenario {
            writer.string(step.name)
            writer.optionalString(step.requires)
            writer.optionalString(step.moveTo)
        }
        writer.optionalDouble(fixture.recordedAt?.timeIntervalSinceReferenceDate)
        writer.optionalDouble(fixture.tooEarlyWithin)
        return writer.bytes
    }

    /// Conditions in matching order, so reading need not sort them again.
    package static func write(_ checks: [ConditionCheck], to writer: inout SnapshotWriter) {
        writer.int(checks.count)
        for check in checks {
            writer.string(check.name)
            write(check.condition, to: &writer)
        }
    }

    private static func write(_ condition: ValueCondition, to writer: inout SnapshotWriter) {
        switch condition {
        case .equals(let value):
            writer.int(0)
            writer.string(value)
        case .equalsAll(let values):
            writer.int(1)
            writer.int(values.count)
            for value in values { writer.string(value) }
        case .present: writer.int(2)
        case .absent: writer.int(3)
        case .matches(let pattern):
            writer.int(4)
            writer.string(pattern.source)
        case .withinMask(let mask):
            writer.int(5)
            writer.string(mask.description)
        }
    }

    private static func write(_ response: FixtureResponse, root: String, to writer: inout SnapshotWriter) -> Bool {
        writer.int(response.status)
        writer.headers(response.headers)
        switch response.body {
        case .bytes(let bytes):
            writer.bool(false)
            writer.data(bytes)
        case .file(let file):
            // Body files are kept relative to the root: the snapshot is only read for this root.
            guard file.path.hasPrefix(root + "/") else { return false }
            writer.bool(true)
            writer.string(String(file.path.dropFirst(root.count + 1)))
        }
        writer.optionalString(response.fault?.rawValue)
        return true
    }

    /// The fixture `encode` wrote; the reader covers its record and holds the snapshot's strings.
    /// - Parameter paths: the paths parsed so far, by string: most fixtures share a few paths.
    package static func decode(_ reader: inout SnapshotReader, root: String, paths: inout [Int: PathPattern]) throws(SnapshotReader.Corrupt) -> Fixture {
        let file = try reader.string(), provider = try reader.string(), name = try reader.optionalString()
        let priority = try reader.int()
        let method = try reader.string()
        let path = try readPath(&reader, paths: &paths)
        let queryChecks = try readChecks(&reader), headerChecks = try readChecks(&reader)
        let responseCount = try reader.count()
        var responses: [FixtureResponse] = []
        responses.reserveCapacity(responseCount)
        for _ in 0..<responseCount { responses.append(try readResponse(&reader, root: root)) }
        let scenario = try reader.bool() ? ScenarioStep(name: try reader.string(), requires: try reader.optionalString(), moveTo: try reader.optionalString()) : nil
        let recordedAt = try reader.optionalDouble().map(Date.init(timeIntervalSinceReferenceDate:))
        let tooEarlyWithin = try reader.optionalDouble()
        let request = RequestPattern(method: method, path: path, queryChecks: queryChecks, headerChecks: headerChecks)
        return Fixture(
            file: file, provider: provider, name: name, priority: priority, request: request, responses: responses, scenario: scenario,
            recordedAt: recordedAt, tooEarlyWithin: tooEarlyWithin)
    }

    /// A path stored as a string, parsed once per string (`paths` keeps them by its index); a
    /// string that does not parse means the snapshot is not what this build wrote.
    package static func readPath(_ reader: inout SnapshotReader, paths: inout [Int: PathPattern]) throws(SnapshotReader.Corrupt) -> PathPattern {
        let index = try reader.stringIndex()
        if let parsed = paths[index] { return parsed }
        guard case .success(let parsed) = PathPattern.parse(reader.strings[index]) else { throw SnapshotReader.Corrupt() }
        paths[index] = parsed
        return parsed
    }

    /// Conditions in the matching order `write` wrote them in.
    package static func readChecks(_ reader: inout SnapshotReader) throws(SnapshotReader.Corrupt) -> [ConditionCheck] {
        let count = try reader.count()
        var checks: [ConditionCheck] = []
        checks.reserveCapacity(count)
        for _ in 0..<count { checks.append(ConditionCheck(name: try reader.string(), condition: try readCondition(&reader))) }
        return checks
    }

    private static func readCondition(_ reader: inout SnapshotReader) throws(SnapshotReader.Corrupt) -> ValueCondition {
        switch try reader.int() {
        case 0: return .equals(try reader.string())
        case 1:
            var values: [String] = []
            for _ in 0..<(try reader.count()) { values.append(try reader.string()) }
            return .equalsAll(values)
        case 2: return .present
        case 3: return .absent
        case 4:
            // Compiled once per source (`RegexPattern` shares them); a source that no longer
            // compiles means the snapshot is not what this build wrote.
            guard let pattern = try? RegexPattern(try reader.string()) else { throw SnapshotReader.Corrupt() }
            return .matches(pattern)
        case 5:
            guard let mask = FieldMask(try reader.string()) else { throw SnapshotReader.Corrupt() }
            return .withinMask(mask)
        default: throw SnapshotReader.Corrupt()
        }
    }

    private static func readResponse(_ reader: inout SnapshotReader, root: String) throws(SnapshotReader.Corrupt) -> FixtureResponse {
        let status = try reader.int()
        let headers = try reader.headers()
        let body: ResponseBody = try reader.bool() ? .file(BodyFile(path: String(joiningPath: root, try reader.string()))) : .bytes(Array(try reader.data()))
        var fault: Fault?
        if let name = try reader.optionalString() {
            guard let known = Fault(rawValue: name) else { throw SnapshotReader.Corrupt() }
            fault = known
        }
        return FixtureResponse(status: status, headers: headers, body: body, fault: fault, template: nil, delay: nil, dribble: nil)
    }
}
