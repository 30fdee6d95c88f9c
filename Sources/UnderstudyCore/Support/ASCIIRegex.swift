/// An exact matcher for the plain regular expressions fixtures and contracts use
/// (`^Bearer .+`, `^[0-9]+$`, `^AIza[0-9A-Za-z_-]{35}$`, `^(now|[0-9]+)$`), over text of
/// printable ASCII: it answers whether the pattern occurs, as ICU would, without ICU's cost
/// per call (an `NSRegularExpression` match was 3 % of the server's CPU under the app mix).
///
/// Only a subset compiles: literals, `.`, classes of ASCII characters and ranges (`\d \w \s`
/// and their negations too), groups with `|`, the greedy quantifiers `? * + {n} {n,} {n,m}`,
/// `^` and `$`. Anything else (flags, lazy or possessive quantifiers, back references, word
/// boundaries, nested or set-operation classes, non-ASCII) leaves `init` returning `nil`, and
/// the caller uses ICU. On printable ASCII there are no line terminators, so `.` is any
/// character and `$` the end of the text, as in ICU; other text returns `nil` from `matches`.
///
/// Runs a Thompson NFA: time linear in the text, whatever the pattern.
struct ASCIIRegex: Sendable {
    /// The most states a pattern may compile to (`{n,m}` copies its operand).
    static let maximumStates = 4096

    private let states: [State]
    private let entry: Int
    /// The pattern's shape when it is an anchored run of single characters (`^Bearer .+`): then
    /// it is judged without running the automaton.
    private let anchoredRun: AnchoredRun?

    private enum State {
        case byte(ByteSet, next: Int)
        case split(Int, Int)
        case atStart(next: Int)
        case atEnd(next: Int)
        case accept
    }

    /// Compiles `pattern`, or returns `nil` when it uses anything outside the subset.
    init?(_ pattern: String) {
        var parser = Parser(bytes: Array(pattern.utf8))
        guard let node = parser.parseAlternation(), parser.atEnd else { return nil }
        var builder = Builder()
        builder.states.append(.accept)
        guard let entry = builder.compile(node, next: 0), builder.states.count <= Self.maximumStates else { return nil }
        states = builder.states
        self.entry = entry
        anchoredRun = AnchoredRun(node)
    }

    /// `^`, then characters one by one (`s1…sk`), then optionally `.` repeated at least `m`
    /// times with no upper bound, then optionally `$`. On printable ASCII, where `.` is any
    /// character, such a pattern occurs exactly when the text's first k characters are in
    /// s1…sk and at least `m` more follow (with `$` and no repetition: none more).
    private struct AnchoredRun {
        let sets: [ByteSet]
        let minimumRest: Int
        let nothingMore: Bool

        init?(_ node: Node) {
            guard case .sequence(let items) = node, case .start? = items.first else { return nil }
            var sets: [ByteSet] = []
            var index = 1
            while index < items.count, case .set(let set) = items[index] {
                sets.append(set)
                index += 1
            }
            var minimumRest = 0
            var repeated = false
            if index < items.count, case .repetition(.set(let set), let minimum, nil) = items[index], set.low == .max, set.high == .max {
                minimumRest = minimum
                repeated = true
                index += 1
            }
            var anchoredEnd = false
            if index < items.count, case .end = items[index] {
                anchoredEnd = true
                index += 1
            }
            guard index == items.count else { return nil }
            self.sets = sets
            self.minimumRest = minimumRest
            nothingMore = anchoredEnd && !repeated
        }

        func matches(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
            guard text.count >= sets.count + minimumRest, !nothingMore || text.count == sets.count else { return false }
            for (set, byte) in zip(sets, text) where !set.contains(byte) { return false }
            return true
        }
    }

    /// Whether the pattern occurs anywhere in `text`; `nil` when `text` is not printable ASCII.
    func matches(_ text: String) -> Bool? {
        text.withContiguousUTF8 { matches(bytes: $0) }
    }

