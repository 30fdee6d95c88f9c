import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport
/// A fixture file as its author wrote it, read again so findings can name JSON paths the way
/// the file spells them: a header's case, the member a body is given in, `response` or
/// `responses[i]`. The loaded `Fixture` keeps none of that.
package struct FixtureDocument {
    package let root: JSONValue

    /// Reads `file` below `fixturesRoot`; an unreadable file gives an empty document, so paths
    /// fall back to the format's own spellings.
    package init(file: String, fixturesRoot: String) {
        root = (try? FileBytes.read(fixturesRoot + "/" + file)).flatMap { try? JSONParser.parse($0) } ?? .null
    }

    /// `$.response`, or `$.responses[index]` for a sequence.
    package func answerPath(_ index: Int) -> JSONPath {
        root["responses"] != nil ? JSONPath.root.appending("responses").appending(index: index) : JSONPath.root.appending("response")
    }

    /// The answer's members as written.
    package func answer(_ index: Int) -> JSONValue? {
        root["responses"]?.arrayValue.flatMap { $0.indices.contains(index) ? $0[index] : nil } ?? root["response"]
    }

    /// Which member holds the answer's body: `json`, `text`, `base64` or `file`.
    package func bodyMember(_ index: Int) -> String? {
        ["json", "text", "base64", "file"].first { answer(index)?[$0] != nil }
    }

    /// The path of a query condition.
    package func queryPath(_ name: String) -> JSONPath {
        JSONPath.root.appending("request").appending("query").appending(name)
    }

    /// A header condition's name as the file spells it (`Authorization` for `authorization`).
    package func requestHeaderName(_ name: String) -> String {
        Self.key(name, in: root["request"]?["headers"]) ?? name
    }

    /// The path of a header condition.
    package func requestHeaderPath(_ name: String) -> JSONPath {
        JSONPath.root.appending("request").appending("headers").appending(requestHeaderName(name))
    }

    /// An answer's header as the file spells it; `nil` when the file does not write it.
    package func answerHeaderName(_ name: String, answer index: Int) -> String? {
        Self.key(name, in: answer(index)?["headers"])
    }

    /// `name` as `object` spells it, compared without case; `nil` when it is not there.
    private static func key(_ name: String, in object: JSONValue?) -> String? {
        object?.objectValue?.keys.first { $0.lowercased() == name.lowercased() }
    }
}

extension JSONPath {
    /// This path extended by an RFC 6901 `pointer` into `value`, which tells array indices
    /// from member names: `/businesses/0/rating` becomes `.businesses[0].rating`.
    package func appending(pointer: String, in value: JSONValue) -> JSONPath {
        guard !pointer.isEmpty else { return self }
        var path = self
        var current: JSONValue? = value
        for token in pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            let key = JSONPointer.unescape(token)
            if case .array(let elements)? = current, let index = Int(key) {
                path = path.appending(index: index)
                current = elements.indices.contains(index) ? elements[index] : nil
            } else {
                path = path.appending(key)
                current = current?[key]
            }
        }
        return path
    }
}
