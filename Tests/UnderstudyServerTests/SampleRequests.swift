import Foundation
import UnderstudyCore
import UnderstudyTooling
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport
import UnderstudyServer

/// Requests that a fixture tree answers, made from its fixtures' conditions: the round trip
/// sends them through the recorder and compares the replays.
///
/// Each fixture gives up to two requests: one whose credentials (whatever a condition only
/// asks to be present, or to match `^Bearer .+`) are the distinct secret values of `secrets`,
/// and one with the canonical fake credentials. Fixtures whose conditions cannot be met
/// literally (an unknown pattern) give none.
enum SampleRequests {
    /// A stand-in for a real credential, per name.
    typealias Credentials = [String: String]

    static func make(from fixtures: [Fixture], secrets: Credentials, fakes: Credentials) -> [UpstreamRequest] {
        var seen: Set<String> = []
        var requests: [UpstreamRequest] = []
        for fixture in fixtures.sorted(by: { $0.file < $1.file }) {
            for credentials in [secrets, fakes] {
                guard let request = request(for: fixture, credentials: credentials) else { continue }
                let identity = request.method + " " + request.url + " " + request.headers.map { "\($0.name):\($0.value)" }.joined(separator: ",")
                if seen.insert(identity).inserted { requests.append(request) }
            }
        }
        return requests
    }

    private static func request(for fixture: Fixture, credentials: Credentials) -> UpstreamRequest? {
        let pattern = fixture.request
        let path = RequestPathText.fill(pattern.path.text)
        var query: [(String, String)] = []
        for (name, condition) in pattern.query.sorted(by: { $0.key < $1.key }) {
            guard let values = values(for: condition, name: name, credentials: credentials) else { return nil }
            query += values.map { (name, $0) }
        }
        var headers: [HeaderField] = []
        for (name, condition) in pattern.headers.sorted(by: { $0.key < $1.key }) {
            guard let values = values(for: condition, name: name, credentials: credentials) else { return nil }
            headers += values.map { HeaderField(name: name, value: $0) }
        }
        let encoded = query.map { "\(encode($0.0))=\(encode($0.1))" }.joined(separator: "&")
        // A JSON body condition is met by sending what it names (a subset by itself).
        var body: [UInt8] = []
        switch pattern.body {
        case .json(let json)?, .jsonSubset(let json)?:
            body = JSONWriter.bytes(json)
            if !headers.contains(where: { $0.hasName("Content-Type") }) { headers.append(HeaderField(name: "Content-Type", value: "application/json")) }
        case .text(let text)?:
            body = Array(text.utf8)
        case nil:
            break
        }
        return UpstreamRequest(method: pattern.method, url: path + (encoded.isEmpty ? "" : "?" + encoded), headers: headers, body: body)
    }

    /// Values that satisfy `condition`, or `nil` when none can be made up.
    private static func values(for condition: ValueCondition, name: String, credentials: Credentials) -> [String]? {
        switch condition {
        case .equals(let value): return [value]
        case .equalsAll(let values): return values
        case .absent: return []
        case .present: return [credentials[name] ?? "roundtrip-\(name)"]
        case .matches(let pattern) where pattern.source == "^[0-9]+$": return ["400"]
        case .matches(let pattern) where pattern.source == "^Bearer .+": return ["Bearer " + (credentials[name] ?? "roundtrip")]
        case .matches: return nil
        case .withinMask(let mask): return [mask.description]
        }
    }

    private static func encode(_ text: String) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+?#")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}

/// Template paths with their placeholders filled.
enum RequestPathText {
    static func fill(_ template: String) -> String {
        template.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            segment.hasPrefix("{") && segment.hasSuffix("}") ? "Understudy-roundtrip-\(segment.dropFirst().dropLast())" : String(segment)
        }.joined(separator: "/")
    }
}