    private func matches(bytes text: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard text.allSatisfy({ (0x20...0x7E).contains($0) }) else { return nil }
        if let anchoredRun { return anchoredRun.matches(text) }
        let count = states.count
        // Scratch space on the stack: this runs for header conditions on every request.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 5 * count + 1) { scratch in
            var run = Run(states: states, text: text, scratch: scratch.baseAddress!, count: count)
            return run.search(from: entry)
        }
    }

    /// One search: the current and next lists of byte-reading states, a stamp per state so
    /// each joins a list once per position, and the stack that follows splits and anchors.
    private struct Run {
        let states: [State]
        let text: UnsafeBufferPointer<UInt8>
        var current: UnsafeMutablePointer<Int>, next: UnsafeMutablePointer<Int>
        let stamps: UnsafeMutablePointer<Int>, stack: UnsafeMutablePointer<Int>
        var currentCount = 0, nextCount = 0, stamp = 0

        init(states: [State], text: UnsafeBufferPointer<UInt8>, scratch: UnsafeMutablePointer<Int>, count: Int) {
            self.states = states
            self.text = text
            current = scratch
            next = scratch + count
            stamps = scratch + 2 * count
            stack = scratch + 3 * count  // room for 2 * count + 1: each state pushes at most two
            stamps.initialize(repeating: -1, count: count)
        }

        mutating func search(from entry: Int) -> Bool {
            for position in 0...text.count {
                // A match may start at every position: the search is unanchored.
                if close(entry, at: position, intoNext: false) { return true }
                guard position < text.count else { break }
                stamp += 1
                nextCount = 0
                for slot in 0..<currentCount {
                    guard case .byte(let set, let after) = states[current[slot]], set.contains(text[position]) else { continue }
                    if close(after, at: position + 1, intoNext: true) { return true }
                }
                swap(&current, &next)
                currentCount = nextCount
            }
            return false
        }

        /// Adds the byte-reading states reachable from `state` at `position` to a list; true on
        /// reaching accept.
        private mutating func close(_ state: Int, at position: Int, intoNext: Bool) -> Bool {
            var depth = 1
            stack[0] = state
            while depth > 0 {
                depth -= 1
                let index = stack[depth]
                guard stamps[index] != stamp else { continue }
                stamps[index] = stamp
                switch states[index] {
                case .accept: return true
                case .byte:
                    if intoNext {
                        next[nextCount] = index
                        nextCount += 1
                    } else {
                        current[currentCount] = index
                        currentCount += 1
                    }
                case .split(let first, let second):
                    stack[depth] = second
                    stack[depth + 1] = first
                    depth += 2
                case .atStart(let after):
                    if position == 0 { stack[depth] = after; depth += 1 }
                case .atEnd(let after):
                    if position == text.count { stack[depth] = after; depth += 1 }
                }
            }
            return false
        }
    }

    /// A set of ASCII bytes.
    fileprivate struct ByteSet: Sendable {
        var low: UInt64 = 0, high: UInt64 = 0

        static let any = ByteSet(low: .max, high: .max)
        static let digits = ByteSet(ranges: [(0x30, 0x39)])
        static let word = ByteSet(ranges: [(0x30, 0x39), (0x41, 0x5A), (0x5F, 0x5F), (0x61, 0x7A)])
        static let space = ByteSet(ranges: [(0x09, 0x0D), (0x20, 0x20)])

        init(low: UInt64 = 0, high: UInt64 = 0) {
            self.low = low
            self.high = high
        }

        init(ranges: [(UInt8, UInt8)]) {
            for (lower, upper) in ranges { for byte in lower...upper { insert(byte) } }
        }

        mutating func insert(_ byte: UInt8) {
            if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
        }

        mutating func formUnion(_ other: ByteSet) {
            low |= other.low
            high |= other.high
        }

        var inverted: ByteSet { ByteSet(low: ~low, high: ~high) }

        func contains(_ byte: UInt8) -> Bool {
            byte < 64 ? low & (1 << UInt64(byte)) != 0 : byte < 128 && high & (1 << UInt64(byte - 64)) != 0
        }
    }

    private indirect enum Node {
        case set(ByteSet)
        case start, end
        case sequence([Node])
        case alternation([Node])
        case repetition(Node, minimum: Int, maximum: Int?)
    }

    /// Reads the subset's syntax; `nil` from any parse function means "outside the subset".
    private struct Parser {
        let bytes: [UInt8]
        var position = 0

        var atEnd: Bool { position == bytes.count }
        private var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

        mutating func parseAlternation() -> Node? {
            var branches: [Node] = []
            repeat {
                guard let branch = parseSequence() else { return nil }
                branches.append(branch)
            } while eat(UInt8(ascii: "|"))
            return branches.count == 1 ? branches[0] : .alternation(branches)
        }

        private mutating func parseSequence() -> Node? {
            var items: [Node] = []
            while let byte = peek, byte != UInt8(ascii: "|"), byte != UInt8(ascii: ")") {
                guard let atom = parseAtom(), let item = parseQuantifier(on: atom) else { return nil }
                items.append(item)
            }
            return .sequence(items)
        }

        private mutating func parseAtom() -> Node? {
            guard let byte = peek, (0x20...0x7E).contains(byte) else { return nil }
            position += 1
            switch byte {
            case UInt8(ascii: "^"): return .start
            case UInt8(ascii: "$"): return .end
            case UInt8(ascii: "."): return .set(.any)
            case UInt8(ascii: "("):
                // `(?` opens flags, look-arounds and named groups: outside the subset.
                guard peek != UInt8(ascii: "?"), let inner = parseAlternation(), eat(UInt8(ascii: ")")) else { return nil }
                return inner
            case UInt8(ascii: "["): return parseClass().map { .set($0) }
            case UInt8(ascii: "\\"): return parseEscape().map { .set($0) }
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"),
                UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "?"):
                return nil
            default:
                var set = ByteSet()
                set.insert(byte)
                return .set(set)
            }
        }

        /// After `\`: a quoted punctuation character or a shorthand class.
        private mutating func parseEscape() -> ByteSet? {
            guard let byte = peek, (0x20...0x7E).contains(byte) else { return nil }
            position += 1
            switch byte {
            case UInt8(ascii: "d"): return .digits
            case UInt8(ascii: "D"): return ByteSet.digits.inverted
            case UInt8(ascii: "w"): return .word
            case UInt8(ascii: "W"): return ByteSet.word.inverted
            case UInt8(ascii: "s"): return .space
            case UInt8(ascii: "S"): return ByteSet.space.inverted
            default:
                // Letters and digits after `\` mean something else (`\b`, `\1`, `\Q`, `\p`).
                let isAlphanumeric = (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                guard !isAlphanumeric else { return nil }
                var set = ByteSet()
                set.insert(byte)
                return set
            }
        }

        /// After `[`: single characters, ranges and shorthand classes, optionally negated;
        /// nested classes and set operations are outside the subset.
        private mutating func parseClass() -> ByteSet? {
            let negated = eat(UInt8(ascii: "^"))
            guard peek != UInt8(ascii: "]") else { return nil }
            var set = ByteSet()
            while true {
                guard let byte = peek, (0x20...0x7E).contains(byte) else { return nil }
                position += 1
                switch byte {
                case UInt8(ascii: "]"): return negated ? set.inverted : set
                // Nested classes, set operations, strings and anchors mean other things in ICU's sets.
                case UInt8(ascii: "["), UInt8(ascii: "&"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "$"), UInt8(ascii: "^"): return nil
                case UInt8(ascii: "\\"):
                    guard let escaped = parseEscape() else { return nil }
                    set.formUnion(escaped)
                case UInt8(ascii: "-") where peek != UInt8(ascii: "]") && !set.isEmptyLiteralStart:
                    return nil  // `--` and a range with no left end
                case UInt8(ascii: "-") where peek == UInt8(ascii: "-"):
                    return nil
                default:
                    if peek == UInt8(ascii: "-"), position + 1 < bytes.count, bytes[position + 1] != UInt8(ascii: "]") {
                        let upper = bytes[position + 1]
                        guard upper != UInt8(ascii: "\\"), upper != UInt8(ascii: "["), (0x20...0x7E).contains(upper), byte <= upper else { return nil }
                        position += 2
                        for member in byte...upper { set.insert(member) }
                    } else {
                        set.insert(byte)
                    }
                }
            }
        }

        private mutating func parseQuantifier(on atom: Node) -> Node? {
            let bounds: (Int, Int?)
            switch peek {
            case UInt8(ascii: "*"): position += 1; bounds = (0, nil)
            case UInt8(ascii: "+"): position += 1; bounds = (1, nil)
            case UInt8(ascii: "?"): position += 1; bounds = (0, 1)
            case UInt8(ascii: "{"):
                position += 1
                guard let minimum = number() else { return nil }
                var maximum: Int? = minimum
                if eat(UInt8(ascii: ",")) { maximum = peek == UInt8(ascii: "}") ? nil : number() ?? -1 }
                guard eat(UInt8(ascii: "}")), maximum.map({ $0 >= minimum }) ?? true else { return nil }
                bounds = (minimum, maximum)
            default: return atom
            }
            // A lazy (`*?`) or possessive (`*+`) quantifier, or a quantifier on a quantifier.
            if let byte = peek, [UInt8(ascii: "?"), UInt8(ascii: "+"), UInt8(ascii: "*"), UInt8(ascii: "{")].contains(byte) { return nil }
            if case .start = atom { return nil }
            if case .end = atom { return nil }
            return .repetition(atom, minimum: bounds.0, maximum: bounds.1)
        }

        private mutating func number() -> Int? {
            var value = 0, digits = 0
            while let byte = peek, (0x30...0x39).contains(byte), digits < 4 {
                value = value * 10 + Int(byte - 0x30)
                digits += 1
                position += 1
            }
            return digits == 0 || (peek.map { (0x30...0x39).contains($0) } ?? false) ? nil : value
        }

        private mutating func eat(_ byte: UInt8) -> Bool {
            guard peek == byte else { return false }
            position += 1
            return true
        }
    }

    /// Builds the NFA backwards: each node is compiled knowing the state that follows it.
    private struct Builder {
        var states: [State] = []

        mutating func compile(_ node: Node, next: Int) -> Int? {
            guard states.count <= ASCIIRegex.maximumStates else { return nil }
            switch node {
            case .set(let set): return add(.byte(set, next: next))
            case .start: return add(.atStart(next: next))
            case .end: return add(.atEnd(next: next))
            case .sequence(let items):
                var entry = next
                for item in items.reversed() {
                    guard let compiled = compile(item, next: entry) else { return nil }
                    entry = compiled
                }
                return entry
            case .alternation(let branches):
                var entries: [Int] = []
                for branch in branches {
                    guard let compiled = compile(branch, next: next) else { return nil }
                    entries.append(compiled)
                }
                return entries.dropLast().reversed().reduce(entries[entries.count - 1]) { rest, first in add(.split(first, rest)) }
            case .repetition(let operand, let minimum, let maximum):
                var entry: Int
                if let maximum {
                    entry = next
                    for _ in 0..<(maximum - minimum) {
                        guard let body = compile(operand, next: entry) else { return nil }
                        entry = add(.split(body, next))
                    }
                } else {
                    let loop = add(.accept)  // replaced below, once the body knows where to return
                    guard let body = compile(operand, next: loop) else { return nil }
                    states[loop] = .split(body, next)
                    entry = loop
                }
                for _ in 0..<minimum {
                    guard let body = compile(operand, next: entry) else { return nil }
                    entry = body
                }
                return entry
            }
        }

        private mutating func add(_ state: State) -> Int {
            states.append(state)
            return states.count - 1
        }
    }
}

extension ASCIIRegex.ByteSet {
    /// Whether nothing was added yet: a `-` there is a literal, as ICU reads `[-a]`.
    fileprivate var isEmptyLiteralStart: Bool { low == 0 && high == 0 }
}
