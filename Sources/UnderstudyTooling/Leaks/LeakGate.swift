import Foundation
import UnderstudyCore
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport

/// A value in a fixture tree that looks like a credential. It never holds the value itself.
package struct LeakFinding: Sendable, Hashable, CustomStringConvertible {
    /// The file, relative to the tree's root.
    public let file: String
    /// Where in it: a JSON path (`$.request.headers.authorization`), `line N` in a text file,
    /// `byte N` in a binary one.
    public let location: String
    /// What it looks like, e.g. `Google API key`.
    public let kind: String
    /// A masked prefix and the length, e.g. `AIza… (39 characters)`.
    public let masked: String

    public var description: String { "\(file) \(location): \(kind) (\(masked))" }

    /// The first few characters of `value` (at most a quarter of it) and its length.
    static func mask(_ value: String) -> String {
        "\(value.prefix(min(4, value.count / 4)))… (\(value.count) characters)"
    }
}

/// The leak gate: reads every file of a fixture tree, hidden ones included, and reports
/// whatever looks like a credential (see `CredentialShapes`). JSON files are walked value by
/// value, so a random-looking value is judged by the name it sits under and reported by its
/// JSON path; other files are searched as text.
package enum LeakGate {
    /// What a scan found.
    public struct Scan: Sendable {
        /// Files read.
        public let files: Int
        /// Findings by file and location.
        public let findings: [LeakFinding]
    }

    /// Scans the tree at `root` (all cores; files larger than 64 MB are reported, not read).
    public static func scan(root: String) -> Scan {
        let files = DirectoryWalker.list(under: root, includeHidden: true).files.sorted()
        let results = Parallel.map(files.count) { index -> [LeakFinding] in
            let file = files[index]
            do throws(FileBytes.IOError) {
                return findings(in: try FileBytes.read(root + "/" + file, maximumSize: FixtureLoader.maximumFixtureSize), file: file)
            } catch {
                return [LeakFinding(file: file, location: "(file)", kind: "not scanned: \(error.reason)", masked: "nothing shown")]
            }
        }
        return Scan(files: files.count, findings: results.flatMap { $0 })
    }

    /// The findings in one file's bytes.
    static func findings(in bytes: [UInt8], file: String) -> [LeakFinding] {
        if file.lowercased().hasSuffix(".json"), let document = try? JSONParser.parse(bytes) {
            var found: [LeakFinding] = []
            walk(document, at: .root, name: nil, file: file, into: &found)
            return found
        }
        if let text = String(bytes: bytes, encoding: .utf8), !bytes.contains(0) {
            return CredentialShapes.matches(in: text).map { match in
                let line = text.utf16.prefix(match.offset).reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
                return LeakFinding(file: file, location: "line \(line)", kind: match.kind, masked: LeakFinding.mask(match.value))
            }
        }
        // Binary (an image): only the unmistakable shapes. Latin-1 maps each byte to one character.
        let text = String(bytes: bytes, encoding: .isoLatin1) ?? ""
        return CredentialShapes.matches(in: text).filter { !$0.kind.hasPrefix("random-looking") }.map { match in
            LeakFinding(file: file, location: "byte \(match.offset)", kind: match.kind, masked: LeakFinding.mask(match.value))
        }
    }

    /// Condition keywords of fixtures: the value under them belongs to the name above them
    /// (except under `matches`: a pattern is no literal value, so only shapes are looked for).
    private static let conditionKeywords: Set<String> = ["matches", "json", "jsonSubset", "text"]

    private static func walk(_ value: JSONValue, at path: JSONPath, name: String?, file: String, into found: inout [LeakFinding]) {
        switch value {
        case .object(let members):
            for (key, member) in members {
                let memberName = conditionKeywords.contains(key) ? (key == "matches" ? nil : name) : key
                walk(member, at: path.appending(key), name: memberName, file: file, into: &found)
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() { walk(element, at: path.appending(index: index), name: name, file: file, into: &found) }
        case .string(let text):
            var matches = CredentialShapes.matches(in: text).map { (kind: $0.kind, value: $0.value) }
            if let name, CredentialShapes.secretNames.contains(name.lowercased()) {
                // The value of a secret-named member, or its token after a scheme (`Basic …`).
                let token = text.split(separator: " ").last.map(String.init) ?? text
                if matches.isEmpty, CredentialShapes.looksRandom(token) {
                    matches.append((kind: "random-looking value of \(name.lowercased())", value: token))
                }
            }
            for match in matches {
                found.append(LeakFinding(file: file, location: path.description, kind: match.kind, masked: LeakFinding.mask(match.value)))
            }
        default:
            break
        }
    }
}
