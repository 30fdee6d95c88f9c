import UnderstudyFixtures
import UnderstudySupport
/// Writes a string that a regular expression matches, for generated answers whose schema gives
/// a `pattern` (`^[0-9]{4}$`, `^(EAA[0-9A-Za-z]+|[0-9]+\|[0-9A-Za-z_-]+)$`).
///
/// It reads the common subset: literals and escapes, `.`, classes (`[A-Fa-f0-9]`, `[^"]`,
/// `\d`, `\w`, `\s`), groups with `|` (`(?:…)` too), the quantifiers `?`, `*`, `+`, `{n}`,
/// `{n,}`, `{n,m}`, and the anchors `^`, `$`, `\b`. Anything else (look-arounds, back
/// references) gives `nil`, and the caller says the schema could not be satisfied.
package struct PatternGenerator {
    private indirect enum Node {
        case characters([Character])
        case sequence([Node])
        case alternatives([Node])
        case repeated(Node, min: Int, max: Int)
    }

    /// Characters a negated class or `.` picks from.
    private static let printable: [Character] = (0x21...0x7E).map { Character(Unicode.Scalar(UInt8($0))) }
    private static let digits: [Character] = Array("0123456789")
    private static let word: [Character] = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
    /// How many extra repetitions an open quantifier (`*`, `+`, `{n,}`) may add.
    private static let openRepeats = 8
    /// The most repetitions a `{n,m}` may ask for; a pattern past it is one this generator
    /// does not read (a contract is untrusted input: `a{2000000000}`).
    private static let maximumRepeats = 1_000
    /// Writing stops past this many bytes (nested repeats multiply); the string then fails the
    /// schema check and the answer says the schema could not be satisfied.
    package static let maximumLength = 65_536

    private let root: Node

    /// `nil` when the pattern uses something this generator does not read.
    package init?(_ pattern: String) {
        var parser = Parser(characters: Array(pattern))
        guard let node = parser.alternatives(), parser.position == parser.characters.count else { return nil }
        root = node
    }

    /// A matching string, chosen by `random`.
    package func string(using random: inout SeededGenerator) -> String {
        var output = ""
        Self.write(root, into: &output, random: &random)
        return output
    }

    private static func write(_ node: Node, into output: inout String, random: inout SeededGenerator) {
        switch node {
        case .characters(let choices):
            if !choices.isEmpty { output.append(choices[Int(random.next() % UInt64(choices.count))]) }
        case .sequence(let nodes):
            for node in nodes { write(node, into: &output, random: &random) }
        case .alternatives(let nodes):
            write(nodes[Int(random.next() % UInt64(nodes.count))], into: &output, random: &random)
        case .repeated(let node, let min, let max):
            let count = min + Int(random.next() % UInt64(max - min + 1))
            for _ in 0..<count where output.utf8.count <= maximumLength { write(node, into: &output, random: &random) }
        }
    }

    private struct Parser {
        package let characters: [Character]
        package var position = 0

        package var current: Character? { position < characters.count ? characters[position] : nil }

        package mutating func alternatives() -> Node? {
            var branches: [Node] = []
            while true {
                guard let branch = sequence() else { return nil }
                branches.append(branch)
                guard current == "|" else { break }
                position += 1
            }
            return branches.count == 1 ? branches[0] : .alternatives(branches)
        }

        package mutating func sequence() -> Node? {
            var nodes: [Node] = []
            while let character = current, character != "|", character != ")" {
                if character == "^" || character == "$" {
                    position += 1
                    continue
                }
                if character == "\\", position + 1 < characters.count, characters[position + 1] == "b" || characters[position + 1] == "B" {
                    position += 2
                    continue
                }
                guard let atom = atom(), let quantified = quantified(atom) else { return nil }
                nodes.append(quantified)
            }
            return .sequence(nodes)
        }

        package mutating func atom() -> Node? {
            guard let character = current else { return nil }
            position += 1
            switch character {
            case "(":
                if current == "?" {
                    // Only the non-capturing group; look-arounds and named groups are refused.
                    guard position + 1 < characters.count, characters[position + 1] == ":" else { return nil }
                    position += 2
                }
                guard let inner = alternatives(), current == ")" else { return nil }
                position += 1
                return inner
            case "[": return characterClass()
            case ".": return .characters(PatternGenerator.printable)
            case "\\": return escape().map(Node.characters)
            case "*", "+", "?", "{", ")": return nil
            default: return .characters([character])
            }
        }

        /// The characters an escape stands for, after the backslash.
        package mutating func escape() -> [Character]? {
            guard let character = current else { return nil }
            position += 1
            switch character {
            case "d": return PatternGenerator.digits
            case "w": return PatternGenerator.word
            case "s": return [" "]
            case "n": return ["\n"]
            case "t": return ["\t"]
            case "D", "W", "S": return PatternGenerator.printable.filter { !PatternGenerator.word.contains($0) }
            default: return character.isLetter || character.isNumber ? nil : [character]
            }
        }

        package mutating func characterClass() -> Node? {
            var negated = false
            if current == "^" {
                negated = true
                position += 1
            }
            var members: [Character] = []
            var first = true
            while let character = current, character != "]" || first {
                first = false
                position += 1
                var low = character
                if character == "\\" {
                    guard let escaped = escape() else { return nil }
                    if escaped.count != 1 {
                        members += escaped
                        continue
                    }
                    low = escaped[0]
                }
                if current == "-", position + 1 < characters.count, characters[position + 1] != "]" {
                    position += 1
                    guard var high = current else { return nil }
                    position += 1
                    if high == "\\" {
                        guard let escaped = escape(), escaped.count == 1 else { return nil }
                        high = escaped[0]
                    }
                    guard let lowScalar = low.unicodeScalars.first?.value, let highScalar = high.unicodeScalars.first?.value, lowScalar <= highScalar else { return nil }
                    members += (lowScalar...min(highScalar, lowScalar + 255)).compactMap { Unicode.Scalar($0).map(Character.init) }
                } else {
                    members.append(low)
                }
            }
            guard current == "]" else { return nil }
            position += 1
            if negated { members = PatternGenerator.printable.filter { !members.contains($0) } }
            return members.isEmpty ? nil : .characters(members)
        }

        package mutating func quantified(_ node: Node) -> Node? {
            guard let character = current else { return node }
            var bounds: (Int, Int)
            switch character {
            case "?": bounds = (0, 1)
            case "*": bounds = (0, PatternGenerator.openRepeats)
            case "+": bounds = (1, 1 + PatternGenerator.openRepeats)
            case "{":
                guard let close = characters[position...].firstIndex(of: "}") else { return nil }
                let parts = String(characters[(position + 1)..<close]).split(separator: ",", omittingEmptySubsequences: false)
                guard let low = parts.first.flatMap({ Int($0) }), parts.count <= 2, (0...PatternGenerator.maximumRepeats).contains(low) else { return nil }
                let high = parts.count == 1 ? low : (parts[1].isEmpty ? low + PatternGenerator.openRepeats : Int(parts[1]))
                guard let high, high >= low, high <= PatternGenerator.maximumRepeats + PatternGenerator.openRepeats else { return nil }
                bounds = (low, high)
                position = close
            default: return node
            }
            position += 1
            if current == "?" || current == "+" { position += 1 }  // lazy or possessive: the same strings
            return .repeated(node, min: bounds.0, max: bounds.1)
        }
    }
}
